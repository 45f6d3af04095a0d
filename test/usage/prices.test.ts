import { describe, expect, it } from 'vitest';
import { boundedCostUsd, priceOf, worstCaseCostUsd } from '../../src/usage/price-usage.js';
import { DEAREST_PRICE, PRICE_LIST } from '../../src/usage/prices.js';
import { RETIRED_OPENAI_MODELS } from '../support/openai-rules.js';

/**
 * The price list against the providers' pages as read on 2026-12-01 (each figure is the page's, per
 * million tokens: input, 5-minute cache write, cache hit, output).
 */
describe('the price list as the providers publish it', () => {
  it.for([
    // platform.claude.com pricing / model overviews
    ['claude-opus-5-5', { input: 4, cacheWrite: 5, cacheRead: 0.2, output: 20 }],
    ['claude-opus-5', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-sonnet-5-5', { input: 2, cacheWrite: 2.5, cacheRead: 0.1, output: 10 }],
    ['claude-sonnet-5', { input: 2, cacheWrite: 2.5, cacheRead: 0.2, output: 10 }],
    ['claude-fable-5-1', { input: 10, cacheWrite: 12.5, cacheRead: 0.25, output: 50 }],
    ['claude-fable-5', { input: 10, cacheWrite: 12.5, cacheRead: 1, output: 50 }],
    // developers.openai.com model pages
    ['openai:gpt-6.2-sol', { input: 2, cacheWrite: 2.5, cacheRead: 0.1, output: 10 }],
    ['openai:gpt-6-luna', { input: 0.1, cacheWrite: 0.125, cacheRead: 0.01, output: 0.5 }],
  ] as const)('%s', ([model, price]) => {
    const found = priceOf(model);
    expect(found).toBeDefined();
    for (const kind of ['input', 'cacheWrite', 'cacheRead', 'output'] as const) expect(found![kind]).toBeCloseTo(price[kind]);
  });

  it('prices no OpenAI model that OpenAI has scheduled to shut down', () => {
    const retired = new Set(RETIRED_OPENAI_MODELS.map((r) => r.model));
    for (const entry of PRICE_LIST.filter((e) => e.provider === 'openai')) expect(retired.has(entry.prefix), entry.prefix).toBe(false);
    expect(priceOf('openai:gpt-5')).toBeUndefined();
    expect(priceOf('openai:gpt-4o')).toBeUndefined();
  });

  it('charges a model without a price at least what the dearest current model costs, so the cap holds', () => {
    // Claude Fable 5.1 is the dearest model on either list: $10 input, $12.50 cache write, $50 output.
    expect(DEAREST_PRICE.input).toBeGreaterThanOrEqual(10);
    expect(DEAREST_PRICE.cacheWrite).toBeGreaterThanOrEqual(12.5);
    expect(DEAREST_PRICE.output).toBeGreaterThanOrEqual(50);
    const usage = { input_tokens: 20_000, output_tokens: 8_000, cache_creation_input_tokens: 80_000, cache_read_input_tokens: 80_000 };
    for (const model of ['claude-fable-5-1', 'claude-opus-5-5', 'openai:gpt-6.2-astra']) {
      expect(boundedCostUsd('openai:an-unpriced-model', usage)).toBeGreaterThanOrEqual(boundedCostUsd(model, usage));
      expect(worstCaseCostUsd('openai:an-unpriced-model', 100_000, 16_000)).toBeGreaterThanOrEqual(worstCaseCostUsd(model, 100_000, 16_000));
    }
  });
});
