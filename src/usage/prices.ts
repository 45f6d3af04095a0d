import type { Provider } from '../llm/model-id.js';

/**
 * List prices as data: per provider and model family, in USD per million tokens, with the date they
 * were read and where. A model not listed has no known price: the record reports its cost as unknown
 * (never as zero) and the spending cap charges it at {@link DEAREST_PRICE}.
 */

/** USD per million tokens. `cacheWrite` is a 5-minute prompt-cache write; `cacheRead` a cache hit. */
export interface Price {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/** One row of the price list. */
export interface PriceEntry {
  provider: Provider;
  /**
   * The model family: matches the name itself and the name followed by `-` (Claude: any version or
   * date of the family, `claude-sonnet-5` for `claude-sonnet-5-5-20261001`) or, for OpenAI, only a
   * dated snapshot (`gpt-6.2-sol-2026-11-17`; `gpt-6.2-sol-pro` is another model, unpriced).
   */
  prefix: string;
  price: Price;
  /** When the price was read from `source` (YYYY-MM-DD). */
  read: string;
  source: string;
}

const ANTHROPIC_SOURCE = 'https://platform.claude.com/docs/en/about-claude/pricing';
const ANTHROPIC_READ = '2026-12-01';
// "Model pricing" table: base input, 5m cache writes, cache hits and refreshes, output (per MTok).
// Longer prefixes win, so `claude-opus-5-5` is not priced as `claude-opus-5`, nor Fable 5.1 as Fable 5.
const claude: [string, Price][] = [
  // "Claude Fable 5.1 | $10 / MTok | $12.50 / MTok | $20 / MTok | $0.25 / MTok | $50 / MTok"
  ['claude-fable-5-1', { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 }],
  // "Claude Fable 5 | $10 / MTok | $12.50 / MTok | $20 / MTok | $1 / MTok | $50 / MTok"
  ['claude-fable-5', { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1 }],
  // Opus 5.5 overview, "Pricing": "Input $4 / MTok, Output $20 / MTok, 5m cache write $5 / MTok, Cache read $0.20 / MTok" (0.05x input)
  ['claude-opus-5-5', { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 }],
  // "Claude Opus 5 | $5 / MTok | $6.25 / MTok | $10 / MTok | $0.50 / MTok | $25 / MTok"
  ['claude-opus-5', { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 }],
  // Sonnet 5.5: $2 / $10, 5m cache write $2.50; cache hits cut from 0.1x to 0.05x input ($0.10) on 2026-10-07
  ['claude-sonnet-5-5', { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 }],
  // Sonnet 5 overview, "Pricing": "Input $2 / MTok, Output $10 / MTok, 5m cache write $2.50 / MTok, Cache read $0.20 / MTok"
  ['claude-sonnet-5', { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 }],
  ['claude-haiku-4-5', { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 }],
  ['claude-sonnet-4', { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 }],
];

// OpenAI models, each from its model page ("Text tokens, Per 1M tokens: Input, Cached input, Cache
// writes, Output"). Only current models: gpt-5, -mini and -nano shut down on 2026-12-11, gpt-4o,
// gpt-4o-mini, gpt-4.1 and gpt-4.1-mini on 2027-01-14 (https://developers.openai.com/api/docs/deprecations).
// From GPT-5.6 on, "Cache writes are billed at 1.25x the uncached input token rate"; Chat Completions
// reports only `cached_tokens`, so a record counts a write at the input rate and the spending cap, which
// charges every input token at the dearer of the two, stays above the bill. Not modelled: "Prompts with
// >272K input tokens are priced at 2x input and 1.5x output for the full request" (an evidence pack is far
// smaller) and the 10% premium of regional processing (data residency).
const OPENAI_SOURCE = 'https://developers.openai.com/api/docs/models';
const OPENAI_READ = '2026-12-01';
const openai: [string, Price][] = [
  // gpt-6.2-astra: "$8 / Input MTok", "$40 / Output MTok"; cached input $0.40 (60% below GPT-6 Astra's $1)
  ['gpt-6.2-astra', { input: 8, output: 40, cacheWrite: 10, cacheRead: 0.4 }],
  // gpt-6.2-sol: "Input $2.00, Cached input $0.10, Cache writes $2.50, Output $10.00"
  ['gpt-6.2-sol', { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 }],
  // gpt-6.1-terra: "$1 / Input MTok", "$5 / Output MTok"; cached input $0.05, cache writes $1.25
  ['gpt-6.1-terra', { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.05 }],
  // gpt-6-luna: "Input $0.10, Cached input $0.01, Cache writes $0.125, Output $0.50"
  ['gpt-6-luna', { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 }],
];

/**
 * The price list. Claude on Bedrock and Vertex is listed at the Anthropic API's rates (both clouds
 * publish the same list prices for their global endpoints); a regional endpoint's premium is
 * {@link REGIONAL_PREMIUM}. The longest matching prefix wins.
 */
export const PRICE_LIST: readonly PriceEntry[] = [
  ...(['anthropic', 'bedrock', 'vertex'] as const).flatMap((provider) =>
    claude.map(([prefix, price]) => ({ provider, prefix, price, read: ANTHROPIC_READ, source: ANTHROPIC_SOURCE })),
  ),
  ...openai.map(([prefix, price]) => ({ provider: 'openai' as const, prefix, price, read: OPENAI_READ, source: OPENAI_SOURCE })),
];

/**
 * Bedrock and Vertex charge 10% more for Claude on a regional endpoint than on the global one
 * (AWS: "regional endpoints ... 10% premium"; Google: regional endpoints priced 10% above global).
 */
export const REGIONAL_PREMIUM = 1.1;

/**
 * The dearest known rate of each kind, with the regional premium: what the spending cap charges a
 * model without a known price, so that such a model is never charged less than the dearest current
 * ones (Claude Fable: $10 input, $12.50 cache write, $50 output per MTok).
 */
export const DEAREST_PRICE: Price = {
  input: Math.max(...PRICE_LIST.map((e) => e.price.input)) * REGIONAL_PREMIUM,
  output: Math.max(...PRICE_LIST.map((e) => e.price.output)) * REGIONAL_PREMIUM,
  cacheWrite: Math.max(...PRICE_LIST.map((e) => e.price.cacheWrite)) * REGIONAL_PREMIUM,
  cacheRead: Math.max(...PRICE_LIST.map((e) => e.price.cacheRead)) * REGIONAL_PREMIUM,
};

/**
 * The list price of a model, or undefined when none is known.
 * Bedrock names Claude `[profile.]anthropic.<model>` (`global.` for the global endpoint, `us.`, `eu.`,
 * `apac.` for cross-region profiles; models before 4.6 end in `-<date>-v1:0`); Vertex names it as the
 * Claude API does (models before 4.6 `<model>@<date>`). Both are matched on the Claude model name
 * inside (`src/llm/model-id.ts` has the forms and their sources).
 */
export function findPrice(provider: Provider, model: string): { price: Price; entry: PriceEntry } | undefined {
  let name = model.toLowerCase();
  let premium = 1;
  if (provider === 'bedrock') {
    const match = /^(?:([a-z]+)\.)?anthropic\.(.+)$/.exec(name);
    if (match) {
      name = match[2]!;
      if (match[1] !== 'global') premium = REGIONAL_PREMIUM;
    }
  }
  // Vertex has no model-level region: it is the endpoint's, unknown here; charge the premium to be safe.
  if (provider === 'vertex') premium = REGIONAL_PREMIUM;
  const entry = PRICE_LIST.filter((e) => e.provider === provider && matches(e, name)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!entry) return undefined;
  const p = entry.price;
  return { entry, price: { input: p.input * premium, output: p.output * premium, cacheWrite: p.cacheWrite * premium, cacheRead: p.cacheRead * premium } };
}

function matches(entry: PriceEntry, name: string): boolean {
  if (name === entry.prefix) return true;
  const rest = name.slice(entry.prefix.length);
  if (!name.startsWith(entry.prefix)) return false;
  return entry.provider === 'openai' ? /^-\d{4}-\d{2}-\d{2}$/.test(rest) : /^[-@]/.test(rest);
}
