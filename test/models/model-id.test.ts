import { describe, expect, it } from 'vitest';
import { formatModelId, parseModelId } from '../../src/models/model-id.js';
import { costUsd, estimateRunCostUsd, priceOf, worstCaseCostUsd } from '../../src/models/price-usage.js';
import { PRICE_LIST } from '../../src/models/prices.js';

describe('parseModelId', () => {
  it('reads [provider:]model, splitting at the first colon only', () => {
    expect(parseModelId('claude-sonnet-5-5')).toEqual({ provider: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(parseModelId(' openai:gpt-5.5 ')).toEqual({ provider: 'openai', model: 'gpt-5.5' });
    expect(parseModelId('openai:llama3.1:8b')).toEqual({ provider: 'openai', model: 'llama3.1:8b' });
    expect(parseModelId('bedrock:us.anthropic.claude-sonnet-5-5')).toEqual({
      provider: 'bedrock',
      model: 'us.anthropic.claude-sonnet-5-5',
    });
    expect(parseModelId('bedrock:anthropic.claude-haiku-4-5-20251001-v1:0')).toEqual({
      provider: 'bedrock',
      model: 'anthropic.claude-haiku-4-5-20251001-v1:0',
    });
    expect(parseModelId('vertex:claude-sonnet-5-5')).toEqual({ provider: 'vertex', model: 'claude-sonnet-5-5' });
    expect(parseModelId('openai-compatible:qwen3')).toEqual({ provider: 'openai', model: 'qwen3' });
    expect(parseModelId('anthropic:claude-opus-5')).toEqual({ provider: 'anthropic', model: 'claude-opus-5' });
  });

  it('refuses an unknown provider and an empty model, saying how to write it', () => {
    expect(() => parseModelId('gtp:gpt-5.5')).toThrow(
      'model id "gtp:gpt-5.5": unknown provider "gtp"; expected anthropic, bedrock, vertex, openai',
    );
    expect(() => parseModelId('mistral:7b')).toThrow(/for example openai:7b/);
    expect(() => parseModelId('openai:')).toThrow('names the provider openai but no model');
    expect(() => parseModelId('  ')).toThrow('model id is empty');
  });

  // platform.claude.com/docs/en/about-claude/models/model-ids-and-versions: dateless from 4.6; Bedrock
  // `anthropic.claude-{name}-{major}-{minor}` (Opus 4.6 the last with `-v1`), before 4.6 `-{YYYYMMDD}-v1:0`;
  // Vertex as the Claude API from 4.6, before it `@{YYYYMMDD}`.
  it("accepts each cloud's current Claude ids, with and without an inference profile", () => {
    for (const model of [
      'global.anthropic.claude-sonnet-5-5',
      'us.anthropic.claude-opus-5',
      'anthropic.claude-opus-4-7',
      'eu.anthropic.claude-sonnet-4-6',
      'global.anthropic.claude-opus-4-6-v1',
      'jp.anthropic.claude-sonnet-4-5-20250929-v1:0',
      'anthropic.claude-3-5-sonnet-20241022-v2:0',
      'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123',
    ]) {
      expect(parseModelId(`bedrock:${model}`).model).toBe(model);
    }
    for (const model of [
      'claude-sonnet-5-5',
      'claude-opus-5',
      'claude-opus-4-6',
      'claude-haiku-4-5@20251001',
      'claude-3-7-sonnet@20250219',
    ])
      expect(parseModelId(`vertex:${model}`).model).toBe(model);
  });

  it('refuses Claude ids a cloud does not name, saying the form to write', () => {
    expect(() => parseModelId('bedrock:us.anthropic.claude-sonnet-5-5-v1:0')).toThrow(
      'Bedrock model "us.anthropic.claude-sonnet-5-5-v1:0": from Claude 4.6 on, Bedrock ids have no snapshot date and no "-v1:0" suffix (only Opus 4.6 keeps "-v1"); write us.anthropic.claude-sonnet-5-5',
    );
    expect(() => parseModelId('bedrock:us.anthropic.claude-opus-5-v1:0')).toThrow('write us.anthropic.claude-opus-5');
    expect(() => parseModelId('bedrock:global.anthropic.claude-opus-4-6-v1:0')).toThrow(
      'write global.anthropic.claude-opus-4-6-v1',
    );
    expect(() => parseModelId('bedrock:anthropic.claude-haiku-4-5')).toThrow(
      'Claude models before 4.6 are named on Bedrock with their snapshot date and "-v1:0"',
    );
    expect(() => parseModelId('bedrock:claude-sonnet-5-5')).toThrow(
      'expected a Claude model id such as global.anthropic.claude-sonnet-5-5',
    );
    expect(() => parseModelId('bedrock:usa.anthropic.claude-sonnet-5-5')).toThrow(
      'unknown inference profile prefix "usa."',
    );
    expect(() => parseModelId('vertex:claude-sonnet-5-5@20261001')).toThrow(
      'Vertex model "claude-sonnet-5-5@20261001": from Claude 4.6 on, the Vertex AI id is the Claude API\'s, without a date; write claude-sonnet-5-5',
    );
    expect(() => parseModelId('vertex:claude-haiku-4-5-20251001')).toThrow('write claude-haiku-4-5@20251001');
    expect(() => parseModelId('vertex:claude-sonnet-4-5')).toThrow('write claude-sonnet-4-5@<YYYYMMDD>');
  });

  it('formats Anthropic ids without a prefix and the others with theirs, so the two round-trip', () => {
    for (const id of ['claude-sonnet-5-5', 'openai:gpt-6.2-sol', 'bedrock:anthropic.claude-opus-5'])
      expect(formatModelId(parseModelId(id))).toBe(id);
    expect(formatModelId(parseModelId('anthropic:claude-opus-5'))).toBe('claude-opus-5');
  });
});

describe('prices', () => {
  const million = {
    input_tokens: 1_000_000,
    output_tokens: 1_000_000,
    cache_creation_input_tokens: 1_000_000,
    cache_read_input_tokens: 1_000_000,
  };
  it('prices each provider and model family, and nothing it does not know', () => {
    expect(costUsd('claude-sonnet-5-5', million)).toBeCloseTo(2 + 10 + 2.5 + 0.1);
    // Three million prompt tokens: over GPT-6's 272K line, the whole call at 2x input and cache, 1.5x output.
    expect(costUsd('openai:gpt-6.2-sol-2026-11-17', million)).toBeCloseTo(4 + 15 + 5 + 0.2);
    expect(costUsd('openai:gpt-6-luna', million)).toBeCloseTo(0.2 + 0.75 + 0.25 + 0.02);
    // Another model, not a snapshot of gpt-6.2-sol, and a retired one: no price rather than a wrong one.
    expect(priceOf('openai:gpt-6.2-sol-pro')).toBeUndefined();
    expect(priceOf('openai:gpt-5')).toBeUndefined();
    expect(costUsd('openai:llama3.1:8b', million)).toBeUndefined();
    // Claude on Bedrock: the global profile at list price, a regional one 10% dearer.
    expect(priceOf('bedrock:global.anthropic.claude-sonnet-5-5')?.input).toBeCloseTo(2);
    expect(priceOf('bedrock:us.anthropic.claude-sonnet-5-5')?.input).toBeCloseTo(2.2);
    expect(priceOf('vertex:claude-opus-5-5')?.output).toBeCloseTo(22);
  });

  it('every entry has the date it was read and its source', () => {
    for (const entry of PRICE_LIST) {
      expect(entry.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.source).toMatch(/^https:\/\//);
    }
  });

  it('the worst case of a call takes the dearer of input and cache-write, plus max_tokens of output; an unknown model has none, and says how to give one', () => {
    expect(worstCaseCostUsd('claude-sonnet-5-5', 100_000, 16_000)).toBeCloseTo((100_000 * 2.5 + 16_000 * 10) / 1e6);
    expect(() => worstCaseCostUsd('openai:llama3.1:8b', 100_000, 16_000)).toThrow(
      /no price is known for model "openai:llama3.1:8b": give one with the model-prices input/,
    );
  });

  it("the plan's estimate prices each model's calls at its own price and its own pack tokens, with one cache write per model", () => {
    // The same pack is 104,000 tokens on Sonnet 5.5's tokenizer and 80,000 on GPT's (issue #31).
    const packOn = (model: string) => (model.startsWith('openai:') ? 80_000 : 104_000);
    const sonnet = (5 * 6000 * 2 + 5 * 4000 * 10 + 104_000 * 2.5 + 4 * 104_000 * 0.1) / 1e6;
    expect(estimateRunCostUsd([{ model: 'claude-sonnet-5-5', calls: 5 }], packOn)).toBeCloseTo(sonnet);
    const gpt = (3 * 6000 * 2 + 3 * 4000 * 10 + 80_000 * 2.5 + 2 * 80_000 * 0.1) / 1e6;
    expect(
      estimateRunCostUsd(
        [
          { model: 'claude-sonnet-5-5', calls: 5 },
          { model: 'openai:gpt-6.2-sol', calls: 3 },
        ],
        packOn,
      ),
    ).toBeCloseTo(sonnet + gpt);
  });
});
