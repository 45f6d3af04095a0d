import { minimatch } from 'minimatch';
import type { DecisionRecord } from '../report/decision-record.js';
import { capitalise } from '../report/sanitise.js';
import type { GateConclusion, GatePolicy } from './gate-types.js';

/**
 * The gate policies (input `gate-policy`, docs/gate.md), applied to one fresh, trusted record. Pure.
 * Whether a record is fresh (same head or same `content_digest`) and trusted (same app, signature)
 * is decided before, in `decide-gate.ts`.
 *
 * The rule, in order (docs/gate.md; README "What the check concludes"):
 * 0. a config file key the gate does not know (the debate's own check; the gate refuses to run on it):
 *    `action_required`;
 * 1. an aborted debate: `failure`; an older record's truncated evidence: `action_required`, whatever was accepted;
 * 2. an accept counts when it is not by one of the PR's authors, its opener or the pusher of its head
 *    (unless `author-may-decide`), as GitHub's required reviews count neither the author nor, with "require
 *    approval of the most recent reviewable push", the pusher; an accept of a falsified position: `failure`;
 * 3. under a `require-*` policy the decided position (the counted accept's, else the recommendation)
 *    must be the record's `pr_position` (or `pr_position` null: no position is the change as written);
 * 4. without a counted accept: a degraded debate (completion `degraded-success`), changed files the
 *    models did not see (`evidence.unseen` > 0, unless every one matches `allow-unseen`) and changed hunks
 *    no model read (`evidence.unread` > 0, unless every file that may hold them matches `allow-unseen`) do
 *    not pass; then `off` passes, `require-accepted` waits for an accept, and a recommendation (under
 *    `require-confident`, one that is not untested, with medium or high confidence) passes, unless one of
 *    the PR's authors asked for the debate: a debate its author asked for decides nothing alone (unless
 *    `author-may-decide`).
 * A record written before a field existed is read so that it never passes more than it did: without
 * `evidence.unseen`, the files it did not see are unknown (as if some were unseen); without
 * `pr_position`, which position is the PR is unknown (a model's "none is", a `(this PR)` mark the
 * moderator did not confirm, or a record before the field), so only another maintainer's accept passes it.
 */

/** A conclusion and one sentence on why, for the check run's title and summary. */
export interface PolicyOutcome {
  conclusion: GateConclusion;
  /** One or more sentences, the last ending with a full stop. */
  reason: string;
}

/** What the policy needs besides the record. */
export interface PolicyFacts {
  /**
   * Whether a record before `digest_version` 4 says its evidence pack left changed hunks out (its own
   * signed `evidence.truncated`); false for newer records, which count the hunks no model read instead.
   */
  truncated: boolean;
  /** Whether every changed file the models did not see matches config key `allow-unseen` (false when there is no such key or the files are unknown). */
  unseenAllowed: boolean;
  /**
   * Whether every file that may hold the record's unread hunks (`evidence.unread`) matches config key
   * `allow-unseen` (false when there is no such key or the files are unknown).
   */
  unreadAllowed: boolean;
  /**
   * The PR's authors: its opener, and whoever pushed its head commit (and the debated head's, when the
   * record is carried forward), each with what makes them one, e.g. `opened this PR`. Empty when the
   * caller knows none.
   */
  authors: readonly PrAuthor[];
  /** Config key `author-may-decide`: an author's own accept, and a debate an author asked for, count. */
  authorMayDecide: boolean;
  /** A config file key the gate does not know (the debate job's settings), with how to fix it; undefined when there is none. */
  configProblem?: string | undefined;
}

/** One of a PR's authors: a login, and what makes them one (`opened this PR`, `pushed its head commit abc1234`). */
export interface PrAuthor {
  login: string;
  role: string;
}

/** The author entry of `login`, when it is one of `authors` (logins compare case-insensitively, as GitHub's do). */
export function authorOf(login: string, authors: readonly PrAuthor[]): PrAuthor | undefined {
  return authors.find((a) => a.login.toLowerCase() === login.toLowerCase());
}

/**
 * @param record a record the gate trusts and that is fresh for the head being checked
 * @param policy input `gate-policy`
 * @returns `success` only when the policy is met (see the module comment for the rule)
 */
export function evaluatePolicy(record: DecisionRecord, policy: GatePolicy, facts: PolicyFacts): PolicyOutcome {
  if (facts.configProblem !== undefined)
    return {
      conclusion: 'action_required',
      reason: `${sentence(facts.configProblem)} Until it is fixed, no decision passes this check.`,
    };
  if (record.completion === 'aborted')
    return {
      conclusion: 'failure',
      reason: 'The debate was aborted before the judge ruled, so there is no decision to merge on; debate again.',
    };
  if (facts.truncated) {
    return {
      conclusion: 'action_required',
      reason:
        'The debate ran on truncated evidence (changed hunks did not fit max-evidence-tokens), so its decision cannot pass the gate; raise max-evidence-tokens or split the PR, then debate again.',
    };
  }
  const label = (id: string) => record.positions.find((p) => p.id === id)?.label ?? id;
  const named = (id: string) => `${id} (${label(id)})`;
  const pr = record.pr_position;
  const accept = record.accepted;
  const own = accept !== null && !facts.authorMayDecide ? authorOf(accept.by, facts.authors) : undefined;
  const counted = accept !== null && !own ? accept : null;
  // An author's own accept is read as no accept (config key `author-may-decide` allows it).
  const ignored = own
    ? ` The accept by @${accept!.by} does not count: they wrote this PR (${own.role}), and someone else with write permission must accept (or set \`author-may-decide: true\` in the config file).`
    : '';
  const fail = (conclusion: GateConclusion, reason: string): PolicyOutcome => ({
    conclusion,
    reason: `${reason}${ignored}`,
  });

  if (counted && record.positions.find((p) => p.id === counted.position)?.status === 'falsified') {
    // An accept of a falsified position never passes, under any policy (docs/gate.md).
    return {
      conclusion: 'failure',
      reason: `@${counted.by} accepted position ${counted.position}, which the debate falsified, so the decision cannot pass the gate; accept a position that was not falsified, or debate again.`,
    };
  }
  const way = (decided: string) =>
    pr === undefined
      ? ''
      : `change the PR to ${decided} and debate again, or, if the PR as written should merge, a maintainer other than its author can record that with \`/debate accept ${pr} <reason>\``;
  const unread = record.evidence?.unread ?? 0;
  if (counted) {
    // An accept clears the hunks no model read: the maintainer decided with what they read themselves.
    const covers =
      unread > 0 && !facts.unreadAllowed ? ` The accept covers the ${unreadHunks(unread)} no model read.` : '';
    const decided = `@${counted.by} accepted position ${named(counted.position)}: ${sentence(counted.reason)}${covers}`;
    if (policy !== 'off' && pr !== null && pr !== undefined && counted.position !== pr) {
      return {
        conclusion: 'action_required',
        reason: `${decided} That is not the PR's position, ${named(pr)}, so merging the PR as written does not follow the decision; ${way(counted.position)}.`,
      };
    }
    return { conclusion: 'success', reason: decided };
  }

  if (record.completion === 'degraded-success') {
    return fail(
      'action_required',
      'The debate was degraded (an advocate or the judge did not finish properly; the comment says what), so its decision is not the full debate and cannot pass the gate; debate again, or a maintainer can record a decision with `/debate accept <A|B|C|D> <reason>`.',
    );
  }
  const unseen = record.evidence?.unseen;
  if ((unseen === undefined || unseen > 0) && !facts.unseenAllowed) {
    const what =
      unseen === undefined
        ? 'This decision record was written before pr-debate counted the changed files the models did not see, so the gate cannot tell whether the debate saw every change'
        : `${unseen} changed file${unseen === 1 ? '' : 's'} (binary, or with no diff or text from GitHub) ${unseen === 1 ? 'was' : 'were'} not seen by the models (listed in the debate comment), so the decision does not cover ${unseen === 1 ? 'it' : 'them'}`;
    return fail(
      'action_required',
      `${what}; a maintainer can record a decision with \`/debate accept <A|B|C|D> <reason>\`, or the config file's \`allow-unseen\` globs can name files that may go unseen.`,
    );
  }
  if (unread > 0 && !facts.unreadAllowed) {
    return fail(
      'action_required',
      `${capitalise(unreadHunks(unread))} ${unread === 1 ? 'was' : 'were'} read by no model (neither in the evidence pack nor by a reader; the debate comment lists the files), so the decision does not cover ${unread === 1 ? 'it' : 'them'}; a maintainer other than the PR's author can record a decision with \`/debate accept <A|B|C|D> <reason>\`, the config file's \`allow-unseen\` globs can name the files, or a debate with a higher \`max-reader-calls\` or \`max-cost-usd\` can read ${unread === 1 ? 'it' : 'them'}.`,
    );
  }
  if (policy === 'off') return fail('success', 'gate-policy is off: no decision is required.');
  if (policy === 'require-accepted') {
    return fail(
      'action_required',
      "gate-policy is require-accepted: a maintainer must record a decision with `/debate accept <A|B|C|D> <reason>` (someone with write permission other than the PR's author).",
    );
  }
  if (record.positions.every((p) => p.status === 'falsified')) {
    return fail(
      'failure',
      'Every position was falsified: the debate found no defensible option; revise the PR or debate other positions.',
    );
  }
  if (record.recommendation === 'none') {
    const tie = record.tied_on_axis ? ` (no clear winner on ${record.tied_on_axis})` : '';
    return fail(
      'action_required',
      `The debate reached no recommendation${tie}; a maintainer can record one with \`/debate accept <A|B|C|D> <reason>\`.`,
    );
  }
  const recommended = named(record.recommendation);
  if (pr === undefined) {
    const claimed = record.pr_position_claimed;
    const why =
      claimed !== undefined
        ? `position ${claimed} was marked \`(this PR)\`, but the moderator did not confirm it from the diff (\`pr_position_claimed\`)`
        : 'no moderator confirmed from the diff which position is the PR as written (or the record predates `pr_position`)';
    return fail(
      'action_required',
      `The debate recommends ${recommended}, but ${why}, so the gate cannot tell whether merging follows it; a maintainer other than the PR's author can record a decision with \`/debate accept <A|B|C|D> <reason>\`, or debate again with \`(this PR)\` after the position that is the change, or with \`--no-pr-position\` if none is.`,
    );
  }
  if (pr !== null && record.recommendation !== pr) {
    return fail(
      'action_required',
      `The debate recommends ${recommended}, not the PR's position ${named(pr)}, so merging the PR as written does not follow the decision; ${way(record.recommendation)}.`,
    );
  }
  // An untested recommendation (no counted attack reached it) has low confidence at most, whatever a record says.
  if (
    policy === 'require-confident' &&
    record.positions.find((p) => p.id === record.recommendation)?.status === 'untested'
  ) {
    return fail(
      'action_required',
      `The debate recommends ${recommended}, which is untested: no attack that cited evidence was made on it, so its confidence is low at most, and gate-policy require-confident needs a tested recommendation; debate it with cross-examination (not --quick), or a maintainer can record a decision with \`/debate accept\`.`,
    );
  }
  if (policy === 'require-confident' && record.confidence === 'low') {
    return fail(
      'action_required',
      `The debate recommends ${recommended} with low confidence, and gate-policy require-confident needs medium or high; a maintainer can record a decision with \`/debate accept\`.`,
    );
  }
  const asker = facts.authorMayDecide ? undefined : authorOf(record.requested_by, facts.authors);
  if (asker) {
    return fail(
      'action_required',
      `The debate recommends ${recommended}, but @${record.requested_by} asked for it and wrote this PR (${asker.role}), so it decides nothing alone: a maintainer other than the PR's authors must accept a position with \`/debate accept <A|B|C|D> <reason>\` (or the config file sets \`author-may-decide: true\`).`,
    );
  }
  return fail(
    'success',
    `The debate recommends ${recommended} with ${record.confidence} confidence.${pr === null ? '' : ` ${pr} is the PR's position: the PR as written follows the decision.`}`,
  );
}

/**
 * Whether unseen files may all go unseen by config key `allow-unseen`: GitHub named every one (no file
 * past its list is unknown), and each path matches a glob (minimatch, dot files included). False for
 * no unseen files or no globs (then nothing needs allowing, or nothing is allowed).
 */
export function allowsUnseen(unseen: { count: number; paths: string[] }, globs: string[]): boolean {
  return unseen.count > 0 && unseen.paths.length === unseen.count && allMatch(unseen.paths, globs);
}

/**
 * Whether the hunks no model read may all go unread by config key `allow-unseen`: each file that may
 * hold them (`unreadCandidates`: every file of a reader part and every file without a computed diff,
 * whichever parts were read, as the record names no file) matches a glob. False for no such files or no globs.
 */
export function allowsUnread(candidates: readonly string[], globs: string[]): boolean {
  return candidates.length > 0 && allMatch(candidates, globs);
}

/** Every path matches one of the globs (minimatch, dot files included); false without globs. */
function allMatch(paths: readonly string[], globs: string[]): boolean {
  return (
    globs.length > 0 &&
    paths.every((path) => globs.some((glob) => minimatch(path, glob, { dot: true, nonegate: true, nocomment: true })))
  );
}

/** `3 changed hunks`, `1 changed hunk`. */
function unreadHunks(count: number): string {
  return `${count.toLocaleString('en-US')} changed hunk${count === 1 ? '' : 's'}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
