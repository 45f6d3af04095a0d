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
import { fnv1a, followTheRules, type JsonValue, type JudgeMode } from './rehearsal-rules.js';
import { InstanceGenerator } from './instance-generator.js';
import { PLACEHOLDER_SENTENCES } from './sample-strings.js';

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
      const filler =
        PLACEHOLDER_SENTENCES[Math.floor(rng() * PLACEHOLDER_SENTENCES.length)] ?? PLACEHOLDER_SENTENCES[0];
      return { text: `Rehearsal reply: ${filler}` };
    }
    // A reader quotes its part, which is DIFF blocks (issue #40); every other call cites the FILE blocks.
    const evidence = context.call?.phase === 'reading' ? parseDiffEvidence(context.text) : parseEvidence(context.text);
    // With the call's metadata, each reply is also a well-formed turn that keeps the judge's rules.
    return {
      text: JSON.stringify(
        followTheRules(
          rehearseStructuredOutput(format.schema, context.text, options, evidence),
          context.call,
          context.text,
          options.judge,
        ),
      ),
    };
  };
}
