import type { EarlyStop } from '../debate/model-client.js';

/**
 * Why a run left no decision to merge on (docs/config.md, docs/how-a-debate-runs.md: the record's `no_decision_reason`
 * and the output `no-decision-reason`): a closed list of codes, so that a workflow branches on a code,
 * never on prose. A decision exists when a complete run on complete evidence recommended a position, or a
 * maintainer accepted one; every other end of a run has exactly one of these codes. Pure.
 */
export const NO_DECISION_REASONS = [
  /** The moderator found no contested decision in the PR; nothing was debated (no record). */
  'not-contested',
  /** The judge ruled and recommended no position, naming no axis the positions trade off on. */
  'no-recommendation',
  /** The judge found no clear winner: the positions trade off on an axis (`tied_on_axis`), a choice for people. */
  'tied-on-axis',
  /** The judge runs (half with the positions under swapped ids and order, mapped back) did not reach the agreement a recommendation needs. */
  'judge-disagreed',
  /** The spending cap (`max-cost-usd`) refused a call before the run finished. */
  'budget-exceeded',
  /** The whole-run deadline (`deadline-minutes`) ran out before the run finished. */
  'deadline-exceeded',
  /** The job was cancelled (or the CLI interrupted) before the run finished. */
  'cancelled',
  /** Model calls failed: the judge failed in both runs, no advocate produced an opening, or the moderator failed. */
  'provider-error',
  /** The run finished degraded (an advocate, the auditor or a judge run did not finish): its verdict is shown, the gate never passes it. */
  'degraded-run',
  /**
   * Records before `digest_version` 4 only: the evidence budget left changed hunks out of the pack
   * (`evidence.truncated`). Newer records count the hunks no model read (`evidence.unread`) instead, which
   * the gate weighs as it weighs unseen files: no reason of its own.
   */
  'truncated-evidence',
  /** The PR's head moved after the commit the debate saw: the verdict is for an older head. */
  'stale-head',
  /** A fork PR's run has no secrets: it only left a request for the `workflow_run` bridge, or the bridge refused the request. */
  'untrusted-fork',
  /** Under `confirm-plan`, the plan is posted and waits for a maintainer's `/debate go`. */
  'awaiting-confirmation',
  /** The run failed before a verdict for another reason than a model (GitHub's API, the evidence, the comment). */
  'run-failed',
  /** Nothing was debated: a help or malformed command, a refusal, a bad input, or an event that starts no debate. */
  'not-run',
] as const;

/** One code of {@link NO_DECISION_REASONS}. */
export type NoDecisionReason = (typeof NO_DECISION_REASONS)[number];

/**
 * Each code in words, for the comment's first line, the check summary and the docs (one place, so
 * the words and the codes cannot drift apart). Each completes "No decision: ...".
 */
export const NO_DECISION_WORDS: Record<NoDecisionReason, string> = {
  'not-contested': 'the moderator found no contested decision in this PR',
  'no-recommendation': 'the judge recommended no position',
  'tied-on-axis': 'no clear winner; the positions trade off on an axis that people must weigh',
  'judge-disagreed':
    'the judge runs, half of them with the positions under swapped ids and in swapped order, did not agree on a position',
  'budget-exceeded': 'the spending cap (max-cost-usd) stopped the run before it finished',
  'deadline-exceeded': 'the deadline (deadline-minutes) ran out before the run finished',
  cancelled: 'the run was cancelled before it finished',
  'provider-error': 'model calls failed, so the debate could not reach a verdict',
  'degraded-run': 'the run finished degraded, so its verdict cannot be merged on',
  'truncated-evidence': 'the evidence was truncated: the debate did not see every changed hunk',
  'stale-head': 'the PR head moved after the commit this debate saw',
  'untrusted-fork': 'a fork PR is debated only through the workflow_run bridge, which did not run it',
  'awaiting-confirmation': 'the plan waits for a maintainer to confirm it',
  'run-failed': 'the run failed before a verdict',
  'not-run': 'nothing was debated',
};

/** The facts of a finished (or aborted) debate that decide its reason. */
export interface ReasonFacts {
  completion: 'success' | 'degraded-success' | 'aborted';
  /** What stopped the run's calls early (the spending cap, the deadline, a cancellation), if anything. */
  stoppedBy: EarlyStop['kind'] | undefined;
  /** The recorded recommendation: a position id, or `none`. */
  recommendation: string;
  tiedOnAxis: string | null;
  /** True when the judge runs ruled without the agreement a recommendation needs (`combine-rulings.ts`). */
  judgeDisagreed: boolean;
  /** True when a maintainer accepted a position (`accepted` in the record). */
  accepted: boolean;
}

/**
 * The record's `no_decision_reason`. In order: a run that did not complete (aborted or degraded) says
 * why it stopped; an accepted position is the decision; else a recommendation is, and none says why.
 * Hunks no model read and unseen files are not reasons here: the gate weighs them (an accept or
 * `allow-unseen` clears them), and the comment says so beside the verdict.
 * @returns null when there is a decision to merge on
 */
export function noDecisionReasonOf(facts: ReasonFacts): NoDecisionReason | null {
  if (facts.completion !== 'success') {
    if (facts.stoppedBy === 'spending-cap') return 'budget-exceeded';
    if (facts.stoppedBy === 'deadline') return 'deadline-exceeded';
    if (facts.stoppedBy === 'cancelled' || facts.stoppedBy === 'ctrl-c') return 'cancelled';
    return facts.completion === 'aborted' ? 'provider-error' : 'degraded-run';
  }
  if (facts.accepted) return null;
  if (facts.recommendation !== 'none') return null;
  if (facts.judgeDisagreed) return 'judge-disagreed';
  return facts.tiedOnAxis ? 'tied-on-axis' : 'no-recommendation';
}

/**
 * The reason after a maintainer's accept: an accept is the decision the judge did not give (no
 * recommendation, a tie, disagreeing runs); what the run lacked (completion, whole evidence) it does not give.
 */
export function reasonAfterAccept(reason: NoDecisionReason | null): NoDecisionReason | null {
  return reason === 'no-recommendation' || reason === 'tied-on-axis' || reason === 'judge-disagreed' ? null : reason;
}

/** The reason of a stop that ended a run before any record (a failure): the stop's, else a model's failure or the run's. */
export function failureReasonOf(stoppedBy: EarlyStop['kind'] | undefined, modelFailed: boolean): NoDecisionReason {
  if (stoppedBy === 'spending-cap') return 'budget-exceeded';
  if (stoppedBy === 'deadline') return 'deadline-exceeded';
  if (stoppedBy === 'cancelled' || stoppedBy === 'ctrl-c') return 'cancelled';
  return modelFailed ? 'provider-error' : 'run-failed';
}
