import { formatModelId, parseModelId } from './model-id.js';
import { findPrice, ratesFor, type Price } from './prices.js';

/**
 * Token usage and its cost: sums, prices and the pre-run estimate, in one place. Pure; the prices
 * are data (`prices.ts`). The debate computes a run's {@link RunUsage} once, from its call log;
 * the log, the comment and the decision record read that one figure.
 */

/** Token counts of one call, as the Messages API reports them in `usage`. */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** Usage of no calls. */
export const ZERO_USAGE: TokenUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

/** Token totals of a run and their cost (decision record `usage`), with the calls no price was known for. */
export interface RunUsage extends TokenUsage {
  /** USD, rounded to 4 decimals; calls on models without a known price add nothing and are counted instead. */
  cost_usd: number;
  unpricedCalls: number;
}

/**
 * Token totals and cost of a run's calls.
 * @param calls each call's model (as the API named it) and usage
 */
export function summariseUsage(calls: readonly { model: string; usage: TokenUsage }[]): RunUsage {
  const total: RunUsage = { ...ZERO_USAGE, cost_usd: 0, unpricedCalls: 0 };
  for (const call of calls) {
    total.input_tokens += call.usage.input_tokens;
    total.output_tokens += call.usage.output_tokens;
    total.cache_creation_input_tokens += call.usage.cache_creation_input_tokens;
    total.cache_read_input_tokens += call.usage.cache_read_input_tokens;
    const cost = costUsd(call.model, call.usage);
    if (cost === undefined) total.unpricedCalls += 1;
    else total.cost_usd += cost;
  }
  total.cost_usd = Math.round(total.cost_usd * 10_000) / 10_000;
  return total;
}

/** Prices the user gave (input `model-prices`), by canonical model id (`formatModelId`). */
export type ModelPrices = ReadonlyMap<string, Price>;

let given: ModelPrices = new Map();

/**
 * Installs the run's `model-prices` (once per run, by `startModels`, before any call), so that the record,
 * the log and the spending cap price those models as the user said. They win over the list price: a
 * negotiated rate, or a model the list does not have (an Ollama model at 0/0).
 */
export function useModelPrices(prices: ModelPrices): void {
  given = prices;
}

/**
 * The price of a model id: the one given in `model-prices` (the id itself or a dated form of it,
 * `openai:my-model-2026-01-01`), else the list price; undefined when neither is known or the id does not parse.
 * @param prices the user's prices; the installed ones (`useModelPrices`) when omitted
 */
export function priceOf(model: string, prices: ModelPrices = given): Price | undefined {
  let id;
  try {
    id = parseModelId(model);
  } catch {
    return undefined;
  }
  const canonical = formatModelId(id);
  for (const [named, price] of prices)
    if (canonical === named || canonical.startsWith(`${named}-`) || canonical.startsWith(`${named}@`)) return price;
  return findPrice(id.provider, id.model)?.price;
}

/** Input, cache-write and cache-read tokens together: what a price band counts ("prompt tokens"). */
const promptTokensOf = (usage: TokenUsage) =>
  usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;

/** USD of one call's usage at its price, in the band its prompt falls in. */
function usd(price: Price, usage: TokenUsage): number {
  const r = ratesFor(price, promptTokensOf(usage));
  return (
    (usage.input_tokens * r.input +
      usage.output_tokens * r.output +
      usage.cache_creation_input_tokens * r.cacheWrite +
      usage.cache_read_input_tokens * r.cacheRead) /
    1_000_000
  );
}

/**
 * A model the run has no price for reached the spending cap or the estimate; the settings' check
 * refuses such runs first (`src/settings/settings.ts`).
 */
export class UnpricedModel extends Error {
  override name = 'UnpricedModel';
  constructor(readonly model: string) {
    super(
      `no price is known for model "${model}": give one with the model-prices input (for example model-prices: "${model}=3/15", USD per million input/output tokens)`,
    );
  }
}

/**
 * Cost of a call's usage at its model's price (in the band its prompt falls in: Claude Haiku 5.5 above
 * 100,000 prompt tokens, GPT-6 above 272,000).
 * @param model model id as the record carries it (dated ids match their family's prefix)
 * @returns USD, or undefined when the model's price is unknown
 */
export function costUsd(model: string, usage: TokenUsage): number | undefined {
  const price = priceOf(model);
  return price ? usd(price, usage) : undefined;
}

/**
 * Cost of a call's usage, as the spending cap counts it.
 * @throws UnpricedModel for a model without a price (pre-flight has refused such a run before any call)
 */
export function boundedCostUsd(model: string, usage: TokenUsage): number {
  const price = priceOf(model);
  if (!price) throw new UnpricedModel(model);
  return usd(price, usage);
}

/**
 * The most a call can cost before it is sent: every input token at the dearer of the model's input
 * and cache-write rates (the prefix may be written to the cache, or read at neither rate), plus
 * `maxTokens` of output, in the band the input bound falls in (the upper band is the dearer, and the bound
 * is above the real prompt, so the worst case stays above the bill).
 * @param inputTokens an upper bound on the call's input tokens (see `boundInputTokens`)
 * @throws UnpricedModel for a model without a price
 */
export function worstCaseCostUsd(model: string, inputTokens: number, maxTokens: number): number {
  const price = priceOf(model);
  if (!price) throw new UnpricedModel(model);
  const r = ratesFor(price, inputTokens);
  return (inputTokens * Math.max(r.input, r.cacheWrite) + maxTokens * r.output) / 1_000_000;
}

/** Per-call assumptions of {@link estimateRunCostUsd}: instructions and transcript, and a reply with its thinking. */
const ESTIMATE_UNCACHED_INPUT_TOKENS = 6_000;
const ESTIMATE_OUTPUT_TOKENS = 4_000;

/**
 * A rough cost of a run before it starts, for the plan: each model writes the evidence pack to its
 * prompt cache once and reads it on its other calls (the cache is per model); each call adds about
 * 6,000 uncached input tokens and 4,000 output tokens (thinking included), at its own model's price.
 * Each call is priced on its own, so a model priced by prompt length pays the band of one call's prompt.
 * @param calls planned calls per model id
 * @param packTokens the evidence pack's tokens on a model: counted by its provider, or estimated for its
 *   tokenizer (issue #31: Claude 4.7 and later count the same text as about 30% more tokens)
 * @returns USD, or undefined when a model has no price (the plan then says the cost is unknown)
 */
export function estimateRunCostUsd(
  calls: readonly { model: string; calls: number }[],
  packTokens: (model: string) => number,
): number | undefined {
  let total = 0;
  for (const { model, calls: n } of calls) {
    if (n <= 0) continue;
    const price = priceOf(model);
    if (!price) return undefined;
    const call = (cache: Pick<TokenUsage, 'cache_creation_input_tokens' | 'cache_read_input_tokens'>) =>
      usd(price, { input_tokens: ESTIMATE_UNCACHED_INPUT_TOKENS, output_tokens: ESTIMATE_OUTPUT_TOKENS, ...cache });
    const pack = packTokens(model);
    total +=
      call({ cache_creation_input_tokens: pack, cache_read_input_tokens: 0 }) +
      (n - 1) * call({ cache_creation_input_tokens: 0, cache_read_input_tokens: pack });
  }
  return total;
}

/** Per-call assumptions of {@link estimateReaderCostUsd}: the system prompt and the instructions, and a reply of excerpts with its thinking at low effort. */
const ESTIMATE_READER_INPUT_TOKENS = 3_000;
const ESTIMATE_READER_OUTPUT_TOKENS = 3_000;

/**
 * A rough cost of the reader calls of a run (issue #40): each reads its own part once, as a block written
 * to the prompt cache, beside about 3,000 uncached input tokens, and writes about 3,000 output tokens.
 * @param partTokens each part's tokens on the reader model
 * @returns USD, or undefined when the model has no price
 */
export function estimateReaderCostUsd(model: string, partTokens: readonly number[]): number | undefined {
  if (partTokens.length === 0) return 0;
  const price = priceOf(model);
  if (!price) return undefined;
  return partTokens.reduce(
    (sum, tokens) =>
      sum +
      usd(price, {
        input_tokens: ESTIMATE_READER_INPUT_TOKENS,
        output_tokens: ESTIMATE_READER_OUTPUT_TOKENS,
        cache_creation_input_tokens: tokens,
        cache_read_input_tokens: 0,
      }),
    0,
  );
}

/**
 * Splits a plan's calls between the models that make them, for {@link estimateRunCostUsd}: the
 * moderator's framing call on `model`, the evidence audit and the two judge runs on `judgeModel`, and
 * the advocate calls spread evenly over the positions, each on its advocate's model (cycled).
 * @param total the plan's calls (`plannedCalls`), framing, audit and judge included
 */
export function callsByModel(input: {
  total: number;
  framing: boolean;
  positions: number;
  model: string;
  advocateModels: readonly string[];
  judgeModel: string;
}): { model: string; calls: number }[] {
  const counts = new Map<string, number>();
  const add = (model: string, calls: number) => counts.set(model, (counts.get(model) ?? 0) + calls);
  if (input.framing) add(input.model, 1);
  add(input.judgeModel, 3);
  const advocateCalls = Math.max(0, input.total - (input.framing ? 1 : 0) - 3);
  const positions = Math.max(1, input.positions);
  for (let i = 0; i < positions; i += 1) {
    add(input.advocateModels[i % input.advocateModels.length] ?? input.model, advocateCalls / positions);
  }
  return [...counts].map(([model, calls]) => ({ model, calls }));
}
