/**
 * The shipped recipes (`eval-cases/<id>.yml`), read with a stricter schema than the eval's loader, and
 * the checks every label must pass once its pair is materialised: each `settled_by` line exists at its
 * side and is in the evidence pack the models get, and the pack's size and overflow as the project's
 * evidence code measures them.
 *
 * Used by test/eval/eval-cases.test.ts, scripts/eval-case-mix.ts and scripts/check-eval-cases.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCitationRef } from '../src/citations/citation.js';
import { verifyCitation } from '../src/citations/verify-citations.js';
import { CASE_TAGS, recipeSchema, settledEntry } from '../eval/case-schema.js';
import { DEFAULT_CASE_CACHE, materialiseRecipes, readRecipe } from '../eval/load-eval-cases.js';
import { pairFolderName } from '../eval/materialise-npm-pair.js';
import { createSnapshotSource } from '../eval/snapshot-source.js';
import { gatherEvidence } from '../src/evidence/gather-evidence.js';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import { packCharsPerToken } from '../src/llm/pack-tokenizer.js';
import { DEFAULT_EVIDENCE_TOKENS } from '../src/evidence/show-lines.js';
import { DEFAULT_MODEL } from '../src/settings/input-schemas.js';

export { CASE_TAGS };

/** The action's default `max-evidence-tokens` (contract section 3), the budget the packs are measured at. */
export { DEFAULT_EVIDENCE_TOKENS };

/**
 * A case whose pack holds more than this many estimated tokens besides the optional full contents is a
 * `large-pack` case (issue #32). Full head contents are left out of the measure because the evidence
 * stage fills any spare budget with them: at the default budget even a six-file PR's pack is near the
 * budget, so the whole pack's size would not tell a large PR from a small one. Tokens on the default
 * model's tokenizer (issue #31): 40,000 at 3.5 characters a token, the measure the tags were set with.
 */
export const LARGE_PACK_TOKENS = 52_000;

/** A pack's estimated tokens: in all, and without the full head contents that only fill spare budget. */
export function packSize(pack: EvidencePack): { tokens: number; changes: number } {
  return { tokens: pack.tokens, changes: pack.tokens - pack.budget.contents };
}

const oneLine = z
  .string()
  .min(1)
  .regex(/^[^\n]+$/, 'one line');

/**
 * A shipped recipe, `eval-cases/<id>.yml`: the eval's own schema (`eval/case-schema.ts`) with what a
 * shipped label must have besides: a one-line question, a reason that says why, at least one settling
 * line, and a one-line source of the label.
 */
export const labelledCaseSchema = recipeSchema.extend({
  title: oneLine,
  question: oneLine.regex(/\?$/, 'one question, ending in "?"'),
  positions: z.tuple([oneLine, oneLine]),
  why: z.string().min(40),
  settled_by: z.array(settledEntry).min(1),
  label_source: oneLine,
});

/** A parsed recipe with its file, its `source` line, and the cache folder its pair is materialised in. */
export type LabelledCase = z.infer<typeof labelledCaseSchema> & { file: string; source: string; dir: string };

/** Where the shipped recipes are materialised: the eval's default case cache in the repository. */
export const CASE_CACHE = path.join(fileURLToPath(new URL('..', import.meta.url)), DEFAULT_CASE_CACHE);

/**
 * Reads every `<id>.yml` recipe of `root`, sorted by name, without materialising anything (`dir` is
 * set by {@link materialiseCases}).
 * @throws naming the file and field, for YAML that does not parse, a label that does not match the
 *   schema, or an id that is not the file's name
 */
export async function readLabelledCases(root: string): Promise<LabelledCase[]> {
  const names = (await readdir(root)).filter((n) => n.endsWith('.yml')).sort();
  const cases: LabelledCase[] = [];
  for (const name of names)
    cases.push({ ...(await readRecipe(path.join(root, name), labelledCaseSchema)), file: path.join(root, name) });
  return cases;
}

/** Materialises the cases' pairs (as the eval does: eval/load-eval-cases.ts) and sets each case's `dir`. */
export async function materialiseCases(
  cases: LabelledCase[],
  log?: (line: string) => void,
  cacheDir = CASE_CACHE,
): Promise<void> {
  await materialiseRecipes(cases, { cacheDir, log });
}

/** A case's version pair, `package@from..to`: one pull request. */
export function pairOf(c: Pick<LabelledCase, 'npm'>): string {
  return pairFolderName(c.npm);
}

/** What a shipped set must hold at least (issue #43): cases, pull requests (version pairs), packages, and each kind of case. */
export const MIX = {
  cases: 50,
  pairs: 40,
  packages: 15,
  neitherRight: 10,
  overflow: 8,
  docContradictsCode: 8,
  framed: 5,
} as const;

/**
 * What is wrong with the set, read from the recipes alone: the counts of {@link MIX}, a repeated id, a
 * `neither-right` tag that does not match `right: none`, a right position longer than the wrong one
 * (length must not give the answer away). Pure.
 */
export function checkMix(cases: LabelledCase[]): string[] {
  const problems: string[] = [];
  const tagged = (tag: (typeof CASE_TAGS)[number]) => cases.filter((c) => c.tags.includes(tag)).length;
  const counts = {
    cases: cases.length,
    pairs: new Set(cases.map(pairOf)).size,
    packages: new Set(cases.map((c) => c.npm.package)).size,
    neitherRight: cases.filter((c) => c.right === 'none').length,
    overflow: tagged('overflow'),
    docContradictsCode: tagged('doc-contradicts-code'),
    framed: cases.filter((c) => c.framing !== undefined).length,
  };
  for (const [key, least] of Object.entries(MIX)) {
    const count = counts[key as keyof typeof MIX];
    if (count < least) problems.push(`${key}: ${count}, at least ${least} needed`);
  }
  const ids = cases.map((c) => c.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) problems.push(`${id}: the id is used twice`);
  for (const c of cases) {
    if (c.tags.includes('neither-right') !== (c.right === 'none'))
      problems.push(
        `${c.id}: right: ${c.right}, but ${c.tags.includes('neither-right') ? 'tagged' : 'not tagged'} neither-right`,
      );
    if (c.right === 'none') continue;
    const [right, wrong] = c.right === 'A' ? c.positions : [c.positions[1], c.positions[0]];
    if (right.length > wrong.length)
      problems.push(
        `${c.id}: the right position is longer than the wrong one (${right.length} > ${wrong.length} characters)`,
      );
  }
  return problems;
}

/**
 * The case's evidence pack, built by the evidence stage from the materialised pair as the eval builds
 * it, at the action's default budget, sized for the default model in every role (`packCharsPerToken`).
 */
export async function buildCasePack(
  c: Pick<LabelledCase, 'id' | 'title' | 'body' | 'rfc' | 'dir'>,
  maxTokens = DEFAULT_EVIDENCE_TOKENS,
): Promise<EvidencePack> {
  const charsPerToken = packCharsPerToken({ advocates: [DEFAULT_MODEL], judge: DEFAULT_MODEL });
  const { pack } = await gatherEvidence(createSnapshotSource(c), {
    pullNumber: 1,
    commandRfc: c.rfc,
    inputRfc: undefined,
    maxTokens,
    charsPerToken,
  });
  return pack;
}

/**
 * What is wrong with one materialised case: each `settled_by` line (see {@link checkSettledLine}), and
 * the measured tags: `large-pack` exactly when the pack holds more than {@link LARGE_PACK_TOKENS}
 * besides full contents, `overflow` exactly when the changed hunks do not fit the default budget (the
 * pack is truncated).
 */
export async function checkMaterialised(c: LabelledCase, pack: EvidencePack): Promise<string[]> {
  const problems: string[] = [];
  for (const ref of c.settled_by) {
    const problem = await checkSettledLine(c, ref, pack);
    if (problem !== undefined) problems.push(`${c.id}: ${problem}`);
  }
  const size = packSize(pack);
  if (c.tags.includes('large-pack') !== size.changes > LARGE_PACK_TOKENS)
    problems.push(
      `${c.id}: large-pack tag ${c.tags.includes('large-pack')}, but the pack holds ${size.changes} tokens besides full contents (the line is ${LARGE_PACK_TOKENS})`,
    );
  const overflows = pack.coverage.parts.length > 0;
  if (c.tags.includes('overflow') !== overflows)
    problems.push(
      `${c.id}: overflow tag ${c.tags.includes('overflow')}, but the changed hunks ${overflows ? 'do not fit' : 'fit'} the default budget (parts for readers: ${pack.coverage.parts.length})`,
    );
  return problems;
}

/** What is wrong with one `settled_by` entry, or undefined when it holds. */
export async function checkSettledLine(
  c: Pick<LabelledCase, 'dir' | 'why'>,
  ref: string,
  pack: EvidencePack,
): Promise<string | undefined> {
  const parsed = parseCitationRef(ref);
  if (!parsed.ok) return `${ref}: ${parsed.error}`;
  const { path: file, line_start, line_end } = parsed.ref;
  const side = parsed.ref.side ?? 'head';
  const text = await readFile(path.join(c.dir, side, file), 'utf8').catch(() => undefined);
  if (text === undefined) return `${ref}: ${side}/${file} is not in the case folder`;
  const lines = text.split('\n');
  if (line_end > lines.length || (line_end === lines.length && lines.at(-1) === ''))
    return `${ref}: ${side}/${file} has ${lines.length} lines`;
  const quote = lines
    .slice(line_start - 1, line_end)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
  if (quote.length < 8) return `${ref}: the lines hold under 8 characters, too little to quote`;
  const check = verifyCitation({ path: file, side, line_start, line_end, quote }, pack);
  if (check.status !== 'verified')
    return `${ref}: not shown in the evidence pack the models get (${check.status === 'unverified' ? check.reason : check.status})`;
  if (!c.why.includes(file)) return `${ref}: why does not name ${file}`;
  return undefined;
}

/** The table's columns that come from the recipe alone (case, versions, question, answer, its source, settled by, tags). Pure. */
export function labelCells(c: LabelledCase): string[] {
  const kinds = [...new Set(c.label_source.split(';').map((part) => part.split(':')[0]!.trim()))];
  return [
    `\`${c.id}\``,
    `${c.npm.package} ${c.npm.from} -> ${c.npm.to}`,
    c.question.replaceAll('|', '\\|'),
    c.right,
    kinds.join(', '),
    c.settled_by.map((ref) => `\`${ref}\``).join(', '),
    c.tags.join(', '),
  ];
}

/** A materialised case as the table shows it: its pack and the number of files its diff changes. */
export interface MeasuredCase {
  c: LabelledCase;
  pack: EvidencePack;
  files: number;
}

/** Builds each materialised case's pack and counts its diff's files, in order. */
export async function measureCases(cases: LabelledCase[]): Promise<MeasuredCase[]> {
  const rows: MeasuredCase[] = [];
  for (const c of cases)
    rows.push({
      c,
      pack: await buildCasePack(c),
      files: parseGitDiff(await readFile(path.join(c.dir, 'pr.diff'), 'latin1')).length,
    });
  return rows;
}

/**
 * The table of eval-cases/README.md: one row per case, {@link labelCells} then what is measured on the
 * materialised pair: files in the diff, pack tokens in all and without full contents. Pure.
 */
export function renderCaseTable(rows: MeasuredCase[]): string {
  const lines = [
    '| case | package, versions | question | right | label from | settled by | tags | files | pack tokens (without full contents) |',
    '|---|---|---|---|---|---|---|---:|---:|',
  ];
  for (const { c, pack, files } of rows) {
    const size = packSize(pack);
    lines.push(
      `| ${[...labelCells(c), String(files), `${size.tokens.toLocaleString('en-US')} (${size.changes.toLocaleString('en-US')})`].join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
