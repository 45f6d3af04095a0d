/**
 * The labelled eval case format of issue #32 (`eval-cases/<id>/case.yml`, agreed with the eval's loader),
 * read by our own small parser so the shipped cases can be checked before the shared loader reads it,
 * and the checks every label must pass: each `settled_by` line exists at its side and is in the evidence
 * pack the models get, and the pack's size as the project's evidence code measures it.
 *
 * Used by test/eval/eval-cases.test.ts and scripts/eval-case-mix.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseCitationRef } from '../src/citations/citation.js';
import { verifyCitation } from '../src/citations/verify-citations.js';
import { CASE_TAGS, evalCaseSchema } from '../src/eval/case-schema.js';
import { createSnapshotSource } from '../src/eval/snapshot-source.js';
import { gatherEvidence } from '../src/evidence/gather-evidence.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import { packCharsPerToken } from '../src/llm/pack-tokenizer.js';
import { DEFAULT_EVIDENCE_TOKENS, DEFAULT_MODEL } from '../src/input-schemas.js';

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

const oneLine = z.string().min(1).regex(/^[^\n]+$/, 'one line');

/**
 * `case.yml` of a shipped case: the eval's own schema (`src/eval/case-schema.ts`, which also loads older
 * cases) with what a shipped label must have besides: a one-line question, a reason that says why, at
 * least one settling line, and its npm source.
 */
export const labelledCaseSchema = evalCaseSchema.extend({
  title: oneLine,
  question: oneLine.regex(/\?$/, 'one question, ending in "?"'),
  positions: z.tuple([oneLine, oneLine]),
  why: z.string().min(40),
  settled_by: z.array(z.string().min(3)).min(1),
  source: z.string().regex(/^npm \S+ \S+ -> \S+/, '"npm <package> <from> -> <to>"'),
});

/** A parsed `case.yml` with its folder. */
export type LabelledCase = z.infer<typeof labelledCaseSchema> & { dir: string };

/**
 * Reads every folder of `root` that holds a `case.yml`, sorted by folder name.
 * @throws naming the file and field, for YAML that does not parse or a label that does not match the schema
 */
export async function readLabelledCases(root: string): Promise<LabelledCase[]> {
  const names = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const cases: LabelledCase[] = [];
  for (const name of names) {
    const file = path.join(root, name, 'case.yml');
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let raw: unknown;
    try {
      raw = parse(text, { strict: true, uniqueKeys: true });
    } catch (error) {
      throw new Error(`${file} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    const parsed = labelledCaseSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${file}: '${issue.path.join('.') || '(root)'}': ${issue.message}`);
    }
    cases.push({ ...parsed.data, dir: path.join(root, name) });
  }
  return cases;
}

/** The npm package of a case, from its `source:` line. */
export function packageOf(c: Pick<LabelledCase, 'source'>): string {
  return c.source.split(' ')[1]!;
}

/**
 * The case's evidence pack, built by the evidence stage from the case folder as the eval builds it, at
 * the action's default budget, sized for the default model in every role (`packCharsPerToken`). The
 * snapshot source reads only the case's id, title, body and folder.
 */
export async function buildCasePack(c: LabelledCase, maxTokens = DEFAULT_EVIDENCE_TOKENS): Promise<EvidencePack> {
  const charsPerToken = packCharsPerToken({ advocates: [DEFAULT_MODEL], judge: DEFAULT_MODEL });
  const { pack } = await gatherEvidence(createSnapshotSource(c), { pullNumber: 1, commandRfc: c.rfc, inputRfc: undefined, maxTokens, charsPerToken });
  return pack;
}

/** What is wrong with one `settled_by` entry, or undefined when it holds. */
export async function checkSettledLine(c: LabelledCase, ref: string, pack: EvidencePack): Promise<string | undefined> {
  const parsed = parseCitationRef(ref);
  if (!parsed.ok) return `${ref}: ${parsed.error}`;
  const { path: file, line_start, line_end } = parsed.ref;
  const side = parsed.ref.side ?? 'head';
  const text = await readFile(path.join(c.dir, side, file), 'utf8').catch(() => undefined);
  if (text === undefined) return `${ref}: ${side}/${file} is not in the case folder`;
  const lines = text.split('\n');
  if (line_end > lines.length || (line_end === lines.length && lines.at(-1) === '')) return `${ref}: ${side}/${file} has ${lines.length} lines`;
  const quote = lines.slice(line_start - 1, line_end).map((l) => l.trim()).filter(Boolean).join('\n');
  if (quote.length < 8) return `${ref}: the lines hold under 8 characters, too little to quote`;
  const check = verifyCitation({ path: file, side, line_start, line_end, quote }, pack);
  if (check.status !== 'verified') return `${ref}: not shown in the evidence pack the models get (${check.status === 'unverified' ? check.reason : check.status})`;
  if (!c.why.includes(file)) return `${ref}: why does not name ${file}`;
  return undefined;
}

/**
 * The table of eval-cases/README.md: one row per case (package and versions, question, answer,
 * settled_by, tags, files in the diff, pack tokens in all and without full contents). Pure.
 * @param rows each case with its pack and the number of files its diff changes, in table order
 */
export function renderCaseTable(rows: { c: LabelledCase; pack: EvidencePack; files: number }[]): string {
  const lines = ['| case | package, versions | question | right | settled by | tags | files | pack tokens (without full contents) |', '|---|---|---|---|---|---|---:|---:|'];
  for (const { c, pack, files } of rows) {
    const size = packSize(pack);
    const cells = [
      `\`${c.id}\``,
      c.source.split(';')[0]!.replace(/^npm /, ''),
      c.question.replaceAll('|', '\\|'),
      c.right,
      c.settled_by.map((ref) => `\`${ref}\``).join(', '),
      (c.tags ?? []).join(', '),
      String(files),
      `${size.tokens.toLocaleString('en-US')} (${size.changes.toLocaleString('en-US')})`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
