import { z } from 'zod';
import { parseCitationRef } from '../src/citations/citation.js';

/**
 * The label of one eval case (eval-cases/README.md), as a recipe (`<id>.yml`: npm package and versions)
 * or beside its snapshot (`<id>/case.yml`). Exactly two positions, so that each case runs in both orders;
 * `right` may be `none` when neither position is what the evidence shows; `settled_by` names the lines
 * that settle it, which the loader checks exist. Pure.
 */

/** An exact published version: `1.2.3`, `1.2.3-beta.1`. Tags and ranges would resolve differently over time. */
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The package and the two versions of a pull request made from npm. */
export const npmPairSchema = z.strictObject({
  package: z
    .string()
    .regex(/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/, 'an npm package name, e.g. express or @fastify/cookie'),
  from: z.string().regex(EXACT_VERSION, 'an exact published version, e.g. 4.19.2').describe('the base version'),
  to: z.string().regex(EXACT_VERSION, 'an exact published version, e.g. 5.0.0').describe('the head version'),
});

/** A package and two of its published versions, e.g. `{ package: 'express', from: '4.19.2', to: '5.0.0' }`. */
export type NpmPair = z.infer<typeof npmPairSchema>;

/** Tags a case may carry, from this closed set. */
export const CASE_TAGS = ['doc-contradicts-code', 'large-pack', 'neither-right', 'overflow'] as const;

/** A `settled_by` entry: `path:N` or `path:N-M` at the head, `path@base:N[-M]` at the base. */
export interface SettledLines {
  path: string;
  side: 'head' | 'base';
  start: number;
  end: number;
}

/**
 * Reads a `settled_by` entry in the citation grammar the models write (`parseCitationRef`: the last
 * `:N` or `:N-M` is the range, an `@base` just before it the side, and a path may hold `@`, as
 * `@types/index.d.ts` does).
 * @returns the lines, or undefined when the text is not `path:N`, `path:N-M` or `path@base:N[-M]` with N <= M
 */
export function parseSettledBy(text: string): SettledLines | undefined {
  const parsed = parseCitationRef(text.trim());
  if (!parsed.ok) return undefined;
  const { path, side, line_start: start, line_end: end } = parsed.ref;
  return { path, side, start, end };
}

/** One `settled_by` entry, checked as {@link parseSettledBy} reads it. */
export const settledEntry = z.string().refine((text) => parseSettledBy(text) !== undefined, {
  message: 'expected path:N, path:N-M or path@base:N[-M] (N <= M)',
});

/** The label of a case, in both forms: the PR the models see, the two positions, the answer and its lines. */
const labelFields = {
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and hyphens'),
  title: z.string().min(1).describe('the PR title'),
  body: z.string().default('').describe('the PR description'),
  rfc: z.string().min(1).optional().describe('the design document at the head, as --rfc'),
  question: z
    .string()
    .min(1)
    .optional()
    .describe("one sentence: the decision the two positions answer (the topic, and the framing arm's prompt)"),
  positions: z.tuple([z.string().min(1), z.string().min(1)]).describe('position A, then position B'),
  right: z.enum(['A', 'B', 'none']).describe('the position the evidence shows to be right, or none when neither is'),
  why: z.string().min(1).describe('why, citing the lines that decide it'),
  settled_by: z
    .array(settledEntry)
    .default([])
    .describe('the lines that settle it: path:N[-M] at the head, path@base:N[-M] at the base'),
  tags: z.array(z.enum(CASE_TAGS)).default([]),
  framing: z
    .strictObject({ positions: z.array(z.string().min(1)).min(1) })
    .optional()
    .describe('acceptable framings (questions or labels) for a moderator framing the debate on its own'),
  label_source: z
    .string()
    .min(1)
    .optional()
    .describe('where the answer comes from: the changelog or release-notes line, the code lines'),
};

/** `<id>/case.yml` of a case folder (`pr-debate eval import`): the snapshot is beside it. Older cases (no `question`, `settled_by`, `tags`, `framing`) still load. */
export const evalCaseSchema = z.strictObject({
  ...labelFields,
  source: z.string().min(1).describe('where the snapshot comes from, e.g. "https://github.com/o/r/pull/7 (abc..def)"'),
});

/**
 * `<id>.yml`, a recipe: the label and the two published npm versions whose diff is the pull request,
 * materialised from the registry on first use (eval/materialise-npm-pair.ts).
 */
export const recipeSchema = z.strictObject({
  ...labelFields,
  npm: npmPairSchema.describe('the package and the two versions: the diff from `from` to `to` is the PR'),
  label_source: labelFields.label_source.unwrap(),
});

/** A case, as validated, with the folder its snapshot is in (`pr.diff`, `base/`, `head/`). */
export type EvalCase = z.infer<typeof evalCaseSchema> & { dir: string; npm?: NpmPair };
