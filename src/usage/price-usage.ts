import { PRICES } from './prices.js';

/**
 * Token usage and its cost: sums, prices and the pre-run estimate, in one place. Pure; the prices
 * are data (`prices.ts`). The debate computes a run's {@link RunUsage} once, from its call records;
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
 * Cost of a call's usage.
 * @param model model id as the API reports it (dated ids match their family's prefix)
 * @returns USD, or undefined when the model's price is unknown
 */
export function costUsd(model: string, usage: TokenUsage): number | undefined {
  const price = PRICES.find((p) => model.startsWith(p.prefix));
  if (!price) return undefined;
  return (
    (usage.input_tokens * price.input +
      usage.output_tokens * price.output +
      usage.cache_creation_input_tokens * price.cacheWrite +
      usage.cache_read_input_tokens * price.cacheRead) /
    1_000_000
  );
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

/** Per-call assumptions of {@link estimateRunCostUsd}: instructions and transcript, and a reply with its thinking. */
const ESTIMATE_UNCACHED_INPUT_TOKENS = 6_000;
const ESTIMATE_OUTPUT_TOKENS = 4_000;

/**
 * A rough cost of a run before it starts, for the plan in the progress comment: the evidence pack is
 * written to the prompt cache once and read by every other call; each call adds about 6,000 uncached
 * input tokens and 4,000 output tokens (thinking included).
 * @param packTokens estimated tokens of the evidence pack
 * @returns USD, or undefined when the model's price is unknown
 */
export function estimateRunCostUsd(model: string, calls: number, packTokens: number): number | undefined {
  if (calls <= 0) return 0;
  return costUsd(model, {
    input_tokens: calls * ESTIMATE_UNCACHED_INPUT_TOKENS,
    output_tokens: calls * ESTIMATE_OUTPUT_TOKENS,
    cache_creation_input_tokens: packTokens,
    cache_read_input_tokens: (calls - 1) * packTokens,
  });
}
