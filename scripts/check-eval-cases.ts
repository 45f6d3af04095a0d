/**
 * Checks every shipped recipe against its materialised pair, as test/eval/eval-cases.test.ts checks a
 * fixed few: the mix, each `settled_by` line at its side and in the evidence pack the models get, the
 * measured tags (`large-pack`, `overflow`), and eval-cases/README.md's table row by row.
 * `npm run check-eval-cases [-- <id>...]`: pairs not yet in .cache/eval-cases are fetched first (npm
 * pack, from the npm cache when it has them); prints how long that took. Exit 1 when anything is wrong.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkMaterialised,
  checkMix,
  materialiseCases,
  measureCases,
  readLabelledCases,
  renderCaseTable,
} from './eval-case-format.js';

const ROOT = 'eval-cases';
const only = process.argv.slice(2);
const all = await readLabelledCases(ROOT);
const unknown = only.filter((id) => !all.some((c) => c.id === id));
if (unknown.length > 0) throw new Error(`no recipe ${unknown.join(', ')} in ${ROOT}/`);
const cases = only.length === 0 ? all : all.filter((c) => only.includes(c.id));
const problems = only.length === 0 ? checkMix(all) : [];
const started = performance.now();
await materialiseCases(cases, (line) => process.stderr.write(`check-eval-cases: ${line}\n`));
const materialised = performance.now() - started;
const rows = await measureCases(cases);
for (const { c, pack } of rows) problems.push(...(await checkMaterialised(c, pack)));
const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
for (const row of rows) {
  const line = renderCaseTable([row]).split('\n')[2]!;
  if (!readme.includes(`${line}\n`))
    problems.push(`${row.c.id}: README.md's row is not ${line} (npx tsx scripts/eval-case-mix.ts prints the table)`);
}
process.stdout.write(
  `${cases.length} cases, ${new Set(cases.map((c) => c.dir)).size} pairs materialised in ${(materialised / 1000).toFixed(1)} s, packs built in ${((performance.now() - started - materialised) / 1000).toFixed(1)} s\n`,
);
process.stdout.write(problems.length === 0 ? 'every label holds\n' : `${problems.map((p) => `- ${p}`).join('\n')}\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
