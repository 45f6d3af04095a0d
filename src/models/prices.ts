import type { Provider } from './model-id.js';

/**
 * List prices as data: per provider and model family, in USD per million tokens, each row with the page
 * it was read from and the date. A model not listed has no known price: pre-flight refuses to start a
 * run on it until input `model-prices` gives one (the settings' check, `src/settings/settings.ts`), so no cost is ever
 * recorded as zero and the spending cap never charges a guessed rate.
 *
 * Why our own rows and not `@pydantic/genai-prices` (a maintained price database with tiered prices):
 * its newest release, 0.1.8 of 2026-09-23 (`npm view`, read 2026-12-03), has no row for
 * `claude-haiku-5-5` (released 2026-10-07), `claude-fable-5-2` (2026-11-09), `claude-sonnet-5-5`,
 * `gpt-6.1-sol` (2026-09-29) or `gpt-6.2-*` (2026-11-17), so it would leave most of today's models
 * unpriced; and it ships 480 KB of CommonJS (`dist/index.cjs`) for the four numbers a row needs here.
 * Where it has a model, its figures agree with the rows below (checked: gpt-6-sol $2 / $2.50 / $0.20 /
 * $10 with 2x input and 1.5x output above 272K; gpt-6-astra $10 / $12.50 / $1 / $50; claude-opus-4-8
 * $5 / $25). Revisit when a release covers the models above.
 */

/** USD per million tokens. `cacheWrite` is a 5-minute prompt-cache write; `cacheRead` a cache hit. */
export interface Rates {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/**
 * A model's price: its rates, and for models priced by prompt length the rates of a call whose prompt
 * (input, cache writes and cache reads together) is over `above.promptTokens`, which apply to the whole
 * call (Claude Haiku 5.5 above 100,000 prompt tokens; OpenAI's GPT-6 models above 272,000 input tokens).
 */
export interface Price extends Rates {
  above?: { promptTokens: number; rates: Rates } | undefined;
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

const READ = '2026-12-03';
const CLAUDE_PRICING = 'https://platform.claude.com/docs/en/about-claude/pricing';
const rates = (input: number, cacheWrite: number, cacheRead: number, output: number): Rates => ({
  input,
  output,
  cacheWrite,
  cacheRead,
});

// Claude: the pricing page's "Model pricing" table (base input, 5m cache writes, cache hits and refreshes,
// output, per MTok) or the model's overview page, "Pricing". Longer prefixes win, so `claude-opus-5-5` is
// not priced as `claude-opus-5`, nor Fable 5.2 as Fable 5.
const claude: [string, Price, string][] = [
  // Release notes, November 9, 2026: Fable 5.2 and Mythos 5.2 "Pricing is $8 USD per input MTok and $40 USD per output
  // MTok (Claude Fable 5.1 and Claude Mythos 5.1: $10 / $50)". The cache rates, 5m write $10 (1.25x input) and hit
  // $0.20, are the pricing page's Fable 5.2 row; the copy of that page in our search index predates 5.2, so they are
  // cross-checked against two published price tables that cite it (read 2026-12-03), not against the page itself.
  ['claude-fable-5-2', rates(8, 10, 0.2, 40), 'https://platform.claude.com/docs/en/release-notes/overview'],
  ['claude-mythos-5-2', rates(8, 10, 0.2, 40), 'https://platform.claude.com/docs/en/release-notes/overview'],
  // "Claude Fable 5.1 | $10 / MTok | $12.50 / MTok | $20 / MTok | $0.25 / MTok | $50 / MTok" (and Mythos 5.1)
  ['claude-fable-5-1', rates(10, 12.5, 0.25, 50), CLAUDE_PRICING],
  ['claude-mythos-5-1', rates(10, 12.5, 0.25, 50), CLAUDE_PRICING],
  // "Claude Fable 5 | $10 / MTok | $12.50 / MTok | $20 / MTok | $1 / MTok | $50 / MTok" (and Mythos 5)
  ['claude-fable-5', rates(10, 12.5, 1, 50), CLAUDE_PRICING],
  ['claude-mythos-5', rates(10, 12.5, 1, 50), CLAUDE_PRICING],
  // Opus 5.5 overview, "Pricing": "Input $4 / MTok, Output $20 / MTok, 5m cache write $5 / MTok, Cache read $0.20 / MTok"
  ['claude-opus-5-5', rates(4, 5, 0.2, 20), 'https://platform.claude.com/docs/en/models/opus-5-5/overview'],
  // "Claude Opus 5 | $5 / MTok | $6.25 / MTok | $10 / MTok | $0.50 / MTok | $25 / MTok"; the same row for Opus 4.8, 4.7, 4.6 and 4.5
  // (Opus 4.5 retires on 2027-01-22, src/models/model-retirements.ts: a run on it is refused from then on)
  ['claude-opus-5', rates(5, 6.25, 0.5, 25), CLAUDE_PRICING],
  ['claude-opus-4-8', rates(5, 6.25, 0.5, 25), CLAUDE_PRICING],
  ['claude-opus-4-7', rates(5, 6.25, 0.5, 25), CLAUDE_PRICING],
  ['claude-opus-4-6', rates(5, 6.25, 0.5, 25), CLAUDE_PRICING],
  ['claude-opus-4-5', rates(5, 6.25, 0.5, 25), CLAUDE_PRICING],
  // Sonnet 5.5: $2 / $10, 5m cache write $2.50; cache hits 0.05x input ($0.10) since 2026-10-07
  ['claude-sonnet-5-5', rates(2, 2.5, 0.1, 10), CLAUDE_PRICING],
  // Sonnet 5 overview, "Pricing": "Input $2 / MTok, Output $10 / MTok, 5m cache write $2.50 / MTok, Cache read $0.20 / MTok"
  ['claude-sonnet-5', rates(2, 2.5, 0.2, 10), 'https://platform.claude.com/docs/en/models/sonnet-5/overview'],
  // Sonnet 4.6 lists $3 / $15; its cache rates are the 1.25x and 0.1x of input that Sonnet 4.5's row showed ("Claude
  // Sonnet 4.5 | $3 / MTok | $3.75 / MTok | $6 / MTok | $0.30 / MTok | $15 / MTok"). Sonnet 4 and 4.5 are retired
  // (src/models/model-retirements.ts): no row prices them, so nothing here suggests they can still be run.
  ['claude-sonnet-4-6', rates(3, 3.75, 0.3, 15), CLAUDE_PRICING],
  // Haiku 5.5 overview, "Pricing": "Input $0.10 / MTok for prompts up to 100,000 tokens, $0.50 / MTok for prompts over
  // 100,000 tokens; Output $0.50 / $2.50"; 5m cache write $0.125 / $0.625; cache read $0.01 / $0.05. The prompt
  // counts cache reads and writes, and the band applies to the whole request.
  [
    'claude-haiku-5-5',
    { ...rates(0.1, 0.125, 0.01, 0.5), above: { promptTokens: 100_000, rates: rates(0.5, 0.625, 0.05, 2.5) } },
    'https://platform.claude.com/docs/en/models/haiku-5-5/overview',
  ],
  // "Claude Haiku 4.5 | $1 / MTok | $1.25 / MTok | $2 / MTok | $0.10 / MTok | $5 / MTok"
  ['claude-haiku-4-5', rates(1, 1.25, 0.1, 5), CLAUDE_PRICING],
];

/**
 * OpenAI's long-context rule on the GPT-6 model pages: "Prompts with >272K input tokens are priced at 2x
 * input and 1.5x output for the full request" (cached input and cache writes at 2x too).
 */
function gpt6(input: number, cacheRead: number, cacheWrite: number, output: number): Price {
  return {
    ...rates(input, cacheWrite, cacheRead, output),
    above: { promptTokens: 272_000, rates: rates(input * 2, cacheWrite * 2, cacheRead * 2, output * 1.5) },
  };
}

// OpenAI models, each from its model page (https://developers.openai.com/api/docs/models/<id>: "Text
// tokens, Per 1M tokens: Input, Cached input, Cache writes, Output"). Only current models: gpt-5, -mini and
// -nano shut down on 2026-12-11, gpt-4o, gpt-4o-mini, gpt-4.1 and gpt-4.1-mini on 2027-01-14
// (https://developers.openai.com/api/docs/deprecations). From GPT-5.6 on, "Cache writes are billed at 1.25x
// the uncached input token rate"; Chat Completions reports them as `prompt_tokens_details.cache_write_tokens`
// (the client counts them as `cache_creation_input_tokens`). Not modelled: the 10% premium of regional
// processing (data residency), Flex/Batch discounts and Fast mode (none of which this client asks for).
const openai: [string, Price][] = [
  // gpt-6.2-astra: "Input $8.00, Cached input $0.40, Cache writes $10.00, Output $40.00"
  ['gpt-6.2-astra', gpt6(8, 0.4, 10, 40)],
  // gpt-6.2-sol: "Input $2.00, Cached input $0.10, Cache writes $2.50, Output $10.00"
  ['gpt-6.2-sol', gpt6(2, 0.1, 2.5, 10)],
  // gpt-6.1-sol (OpenAI's named replacement for gpt-5): "Input $2.00, Cached input $0.10, Cache writes $2.50, Output $10.00"
  ['gpt-6.1-sol', gpt6(2, 0.1, 2.5, 10)],
  // gpt-6.1-terra: "Input $1.00, Cached input $0.05, Cache writes $1.25, Output $5.00"
  ['gpt-6.1-terra', gpt6(1, 0.05, 1.25, 5)],
  // gpt-6-astra: "Input $10.00, Cached input $1.00, Cache writes $12.50, Output $50.00"
  ['gpt-6-astra', gpt6(10, 1, 12.5, 50)],
  // gpt-6-sol: "Input $2.00, Cached input $0.20, Cache writes $2.50, Output $10.00"
  ['gpt-6-sol', gpt6(2, 0.2, 2.5, 10)],
  // gpt-6-luna: "Input $0.10, Cached input $0.01, Cache writes $0.125, Output $0.50"
  ['gpt-6-luna', gpt6(0.1, 0.01, 0.125, 0.5)],
];

/**
 * The price list. Claude on Bedrock and Vertex is listed at the Anthropic API's rates (both clouds
 * publish the same list prices for their global endpoints); a regional endpoint's premium is
 * {@link REGIONAL_PREMIUM}. The longest matching prefix wins.
 */
export const PRICE_LIST: readonly PriceEntry[] = [
  ...(['anthropic', 'bedrock', 'vertex'] as const).flatMap((provider) =>
    claude.map(([prefix, price, source]) => ({ provider, prefix, price, read: READ, source })),
  ),
  ...openai.map(([prefix, price]) => ({
    provider: 'openai' as const,
    prefix,
    price,
    read: READ,
    source: `https://developers.openai.com/api/docs/models/${prefix}`,
  })),
];

/**
 * Bedrock and Vertex charge 10% more for Claude on a regional endpoint than on the global one
 * (AWS: "regional endpoints ... 10% premium"; Google: regional endpoints priced 10% above global).
 */
export const REGIONAL_PREMIUM = 1.1;

/** Rates times a factor. */
function scaled(r: Rates, factor: number): Rates {
  return {
    input: r.input * factor,
    output: r.output * factor,
    cacheWrite: r.cacheWrite * factor,
    cacheRead: r.cacheRead * factor,
  };
}

/** A price times a factor (both bands). */
export function scalePrice(p: Price, factor: number): Price {
  return {
    ...scaled(p, factor),
    above: p.above ? { promptTokens: p.above.promptTokens, rates: scaled(p.above.rates, factor) } : undefined,
  };
}

/**
 * The rates a call pays: the upper band when its prompt is over the price's threshold.
 * @param promptTokens input, cache-write and cache-read tokens of the call together
 */
export function ratesFor(price: Price, promptTokens: number): Rates {
  return price.above && promptTokens > price.above.promptTokens ? price.above.rates : price;
}

/**
 * The list price of a model, or undefined when none is known.
 * Bedrock names Claude `[profile.]anthropic.<model>` (`global.` for the global endpoint, `us.`, `eu.`,
 * `apac.` for cross-region profiles; models before 4.6 end in `-<date>-v1:0`); Vertex names it as the
 * Claude API does (models before 4.6 `<model>@<date>`). Both are matched on the Claude model name
 * inside (`src/models/model-id.ts` has the forms and their sources).
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
  // Vertex has no model-level region: it is the endpoint's (CLOUD_ML_REGION), unknown here; charge the premium to stay above the bill.
  if (provider === 'vertex') premium = REGIONAL_PREMIUM;
  const entry = PRICE_LIST.filter((e) => e.provider === provider && matches(e, name)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
  if (!entry) return undefined;
  return { entry, price: premium === 1 ? entry.price : scalePrice(entry.price, premium) };
}

function matches(entry: PriceEntry, name: string): boolean {
  if (name === entry.prefix) return true;
  const rest = name.slice(entry.prefix.length);
  if (!name.startsWith(entry.prefix)) return false;
  return entry.provider === 'openai' ? /^-\d{4}-\d{2}-\d{2}$/.test(rest) : /^[-@]/.test(rest);
}
