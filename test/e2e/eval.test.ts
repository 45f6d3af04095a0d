import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { ROOT } from '../support/run-action.js';
import { runCli } from '../support/run-cli.js';

/**
 * `pr-debate eval` on the shipped cases (eval-cases/) against the local Messages API server playing a
 * rehearsal model: this exercises the plumbing (every arm, both orders, budgets, citation checks, the
 * statistics); the figures say nothing about models.
 */
const KEY = 'sk-ant-local-eval-suite-key';
let anthropic: AnthropicServer;

beforeAll(async () => {
  anthropic = await startAnthropicServer({ apiKey: KEY, responder: createRehearsalResponder({ seed: 3 }) });
});
afterAll(() => anthropic.close());

describe('pr-debate eval', () => {
  it('runs every arm on every shipped case in both orders, at the debate\'s budget, and prints the table', async () => {
    const result = await runCli(['eval', '--cases', `${ROOT}/eval-cases`, '--arms', 'debate,single,vote:3', '--json'], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url },
      timeoutMs: 120_000,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      scores: { arm: string; runs: number; cases: number; consistentOf: number; tokens: number; interval: [number, number]; accuracy: number; unverifiedRight: { of: number; rate?: number }; unverifiedWrong: { of: number } }[];
      runs: { caseId: string; arm: string; order: string; usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number } }[];
    };
    expect(report.scores.map((s) => s.arm)).toEqual(['debate', 'single', 'vote:3']);
    for (const score of report.scores) {
      expect(score).toMatchObject({ runs: 12, cases: 6, consistentOf: 6 });
      expect(score.interval[0]).toBeLessThanOrEqual(score.accuracy);
      expect(score.interval[1]).toBeGreaterThanOrEqual(score.accuracy);
      // The rehearsal spoils one citation per reply; the rest quote lines of the pack and verify.
      expect(score.unverifiedRight.rate ?? 0).toBeLessThan(0.5);
    }
    // The advocates cite on both sides (the rehearsal's judge rules without falsifying, so the other arms may cite nothing).
    const debate = report.scores[0]!;
    expect(debate.unverifiedRight.of).toBeGreaterThan(0);
    expect(debate.unverifiedWrong.of).toBeGreaterThan(0);
    // Equal compute: no single or vote run used more tokens than the debate on the same case and order.
    const tokens = (u: (typeof report.runs)[number]['usage']) => u.input_tokens + u.output_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
    for (const run of report.runs.filter((r) => r.arm !== 'debate')) {
      const debate = report.runs.find((r) => r.arm === 'debate' && r.caseId === run.caseId && r.order === run.order)!;
      expect(tokens(run.usage), `${run.arm} ${run.caseId} ${run.order}`).toBeLessThanOrEqual(tokens(debate.usage));
    }
    // The vote arm's calls are three voters per case and order (they fit the debate's budget here).
    const voteCalls = anthropic.requests.filter((r) => JSON.stringify(r.body).includes('You are voter '));
    expect(voteCalls.length).toBe(6 * 2 * 3);
  }, 150_000);

  it('prints a table, and says what is wrong with a bad arm or case folder', async () => {
    const table = await runCli(['eval', '--cases', `${ROOT}/eval-cases`, '--arms', 'single', '--budget-tokens', '40000'], { env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url }, timeoutMs: 60_000 });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^\| arm +\| accuracy +\| 95% interval/m);
    expect(table.stdout).toMatch(/^\| single +\| \d+% \(12 runs\)/m);
    const badArm = await runCli(['eval', '--cases', `${ROOT}/eval-cases`, '--arms', 'debate,poll:3'], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(badArm.exitCode).toBe(2);
    expect(badArm.stderr).toContain('"poll:3" is not an arm');
    const noFolder = await runCli(['eval', '--cases', `${ROOT}/no-such-folder`], { env: { ANTHROPIC_API_KEY: KEY } });
    expect(noFolder.exitCode).toBe(1);
    expect(noFolder.stderr).toContain('cannot read the folder');
  }, 90_000);
});
