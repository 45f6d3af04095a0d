/**
 * Prints the table of eval-cases/README.md and the mix of the shipped recipes: per case its package and
 * versions, question, answer, where the answer comes from, settling lines, tags, the files its diff
 * changes, and its evidence pack's estimated tokens at the action's default budget (built by the
 * project's evidence code from the materialised pair, as the eval builds it), in all and without the
 * full head contents that only fill spare budget (the large-pack measure); then the totals.
 * `npx tsx scripts/eval-case-mix.ts [eval-cases]`; pairs not yet in .cache/eval-cases are fetched first.
 */
import {
  CASE_TAGS,
  DEFAULT_EVIDENCE_TOKENS,
  materialiseCases,
  measureCases,
  pairOf,
  readLabelledCases,
  renderCaseTable,
} from './eval-case-format.js';

const cases = await readLabelledCases(process.argv[2] ?? 'eval-cases');
await materialiseCases(cases, (line) => process.stderr.write(`eval-case-mix: ${line}\n`));
const rows = await measureCases(cases);
const count = (tag: (typeof CASE_TAGS)[number]) => cases.filter((c) => c.tags.includes(tag)).length;
const totals =
  `${cases.length} cases from ${new Set(cases.map(pairOf)).size} pull requests (version pairs) in ${new Set(cases.map((c) => c.npm.package)).size} packages; ` +
  CASE_TAGS.map((t) => `${count(t)} ${t}`).join(', ') +
  `; right: ${['A', 'B', 'none'].map((r) => `${cases.filter((c) => c.right === r).length} ${r}`).join(', ')}` +
  `; ${cases.filter((c) => c.framing !== undefined).length} with framings. Pack tokens at max-evidence-tokens ${DEFAULT_EVIDENCE_TOKENS}.`;
process.stdout.write(`${renderCaseTable(rows)}\n${totals}\n`);
