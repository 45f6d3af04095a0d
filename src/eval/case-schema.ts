import { z } from 'zod';

/**
 * `case.yml`, the label of one eval case (issue #32; eval-cases/README.md). Exactly two positions, so
 * that each case runs in both orders; `right` may be `none` when neither position is what the evidence
 * shows; `settled_by` names the lines that settle it, which the loader checks exist. Pure.
 */

/** Tags a case may carry, from this closed set. */
export const CASE_TAGS = ['doc-contradicts-code', 'large-pack', 'neither-right'] as const;

/** A `settled_by` entry: `path:N` or `path:N-M` at the head, `path@base:N[-M]` at the base. */
export interface SettledLines {
  path: string;
  side: 'head' | 'base';
  start: number;
  end: number;
}

const SETTLED = /^(?<path>[^@:\s][^@:]*?)(?<base>@base)?:(?<start>[1-9]\d*)(?:-(?<end>[1-9]\d*))?$/;

/**
 * Reads a `settled_by` entry.
 * @returns the lines, or undefined when the text is not `path:N`, `path:N-M` or `path@base:N[-M]` with N <= M
 */
export function parseSettledBy(text: string): SettledLines | undefined {
  const match = SETTLED.exec(text.trim());
  if (!match?.groups) return undefined;
  const start = Number(match.groups.start);
  const end = match.groups.end === undefined ? start : Number(match.groups.end);
  if (end < start) return undefined;
  return { path: match.groups.path!, side: match.groups.base ? 'base' : 'head', start, end };
}

const settledEntry = z.string().refine((text) => parseSettledBy(text) !== undefined, { message: 'expected path:N, path:N-M or path@base:N[-M] (N <= M)' });

/** `case.yml`. Older cases (no `question`, `settled_by`, `tags`, `framing`) still load. */
export const evalCaseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and hyphens'),
  title: z.string().min(1).describe('the PR title'),
  body: z.string().default('').describe('the PR description'),
  rfc: z.string().min(1).optional().describe('the design document at the head, as --rfc'),
  question: z.string().min(1).optional().describe('one sentence: the decision the two positions answer (the topic, and the framing arm\'s prompt)'),
  positions: z.tuple([z.string().min(1), z.string().min(1)]).describe('position A, then position B'),
  right: z.enum(['A', 'B', 'none']).describe('the position the evidence shows to be right, or none when neither is'),
  why: z.string().min(1).describe('why, citing the lines that decide it'),
  settled_by: z.array(settledEntry).default([]).describe('the lines that settle it: path:N[-M] at the head, path@base:N[-M] at the base'),
  tags: z.array(z.enum(CASE_TAGS)).default([]),
  framing: z.strictObject({ positions: z.array(z.string().min(1)).min(1) }).optional().describe('acceptable framings (questions or labels) for a moderator framing the debate on its own'),
  source: z.string().min(1).describe('where the snapshot comes from, e.g. "npm express 4.19.2 -> 5.0.0"'),
});

/** A case, as validated, with its folder. */
export type EvalCase = z.infer<typeof evalCaseSchema> & { dir: string };
