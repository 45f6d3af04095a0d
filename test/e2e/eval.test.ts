import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARM_COLUMNS } from '../../src/eval/render-report.js';
import { RESULTS_FORMAT, type EvalResults } from '../../src/eval/eval-results.js';
import { loadEvalCases } from '../../src/eval/load-eval-cases.js';
import { CASE_CACHE } from '../../scripts/eval-case-format.js';
import { pairedDifferences, scoreArms } from '../../src/eval/score-arms.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { ROOT } from '../support/run-action.js';
import { runCli } from '../support/run-cli.js';

/**
 * `pr-debate eval` against the local Messages API server playing the rehearsal model: this exercises the
 * plumbing (every arm, both orders, budgets in dollars, the pre-flight, citation checks, the statistics,
 * the three files); the figures say nothing about models. Every arm runs here on three shipped recipes,
 * to stay fast; `npm run bench:eval` runs every arm on all of them.
 */
const KEY = 'sk-ant-local-eval-suite-key';
const EVERY_ARM = 'debate,debate:quick,debate:deep,debate:no-steelman,single,single+verify,vote:3,escalate';
/** Shipped recipes, materialised from npm on first use. */
const SUBSET = ['chalk-template-literal', 'chalk-vendored-deps', 'commander-add-help-command'];
const N = SUBSET.length;
let anthropic: AnthropicServer;
let cases: string;
const made: string[] = [];

beforeAll(async () => {
  anthropic = await startAnthropicServer({ apiKey: KEY, responder: createRehearsalResponder({ seed: 3 }) });
  cases = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-cases-'));
  made.push(cases);
  for (const id of SUBSET) await cp(path.join(ROOT, 'eval-cases', `${id}.yml`), path.join(cases, `${id}.yml`));
  // One case with labelled framings, for the framing arm (a shipped case may have them already).
  const first = path.join(cases, `${SUBSET[0]}.yml`);
  const label = await readFile(first, 'utf8');
  if (!/^framing:/m.test(label)) await writeFile(first, `${label.trimEnd()}\nframing:\n  positions: [What does this release change by default?]\n`);
  // Materialised here, into the repository's case cache, so the CLI (whose HOME is a scratch folder) finds the pairs there.
  await loadEvalCases(cases, { cacheDir: CASE_CACHE });
}, 300_000);
afterAll(async () => {
  await anthropic.close();
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

async function outDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-out-'));
  made.push(dir);
  return path.join(dir, 'results');
}

/** The arms' table of report.md, by arm, each row's cells by column name. */
function armTable(report: string): Map<string, Record<string, string>> {
  const lines = report.split('\n');
  const start = lines.indexOf(`| ${ARM_COLUMNS.join(' | ')} |`);
  expect(start, 'the arms table').toBeGreaterThan(0);
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(2, -2).split(' | ');
    rows.set(cells[0]!, Object.fromEntries(ARM_COLUMNS.map((c, i) => [c, cells[i]!])));
  }
  return rows;
}

describe('pr-debate eval', () => {
  it('runs every arm on the cases in both orders after the pre-flight, and writes results.json, report.md and the plot', async () => {
    const out = await outDir();
    const result = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', EVERY_ARM, '--out', out], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url }, timeoutMs: 240_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as EvalResults;
    const report = await readFile(path.join(out, 'report.md'), 'utf8');
    expect(result.stdout).toBe(report);
    expect(results.format).toBe(RESULTS_FORMAT);
    expect(results.scores.map((s) => s.arm)).toEqual(EVERY_ARM.split(','));
    // The pre-flight came before any debate or judge call: one short call for the one model, then no more.
    const preflights = anthropic.requests.map((r, i) => [i, JSON.stringify(r.body.messages).includes('# Pre-flight check')] as const).filter(([, is]) => is);
    expect(preflights.map(([i]) => i)).toEqual([0]);
    // Every arm on every case in both orders, the same runs for each.
    const key = (r: EvalResults['runs'][number]) => `${r.caseId} ${r.order} ${r.repeat}`;
    const units = [...new Set(results.runs.map(key))].sort();
    expect(units).toHaveLength(N * 2);
    for (const arm of EVERY_ARM.split(',')) expect(results.runs.filter((r) => r.arm === arm).map(key).sort(), arm).toEqual(units);
    for (const score of results.scores) expect(score).toMatchObject({ runs: N * 2, cases: N, flip: { of: N } });
    // Equal dollars: every non-debate arm was sized to the default debate's cost on the same case and order, and stayed within it.
    const debateRun = (r: EvalResults['runs'][number]) => results.runs.find((d) => d.arm === 'debate' && key(d) === key(r))!;
    for (const run of results.runs.filter((r) => ['single', 'single+verify', 'vote:3'].includes(r.arm))) {
      expect(run.budgetUsd, `${run.arm} ${key(run)}`).toBe(debateRun(run).usage.cost_usd);
      expect(run.usage.cost_usd).toBeLessThanOrEqual(run.budgetUsd! + 1e-9);
      expect(run.usage.cost_usd).toBeGreaterThan(0);
    }
    // The debate arms differ in depth, so in cost: quick < standard, and standard without the steelman < standard.
    const cost = (arm: string) => results.scores.find((s) => s.arm === arm)!.costPerRun.value!;
    expect(cost('debate:quick')).toBeLessThan(cost('debate'));
    expect(cost('debate:no-steelman')).toBeLessThan(cost('debate'));
    // Escalate answers as single+verify where it settled, as the debate where it escalated, and pays for what it ran.
    for (const run of results.runs.filter((r) => r.arm === 'escalate')) {
      const checked = results.runs.filter((r) => r.arm === 'single+verify' && r.caseId === run.caseId && r.repeat === run.repeat);
      const halves = checked.reduce((n, r) => n + r.usage.cost_usd, 0) / 2;
      if (run.note?.startsWith('escalated')) {
        expect(run.chosen).toBe(debateRun(run).chosen);
        expect(run.usage.cost_usd).toBeCloseTo(halves + debateRun(run).usage.cost_usd, 6);
      } else {
        expect(run.note).toBe('settled by single+verify in both orders');
        expect(run.chosen).toBe(checked.find((r) => r.order === run.order)!.chosen);
        expect(run.usage.cost_usd).toBeCloseTo(halves, 6);
      }
    }
    // The report's figures, recomputed from results.json: the scores, and each cell of the arms' table from the runs.
    expect(scoreArms(results.runs, results.settings.arms, results.settings.seed)).toEqual(results.scores);
    expect(pairedDifferences(results.runs, results.settings.arms, 'debate', results.settings.seed)).toEqual(results.paired);
    const table = armTable(report);
    const pct = (num: number, den: number) => `${Math.round((num / den) * 100)}%`;
    for (const arm of EVERY_ARM.split(',')) {
      const runs = results.runs.filter((r) => r.arm === arm);
      const row = table.get(arm)!;
      const answered = runs.filter((r) => r.chosen !== undefined && r.failure === undefined);
      expect(row.runs).toBe(String(runs.length));
      expect(row['accuracy (95%)']!.split(' ')[0]).toBe(pct(runs.filter((r) => r.correct).length, runs.length));
      expect(row['when answered']).toBe(answered.length === 0 ? '- of 0' : `${pct(answered.filter((r) => r.correct).length, answered.length)} of ${answered.length}`);
      expect(row.abstained).toBe(pct(runs.filter((r) => r.chosen === undefined && r.failure === undefined).length, runs.length));
      expect(row['wrong, medium/high confidence']).toBe(pct(answered.filter((r) => !r.correct && (r.confidence === 'medium' || r.confidence === 'high')).length, runs.length));
      const flips = runs.filter((r) => r.order === 'AB').filter((ab) => ab.chosen !== runs.find((ba) => ba.order === 'BA' && ba.caseId === ab.caseId && ba.repeat === ab.repeat)!.chosen).length;
      expect(row['flip rate']).toBe(`${pct(flips, N)} of ${N}`);
      // The report prints dollars to 4 places: the figure is the runs' mean, to within that rounding (a mean on a
      // half-cent-of-a-cent boundary may round either way in floating point).
      const shown = Number(row['cost per run (95%)']!.split(' ')[0]!.replace('$', ''));
      expect(Math.abs(shown - runs.reduce((n, r) => n + r.usage.cost_usd, 0) / runs.length)).toBeLessThanOrEqual(0.00005 + 1e-12);
      expect(row.failed).toBe(String(runs.filter((r) => r.failure !== undefined).length));
    }
    // Each paired row: the McNemar counts recomputed from the runs.
    for (const paired of results.paired) {
      const mine = results.runs.filter((r) => r.arm === paired.arm);
      const onlyArm = mine.filter((r) => r.correct && !debateRun(r).correct).length;
      const onlyDebate = mine.filter((r) => !r.correct && debateRun(r).correct).length;
      expect(report).toContain(`| ${paired.arm} | ${mine.length} | `);
      expect([paired.onlyArm, paired.onlyVersus]).toEqual([onlyArm, onlyDebate]);
    }
    // The framing arm ran on the cases with labelled framings; the rehearsal's placeholder framings match none of them.
    expect(results.framing).toMatchObject({ runs: results.framingRuns.length, hitRate: { value: 0 } });
    expect(results.framingRuns.length).toBeGreaterThanOrEqual(1);
    for (const run of results.framingRuns) {
      expect(run).toMatchObject({ hit: false, matched: -1 });
      expect(run.failure).toBeUndefined();
    }
    expect(results.framingRuns[0]!.framed.length).toBeGreaterThanOrEqual(2);
    expect(report).toContain(`## Framing`);
    // The plot: one point per arm, at its cost and accuracy, with both intervals.
    const svg = await readFile(path.join(out, 'accuracy-cost.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<g data-arm="/g)).toHaveLength(EVERY_ARM.split(',').length);
    expect(svg.match(/<circle /g)).toHaveLength(EVERY_ARM.split(',').length);
  }, 300_000);

  it('sizes every non-debate arm to --budget-usd and runs no debate for them; says what is wrong with a bad arm or case folder', async () => {
    const out = await outDir();
    const before = anthropic.requests.length;
    const result = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'single,vote:3', '--budget-usd', '0.5', '--out', out, '--json', '--no-framing'], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url }, timeoutMs: 90_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(result.stdout) as EvalResults;
    expect(results.settings.budgetUsd).toBe(0.5);
    for (const run of results.runs) {
      expect(run.budgetUsd).toBe(0.5);
      expect(run.usage.cost_usd).toBeLessThanOrEqual(0.5);
    }
    const phases = anthropic.requests.slice(before).map((r) => JSON.stringify(r.body.messages));
    expect(phases.some((m) => m.includes('Your role: judge without a debate'))).toBe(true);
    expect(phases.some((m) => m.includes('# Your role: advocate'))).toBe(false);
    // --repeats: each case in each order that many times, each repeat a unit of the flip rate.
    const repeated = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'single,single+verify', '--budget-usd', '0.05', '--repeats', '2', '--out', await outDir(), '--json', '--no-framing'], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url }, timeoutMs: 90_000 });
    expect(repeated.exitCode, repeated.stderr).toBe(0);
    const twice = JSON.parse(repeated.stdout) as EvalResults;
    expect(twice.runs.filter((r) => r.arm === 'single').map((r) => `${r.caseId} ${r.order} ${r.repeat}`).sort()).toHaveLength(N * 2 * 2);
    expect(new Set(twice.runs.map((r) => r.repeat))).toEqual(new Set([0, 1]));
    expect(twice.scores[0]).toMatchObject({ runs: N * 4, cases: N, flip: { of: N * 2 } });
    // $0.05 does not cover one call on these packs at list price: the call is made, and the report says so.
    expect(twice.scores.every((s) => s.notes.includes('the budget does not cover one call at the minimum output; one call was made anyway'))).toBe(true);
    const badArm = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'debate,poll:3'], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(badArm.exitCode).toBe(2);
    expect(badArm.stderr).toContain('"poll:3" is not an arm');
    const noBudget = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'single'], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url } });
    expect(noBudget.exitCode).toBe(1);
    expect(noBudget.stderr).toContain("--budget-usd is needed when --arms has no 'debate'");
    // A recipe whose pair is not in the case cache is fetched first, and the CLI says so on stderr.
    const fresh = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-fresh-'));
    made.push(fresh);
    await cp(path.join(ROOT, 'eval-cases', 'p-limit-context-without-hooks.yml'), path.join(fresh, 'cases', 'p-limit-context-without-hooks.yml'), { recursive: true });
    const fetched = await runCli(['eval', '--cases', path.join(fresh, 'cases'), '--case-cache', path.join(fresh, 'cache'), '--arms', 'single', '--budget-usd', '0.05', '--out', await outDir(), '--json', '--no-framing'], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url }, timeoutMs: 120_000 });
    expect(fetched.exitCode, fetched.stderr).toBe(0);
    expect(fetched.stderr).toContain(`pr-debate: eval case fetching p-limit@5.0.0 and p-limit@6.0.0 with npm pack into ${path.join(fresh, 'cache', 'p-limit@5.0.0..6.0.0')}\n`);
    expect(JSON.parse(await readFile(path.join(fresh, 'cache', 'p-limit@5.0.0..6.0.0', 'meta.json'), 'utf8'))).toMatchObject({ package: 'p-limit', from: '5.0.0', to: '6.0.0' });
    const noFolder = await runCli(['eval', '--cases', `${ROOT}/no-such-folder`], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(noFolder.exitCode).toBe(1);
    expect(noFolder.stderr).toContain('cannot read the folder');
  }, 240_000);

  it('stops before the first case with the pre-flight\'s one message when the model cannot be reached', async () => {
    const out = await outDir();
    // Nothing listens on the discard port of the loopback interface.
    const result = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--out', out], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }, timeoutMs: 60_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    const messages = result.stderr.split('\n').filter((l) => l.startsWith('pr-debate:'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Model "claude-sonnet-5-5" (input model; the Anthropic API) did not answer the pre-flight call: could not reach the Anthropic API at http://127.0.0.1:9');
    expect(result.stderr).not.toMatch(/accuracy|\| arm/);
    await expect(stat(out)).rejects.toThrow();
  }, 90_000);
});
