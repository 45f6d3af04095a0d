/**
 * Prints the mix of the labelled cases (issue #32) as a Markdown table: per case its package and
 * versions, the files its diff changes, its evidence pack's estimated tokens at the action's default
 * budget (built by the project's evidence code, as the eval builds it), in all and without the full
 * head contents that only fill spare budget (the large-pack measure), the right answer and its tags;
 * then the totals. `npx tsx scripts/eval-case-mix.ts [eval-cases]`
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import { buildCasePack, CASE_TAGS, DEFAULT_EVIDENCE_TOKENS, packageOf, packSize, readLabelledCases } from './eval-case-format.js';

const root = process.argv[2] ?? 'eval-cases';
const cases = await readLabelledCases(root);
const lines = ['| case | source | files | pack tokens | without full contents | right | tags |', '|---|---|---:|---:|---:|---|---|'];
for (const c of cases) {
  const size = packSize(await buildCasePack(c));
  const files = parseGitDiff(await readFile(path.join(c.dir, 'pr.diff'), 'latin1')).length;
  lines.push(`| \`${c.id}\` | ${c.source.split(';')[0]!.replace(/^npm /, '')} | ${files} | ${size.tokens.toLocaleString('en-US')} | ${size.changes.toLocaleString('en-US')} | ${c.right} | ${(c.tags ?? []).join(', ')} |`);
}
const count = (tag: string) => cases.filter((c) => c.tags?.includes(tag as never)).length;
lines.push(
  '',
  `${cases.length} cases from ${new Set(cases.map(packageOf)).size} packages; ` +
    CASE_TAGS.map((t) => `${count(t)} ${t}`).join(', ') +
    `; right: ${['A', 'B', 'none'].map((r) => `${cases.filter((c) => c.right === r).length} ${r}`).join(', ')}` +
    `; ${cases.filter((c) => c.framing !== undefined).length} with framings. Pack tokens at max-evidence-tokens ${DEFAULT_EVIDENCE_TOKENS}.`,
);
process.stdout.write(`${lines.join('\n')}\n`);
