import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall, type ModelClient, type TokenUsage } from '../../src/debate/model-client.js';
import { planDebate } from '../../src/debate/plan.js';
import { loadPrompt } from '../../src/debate/prompts.js';
import { runDebate } from '../../src/debate/run-debate.js';
import { checkModels } from '../../src/llm/check-models.js';
import { costUsd, summariseUsage, worstCaseCostUsd } from '../../src/models/price-usage.js';
import { outputBudget } from '../../src/llm/claude-models.js';
import { boundInputTokens, capSpending, SpendingCapReached } from '../../src/llm/spending-cap.js';
import { debateScript } from '../support/debate-script.js';
import { fixturePack, pull } from '../support/evidence-fixtures.js';
import { scriptedModels } from '../support/scripted-models.js';

const schema = z.object({ ok: z.boolean() });
const call = (model = 'claude-sonnet-5-5', maxTokens = 1_000): ModelCall<{ ok: boolean }> => ({
  role: 'advocate',
  model,
  system: 'sys',
  evidence: 'e'.repeat(4_000),
  instructions: 'go',
  format: schema,
  schema,
  maxTokens,
});
const usage = (output: number): TokenUsage => ({
  input_tokens: 1_000,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});

/** A model that answers after `release()` is called for it, with `output` tokens. */
function heldModel(output: number) {
  const pending: (() => void)[] = [];
  let made = 0;
  const client: ModelClient = {
    async complete<T>(c: ModelCall<T>) {
      made += 1;
      await new Promise<void>((resolve) => pending.push(resolve));
      return { output: { ok: true } as T, usage: usage(output), model: c.model };
    },
  };
  return { client, made: () => made, release: () => pending.shift()?.(), waiting: () => pending.length };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('capSpending (max-cost-usd)', () => {
  // The cap reserves the max_tokens a call is sent with: its reply's budget plus room for thinking.
  const worst = worstCaseCostUsd(
    'claude-sonnet-5-5',
    boundInputTokens(call() as ModelCall<unknown>),
    outputBudget('claude-sonnet-5-5', 'advocate', 1_000),
  );
  const actual = costUsd('claude-sonnet-5-5', usage(500))!;

  it('makes a call only when its worst case fits what is left, and counts actual usage', async () => {
    const model = heldModel(500);
    const capped = capSpending(model.client, worst * 1.5);
    const first = capped.complete(call());
    await tick();
    model.release();
    await first;
    expect(capped.spentUsd()).toBeCloseTo(actual);
    // worst + actual > 1.5 worst? actual is far below worst, so the second fits too.
    const second = capped.complete(call());
    await tick();
    model.release();
    await second;
    expect(model.made()).toBe(2);
  });

  it('holds calls in flight as reservations: a parallel call waits for them, then goes if it still fits', async () => {
    const model = heldModel(500);
    const capped = capSpending(model.client, worst * 1.5);
    const a = capped.complete(call());
    const b = capped.complete(call());
    await tick();
    expect(model.made()).toBe(1); // b would pass the cap if a cost its worst case
    model.release();
    await a;
    await tick();
    expect(model.made()).toBe(2); // a cost far less, so b fits now
    model.release();
    await b;
    expect(capped.spentUsd()).toBeLessThanOrEqual(worst * 1.5);
  });

  it('refuses a call that could pass the cap, and every call after it, without calling the model', async () => {
    const model = heldModel(Math.round(outputBudget('claude-sonnet-5-5', 'advocate', 1_000) * 0.9));
    const cap = worst * 2.2;
    const capped = capSpending(model.client, cap);
    const results: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const pending = capped.complete(call()).catch((e: unknown) => e);
      await tick();
      model.release();
      results.push(await pending);
    }
    const refused = results.filter((r) => r instanceof SpendingCapReached);
    expect(model.made()).toBeLessThan(5);
    expect(refused.length).toBe(5 - model.made());
    expect(capped.spentUsd()).toBeLessThanOrEqual(cap);
    expect(capped.reached()).toBeInstanceOf(SpendingCapReached);
    expect(capped.reached()!.message).toMatch(
      /^the spending cap was reached \(max-cost-usd: [\d.]+\): \$[\d.]+ spent, and the next call could cost up to \$[\d.]+, so it was not made$/,
    );
    // A cheaper call after the refusal is refused too: the run stops where the cap stopped it.
    await expect(capped.complete(call('claude-haiku-4-5', 1))).rejects.toBeInstanceOf(SpendingCapReached);
  });

  it('counts the usage of a reply that failed validation, and never prices an unpriced model at a guessed rate', async () => {
    let made = 0;
    const failing: ModelClient = {
      complete: () => ((made += 1), Promise.reject(new ModelReplyError('bad', usage(500)))),
    };
    const capped = capSpending(failing, 1);
    await expect(capped.complete(call())).rejects.toBeInstanceOf(ModelReplyError);
    expect(capped.spentUsd()).toBeCloseTo(actual);
    // Pre-flight refuses such a run first (findProblem); should a call reach the cap anyway, it is not made.
    const unpriced = capSpending(failing, 1);
    await expect(unpriced.complete(call('openai:llama3.1:8b'))).rejects.toThrow(
      /no price is known for model "openai:llama3.1:8b": give one with the model-prices input/,
    );
    expect(made).toBe(1);
    expect(unpriced.spentUsd()).toBe(0);
  });

  it('bounds input tokens from above by the bytes of the prompt and its schema', () => {
    const c = call() as ModelCall<unknown>;
    expect(boundInputTokens(c)).toBeGreaterThan(
      Buffer.byteLength(c.system + c.evidence + c.instructions) + JSON.stringify(z.toJSONSchema(schema)).length - 1,
    );
  });

  it('counts against the cap rounded down to 4 decimals, as the record rounds its cost, so the rounded record stays within the cap', async () => {
    // A model that spends each call's whole worst case: every input token written to the cache, max_tokens of output.
    const exact: ModelClient = {
      complete: <T>(c: ModelCall<T>) =>
        Promise.resolve({
          output: { ok: true } as T,
          usage: {
            input_tokens: 0,
            output_tokens: outputBudget(c.model, c.role, c.maxTokens),
            cache_creation_input_tokens: boundInputTokens(c as ModelCall<unknown>),
            cache_read_input_tokens: 0,
          },
          model: c.model,
        }),
    };
    const worstOf = (maxTokens: number) =>
      worstCaseCostUsd(
        'claude-sonnet-5-5',
        boundInputTokens(call('claude-sonnet-5-5', maxTokens) as ModelCall<unknown>),
        outputBudget('claude-sonnet-5-5', 'advocate', maxTokens),
      );
    const recordOf = (maxTokens: number) =>
      summariseUsage([
        {
          model: 'claude-sonnet-5-5',
          usage: {
            input_tokens: 0,
            output_tokens: outputBudget('claude-sonnet-5-5', 'advocate', maxTokens),
            cache_creation_input_tokens: boundInputTokens(call('claude-sonnet-5-5', maxTokens) as ModelCall<unknown>),
            cache_read_input_tokens: 0,
          },
        },
      ]).cost_usd;
    // A call whose cost the record rounds up at the 4th decimal.
    const maxTokens = [...Array(100).keys()].map((i) => 1_000 + i).find((m) => recordOf(m) > worstOf(m));
    expect(maxTokens).toBeDefined();
    const worstCase = worstOf(maxTokens!);
    // With the cap at that cost exactly, the call would fit unrounded, but its rounded record would pass the cap: it is refused.
    const tight = capSpending(exact, worstCase);
    await expect(tight.complete(call('claude-sonnet-5-5', maxTokens!))).rejects.toBeInstanceOf(SpendingCapReached);
    expect(tight.reached()!.capUsd).toBe(worstCase);
    // A cap of 4 decimals is used whole: at the rounded cost the call goes, and its record is the cap exactly.
    const roundCap = Math.ceil(worstCase * 10_000) / 10_000;
    const whole = capSpending(exact, roundCap);
    const reply = await whole.complete(call('claude-sonnet-5-5', maxTokens));
    const record = summariseUsage([{ model: reply.model, usage: reply.usage }]).cost_usd;
    expect(record).toBe(roundCap);
    expect(whole.spentUsd()).toBeLessThanOrEqual(roundCap);
  });
});

describe('capSpending over a whole run: the pre-flight check, then a debate', () => {
  const model = 'claude-sonnet-5-5';
  const roles = {
    model,
    advocateModels: [model],
    judgeModel: model,
    sources: { advocates: 'default' as const, judge: 'default' as const },
  };
  const prompt = { system: loadPrompt('system'), instructions: loadPrompt('preflight') };
  /** Pre-flight and a quick debate through one capped client, as the action runs them (`check-role-models.ts`, `hold-debate.ts`). */
  async function run(capUsd: number) {
    const models = scriptedModels(debateScript());
    const capped = capSpending(models, capUsd);
    const preflight = await checkModels(capped, roles, prompt);
    const outcome = await runDebate(capped, {
      pack: fixturePack(),
      positions: ['keep the cache', 'drop the cache'],
      outOfScope: [],
      command: '/debate',
      moderatorModel: model,
      advocateModels: [model],
      judgeModel: model,
      plan: planDebate({ preset: 'quick', maxRounds: undefined, command: {} }),
      language: {
        language: 'auto',
        commandText: 'keep the cache vs drop the cache',
        prText: `${pull.title}\n\n${pull.body}`,
      },
    });
    if (outcome.kind !== 'debate') throw new Error('expected a debate');
    // The record's usage: the pre-flight calls and the debate's, as `save-result.ts` merges them.
    const record = summariseUsage([...preflight.calls, ...outcome.calls]);
    return { models, capped, preflight, outcome, record };
  }

  it("stops before judge run 2 when only run 1 fits: degraded-success on run 1's ruling, and record <= counted <= cap", async () => {
    // Measured uncapped: what the run spends before the judge, a judge run's cost, and a judge call's worst case.
    const free = await run(Number.POSITIVE_INFINITY);
    const judges = free.models.calls.filter((c) => c.meta?.phase === 'judge');
    expect(judges).toHaveLength(2);
    const judgeRun = costUsd(model, free.outcome.calls.find((c) => c.purpose.startsWith('judge'))!.usage)!;
    const beforeJudge = free.capped.spentUsd() - 2 * judgeRun;
    const judgeWorst = Math.max(
      ...judges.map((c) =>
        worstCaseCostUsd(c.model, boundInputTokens(c), outputBudget(c.model, c.role, c.maxTokens, c.meta?.warmUp)),
      ),
    );
    // Run 1 fits; after it has cost what it cost, run 2's worst case does not.
    const cap = beforeJudge + judgeWorst + judgeRun / 2;

    const { models, capped, preflight, outcome, record } = await run(cap);
    expect(models.calls.filter((c) => c.meta?.phase === 'judge').map((c) => c.meta?.order)).toEqual([['A', 'B']]);
    expect(outcome.completion).toBe('degraded-success');
    expect(outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'low' });
    expect(outcome.judgeRuns.map((r) => r.error)).toEqual([
      undefined,
      expect.stringMatching(/^the spending cap was reached/),
    ]);
    expect(capped.reached()).toBeInstanceOf(SpendingCapReached);
    // The record counts the pre-flight call too, and never more than the cap counted, which never passes the cap.
    expect(preflight.calls).toHaveLength(1);
    expect(record.cost_usd).toBeGreaterThan(summariseUsage(outcome.calls).cost_usd);
    expect(record.cost_usd).toBeLessThanOrEqual(capped.spentUsd());
    expect(capped.spentUsd()).toBeLessThanOrEqual(cap);
  });

  it('aborts when no judge run fits, with record <= counted <= cap', async () => {
    const free = await run(Number.POSITIVE_INFINITY);
    const judges = free.models.calls.filter((c) => c.meta?.phase === 'judge');
    const judgeRun = costUsd(model, free.outcome.calls.find((c) => c.purpose.startsWith('judge'))!.usage)!;
    const cap =
      free.capped.spentUsd() -
      2 * judgeRun +
      worstCaseCostUsd(model, boundInputTokens(judges[0]!), outputBudget(model, 'judge', judges[0]!.maxTokens)) / 2;
    const { models, capped, outcome, record } = await run(cap);
    expect(models.calls.some((c) => c.meta?.phase === 'judge')).toBe(false);
    expect(outcome.completion).toBe('aborted');
    expect(outcome.ruling).toBeUndefined();
    expect(record.cost_usd).toBeLessThanOrEqual(capped.spentUsd());
    expect(capped.spentUsd()).toBeLessThanOrEqual(cap);
  });

  it("the debate returns the cap as its stop reason, with the first refusal's figures; an uncapped run returns none", async () => {
    const free = await run(Number.POSITIVE_INFINITY);
    expect(free.outcome.stoppedBy).toBeUndefined();
    const judges = free.models.calls.filter((c) => c.meta?.phase === 'judge');
    const judgeRun = costUsd(model, free.outcome.calls.find((c) => c.purpose.startsWith('judge'))!.usage)!;
    // No judge run fits: both are refused, and the first refusal is what the run reports.
    const cap =
      free.capped.spentUsd() -
      2 * judgeRun +
      worstCaseCostUsd(model, boundInputTokens(judges[0]!), outputBudget(model, 'judge', judges[0]!.maxTokens)) / 2;
    const { capped, outcome } = await run(cap);
    const reached = capped.reached()!;
    expect(outcome.stoppedBy).toEqual({
      kind: 'spending-cap',
      capUsd: cap,
      spentUsd: reached.spentUsd,
      callUsd: reached.callUsd,
    });
  });
});
