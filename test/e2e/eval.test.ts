import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedDifferences } from '../../eval/compare-arms.js';
import { SPEND_LIMITS, SPEND_TOLERANCE } from '../../eval/match-spend.js';
import { SPEND_COLUMNS } from '../../eval/render-comparison.js';
import { ARM_COLUMNS } from '../../eval/render-report.js';
import { RESULTS_FORMAT, type EvalResults } from '../../eval/eval-results.js';
import { loadEvalCases } from '../../eval/load-eval-cases.js';
import { CASE_CACHE } from '../../scripts/eval-case-format.js';
import { scoreArms } from '../../eval/score-arms.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { rehearsalChatResponder } from '../support/openai-rehearsal.js';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { ROOT } from '../support/run-action.js';
import { runCli } from '../support/run-cli.js';

/**
 * `pr-debate eval` against the local Messages API and Chat Completions servers playing the rehearsal
 * model (both bill prompt-cache reads and writes as the APIs do), and with `--rehearsal`: this exercises
 * the plumbing (every arm, both orders, budgets in dollars as billed, the pre-flight, citation checks, the
 * statistics, the three files); the figures say nothing about models. Every arm runs here on three
 * shipped recipes (materialised from npm on first use), to stay fast; `npm run bench:eval` runs every arm on all of them.
 */
const KEY = 'sk-ant-local-eval-suite-key';
const OPENAI_KEY = 'sk-proj-local-eval-suite-key';
const EVERY_ARM =
  'debate,debate:quick,debate:deep,debate:no-steelman,debate+pragmatist,mixed,judge-runs:4,reader-model:claude-haiku-4-5,single,single+verify,vote:3,vote:25,escalate';
/** Shipped recipes, materialised from npm on first use. */
const SUBSET_IDS = ['chalk-template-literal', 'chalk-vendored-deps', 'commander-add-help-command'];
const SUBSET = SUBSET_IDS.length;
let anthropic: AnthropicServer;
let openai: OpenAiServer;
let cases: string;
const made: string[] = [];

beforeAll(async () => {
  anthropic = await startAnthropicServer({
    apiKey: KEY,
    responder: createRehearsalResponder({ seed: 3, judge: 'by-case' }),
  });
  openai = await startOpenAiServer({
    apiKey: OPENAI_KEY,
    responder: rehearsalChatResponder({ seed: 3, judge: 'by-case' }),
  });
  cases = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-cases-'));
  made.push(cases);
  for (const id of SUBSET_IDS) await cp(path.join(ROOT, 'eval-cases', `${id}.yml`), path.join(cases, `${id}.yml`));
  // One case with labelled framings, for the framing arm (a shipped case may have them already).
  const first = path.join(cases, `${SUBSET_IDS[0]}.yml`);
  const label = await readFile(first, 'utf8');
  if (!/^framing:/m.test(label))
    await writeFile(first, `${label.trimEnd()}\nframing:\n  positions: [What does this release change by default?]\n`);
  // Materialised here, into the repository's case cache, so the CLI (whose HOME is a scratch folder) finds the pairs there.
  await loadEvalCases(cases, { cacheDir: CASE_CACHE });
}, 300_000);
afterAll(async () => {
  await anthropic.close();
  await openai.close();
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

async function outDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-out-'));
  made.push(dir);
  return path.join(dir, 'results');
}

/** A table of report.md by its columns, by arm, each row's cells by column name. */
function reportTable(report: string, columns: readonly string[]): Map<string, Record<string, string>> {
  const lines = report.split('\n');
  const start = lines.indexOf(`| ${columns.join(' | ')} |`);
  expect(start, columns[1]).toBeGreaterThan(0);
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(2, -2).split(' | ');
    rows.set(cells[0]!, Object.fromEntries(columns.map((c, i) => [c, cells[i]!])));
  }
  return rows;
}

type Run = EvalResults['runs'][number];
const unit = (r: Run) => `${r.caseId} ${r.order} ${r.repeat}`;

describe('pr-debate eval', () => {
  const env = {
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: () => anthropic.url,
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: () => openai.url,
  };
  const serverEnv = () =>
    Object.fromEntries(Object.entries(env).map(([k, v]) => [k, typeof v === 'function' ? v() : v]));

  it('runs every arm on the cases in both orders after the pre-flight, at the dollars the debate spent on each, and writes results.json, report.md and the plot', async () => {
    const out = await outDir();
    const result = await runCli(
      ['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', EVERY_ARM, '--out', out],
      { env: serverEnv() },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as EvalResults;
    const report = await readFile(path.join(out, 'report.md'), 'utf8');
    expect(result.stdout).toBe(report);
    expect(results.format).toBe(RESULTS_FORMAT);
    expect(results.scores.map((s) => s.arm)).toEqual(EVERY_ARM.split(','));
    expect(results.settings).toMatchObject({
      rehearsal: false,
      mixedAdvocates: ['claude-sonnet-5-5', 'openai:gpt-6.2-sol'],
    });
    expect(report).not.toMatch(/rehearsal/i);
    // The pre-flight came before any debate or judge call: one short call for each model, then no more.
    const preflights = anthropic.requests
      .map((r, i) => [i, JSON.stringify(r.body.messages).includes('# Pre-flight check')] as const)
      .filter(([, is]) => is);
    expect(preflights.map(([i]) => i)).toEqual([0]);
    // mixed's second advocate spoke through the Chat Completions server.
    expect(openai.requests.filter((r) => r.body.model === 'gpt-6.2-sol').length).toBeGreaterThan(SUBSET * 2);
    // Every arm on every case in both orders, the same runs for each.
    const units = [...new Set(results.runs.map(unit))].sort();
    expect(units).toHaveLength(SUBSET * 2);
    for (const arm of EVERY_ARM.split(','))
      expect(
        results.runs
          .filter((r) => r.arm === arm)
          .map(unit)
          .sort(),
        arm,
      ).toEqual(units);
    for (const score of results.scores)
      expect(score).toMatchObject({ runs: SUBSET * 2, cases: SUBSET, flip: { of: SUBSET } });
    // Equal dollars: each arm's budget is what the debate spent on the same case and order, priced as billed (the debate
    // read most of its prompt from the cache); each arm spent within 10% of it, or the run names why not.
    const debateRun = (r: Run) => results.runs.find((d) => d.arm === 'debate' && unit(d) === unit(r))!;
    for (const run of results.runs) {
      expect(run.spendUsd, `${run.arm} ${unit(run)}`).toBeGreaterThan(0);
      expect(run.usage.cost_usd).toBe(run.spendUsd);
    }
    expect(
      results.runs
        .filter((r) => r.arm === 'debate')
        .every((r) => r.usage.cache_read_input_tokens > r.usage.input_tokens),
    ).toBe(true);
    const limits = new Map<string, Set<string>>();
    for (const run of results.runs.filter((r) => r.arm !== 'debate')) {
      expect(run.budgetUsd, `${run.arm} ${unit(run)}`).toBe(debateRun(run).spendUsd);
      const share = run.spendUsd / run.budgetUsd!;
      if (Math.abs(share - 1) <= SPEND_TOLERANCE + 1e-9)
        expect(run.spendLimit, `${run.arm} ${unit(run)} at ${share}`).toBeUndefined();
      else limits.set(run.arm, new Set([...(limits.get(run.arm) ?? []), run.spendLimit!]));
    }
    // The arm that adds voters until the next would pass the budget matched it on every case; the others said why not.
    expect(limits.get('vote:25')).toBeUndefined();
    // These three cases fit their packs: reader-model's debate calls no reader model (its spend differs from the
    // debate's only by what it read from the prompt cache the debate wrote), and its plan is what fixed its calls.
    expect(limits.get('reader-model:claude-haiku-4-5') ?? new Set(['debate-plan'])).toEqual(new Set(['debate-plan']));
    expect(anthropic.requests.some((r) => r.body.model === 'claude-haiku-4-5')).toBe(false);
    expect(results.runs.filter((r) => r.arm === 'vote:25').every((r) => r.calls > 3)).toBe(true);
    expect(limits.get('single')).toEqual(new Set(['one-call']));
    expect(limits.get('vote:3')).toEqual(new Set(['all-voters']));
    for (const arm of ['debate:quick', 'debate:no-steelman', 'debate+pragmatist'])
      expect(limits.get(arm), arm).toEqual(new Set(['debate-plan']));
    for (const [arm, seen] of limits)
      for (const limit of seen) expect(SPEND_LIMITS[limit as keyof typeof SPEND_LIMITS], arm).toBeDefined();
    // The report's spend table names each limit with its runs.
    const spend = reportTable(report, SPEND_COLUMNS);
    for (const score of results.scores.filter((s) => s.arm !== 'debate')) {
      const row = spend.get(score.arm)!;
      expect(row[`runs within ±10%`]).toBe(`${score.matched} of ${SUBSET * 2}`);
      for (const [limit, n] of Object.entries(score.limits))
        expect(row['why not, for the others']).toContain(`${SPEND_LIMITS[limit as keyof typeof SPEND_LIMITS]} (${n})`);
    }
    // The debate arms differ in depth, so in cost: quick < standard, and standard without the steelman < standard.
    const cost = (arm: string) => results.scores.find((s) => s.arm === arm)!.costPerRun.value!;
    expect(cost('debate:quick')).toBeLessThan(cost('debate'));
    expect(cost('debate:no-steelman')).toBeLessThan(cost('debate'));
    expect(cost('debate+pragmatist')).toBeGreaterThan(cost('debate'));
    // Escalate answers as single+verify where it settled, as the debate where it escalated, and pays for what it ran.
    for (const run of results.runs.filter((r) => r.arm === 'escalate')) {
      const checked = results.runs.filter(
        (r) => r.arm === 'single+verify' && r.caseId === run.caseId && r.repeat === run.repeat,
      );
      const halves = checked.reduce((n, r) => n + r.spendUsd, 0) / 2;
      if (run.note?.startsWith('escalated')) {
        expect(run.chosen).toBe(debateRun(run).chosen);
        expect(run.spendUsd).toBeCloseTo(halves + debateRun(run).spendUsd, 6);
      } else {
        expect(run.note).toBe('settled by single+verify in both orders');
        expect(run.chosen).toBe(checked.find((r) => r.order === run.order)!.chosen);
        expect(run.spendUsd).toBeCloseTo(halves, 6);
      }
    }
    // The report's figures, recomputed from results.json: the scores, and each cell of the arms' table from the runs.
    expect(scoreArms(results.runs, results.settings.arms, results.settings.seed)).toEqual(results.scores);
    expect(pairedDifferences(results.runs, results.settings.arms, 'debate', results.settings.seed)).toEqual(
      results.paired,
    );
    const table = reportTable(report, ARM_COLUMNS);
    const pct = (num: number, den: number) => `${Math.round((num / den) * 100)}%`;
    const answer = (r: Run) => (r.abstained ? 'abstained' : (r.chosen ?? 'none'));
    for (const arm of EVERY_ARM.split(',')) {
      const runs = results.runs.filter((r) => r.arm === arm);
      const row = table.get(arm)!;
      const answered = runs.filter((r) => !r.abstained && r.failure === undefined);
      expect(row.runs).toBe(String(runs.length));
      expect(row['accuracy (95%)']!.split(' ')[0]).toBe(pct(runs.filter((r) => r.correct).length, runs.length));
      expect(row['when answered']).toBe(
        answered.length === 0
          ? '- of 0'
          : `${pct(answered.filter((r) => r.correct).length, answered.length)} of ${answered.length}`,
      );
      expect(row.abstained).toBe(pct(runs.filter((r) => r.abstained).length, runs.length));
      expect(row['wrong, medium/high confidence']).toBe(
        pct(
          answered.filter(
            (r) => r.chosen !== undefined && !r.correct && (r.confidence === 'medium' || r.confidence === 'high'),
          ).length,
          runs.length,
        ),
      );
      expect(row['confident-wrong (high)']).toBe(
        pct(
          answered.filter((r) => r.chosen !== undefined && !r.correct && r.confidence === 'high').length,
          runs.length,
        ),
      );
      const flips = runs
        .filter((r) => r.order === 'AB')
        .filter(
          (ab) =>
            answer(ab) !==
            answer(runs.find((ba) => ba.order === 'BA' && ba.caseId === ab.caseId && ba.repeat === ab.repeat)!),
        ).length;
      expect(row['flip rate']).toBe(`${pct(flips, SUBSET)} of ${SUBSET}`);
      // The report prints dollars to 4 places: the figure is the runs' mean, to within that rounding (a mean on a
      // half-cent-of-a-cent boundary may round either way in floating point).
      const shown = Number(row['cost per run (95%)']!.split(' ')[0]!.replace('$', ''));
      expect(Math.abs(shown - runs.reduce((n, r) => n + r.usage.cost_usd, 0) / runs.length)).toBeLessThanOrEqual(
        0.00005 + 1e-12,
      );
      expect(row.failed).toBe(String(runs.filter((r) => r.failure !== undefined).length));
    }
    // Each paired comparison counts the cases, whatever the runs.
    for (const paired of results.paired) expect(paired).toMatchObject({ cases: SUBSET, pairs: SUBSET * 2 });
    expect(report).toContain(`every figure here counts ${SUBSET} cases, whatever the repeats`);
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
  }, 450_000);

  it("rehearses without a key: every arm's own path runs, the report says rehearsal, nothing is paid, and repeats add no cases", async () => {
    const out = await outDir();
    const result = await runCli(
      [
        'eval',
        '--rehearsal',
        '--cases',
        cases,
        '--case-cache',
        CASE_CACHE,
        '--arms',
        'debate,single,single+verify,vote:25,escalate',
        '--repeats',
        '3',
        '--no-framing',
        '--out',
        out,
      ],
      { env: {} },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('rehearsal');
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as EvalResults;
    const report = await readFile(path.join(out, 'report.md'), 'utf8');
    expect(results.settings.rehearsal).toBe(true);
    expect(report.split('\n')[0]).toBe('# pr-debate eval (rehearsal)');
    for (const row of reportTable(report, ARM_COLUMNS).values())
      expect(row['cost per run (95%)']).toBe('$0 (rehearsal)');
    // Nothing paid; the tokens still priced, so every arm is sized as a real run's would be.
    for (const run of results.runs) {
      expect(run.usage.cost_usd).toBe(0);
      expect(run.spendUsd).toBeGreaterThan(0);
    }
    // single+verify repaired an answer; escalate stopped early on one case and escalated on another.
    const notes = (arm: string) => results.runs.filter((r) => r.arm === arm).map((r) => r.note ?? '');
    expect(notes('single+verify').some((n) => n.startsWith('repaired'))).toBe(true);
    expect(notes('escalate').some((n) => n === 'settled by single+verify in both orders')).toBe(true);
    expect(notes('escalate').some((n) => n.startsWith('escalated to the debate'))).toBe(true);
    expect(report).toMatch(/- single\+verify: repaired once for its citations \(\d+ runs?\)/);
    // A split between the judge runs is an abstention, never right.
    const splits = results.runs.filter((r) => r.arm === 'debate' && r.note?.includes('judge runs split: '));
    expect(splits.length).toBeGreaterThan(0);
    for (const run of splits) {
      expect(run).toMatchObject({ abstained: true, correct: false });
      expect(run.chosen).toBeUndefined();
    }
    // Three repeats: three times the pairs, the same cases.
    for (const paired of results.paired) expect(paired).toMatchObject({ cases: SUBSET, pairs: SUBSET * 2 * 3 });
    expect(report).toContain(
      `both orders, all 3 repeats) are averaged into its accuracy first, so every figure here counts ${SUBSET} cases`,
    );
  }, 300_000);

  it('sizes every judge arm to --budget-usd and runs no debate for them; says what is wrong with a bad arm, a one-provider mixed or a case folder', async () => {
    const out = await outDir();
    const before = anthropic.requests.length;
    const result = await runCli(
      [
        'eval',
        '--cases',
        cases,
        '--case-cache',
        CASE_CACHE,
        '--arms',
        'single,vote:3',
        '--budget-usd',
        '0.5',
        '--out',
        out,
        '--json',
        '--no-framing',
      ],
      { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url } },
    );
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
    const repeated = await runCli(
      [
        'eval',
        '--cases',
        cases,
        '--case-cache',
        CASE_CACHE,
        '--arms',
        'single,single+verify',
        '--budget-usd',
        '0.001',
        '--repeats',
        '2',
        '--out',
        await outDir(),
        '--json',
        '--no-framing',
      ],
      { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url } },
    );
    expect(repeated.exitCode, repeated.stderr).toBe(0);
    const twice = JSON.parse(repeated.stdout) as EvalResults;
    expect(
      twice.runs
        .filter((r) => r.arm === 'single')
        .map((r) => `${r.caseId} ${r.order} ${r.repeat}`)
        .sort(),
    ).toHaveLength(SUBSET * 2 * 2);
    expect(new Set(twice.runs.map((r) => r.repeat))).toEqual(new Set([0, 1]));
    expect(twice.scores[0]).toMatchObject({ runs: SUBSET * 4, cases: SUBSET, flip: { of: SUBSET * 2 } });
    // $0.001 does not cover one call on these packs at list price, even read from the cache: the call is made, and each run says so.
    for (const score of twice.scores) expect(score.limits['first-call-over'], score.arm).toBe(SUBSET * 4);
    // mixed with one provider configured is refused before any call, naming what to set.
    const calls = anthropic.requests.length;
    const oneFamily = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'debate,mixed'], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url },
    });
    expect(oneFamily.exitCode).toBe(1);
    expect(oneFamily.stderr).toContain(
      '--arms mixed puts the advocates on two model families, but only Claude is configured: set OPENAI_API_KEY',
    );
    expect(anthropic.requests.length).toBe(calls);
    const badArm = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'debate,poll:3'], {
      env: { ANTHROPIC_API_KEY: KEY },
    });
    expect(badArm.exitCode).toBe(2);
    expect(badArm.stderr).toContain('"poll:3" is not an arm');
    const noBudget = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--arms', 'single'], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url },
    });
    expect(noBudget.exitCode).toBe(1);
    expect(noBudget.stderr).toContain("--budget-usd is needed when --arms has no 'debate'");
    const noFolder = await runCli(['eval', '--cases', `${ROOT}/no-such-folder`], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(noFolder.exitCode).toBe(1);
    expect(noFolder.stderr).toContain('cannot read the folder');
    // A recipe whose pair is not in the case cache is fetched first, and the CLI says so on stderr.
    const fresh = await mkdtemp(path.join(tmpdir(), 'pr-debate-eval-fresh-'));
    made.push(fresh);
    await cp(
      path.join(ROOT, 'eval-cases', 'p-limit-context-without-hooks.yml'),
      path.join(fresh, 'cases', 'p-limit-context-without-hooks.yml'),
      { recursive: true },
    );
    const fetched = await runCli(
      [
        'eval',
        '--cases',
        path.join(fresh, 'cases'),
        '--case-cache',
        path.join(fresh, 'cache'),
        '--arms',
        'single',
        '--budget-usd',
        '0.05',
        '--out',
        await outDir(),
        '--json',
        '--no-framing',
      ],
      { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url } },
    );
    expect(fetched.exitCode, fetched.stderr).toBe(0);
    expect(fetched.stderr).toContain(
      `pr-debate: eval case fetching p-limit@5.0.0 and p-limit@6.0.0 with npm pack into ${path.join(fresh, 'cache', 'p-limit@5.0.0..6.0.0')}\n`,
    );
    expect(
      JSON.parse(await readFile(path.join(fresh, 'cache', 'p-limit@5.0.0..6.0.0', 'meta.json'), 'utf8')),
    ).toMatchObject({ package: 'p-limit', from: '5.0.0', to: '6.0.0' });
  }, 240_000);

  it("stops before the first case with the pre-flight's one message when the model cannot be reached", async () => {
    const out = await outDir();
    // Nothing listens on the discard port of the loopback interface.
    const result = await runCli(['eval', '--cases', cases, '--case-cache', CASE_CACHE, '--out', out], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    const messages = result.stderr.split('\n').filter((l) => l.startsWith('pr-debate:'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      'Model "claude-sonnet-5-5" (input model; the Anthropic API) did not answer the pre-flight call: could not reach the Anthropic API at http://127.0.0.1:9',
    );
    expect(result.stderr).not.toMatch(/accuracy|\| arm/);
    await expect(stat(out)).rejects.toThrow();
  }, 90_000);
});
