/**
 * A deterministic "rehearsal" stand-in for the model, used by the offline demo and tests. It answers
 * any structured-output request with a valid instance of the requested JSON schema, filling
 * citation objects (`path`, `line_start`, `line_end`, `quote`) from the evidence blocks in the
 * prompt, and deliberately gets a fixed number of citations wrong so that verification is exercised.
 * Given the call's metadata, each reply is then shaped into a turn that keeps the protocol's rules
 * (`rehearsal-rules.ts`), so the rehearsal shows what a good debate looks like.
 */
import type { CallMeta } from '../debate/model-client.js';
import { seeded } from './seeded.js';
import { parseDiffEvidence, parseEvidence, type EvidenceFile } from './evidence-blocks.js';
import { fnv1a, followTheRules, type JudgeMode } from './rehearsal-rules.js';

export { parseEvidence, type EvidenceFile, type EvidenceLine } from './evidence-blocks.js';

/**
 * The part of a Messages API request the rehearsal reads: `output_config.format`, the structured-output
 * schema. Structurally a subset of the local Messages API server's request (test/support/anthropic-server.ts).
 */
export interface MessagesRequest {
  output_config?: { format?: { type: 'json_schema'; schema: Record<string, unknown> } | null } | undefined;
}

/** What a responder is told beside the request: the request's system and user text joined, and the call's metadata. */
export interface RehearsalContext {
  text: string;
  call: CallMeta | undefined;
}

/** A reply's text, as the local Messages API server takes it from a responder. */
export interface ScriptedReply {
  text: string;
}

/** Answers one request, as a responder of the local Messages API server does. */
export type Responder = (request: MessagesRequest, context: RehearsalContext) => ScriptedReply;

/** Options for {@link createRehearsalResponder}. */
export interface RehearsalOptions {
  /** Mixed into the per-request seed; different seeds give different (still valid) replies. */
  seed?: number;
  /** How many citations per reply are deliberately wrong (when the reply has any). Default 1. */
  wrongCitationsPerReply?: number;
  /** How the judge rules ({@link JudgeMode}); default `settled`. */
  judge?: JudgeMode;
}

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type Schema = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Schema helpers
// ---------------------------------------------------------------------------------------------

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the constraints the SDK's `transformJSONSchema` moved into a description, e.g.
 * `"…\n\n{minItems: 2, maxItems: 5}"` (keys bare, values JSON). Returns {} if there are none.
 */
export function descriptionConstraints(description: unknown): Record<string, unknown> {
  if (typeof description !== 'string') return {};
  const paragraph = description.slice(description.lastIndexOf('\n\n') + 1).trim();
  if (!paragraph.startsWith('{') || !paragraph.endsWith('}')) return {};
  const inner = paragraph.slice(1, -1);
  const result: Record<string, unknown> = {};
  let pos = 0;
  while (pos < inner.length) {
    const colon = inner.indexOf(': ', pos);
    if (colon < 0) return {};
    const key = inner.slice(pos, colon);
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return {};
    // Scan one JSON value: up to the next top-level ", " or the end.
    let depth = 0;
    let inString = false;
    let end = colon + 2;
    for (; end < inner.length; end++) {
      const ch = inner[end];
      if (inString) {
        if (ch === '\\') end++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '[' || ch === '{') depth++;
      else if (ch === ']' || ch === '}') depth--;
      else if (ch === ',' && depth === 0 && inner[end + 1] === ' ') break;
    }
    try {
      result[key] = JSON.parse(inner.slice(colon + 2, end));
    } catch {
      return {};
    }
    pos = end + 2;
  }
  return result;
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A schema's own keywords merged with those the SDK folded into its description. */
function constraintsOf(schema: Schema): Record<string, unknown> {
  return { ...descriptionConstraints(schema['description']), ...schema };
}

function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return typeof type === 'string' ? [type] : [];
}

function humanize(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase() || 'field';
}

/** Caps `text` at `max` characters, cutting at the last word boundary when there is one. */
function capAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd();
}

/** The sentences the rehearsal fills its text with: what a placeholder reads like (no illustration holds one). */
export const PLACEHOLDER_SENTENCES = [
  'this placeholder stands in for a sentence a model would write.',
  'the offline rehearsal fills this field without calling a model.',
  'no model was consulted, so the text only exercises the pipeline.',
  'this sentence is generated locally to test the wiring end to end.',
  'a real run would put a reasoned point here instead.',
  'the rehearsal keeps this short so the output stays readable.',
];

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  duration: 'PT1H',
  email: 'rehearsal@example.com',
  hostname: 'example.com',
  uri: 'https://example.com/rehearsal',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

const CITATION_KEYS = ['path', 'line_start', 'line_end', 'quote'] as const;
const MAX_DEPTH = 12;
const MIN_QUOTE_CHARS = 12;
const MAX_QUOTE_CHARS = 120;

interface CitationCandidate {
  path: string;
  line: number;
  text: string;
}

interface CitationSlot {
  target: { [key: string]: JsonValue };
  schemas: Partial<Record<(typeof CITATION_KEYS)[number], Schema>>;
  source: CitationCandidate | null;
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

class InstanceGenerator {
  readonly citations: CitationSlot[] = [];
  private readonly counters = new Map<string, number>();
  private readonly usedLines = new Set<string>();
  private citationCursor: number;

  constructor(
    private readonly root: Schema,
    private readonly rng: () => number,
    private readonly evidence: EvidenceFile[],
  ) {
    this.citationCursor = Math.floor(rng() * Math.max(1, evidence.length));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.rng() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  resolve(schema: Schema, seen = 0): Schema {
    const ref = schema['$ref'];
    if (typeof ref !== 'string' || seen > 32) return schema;
    if (!ref.startsWith('#')) throw new Error(`rehearsal model cannot resolve external $ref ${ref}`);
    let node: unknown = this.root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isSchema(node) ? node[part] : undefined;
    }
    if (!isSchema(node)) throw new Error(`rehearsal model cannot resolve $ref ${ref}`);
    return this.resolve(node, seen + 1);
  }

  /** Whether a resolved schema admits `value` (by type, enum and const only). */
  admits(schema: Schema, value: JsonValue): boolean {
    const s = this.resolve(schema);
    if (Array.isArray(s['anyOf'])) return s['anyOf'].some((branch) => isSchema(branch) && this.admits(branch, value));
    if (Array.isArray(s['enum'])) return s['enum'].some((option) => option === value);
    if ('const' in s) return s['const'] === value;
    const types = typesOf(s);
    if (types.length === 0) return true;
    const actual =
      value === null ? 'null'
      : Array.isArray(value) ? 'array'
      : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number')
      : typeof value;
    return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
  }

  generate(schema: Schema, key: string, depth: number): JsonValue {
    const s = this.resolve(schema);
    if ('const' in s) return s['const'] as JsonValue;
    if (Array.isArray(s['enum']) && s['enum'].length > 0) return this.pick(s['enum'] as JsonValue[]);
    if (Array.isArray(s['anyOf']) || Array.isArray(s['oneOf'])) {
      const branches = ((s['anyOf'] ?? s['oneOf']) as unknown[]).filter(isSchema);
      const isNullOnly = (branch: Schema): boolean => {
        const r = this.resolve(branch);
        const t = typesOf(r);
        return (t.length > 0 && t.every((x) => x === 'null')) || ('const' in r && r['const'] === null);
      };
      const nonNull = branches.filter((branch) => !isNullOnly(branch));
      const deep = depth > MAX_DEPTH && nonNull.length < branches.length;
      const chosen = deep || nonNull.length === 0 ? branches[0] : this.pick(nonNull);
      return chosen && !deep ? this.generate(chosen, key, depth) : null;
    }
    if (Array.isArray(s['allOf'])) {
      const parts = s['allOf'].filter(isSchema).map((part) => this.resolve(part));
      const merged: Schema = { type: 'object', properties: {}, required: [] };
      for (const part of parts) {
        Object.assign(merged['properties'] as Schema, part['properties'] ?? {});
        (merged['required'] as unknown[]).push(...(Array.isArray(part['required']) ? (part['required'] as unknown[]) : []));
      }
      return parts.every((part) => typesOf(part).includes('object'))
        ? this.generate(merged, key, depth)
        : this.generate(parts[0] ?? {}, key, depth);
    }
    const types = typesOf(s).filter((t) => t !== 'null');
    const type = types.length === 0 ? (typesOf(s).includes('null') ? 'null' : 'string') : this.pick(types);
    if (depth > MAX_DEPTH && typesOf(s).includes('null')) return null;
    switch (type) {
      case 'object':
        return this.object(s, depth);
      case 'array':
        return this.array(s, key, depth);
      case 'string':
        return this.string(s, key);
      case 'integer':
        return this.number(s, true);
      case 'number':
        return this.number(s, false);
      case 'boolean':
        // Affirmative answers keep an offline run on its main path (e.g. "contested": true).
        return true;
      default:
        return null;
    }
  }

  private object(s: Schema, depth: number): { [key: string]: JsonValue } {
    const properties = isSchema(s['properties']) ? s['properties'] : {};
    const required = new Set(Array.isArray(s['required']) ? s['required'] : Object.keys(properties));
    const out: { [key: string]: JsonValue } = {};
    const isCitation = CITATION_KEYS.every((k) => k in properties);
    for (const [name, child] of Object.entries(properties)) {
      if (!isSchema(child)) continue;
      if (depth > MAX_DEPTH && !required.has(name)) continue;
      // Citation fields are filled below; the placeholder keeps the schema's property order.
      // A citation's `side` is the head: the lines it cites come from FILE blocks, which show the head.
      out[name] = isCitation && (CITATION_KEYS as readonly string[]).includes(name) ? null : isCitation && name === 'side' ? 'head' : this.generate(child, name, depth + 1);
    }
    if (isCitation) this.fillCitation(out, properties);
    return out;
  }

  private array(s: Schema, key: string, depth: number): JsonValue[] {
    const c = constraintsOf(s);
    const min = numberOr(c['minItems']) ?? 0;
    const max = numberOr(c['maxItems']) ?? Number.POSITIVE_INFINITY;
    const count = depth > MAX_DEPTH ? min : Math.min(Math.max(min, 2), max);
    const items = isSchema(s['items']) ? s['items'] : { type: 'string' };
    const itemKey = singular(key);
    const values = Array.from({ length: count }, () => this.generate(items, itemKey, depth + 1));
    this.diversifyEnums(items, values);
    return values;
  }

  /**
   * Gives sibling objects distinct values for their enum fields where the enum allows it, so that
   * e.g. a list of positions reads A, B rather than A, A.
   */
  private diversifyEnums(items: Schema, values: JsonValue[]): void {
    const itemSchema = this.resolve(items);
    const properties = isSchema(itemSchema['properties']) ? itemSchema['properties'] : {};
    for (const [name, child] of Object.entries(properties)) {
      if (!isSchema(child)) continue;
      const options = this.resolve(child)['enum'];
      if (!Array.isArray(options) || options.length < values.length) continue;
      if (name === 'side' && CITATION_KEYS.every((k) => k in properties)) continue;
      const start = Math.floor(this.rng() * options.length);
      values.forEach((value, i) => {
        if (isSchema(value) && name in value) value[name] = options[(start + i) % options.length] as JsonValue;
      });
    }
  }

  private string(s: Schema, key: string): string {
    const c = constraintsOf(s);
    const format = typeof c['format'] === 'string' ? FORMAT_SAMPLES[c['format']] : undefined;
    if (format !== undefined) return format;
    const label = humanize(key);
    const n = (this.counters.get(label) ?? 0) + 1;
    this.counters.set(label, n);
    const min = numberOr(c['minLength']) ?? 0;
    const max = numberOr(c['maxLength']) ?? Number.POSITIVE_INFINITY;
    let text = `Rehearsal ${label} ${n}: ${this.pick(PLACEHOLDER_SENTENCES)}`;
    while (text.length < min) text += ` ${this.pick(PLACEHOLDER_SENTENCES)}`;
    if (text.length > max) {
      text = capAtWord(text, max);
      if (text.length < min) text = `Rehearsal ${label} ${n}`.padEnd(min, '.').slice(0, max);
    }
    return text;
  }

  private number(s: Schema, integer: boolean): number {
    const c = constraintsOf(s);
    const exMin = numberOr(c['exclusiveMinimum']);
    const exMax = numberOr(c['exclusiveMaximum']);
    let lo = numberOr(c['minimum']) ?? (exMin !== undefined ? exMin + (integer ? 1 : 1e-6) : undefined);
    let hi = numberOr(c['maximum']) ?? (exMax !== undefined ? exMax - (integer ? 1 : 1e-6) : undefined);
    if (integer) {
      lo = lo === undefined ? undefined : Math.ceil(lo);
      hi = hi === undefined ? undefined : Math.floor(hi);
    }
    const frac = this.rng();
    const low = lo ?? Math.min(integer ? 1 : 0, hi ?? Number.POSITIVE_INFINITY);
    const high = hi ?? Math.max(low + (integer ? 4 : 1), low);
    // Stay small and readable even when the range is the whole safe-integer line.
    const span = Math.min(high - low, integer ? 4 : 1);
    const value = integer ? low + Math.floor(frac * (span + 1)) : Math.round((low + frac * span) * 100) / 100;
    return Math.min(Math.max(value, low), high);
  }

  /** Fills the four citation fields of `target` from the evidence (or a made-up path without evidence). */
  private fillCitation(target: { [key: string]: JsonValue }, properties: Schema): void {
    const schemas: CitationSlot['schemas'] = {};
    for (const k of CITATION_KEYS) {
      const child = properties[k];
      if (isSchema(child)) schemas[k] = child;
    }
    const quoteConstraints = schemas.quote ? constraintsOf(this.resolve(schemas.quote)) : {};
    const minQuote = numberOr(quoteConstraints['minLength']) ?? 0;
    const maxQuote = Math.min(numberOr(quoteConstraints['maxLength']) ?? MAX_QUOTE_CHARS, MAX_QUOTE_CHARS);
    const source = this.nextCandidate(minQuote);
    const quote = source ? capAtWord(source.text, maxQuote) : `Rehearsal quote ${this.citations.length + 1} from no evidence.`;
    const values: Record<(typeof CITATION_KEYS)[number], JsonValue> = {
      path: source ? source.path : 'rehearsal/no-evidence-provided.txt',
      line_start: source ? source.line : 1,
      line_end: source ? source.line : 1,
      quote,
    };
    for (const k of CITATION_KEYS) {
      const schema = schemas[k];
      if (!schema) continue;
      target[k] = this.coerce(schema, values[k], k);
    }
    this.citations.push({ target, schemas, source });
  }

  /** `value` if the schema admits it (or admits its string form), else a generated value. */
  coerce(schema: Schema, value: JsonValue, key: string): JsonValue {
    if (this.admits(schema, value)) return value;
    if (typeof value === 'number' && this.admits(schema, String(value))) return String(value);
    return this.generate(schema, key, MAX_DEPTH);
  }

  /** The next evidence line worth citing, rotating across files. */
  private nextCandidate(minLength: number): CitationCandidate | null {
    const files = this.evidence;
    for (let attempt = 0; attempt < files.length; attempt++) {
      const file = files[(this.citationCursor + attempt) % files.length];
      if (!file) continue;
      const usable = file.lines.filter((l) => {
        const trimmed = l.text.trim();
        return (
          trimmed.replace(/\s/g, '').length >= MIN_QUOTE_CHARS &&
          capAtWord(trimmed, MAX_QUOTE_CHARS).length >= minLength &&
          !this.usedLines.has(`${file.path}:${l.line}`)
        );
      });
      if (usable.length === 0) continue;
      const chosen = this.pick(usable);
      this.usedLines.add(`${file.path}:${chosen.line}`);
      this.citationCursor = (this.citationCursor + attempt + 1) % files.length;
      return { path: file.path, line: chosen.line, text: chosen.text.trim() };
    }
    // Every line already used: allow reuse rather than inventing evidence.
    if (this.usedLines.size > 0) {
      this.usedLines.clear();
      return this.nextCandidate(minLength);
    }
    return null;
  }
}

/** Makes `count` of the evidence-backed citations wrong in a way a verifier must catch. */
function spoilCitations(
  generator: InstanceGenerator,
  evidence: EvidenceFile[],
  count: number,
  rng: () => number,
): void {
  const backed = generator.citations.filter((c) => c.source !== null);
  const chosen: typeof backed = [];
  const pool = [...backed];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(Math.floor(rng() * pool.length), 1));
  }
  const knownPaths = new Set(evidence.map((f) => f.path));
  for (const citation of chosen) {
    const source = citation.source;
    if (!source) continue;
    const file = evidence.find((f) => f.path === source.path);
    const canShift = citation.schemas.line_start !== undefined && citation.schemas.line_end !== undefined;
    const canMove = citation.schemas.path !== undefined;
    const shift = canShift && (!canMove || rng() < 0.5);
    if (shift) {
      // Quote a real line but claim it sits 7+ lines further down.
      let line = source.line + 7;
      const quoted = citation.target['quote'];
      const quote = typeof quoted === 'string' ? quoted : source.text;
      while (file?.lines.some((l) => l.line === line && l.text.includes(quote))) line++;
      citation.target['line_start'] = generator.coerce(citation.schemas.line_start ?? {}, line, 'line_start');
      citation.target['line_end'] = generator.coerce(citation.schemas.line_end ?? {}, line, 'line_end');
    } else if (canMove) {
      // Quote a real line but attribute it to a sibling file that is not in the evidence.
      const dot = source.path.lastIndexOf('.');
      const slash = source.path.lastIndexOf('/');
      const [stem, ext] = dot > slash + 1 ? [source.path.slice(0, dot), source.path.slice(dot)] : [source.path, ''];
      let candidate = `${stem}-legacy${ext}`;
      for (let n = 2; knownPaths.has(candidate); n++) candidate = `${stem}-legacy${n}${ext}`;
      citation.target['path'] = generator.coerce(citation.schemas.path ?? {}, candidate, 'path');
    }
  }
}

/**
 * Builds the rehearsal instance for a schema; exported for tests and tooling.
 * @param evidence the lines citations are drawn from: the prompt's FILE blocks, or (a reader's call) its DIFF blocks' head lines
 */
export function rehearseStructuredOutput(
  schema: Record<string, unknown>,
  text: string,
  options: RehearsalOptions = {},
  evidence: EvidenceFile[] = parseEvidence(text),
): JsonValue {
  const rng = seeded(fnv1a(`${options.seed ?? 0}\u0000${text}`));
  const generator = new InstanceGenerator(schema, rng, evidence);
  const value = generator.generate(schema, 'answer', 0);
  if (evidence.length > 0) spoilCitations(generator, evidence, Math.max(0, options.wrongCitationsPerReply ?? 1), rng);
  return value;
}

/**
 * A {@link Responder} that plays the model offline. Requests with `output_config.format` get a valid
 * JSON instance of its schema (deterministic per request text and seed); requests without one get a
 * short plain-text rehearsal reply.
 */
export function createRehearsalResponder(options: RehearsalOptions = {}): Responder {
  return (request: MessagesRequest, context): ScriptedReply => {
    const format = request.output_config?.format;
    if (!format) {
      const rng = seeded(fnv1a(`${options.seed ?? 0}\u0000${context.text}`));
      const filler = PLACEHOLDER_SENTENCES[Math.floor(rng() * PLACEHOLDER_SENTENCES.length)] ?? PLACEHOLDER_SENTENCES[0];
      return { text: `Rehearsal reply: ${filler}` };
    }
    // A reader quotes its part, which is DIFF blocks (issue #40); every other call cites the FILE blocks.
    const evidence = context.call?.phase === 'reading' ? parseDiffEvidence(context.text) : parseEvidence(context.text);
    // With the call's metadata, each reply is also a well-formed turn that keeps the judge's rules.
    return { text: JSON.stringify(followTheRules(rehearseStructuredOutput(format.schema, context.text, options, evidence), context.call, context.text, options.judge)) };
  };
}

/** The singular of a schema key, for item labels: `weaknesses` → `weakness`, `consensus` stays, `reasons` → `reason`. */
function singular(key: string): string {
  if (key.length <= 3 || !key.endsWith('s') || /(ss|us|is)$/.test(key)) return key;
  if (/(ses|xes|ches|shes)$/.test(key)) return key.slice(0, -2);
  if (/ies$/.test(key)) return `${key.slice(0, -3)}y`;
  return key.slice(0, -1);
}
