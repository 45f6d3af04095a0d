import { costUsd, UnpricedModel, type TokenUsage } from '../src/models/price-usage.js';

/**
 * Equal dollars by what the arms really pay (issue #43): an arm's budget on a case is what the default
 * debate spent there, its tokens priced as the provider bills them (cache reads, cache writes, input and
 * output, each at its list price). An arm that adds calls (voters, repairs) adds them while the next call
 * is expected to fit in what is left, the expected cost measured on the calls it already made. What kept
 * an arm off the budget is said as one of a closed list of limits. Pure.
 */

/** How far an arm's spend may be from its budget and still count as the same dollars: 10% either way. */
export const SPEND_TOLERANCE = 0.1;

/**
 * Why an arm's spend on a case is more than {@link SPEND_TOLERANCE} off its budget. Each is a fact of
 * the run, so a reader can tell an arm that could not spend more from one that was sized wrong.
 */
export type SpendLimit =
  /** `single`: one call by design; it cannot spend more. */
  | 'one-call'
  /** `single+verify`: its ruling's citations verified, so there was nothing (left) to repair. */
  | 'nothing-to-repair'
  /** `vote:K`: all K voters ran. */
  | 'all-voters'
  /** The arm made the most calls it may add (`MAX_VOTERS` in arms.ts, also the bound should a model's price be 0). */
  | 'most-calls'
  /** The next call was expected to pass the budget. */
  | 'next-call-over'
  /** The first call alone cost more than the budget (it is made anyway: an arm answers with at least one call). */
  | 'first-call-over'
  /** Its calls cost more than the ones before them predicted. */
  | 'dearer-than-expected'
  /** A debate arm: its plan fixes its calls. */
  | 'debate-plan'
  /** `escalate`: its checked calls agreed, so it ran no debate. */
  | 'settled-early'
  /** `escalate`: it paid for its checked calls and the debate. */
  | 'escalated'
  /** The arm failed before it could spend its budget. */
  | 'failed';

/** What the report says for each limit. */
export const SPEND_LIMITS: Record<SpendLimit, string> = {
  'one-call': 'one call: it cannot spend more',
  'nothing-to-repair': 'its citations verified: nothing left to repair',
  'all-voters': 'all its voters ran',
  'most-calls': 'it made the most calls an arm may add',
  'next-call-over': 'the next call would have passed the budget',
  'first-call-over': 'its first call alone cost more than the budget',
  'dearer-than-expected': 'its calls cost more than the ones before them predicted',
  'debate-plan': 'a debate: its plan fixes its calls',
  'settled-early': 'settled by its checked calls, without a debate',
  escalated: 'escalated: its checked calls and the debate',
  failed: 'it failed before it could spend its budget',
};

/**
 * What the next call of an arm is expected to cost: the dearest call so far, with the part of its
 * prompt it wrote to the prompt cache read from the cache instead (the next call has the same prefix).
 * @param calls the arm's calls so far (at least one)
 * @param model the model the next call goes to, priced as `costUsd` prices it
 * @throws UnpricedModel for a model without a price (the eval refuses such models before its first call)
 */
export function nextCallUsd(calls: readonly TokenUsage[], model: string): number {
  let dearest = 0;
  for (const usage of calls) {
    const next = costUsd(model, {
      ...usage,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: usage.cache_read_input_tokens + usage.cache_creation_input_tokens,
    });
    if (next === undefined) throw new UnpricedModel(model);
    dearest = Math.max(dearest, next);
  }
  return dearest;
}

/**
 * How many more calls fit: the most n with spent + n x next within the budget, at most `left`.
 * @param nextUsd {@link nextCallUsd}; 0 (a free model) lets every call that is left fit
 */
export function callsThatFit(budgetUsd: number, spentUsd: number, nextUsd: number, left: number): number {
  if (left <= 0) return 0;
  if (nextUsd <= 0) return left;
  return Math.max(0, Math.min(left, Math.floor((budgetUsd - spentUsd) / nextUsd + 1e-9)));
}

/**
 * The limit a run is reported with: none when its spend is within {@link SPEND_TOLERANCE} of the budget,
 * else what the arm said kept it off (a run over the budget without one: its calls were dearer than expected).
 * @param limit what the arm said stopped it, if anything did before the budget
 */
export function spendLimitOf(
  spendUsd: number,
  budgetUsd: number,
  limit: SpendLimit | undefined,
): SpendLimit | undefined {
  if (budgetUsd > 0 && Math.abs(spendUsd / budgetUsd - 1) <= SPEND_TOLERANCE + 1e-9) return undefined;
  if (budgetUsd <= 0 && spendUsd <= 0) return undefined;
  return limit ?? (spendUsd > budgetUsd ? 'dearer-than-expected' : 'next-call-over');
}
