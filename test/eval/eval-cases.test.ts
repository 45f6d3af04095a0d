import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkMaterialised,
  checkMix,
  labelCells,
  materialiseCases,
  measureCases,
  readLabelledCases,
  renderCaseTable,
  type LabelledCase,
  type MeasuredCase,
} from '../../scripts/eval-case-format.js';
import { ROOT } from '../support/run-action.js';

/**
 * The shipped recipes hold what their labels claim. Read from the recipes alone, every one: the schema,
 * the mix (cases, pull requests, packages, neither-right, overflow), and its row in eval-cases/README.md.
 * Materialised from npm, a fixed few that cover each kind of case (a cold fetch of all 42 pairs takes
 * minutes; `npm run check-eval-cases` checks them all the same way): each `settled_by` line at its side and
 * in the evidence pack the models get, the measured tags, and the README's measured columns.
 */
const CASES = path.join(ROOT, 'eval-cases');
/** Small pairs, among them those test/e2e/eval.test.ts and test/eval/load-eval-cases.test.ts use: neither-right, overflow, doc-contradicts-code, base lines. */
const SUITE_CASES = [
  'chalk-template-literal',
  'chalk-vendored-deps',
  'chokidar-glob-paths',
  'commander-add-help-command',
  'commander-excess-default',
  'debug-space-separated',
  'dotenv-quiet-typings',
  'glob-require-call',
  'p-limit-async-context',
  'p-limit-context-without-hooks',
];
let cases: LabelledCase[] = [];
let measured: MeasuredCase[] = [];

beforeAll(async () => {
  cases = await readLabelledCases(CASES);
  const few = cases.filter((c) => SUITE_CASES.includes(c.id));
  await materialiseCases(few, (line) => process.stderr.write(`eval-cases.test: ${line}\n`));
  measured = await measureCases(few);
}, 600_000);

describe('the shipped recipes', () => {
  it('are the mix issue #43 asks for: 50 cases from 40 pull requests in 15 packages, 10 with no right position, 8 that overflow the default pack', () => {
    expect(checkMix(cases)).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(50);
    // The cases kept from the stored-tree format, as recipes under their ids.
    for (const id of [
      'commander-excess-default',
      'express-node-floor',
      'express-status-throws',
      'markdownlint-string-width',
      'pino-censor-type',
      'undici-compose-order',
    ]) {
      expect(cases.map((c) => c.id)).toContain(id);
    }
  });

  it("are each listed in eval-cases/README.md's table with their label, and nothing else is", async () => {
    const readme = await readFile(path.join(CASES, 'README.md'), 'utf8');
    const rows = readme.split('\n').filter((line) => /^\| `[a-z0-9-]+` \|/.test(line));
    expect(rows).toHaveLength(cases.length);
    for (const c of cases)
      expect(
        rows.some((row) => row.startsWith(`| ${labelCells(c).join(' | ')} |`)),
        c.id,
      ).toBe(true);
  });
});

describe(`the recipes ${SUITE_CASES.join(', ')}, materialised`, () => {
  it('are the cases named, each pair once', () => {
    expect(measured.map((m) => m.c.id).sort()).toEqual([...SUITE_CASES].sort());
    expect(new Set(measured.map((m) => m.c.dir)).size).toBeLessThan(measured.length);
  });

  it('settle: each settled_by line exists at its side, is in the evidence pack the models get and is named in why; large-pack and overflow are what the packs measure', async () => {
    const problems: string[] = [];
    for (const { c, pack } of measured) problems.push(...(await checkMaterialised(c, pack)));
    expect(problems).toEqual([]);
    expect(measured.some((m) => m.pack.coverage.parts.length > 0)).toBe(true);
  });

  it("are listed in eval-cases/README.md's table as measured (npx tsx scripts/eval-case-mix.ts)", async () => {
    const readme = await readFile(path.join(CASES, 'README.md'), 'utf8');
    for (const row of measured) expect(readme).toContain(renderCaseTable([row]).split('\n')[2]);
  });
});
