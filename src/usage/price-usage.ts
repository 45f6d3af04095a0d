import { parseModelId } from '../llm/model-id.js';
import { DEAREST_PRICE, findPrice, type Price } from './prices.js';

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
export const ZERO_USAGE: TokenUsage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

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

/** The price of a model id, or undefined when none is known (also for an id that does not parse). */
export function priceOf(model: string): Price | undefined {
  try {
    const id = parseModelId(model);
    return findPrice(id.provider, id.model)?.price;
  } catch {
    return undefined;
  }
}

function usd(price: Price, usage: TokenUsage): number {
  return (
    (usage.input_tokens * price.input +
      usage.output_tokens * price.output +
      usage.cache_creation_input_tokens * price.cacheWrite +
      usage.cache_read_input_tokens * price.cacheRead) /
    1_000_000
  );
}

/**
 * Cost of a call's usage at its model's list price.
 * @param model model id as the record carries it (dated ids match their family's prefix)
 * @returns USD, or undefined when the model's price is unknown
 */
export function costUsd(model: string, usage: TokenUsage): number | undefined {
  const price = priceOf(model);
  return price ? usd(price, usage) : undefined;
}

/** Cost of a call's usage at its model's price, or at the dearest known rates when it has none (what the spending cap counts). */
export function boundedCostUsd(model: string, usage: TokenUsage): number {
  return usd(priceOf(model) ?? DEAREST_PRICE, usage);
}

/**
 * The most a call can cost before it is sent: every input token at the dearer of the model's input
 * and cache-write rates (the prefix may be written to the cache, or read at neither rate), plus
 * `maxTokens` of output. A model without a known price is charged the dearest known rates.
 * @param inputTokens an upper bound on the call's input tokens (see `boundInputTokens`)
 */
export function worstCaseCostUsd(model: string, inputTokens: number, maxTokens: number): number {
  const price = priceOf(model) ?? DEAREST_PRICE;
  return (inputTokens * Math.max(price.input, price.cacheWrite) + maxTokens * price.output) / 1_000_000;
}

/** Per-call assumptions of {@link estimateRunCostUsd}: instructions and transcript, and a reply with its thinking. */
const ESTIMATE_UNCACHED_INPUT_TOKENS = 6_000;
const ESTIMATE_OUTPUT_TOKENS = 4_000;

/**
 * A rough cost of a run before it starts, for the plan: each model writes the evidence pack to its
 * prompt cache once and reads it on its other calls (the cache is per model); each call adds about
 * 6,000 uncached input tokens and 4,000 output tokens (thinking included), at its own model's price.
 * A model without a known price is counted at the dearest known rates.
 * @param calls planned calls per model id
 * @param packTokens estimated tokens of the evidence pack
 * @returns USD
 */
export function estimateRunCostUsd(calls: readonly { model: string; calls: number }[], packTokens: number): number {
  let total = 0;
  for (const { model, calls: n } of calls) {
    if (n <= 0) continue;
    total += boundedCostUsd(model, {
      input_tokens: n * ESTIMATE_UNCACHED_INPUT_TOKENS,
      output_tokens: n * ESTIMATE_OUTPUT_TOKENS,
      cache_creation_input_tokens: packTokens,
      cache_read_input_tokens: (n - 1) * packTokens,
    });
  }
  return total;
}

/**
 * Splits a plan's calls between the models that make them, for {@link estimateRunCostUsd}: the
 * moderator's framing call on `model`, the evidence audit and the two judge runs on `judgeModel`, and
 * the advocate calls spread evenly over the positions, each on its advocate's model (cycled).
 * @param total the plan's calls (`plannedCalls`), framing, audit and judge included
 */
export function callsByModel(input: { total: number; framing: boolean; positions: number; model: string; advocateModels: readonly string[]; judgeModel: string }): { model: string; calls: number }[] {
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
