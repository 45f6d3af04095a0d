/**
 * Prints the table of eval-cases/README.md and the mix of the labelled cases (issue #32): per case its
 * package and versions, question, answer, settling lines, tags, the files its diff changes, and its
 * evidence pack's estimated tokens at the action's default budget (built by the project's evidence
 * code, as the eval builds it), in all and without the full head contents that only fill spare budget
 * (the large-pack measure); then the totals. `npx tsx scripts/eval-case-mix.ts [eval-cases]`
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import { buildCasePack, CASE_TAGS, DEFAULT_EVIDENCE_TOKENS, packageOf, readLabelledCases, renderCaseTable } from './eval-case-format.js';

const root = process.argv[2] ?? 'eval-cases';
const cases = await readLabelledCases(root);
const rows = [];
for (const c of cases) {
  rows.push({ c, pack: await buildCasePack(c), files: parseGitDiff(await readFile(path.join(c.dir, 'pr.diff'), 'latin1')).length });
}
const count = (tag: string) => cases.filter((c) => c.tags?.includes(tag as never)).length;
const totals =
  `${cases.length} cases from ${new Set(cases.map(packageOf)).size} packages; ` +
  CASE_TAGS.map((t) => `${count(t)} ${t}`).join(', ') +
  `; right: ${['A', 'B', 'none'].map((r) => `${cases.filter((c) => c.right === r).length} ${r}`).join(', ')}` +
  `; ${cases.filter((c) => c.framing !== undefined).length} with framings. Pack tokens at max-evidence-tokens ${DEFAULT_EVIDENCE_TOKENS}.`;
process.stdout.write(`${renderCaseTable(rows)}\n${totals}\n`);
