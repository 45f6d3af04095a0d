import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall, type ModelClient, type TokenUsage } from '../../src/debate/model-client.js';
import { costUsd, worstCaseCostUsd } from '../../src/usage/price-usage.js';
import { boundInputTokens, capSpending, SpendingCapReached } from '../../src/llm/spending-cap.js';

const schema = z.object({ ok: z.boolean() });
const call = (model = 'claude-sonnet-5-5', maxTokens = 1_000): ModelCall<{ ok: boolean }> => ({ role: 'advocate', model, system: 'sys', evidence: 'e'.repeat(4_000), instructions: 'go', format: schema, schema, maxTokens });
const usage = (output: number): TokenUsage => ({ input_tokens: 1_000, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });

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
  const worst = worstCaseCostUsd('claude-sonnet-5-5', boundInputTokens(call() as ModelCall<unknown>), 1_000);
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
    const model = heldModel(900);
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
    expect(capped.reached()!.message).toMatch(/^the spending cap was reached \(max-cost-usd: [\d.]+\): \$[\d.]+ spent, and the next call could cost up to \$[\d.]+, so it was not made$/);
    // A cheaper call after the refusal is refused too: the run stops where the cap stopped it.
    await expect(capped.complete(call('claude-haiku-4-5', 1))).rejects.toBeInstanceOf(SpendingCapReached);
  });

  it('counts the usage of a reply that failed validation, and charges an unpriced model at the dearest rates', async () => {
    const failing: ModelClient = { complete: () => Promise.reject(new ModelReplyError('bad', usage(500))) };
    const capped = capSpending(failing, 1);
    await expect(capped.complete(call())).rejects.toBeInstanceOf(ModelReplyError);
    expect(capped.spentUsd()).toBeCloseTo(actual);
    const unpriced = capSpending(failing, 1);
    await expect(unpriced.complete(call('openai:llama3.1:8b'))).rejects.toBeInstanceOf(ModelReplyError);
    expect(unpriced.spentUsd()).toBeGreaterThan(actual);
  });

  it('bounds input tokens from above by the bytes of the prompt and its schema', () => {
    const c = call() as ModelCall<unknown>;
    expect(boundInputTokens(c)).toBeGreaterThan(Buffer.byteLength(c.system + c.evidence + c.instructions) + JSON.stringify(z.toJSONSchema(schema)).length - 1);
  });
});
