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
   * dated snapshot (`gpt-5-2025-08-07`; `gpt-5-pro` or `gpt-5.5` are other models, unpriced).
   */
  prefix: string;
  price: Price;
  /** When the price was read from `source` (YYYY-MM-DD). */
  read: string;
  source: string;
}

const ANTHROPIC_SOURCE = 'https://docs.anthropic.com/en/docs/about-claude/pricing';
const ANTHROPIC_READ = '2026-11-30';
const claude: [string, Price][] = [
  ['claude-sonnet-5', { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 }],
  ['claude-opus-5', { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.4 }],
  ['claude-haiku-4-5', { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 }],
  ['claude-sonnet-4', { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 }],
];

// OpenAI bills no cache writes: a prefix of 1,024 tokens or more is cached automatically, and cached
// input tokens (`usage.prompt_tokens_details.cached_tokens`) are billed at the cached-input rate.
const OPENAI_SOURCE = 'https://platform.openai.com/docs/pricing';
const OPENAI_READ = '2025-08-07';
const openai: [string, Price][] = [
  ['gpt-5-nano', { input: 0.05, output: 0.4, cacheWrite: 0.05, cacheRead: 0.005 }],
  ['gpt-5-mini', { input: 0.25, output: 2, cacheWrite: 0.25, cacheRead: 0.025 }],
  ['gpt-5', { input: 1.25, output: 10, cacheWrite: 1.25, cacheRead: 0.125 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6, cacheWrite: 0.4, cacheRead: 0.1 }],
  ['gpt-4.1', { input: 2, output: 8, cacheWrite: 2, cacheRead: 0.5 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6, cacheWrite: 0.15, cacheRead: 0.075 }],
  ['gpt-4o', { input: 2.5, output: 10, cacheWrite: 2.5, cacheRead: 1.25 }],
];

/**
 * The price list. Claude on Bedrock and Vertex is listed at the Anthropic API's rates (both clouds
 * publish the same list prices for their global endpoints); a regional endpoint's premium is
 * {@link REGIONAL_PREMIUM}. Longer prefixes come first, so `gpt-5-mini` is not priced as `gpt-5`.
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

/** The dearest known rate of each kind: what the spending cap charges a model without a known price. */
export const DEAREST_PRICE: Price = {
  input: Math.max(...PRICE_LIST.map((e) => e.price.input)) * REGIONAL_PREMIUM,
  output: Math.max(...PRICE_LIST.map((e) => e.price.output)) * REGIONAL_PREMIUM,
  cacheWrite: Math.max(...PRICE_LIST.map((e) => e.price.cacheWrite)) * REGIONAL_PREMIUM,
  cacheRead: Math.max(...PRICE_LIST.map((e) => e.price.cacheRead)) * REGIONAL_PREMIUM,
};

/**
 * The list price of a model, or undefined when none is known.
 * Bedrock names Claude `[region.]anthropic.<model>-v1:0` (`global.` for the global endpoint, `us.`,
 * `eu.`, `apac.` for cross-region profiles); Vertex names it `<model>@<date>`. Both are matched on the
 * Claude model name inside.
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
