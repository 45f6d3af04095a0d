import { MAX_TOKENS } from '../debate/phases/debate-context.js';
import { priceOf, UnpricedModel } from '../usage/price-usage.js';
import type { Price } from '../usage/prices.js';

/**
 * Equal dollars (issue #32): a non-debate arm's calls are sized so that their cost at the judge model's
 * list price stays within the budget of one case in one order. Input is priced as uncached input (the
 * voters go out at once, so none reads another's cache), output at the output price. Pure.
 */

/** Fewest output tokens a judge call is given; below it a ruling does not fit. */
export const MIN_CALL_OUTPUT_TOKENS = 2_000;

/** What each of the calls may use. */
export interface BudgetSplit {
  /** Calls that fit (at least 1, at most asked). */
  calls: number;
  /** Each call's output cap (at least {@link MIN_CALL_OUTPUT_TOKENS}, at most the judge's). */
  maxTokens: number;
  /** The estimated cost of all the calls at that cap, in USD. */
  estimateUsd: number;
  /** False when even one call at the minimum output costs more than the budget (one call is made anyway). */
  fits: boolean;
}

/**
 * The price an arm's calls are sized at: the model's price (`model-prices`, else the list price).
 * @throws UnpricedModel when there is none (the eval refuses such models before its first call)
 */
export function sizingPrice(model: string): Price {
  const price = priceOf(model);
  if (price === undefined) throw new UnpricedModel(model);
  return price;
}

/**
 * Splits `budgetUsd` among up to `calls` calls of `promptTokens` input each.
 * @param budgetUsd dollars for one case in one order
 * @param promptTokens estimated input tokens of one call (the pack and the instructions)
 * @param price USD per million tokens
 */
export function splitBudget(budgetUsd: number, calls: number, promptTokens: number, price: Price): BudgetSplit {
  const callUsd = (output: number) => (promptTokens * price.input + output * price.output) / 1_000_000;
  const fit = Math.max(1, Math.min(calls, Math.floor(budgetUsd / callUsd(MIN_CALL_OUTPUT_TOKENS))));
  const room = Math.floor(((budgetUsd / fit) * 1_000_000 - promptTokens * price.input) / price.output);
  const maxTokens = Math.min(MAX_TOKENS.judge, Math.max(MIN_CALL_OUTPUT_TOKENS, room));
  return { calls: fit, maxTokens, estimateUsd: fit * callUsd(maxTokens), fits: callUsd(MIN_CALL_OUTPUT_TOKENS) <= budgetUsd };
}
