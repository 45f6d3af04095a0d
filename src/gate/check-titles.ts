import type { GateConclusion } from './gate-types.js';

/**
 * The `pr-debate` check run's name and every title it shows, in one place: the debate's check, the
 * gate's and the accept's (docs/gate.md). GitHub shows `output.title` beside the check's name in
 * the PR's checks list (docs.github.com/rest/checks/runs: "output.title: The title of the check run").
 */

/** The check run's name: the decision of record, and what a ruleset requires (docs/gate.md). */
export const CHECK_NAME = 'pr-debate';

/** The titles of the check run, by what it says. */
export const CHECK_TITLES = {
  /** While the gate or an accept reads the records (status `in_progress`). */
  evaluating: 'Evaluating the decision',
  /** A decision by `gate-policy`, by conclusion ({@link conclusionTitle}). */
  recorded: 'Decision recorded',
  needed: 'Decision needed',
  blocks: 'Decision blocks merging',
  exempt: 'Exempt',
  notRequired: 'No decision required',
  rejected: 'Decision record rejected',
  stale: 'Decision is stale',
  headMoved: 'Head moved',
  /** The gate, on a commit that is the head of other open PRs too. */
  otherPullLacks: 'Another PR on this commit lacks a decision',
  /** The debate's own check, on a commit that is the head of other open PRs too. */
  headShared: 'Head shared with another PR',
  groupUnattributed: 'Merge group not verified',
  groupPasses: 'Every PR has a decision',
  groupLacks: 'A PR in the group lacks a decision',
  /** A gate run that failed after starting its check. */
  gateFailed: 'Gate could not decide',
  /** An accept that failed after starting its check. */
  acceptFailed: 'Accept not recorded',
  /** A record too large for the check run's text: no decision is recorded. */
  unrecorded: 'No decision recorded',
} as const;

/** The title of a decision by its conclusion (the debate's check, and the gate's for a record). */
export function conclusionTitle(conclusion: GateConclusion): string {
  return conclusion === 'success'
    ? CHECK_TITLES.recorded
    : conclusion === 'failure'
      ? CHECK_TITLES.blocks
      : CHECK_TITLES.needed;
}
