import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeModelFacts } from '../../src/llm/claude-models.js';
import { parseModelId } from '../../src/models/model-id.js';
import { RETIREMENTS } from '../../src/models/model-retirements.js';
import { openAiModelFacts } from '../../src/llm/openai-models.js';
import { describeUnpriced, parseModelPrices, unpricedModels } from '../../src/models/model-prices.js';
import { costUsd, priceOf, summariseUsage, worstCaseCostUsd } from '../../src/models/price-usage.js';
import { PRICE_LIST } from '../../src/models/prices.js';
import { RETIRED_OPENAI_MODELS } from '../support/openai-rules.js';

/**
 * The price list against the providers' pages as read on 2026-12-03 (each figure is the page's, per
 * million tokens: input, 5-minute cache write, cache hit, output).
 */
describe('the price list as the providers publish it', () => {
  it.for([
    // platform.claude.com pricing / model overviews / release notes
    ['claude-fable-5-2', { input: 8, cacheWrite: 10, cacheRead: 0.2, output: 40 }],
    ['claude-fable-5-1', { input: 10, cacheWrite: 12.5, cacheRead: 0.25, output: 50 }],
    ['claude-fable-5', { input: 10, cacheWrite: 12.5, cacheRead: 1, output: 50 }],
    ['claude-opus-5-5', { input: 4, cacheWrite: 5, cacheRead: 0.2, output: 20 }],
    ['claude-opus-5', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-opus-4-8', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-opus-4-7', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-opus-4-6', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-opus-4-5', { input: 5, cacheWrite: 6.25, cacheRead: 0.5, output: 25 }],
    ['claude-sonnet-5-5', { input: 2, cacheWrite: 2.5, cacheRead: 0.1, output: 10 }],
    ['claude-sonnet-5', { input: 2, cacheWrite: 2.5, cacheRead: 0.2, output: 10 }],
    ['claude-haiku-5-5', { input: 0.1, cacheWrite: 0.125, cacheRead: 0.01, output: 0.5 }],
    ['claude-haiku-4-5', { input: 1, cacheWrite: 1.25, cacheRead: 0.1, output: 5 }],
    // developers.openai.com model pages
    ['openai:gpt-6.1-sol', { input: 2, cacheWrite: 2.5, cacheRead: 0.1, output: 10 }],
    ['openai:gpt-6-sol', { input: 2, cacheWrite: 2.5, cacheRead: 0.2, output: 10 }],
    ['openai:gpt-6-astra', { input: 10, cacheWrite: 12.5, cacheRead: 1, output: 50 }],
    ['openai:gpt-6.2-sol', { input: 2, cacheWrite: 2.5, cacheRead: 0.1, output: 10 }],
    ['openai:gpt-6-luna', { input: 0.1, cacheWrite: 0.125, cacheRead: 0.01, output: 0.5 }],
  ] as const)('%s', ([model, price]) => {
    const found = priceOf(model);
    expect(found).toBeDefined();
    for (const kind of ['input', 'cacheWrite', 'cacheRead', 'output'] as const)
      expect(found![kind]).toBeCloseTo(price[kind]);
  });

  it('every row names its page and the day it was read', () => {
    for (const entry of PRICE_LIST) {
      expect(entry.source, entry.prefix).toMatch(/^https:\/\/(platform\.claude\.com|developers\.openai\.com)\//);
      expect(entry.read).toBe('2026-12-03');
    }
  });

  it('prices no OpenAI model that OpenAI has scheduled to shut down', () => {
    const retired = new Set(RETIRED_OPENAI_MODELS.map((r) => r.model));
    for (const entry of PRICE_LIST.filter((e) => e.provider === 'openai'))
      expect(retired.has(entry.prefix), entry.prefix).toBe(false);
    expect(priceOf('openai:gpt-5')).toBeUndefined();
    expect(priceOf('openai:gpt-4o')).toBeUndefined();
  });

  it('prices no model retired by the end of 2026, and knows no such Claude model (model-retirements.ts)', () => {
    const retired = RETIREMENTS.filter((r) => r.date < '2027-01-01');
    expect(retired.map((r) => r.ids[0])).toEqual(
      expect.arrayContaining(['claude-sonnet-4-5-20250929', 'claude-sonnet-4-20250514', 'gpt-5']),
    );
    for (const r of retired) {
      for (const id of r.ids) {
        const full = r.provider === 'anthropic' ? id : `${r.provider}:${id}`;
        expect(priceOf(full), full).toBeUndefined();
        if (r.provider === 'anthropic') expect(claudeModelFacts(id), id).toBeUndefined();
      }
    }
    // Sonnet 4.6, which the old `claude-sonnet-4` row also priced, keeps its own.
    expect(priceOf('claude-sonnet-4-6')).toMatchObject({ input: 3, output: 15 });
  });

  it("prices Claude Haiku 5.5 in two bands by the whole prompt (cache reads and writes count), the whole call at the upper band's rates", () => {
    const small = {
      input_tokens: 10_000,
      output_tokens: 1_000,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 90_000,
    };
    expect(costUsd('claude-haiku-5-5', small)).toBeCloseTo((10_000 * 0.1 + 1_000 * 0.5 + 90_000 * 0.01) / 1e6, 10);
    // One token more of prompt: over 100,000, every token at the upper band.
    const large = { ...small, cache_read_input_tokens: 90_001 };
    expect(costUsd('claude-haiku-5-5', large)).toBeCloseTo((10_000 * 0.5 + 1_000 * 2.5 + 90_001 * 0.05) / 1e6, 10);
    // The spending cap's worst case takes the band of its input bound: above the bill whatever the real prompt.
    expect(worstCaseCostUsd('claude-haiku-5-5', 120_000, 16_000)).toBeCloseTo(
      (120_000 * 0.625 + 16_000 * 2.5) / 1e6,
      10,
    );
  });

  it('prices a GPT-6 prompt over 272K input tokens at 2x input and 1.5x output for the full request', () => {
    const usage = {
      input_tokens: 272_001,
      output_tokens: 1_000,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    expect(costUsd('openai:gpt-6.1-sol', usage)).toBeCloseTo((272_001 * 4 + 1_000 * 15) / 1e6, 10);
    expect(costUsd('openai:gpt-6.1-sol', { ...usage, input_tokens: 272_000 })).toBeCloseTo(
      (272_000 * 2 + 1_000 * 10) / 1e6,
      10,
    );
  });

  it('prices OpenAI cache writes at the cache-write rate, not the input rate', () => {
    const usage = {
      input_tokens: 1_000,
      output_tokens: 0,
      cache_creation_input_tokens: 80_000,
      cache_read_input_tokens: 0,
    };
    expect(costUsd('openai:gpt-6.2-sol', usage)).toBeCloseTo((1_000 * 2 + 80_000 * 2.5) / 1e6, 10);
  });
});

describe('model-prices and models without a price', () => {
  it('reads model-prices, and its prices win over the list for the cap and the record', () => {
    const prices = parseModelPrices('openai:llama3.1:8b=0/0,\nclaude-sonnet-5-5=1/5/1.25/0.05');
    expect(priceOf('openai:llama3.1:8b', prices)).toEqual({ input: 0, output: 0, cacheWrite: 0, cacheRead: 0 });
    expect(priceOf('anthropic:claude-sonnet-5-5', prices)?.output).toBe(5);
    expect(unpricedModels(['openai:llama3.1:8b', 'claude-sonnet-5-5', 'openai:mystery'], prices)).toEqual([
      'openai:mystery',
    ]);
  });

  it('refuses a malformed entry, naming it and the form to write', () => {
    expect(() => parseModelPrices('openai:x=two/three')).toThrow(
      'expected <model id>=<input>/<output>[/<cache write>/<cache read>] in USD per million tokens, such as openai:my-model=2/8 or openai:llama3.1:8b=0/0, got "openai:x=two/three"',
    );
    expect(() => parseModelPrices('gtp:x=1/2')).toThrow(/unknown provider "gtp"/);
  });

  it('says which model has no price and how to give one, and records no cost as zero (the run never starts)', () => {
    expect(describeUnpriced(['claude-zephyr-9'])).toBe(
      'No price is known for model "claude-zephyr-9", so the spending cap (max-cost-usd) cannot hold and the record could not say what the run cost; nothing was called. Give the price with the model-prices input or config key, for example model-prices: "claude-zephyr-9=3/15 (USD per million input/output tokens; add /<cache write>/<cache read> for prompt-cache rates)", or choose a model from the price list (src/models/prices.ts)',
    );
    expect(() => worstCaseCostUsd('claude-zephyr-9', 1_000, 16)).toThrow(/model-prices/);
    expect(
      summariseUsage([
        {
          model: 'claude-zephyr-9',
          usage: { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      ]),
    ).toMatchObject({ cost_usd: 0, unpricedCalls: 1 });
  });
});

/** Every file a user reads model ids in: the README, docs/, action.yml, the config schema, and the sources of the messages that name models. */
function userFacingTexts(): [string, string][] {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
      );
    } catch {
      return [];
    }
  };
  const files = [
    'README.md',
    'action.yml',
    'schema/pr-debate.schema.json',
    ...walk('docs').filter((f) => f.endsWith('.md')),
    'src/models/model-id.ts',
    'src/models/model-prices.ts',
    'src/settings/input-schemas.ts',
    'src/llm/model-call-error.ts',
    'src/llm/check-models.ts',
    'src/settings/config-schema.ts',
  ];
  return files.map((f) => {
    const text = readFileSync(f, 'utf8');
    // In the sources, only the messages count: lines of code, not comments.
    return [
      f,
      f.endsWith('.ts')
        ? text
            .split('\n')
            .filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l))
            .join('\n')
        : text,
    ];
  });
}

const MODEL_ID =
  /\b(?:(?:openai|bedrock|vertex|anthropic):)?(?:(?:global|us|eu|jp|apac|au)\.)?(?:anthropic\.)?(?:claude-[a-z]+-\d+(?:-\d{1,2})?(?:[-@]\d{8})?(?:-v\d(?::\d)?)?|gpt-\d[\d.]*(?:-[a-z]+)?)\b/g;

describe('every model id the user is shown has a price and facts', () => {
  const named = new Map<string, string>();
  for (const [file, text] of userFacingTexts())
    for (const m of text.matchAll(MODEL_ID)) if (!named.has(m[0])) named.set(m[0], file);

  it('finds the ids (the scan reads what it should)', () => {
    expect([...named.keys()]).toEqual(
      expect.arrayContaining([
        'claude-sonnet-5-5',
        'openai:gpt-6.1-sol',
        'bedrock:global.anthropic.claude-sonnet-5-5',
        'vertex:claude-sonnet-5-5',
      ]),
    );
  });

  // A retired model is shown only in the retirement table (docs/providers.md), which says it is retired.
  const retiredIds = new Set([
    ...RETIREMENTS.flatMap((r) => r.ids.flatMap((id) => [id, `${r.provider}:${id}`])),
    ...RETIRED_OPENAI_MODELS.flatMap((r) => [r.model, `openai:${r.model}`]),
  ]);
  it.for([...named.entries()].filter(([id]) => !retiredIds.has(id)))('%s (%s)', ([id]) => {
    const canonical =
      /^(claude|gpt)-/.test(id) && id.startsWith('gpt-')
        ? `openai:${id}`
        : /^(global|us|eu|jp|apac|au)\.|^anthropic\./.test(id)
          ? `bedrock:${id}`
          : id;
    expect(priceOf(canonical), `price of ${canonical}`).toBeDefined();
    const { provider, model } = parseModelId(canonical);
    const facts = provider === 'openai' ? openAiModelFacts(model) : claudeModelFacts(model);
    expect(facts, `facts of ${canonical}`).toBeDefined();
  });

  it('names a retired model only to say it is retired', () => {
    for (const [file, text] of userFacingTexts()) {
      for (const line of text.split('\n')) {
        const retired = [...retiredIds].find((id) =>
          new RegExp(`(^|[^\\w.:-])${id.replace(/\./g, '\\.')}(?![\\w.-])`).test(line),
        );
        if (retired) expect(line, `${file}: ${line}`).toMatch(/shut|retire|deprecat/i);
      }
    }
  });
});
