import { describe, expect, it } from 'vitest';
import { callsModerator, planDebate, plannedCalls } from '../../src/debate/plan.js';
import type { PackCount } from '../../src/llm/count-pack-tokens.js';
import { estimateDebate } from '../../src/pipeline/track-progress.js';
import { renderPlanComment, type PostedPlan } from '../../src/report/render-plan.js';
import { renderProgressComment } from '../../src/report/render-progress.js';
import { plainProse } from '../../src/report/prose.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { callsByModel, estimateRunCostUsd } from '../../src/models/price-usage.js';
import { overflowPack } from '../support/evidence-fixtures.js';

/**
 * The plan's cost estimate counts the evidence pack's tokens per model (issue #31): on each model's own
 * tokenizer (Claude 4.7 and later count the same text as about 30% more tokens), or as its provider
 * counted them once pre-flight has; and the comment says which.
 */

const run = async (inputs: Record<string, string>) => ({
  settings: await parseSettings(
    (name) =>
      ({
        'github-token': 'ghs_estimate',
        'anthropic-api-key': 'sk-ant-estimate',
        'openai-api-key': 'sk-estimate',
        ...inputs,
      })[name],
    { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'o/r' },
  ),
});
const plan = planDebate({ preset: 'standard', maxRounds: undefined, command: {} });
// 280,000 characters: 80,000 tokens at 3.5 characters a token, 104,000 on the newer Claude tokenizer.
const pack = { text: 'x'.repeat(280_000) };
const costWith = async (inputs: Record<string, string>, tokensOn: (model: string) => number) => {
  const { settings } = await run(inputs);
  return estimateRunCostUsd(
    callsByModel({ total: plannedCalls(plan, 2, false), framing: false, positions: 2, ...settings.models }),
    tokensOn,
  );
};

describe("the plan's cost estimate", () => {
  it("prices the pack at each model's own tokenizer before pre-flight, and says it is an estimate", async () => {
    const sonnet = estimateDebate(await run({ model: 'claude-sonnet-5-5' }), plan, 2, false, pack);
    expect(sonnet.packTokens).toBe('estimated');
    expect(sonnet.costUsd).toBeCloseTo((await costWith({ model: 'claude-sonnet-5-5' }, () => 104_000))!, 10);
    // Not the 3.5-characters figure the pack was once priced at on every model.
    expect(sonnet.costUsd).toBeGreaterThan((await costWith({ model: 'claude-sonnet-5-5' }, () => 80_000))! + 0.01);
    const haiku = estimateDebate(await run({ model: 'claude-haiku-4-5' }), plan, 2, false, pack);
    expect(haiku.costUsd).toBeCloseTo((await costWith({ model: 'claude-haiku-4-5' }, () => 80_000))!, 10);
    // Mixed: each model's calls at its own figure.
    const mixed = {
      model: 'claude-haiku-4-5',
      'advocate-models': 'claude-haiku-4-5, openai:gpt-6.1-sol',
      'judge-model': 'claude-opus-5',
    };
    expect(estimateDebate(await run(mixed), plan, 2, false, pack).costUsd).toBeCloseTo(
      (await costWith(mixed, (m) => (m === 'claude-opus-5' ? 104_000 : 80_000)))!,
      10,
    );
  });

  it("takes each provider's count from pre-flight where it has one, and says whether all, some or none were counted", async () => {
    const counts = new Map<string, PackCount>([['claude-sonnet-5-5', { tokens: 97_000, how: 'counted' }]]);
    const counted = estimateDebate(await run({ model: 'claude-sonnet-5-5' }), plan, 2, false, pack, counts);
    expect(counted.packTokens).toBe('counted');
    expect(counted.costUsd).toBeCloseTo((await costWith({ model: 'claude-sonnet-5-5' }, () => 97_000))!, 10);
    const some = new Map<string, PackCount>([
      ...counts,
      ['bedrock:us.anthropic.claude-haiku-5-5', { tokens: 104_000, how: 'estimated' }],
    ]);
    const partly = estimateDebate(
      await run({ model: 'claude-sonnet-5-5', 'judge-model': 'bedrock:us.anthropic.claude-haiku-5-5' }),
      plan,
      2,
      false,
      pack,
      some,
    );
    expect(partly.packTokens).toBe('partly-counted');
  });

  it('the progress comment and the posted plan say how the pack was counted beside the figure', async () => {
    const estimate = estimateDebate(await run({ model: 'claude-sonnet-5-5' }), plan, 2, false, pack);
    const progress = renderProgressComment({
      id: '0123456789abcdef',
      topic: undefined,
      positions: undefined,
      outOfScope: [],
      preset: 'standard',
      models: { advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' },
      evidence: undefined,
      estimate,
      phases: [],
      done: new Set(),
      evidenceDone: true,
      runUrl: undefined,
    });
    expect(progress).toMatch(
      /\*\*Estimate:\*\* up to \d+ model calls, about \$\d+\.\d\d \(the evidence pack's tokens estimated for each model's tokenizer\)/,
    );
    const counted = { ...estimate, packTokens: 'counted' as const };
    const posted: PostedPlan = {
      v: 1,
      state: 'waiting',
      topic: 'cache',
      positions: ['keep', 'drop'],
      prPosition: null,
      outOfScope: [],
      plan: { preset: 'standard', rounds: 1, steelman: true },
      headSha: 'a'.repeat(40),
      requestedBy: 'alice',
      models: { moderator: 'claude-sonnet-5-5', advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' },
      estimate: counted,
      framingCostUsd: 0.03,
      notes: [],
    };
    expect(
      renderPlanComment(posted, { id: '0123456789abcdef', command: '/debate', runUrl: undefined, prose: plainProse }),
    ).toMatch(
      /about \$\d+\.\d\d \(the evidence pack's tokens as each model's provider counted them\); framing the positions cost \$0\.0300\./,
    );
  });

  it('counts the moderator call that names the PR’s position, or checks a `(this PR)` mark; none for --no-pr-position or a plan named at this head (issue #38)', async () => {
    expect(callsModerator(0, { kind: 'none' })).toBe(true);
    expect(callsModerator(2, { kind: 'ask' })).toBe(true);
    expect(callsModerator(2, { kind: 'claim', id: 'A' })).toBe(true);
    expect(callsModerator(2, { kind: 'none' })).toBe(false);
    expect(callsModerator(2, { kind: 'named', id: 'A' })).toBe(false);
    expect(plannedCalls(plan, 2, callsModerator(2, { kind: 'claim', id: 'A' }))).toBe(plannedCalls(plan, 2, false) + 1);
  });

  it('counts one reader call a part on reader-model, at most max-reader-calls, and fewer while the estimate would pass max-cost-usd (issue #40)', async () => {
    const overflow = overflowPack(1_500);
    expect(overflow.coverage.parts).toHaveLength(3);
    const sonnet = { model: 'claude-sonnet-5-5' };
    const all = estimateDebate(await run(sonnet), plan, 2, false, overflow);
    const none = estimateDebate(await run({ ...sonnet, 'max-reader-calls': '0' }), plan, 2, false, overflow);
    const one = estimateDebate(await run({ ...sonnet, 'max-reader-calls': '1' }), plan, 2, false, overflow);
    expect(all.readers).toEqual({ model: 'claude-sonnet-5-5', calls: 3, bound: 'max-reader-calls' });
    expect(one.readers).toEqual({ model: 'claude-sonnet-5-5', calls: 1, bound: 'max-reader-calls' });
    expect(none.readers.calls).toBe(0);
    expect(all.calls).toBe(none.calls + 3);
    expect(all.costUsd!).toBeGreaterThan(one.costUsd!);
    expect(one.costUsd!).toBeGreaterThan(none.costUsd!);
    // A cap the run with every reader would pass: fewer readers, within it, and the bound says why.
    const cap = (one.costUsd! + all.costUsd!) / 2;
    const capped = estimateDebate(await run({ ...sonnet, 'max-cost-usd': cap.toFixed(6) }), plan, 2, false, overflow);
    expect(capped.readers.bound).toBe('max-cost-usd');
    expect(capped.readers.calls).toBeGreaterThanOrEqual(1);
    expect(capped.readers.calls).toBeLessThan(3);
    expect(capped.costUsd!).toBeLessThanOrEqual(cap);
    // A cheaper reader model costs less for the same parts.
    expect(
      estimateDebate(await run({ ...sonnet, 'reader-model': 'claude-haiku-4-5' }), plan, 2, false, overflow).costUsd!,
    ).toBeLessThan(all.costUsd!);
  });
});
