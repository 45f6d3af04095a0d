import type { EvidenceFile } from './evidence-blocks.js';
import type { JsonValue } from './rehearsal-rules.js';
import { FORMAT_SAMPLES, PLACEHOLDER_SENTENCES } from './sample-strings.js';
import {
  capAtWord,
  constraintsOf,
  humanize,
  isSchema,
  numberOr,
  singular,
  typesOf,
  type Schema,
} from './schema-keywords.js';

/**
 * The rehearsal's instance of a JSON schema: every keyword kept (types, enums, lengths, counts, formats,
 * patterns as far as a sample can), text filled with placeholder sentences, and citation objects
 * (`path`, `line_start`, `line_end`, `quote`) filled from the evidence lines. Deterministic for one `rng`.
 */

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

/** Walks a schema and builds a valid instance of it, drawing citations from the evidence lines. */
export class InstanceGenerator {
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
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? 'integer'
              : 'number'
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
        (merged['required'] as unknown[]).push(
          ...(Array.isArray(part['required']) ? (part['required'] as unknown[]) : []),
        );
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
      out[name] =
        isCitation && (CITATION_KEYS as readonly string[]).includes(name)
          ? null
          : isCitation && name === 'side'
            ? 'head'
            : this.generate(child, name, depth + 1);
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
    const quote = source
      ? capAtWord(source.text, maxQuote)
      : `Rehearsal quote ${this.citations.length + 1} from no evidence.`;
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
