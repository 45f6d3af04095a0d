import { DIGEST_VERSIONS, isDigestVersion } from '../evidence/content-digest.js';
import { COUNTED_SINCE, type DecisionRecord } from '../report/decision-record.js';
import { CHECK_TITLES, conclusionTitle } from './check-titles.js';
import { allowsUnread, allowsUnseen, authorOf, evaluatePolicy, type PrAuthor } from './evaluate-policy.js';
import type { GateConclusion, GatePolicy, RebuiltEvidence } from './gate-types.js';
import type { FoundRecord } from './select-record.js';
import type { SignatureCheck } from './sign-record.js';

/**
 * The merge gate's rule for one PR head (docs/gate.md), from what was found. Pure.
 *
 * exempt-label added by someone with write permission other than the PR's authors (its opener and the
 * pusher of its head; unless `author-may-decide`) → success; required-label set and absent →
 * success; no record → not passing unless gate-policy is off; a signature that does not hold →
 * failure; a `digest_version` this gate does not know → stale; a record for another base branch than the
 * PR's now (the PR was retargeted) → stale; a record for this head and base commit, or for an earlier head
 * or base commit with the same `content_digest` → by policy, on the record's own signed `evidence.unread`
 * (an older record's `evidence.truncated`); a record whose evidence changed → stale (action_required, naming both SHAs); the
 * PR's head moved while the gate ran → not passing on the judged head (the new head gets its own run).
 *
 * The base: a record (from `digest_version` 4) names the base branch and the commit its debate compared
 * against. The branch is in its `content_digest`; the commit is not, since a base branch that moves on
 * must not stale every open PR: on the same head, a moved base commit makes the gate rebuild the evidence
 * and compare the digest, whose base blob SHAs (read at the merge base) tell whether anything the debate
 * saw changed. A record before version 4 names no base: on its own head, the gate compares its digest too.
 */

/** What the gate writes on the head: the check run's conclusion, title and one-sentence summary. */
export interface GateVerdict {
  conclusion: GateConclusion;
  /** Short, for the check run's title. */
  title: string;
  /** One or two sentences (Markdown), the first saying why; a link to the debate comment when there is one. */
  summary: string;
  /** The record the verdict rests on, written into `output.text`; undefined when there is none. */
  record: DecisionRecord | undefined;
  /** How the record relates to this head, for logs and outputs. */
  basis: 'exempt' | 'not-required' | 'none' | 'unverified' | 'this-head' | 'carried-forward' | 'stale' | 'moved';
}

/** Everything the rule needs about one PR. */
export interface GateInput {
  headSha: string;
  policy: GatePolicy;
  labels: string[];
  /** Input `required-label`: when set, only PRs carrying it need a decision. */
  requiredLabel: string | undefined;
  exemptLabel: string;
  /**
   * Who added `exemptLabel` (the newest `labeled` event of the issue timeline) and whether they have
   * write permission; undefined when the PR does not carry the label.
   */
  exemptAddedBy: { login: string | undefined; canWrite: boolean } | undefined;
  /** The PR's authors (its opener, the pusher of its head): their own exempt label, accept and debate do not decide unless `authorMayDecide`. */
  authors: readonly PrAuthor[];
  /** The PR's base branch and its commit now. */
  base: { ref: string; sha: string };
  /** Config key `author-may-decide`. */
  authorMayDecide: boolean;
  /** Config key `allow-unseen`: globs of changed files that may go unseen or unread. */
  allowUnseen: string[];
  newest: FoundRecord | undefined;
  /** Set when `decision-public-key` is given: the newest record's signature check. */
  signatureCheck: SignatureCheck | undefined;
  /**
   * The evidence rebuilt for this head (no model call); undefined when no record of another head needs
   * comparing and no unseen or unread file needs naming for `allowUnseen`.
   */
  current: RebuiltEvidence | undefined;
}

/** The verdict for one PR head; see the module comment for the rule. */
export function decideGate(input: GateInput): GateVerdict {
  const has = (label: string) => input.labels.some((l) => l.toLowerCase() === label.toLowerCase());
  const exempt = has(input.exemptLabel) ? input.exemptAddedBy : undefined;
  const labeller =
    exempt?.login === undefined || input.authorMayDecide ? undefined : authorOf(exempt.login, input.authors);
  const byAuthor = labeller !== undefined;
  if (exempt?.canWrite && !byAuthor) {
    return verdict(
      'success',
      `The PR carries the \`${input.exemptLabel}\` label (exempt-label), added by @${exempt.login}, so it needs no debate decision.`,
      undefined,
      'exempt',
      CHECK_TITLES.exempt,
    );
  }
  const why = !exempt
    ? ''
    : labeller
      ? `@${exempt.login}, who added it, wrote this PR (${labeller.role})`
      : exempt.login
        ? `@${exempt.login}, who added it, has no write permission`
        : 'the timeline does not say who added it';
  const ignored = exempt
    ? ` The \`${input.exemptLabel}\` label does not count: ${why}; someone with write permission other than the PR's author must add it${byAuthor ? ' (or set `author-may-decide: true` in the config file)' : ''}.`
    : '';
  if (input.requiredLabel !== undefined && !has(input.requiredLabel)) {
    return verdict(
      'success',
      `Only PRs labelled \`${input.requiredLabel}\` (required-label) need a debate decision, and this one is not.`,
      undefined,
      'not-required',
      CHECK_TITLES.notRequired,
    );
  }
  const found = input.newest;
  if (!found) {
    if (input.policy === 'off')
      return verdict(
        'success',
        'No debate decision was recorded, and gate-policy is off.',
        undefined,
        'none',
        CHECK_TITLES.notRequired,
      );
    return verdict(
      'action_required',
      `No debate decision is recorded for this PR yet: start a debate (the trigger label or the \`/debate\` command), then this check follows its decision.${ignored}`,
      undefined,
      'none',
    );
  }
  const { record } = found;
  const link = found.link ? ` [The debate](${found.link}).` : '';
  if (input.signatureCheck && !input.signatureCheck.ok) {
    return verdict(
      'failure',
      `The newest decision record for this PR was rejected: ${input.signatureCheck.reason}, so it cannot pass the gate.${link}${ignored}`,
      record,
      'unverified',
      CHECK_TITLES.rejected,
    );
  }
  const version = record.digest_version ?? 1;
  if (!isDigestVersion(version)) {
    return verdict(
      'action_required',
      `Stale: the decision for ${record.head_sha} was recorded with content digest version ${version}, which this gate (versions ${DIGEST_VERSIONS.join(', ')}) cannot compare; debate again to decide on this head.${link}${ignored}`,
      record,
      'stale',
      CHECK_TITLES.stale,
    );
  }
  const current = input.current;
  if (current !== undefined && current.headSha !== input.headSha) {
    return verdict(
      'action_required',
      `The PR's head moved to ${current.headSha} while the gate judged ${input.headSha}; this check is for ${input.headSha} only, and the new head gets its own run.${link}`,
      record,
      'moved',
      CHECK_TITLES.headMoved,
    );
  }
  const sameHead = record.head_sha === input.headSha;
  if (record.base !== undefined && record.base.ref !== input.base.ref) {
    return verdict(
      'action_required',
      `Stale: the decision was made against the base branch ${codeName(record.base.ref)}, and this PR now merges into ${codeName(input.base.ref)}; debate again to decide on this base.${link}${ignored}`,
      record,
      'stale',
      CHECK_TITLES.stale,
    );
  }
  const sameContent = current !== undefined && current.contentDigest === record.content_digest;
  // On its own head the base commit decides: the same one is this decision, another (or none named) is
  // carried only when the digest holds. (A rebuild made only to name unseen files compares nothing.)
  const baseMoved = record.base?.sha !== input.base.sha;
  if (sameHead && baseMoved && current !== undefined && !sameContent) {
    return verdict(
      'action_required',
      `Stale: the decision was made for ${record.head_sha} against base ${record.base?.sha ?? '(not recorded)'}, and at base ${input.base.sha} the evidence changed (a changed file's base, the diff, the RFC or the PR text); debate again to decide on this head.${link}${ignored}`,
      record,
      'stale',
      CHECK_TITLES.stale,
    );
  }
  if (!sameHead && !sameContent) {
    return verdict(
      'action_required',
      `Stale: the decision was made for ${record.head_sha}, and the evidence changed at ${input.headSha} (a changed file's bytes, the diff, the RFC or the PR text); debate again to decide on this head.${link}${ignored}`,
      record,
      'stale',
      CHECK_TITLES.stale,
    );
  }
  // The record's own signed counts, not this job's rebuild: an older debate on truncated evidence never passes.
  const outcome = evaluatePolicy(record, input.policy, {
    truncated: version < COUNTED_SINCE && record.evidence?.truncated !== false,
    unseenAllowed: unseenAllowed(record, current, input.allowUnseen),
    authors: input.authors,
    unreadAllowed: unreadAllowed(record, current, input.allowUnseen),
    authorMayDecide: input.authorMayDecide,
  });
  const carried = sameHead ? '' : ` Carried forward from ${record.head_sha}: the evidence is unchanged.`;
  return verdict(
    outcome.conclusion,
    `${outcome.reason}${carried}${link}${outcome.conclusion === 'success' ? '' : ignored}`,
    record,
    sameHead ? 'this-head' : 'carried-forward',
  );
}

/**
 * Whether the record's unseen files may all go unseen (config key `allow-unseen`): the rebuild of this
 * head names exactly as many unseen files as the record counts, and each matches a glob
 * ({@link allowsUnseen}). Anything less is not allowed (fail closed).
 */
function unseenAllowed(record: DecisionRecord, current: RebuiltEvidence | undefined, globs: string[]): boolean {
  const count = record.evidence?.unseen;
  return (
    count !== undefined &&
    current !== undefined &&
    current.unseen.count === count &&
    allowsUnseen(current.unseen, globs)
  );
}

/** A branch name as Markdown code, for a summary (a name may hold any character but a few). */
function codeName(name: string): string {
  return `\`${name.replace(/`/g, "'")}\``;
}

/**
 * Whether the record's unread hunks may all go unread (config key `allow-unseen`): the rebuild of this
 * head holds at least as many hunks that no model may have read as the record counts, and every file that
 * may hold them matches a glob ({@link allowsUnread}). Anything less is not allowed (fail closed).
 */
function unreadAllowed(record: DecisionRecord, current: RebuiltEvidence | undefined, globs: string[]): boolean {
  const count = record.evidence?.unread;
  return (
    count !== undefined &&
    current !== undefined &&
    current.unread.hunks >= count &&
    allowsUnread(current.unread.paths, globs)
  );
}

/** A verdict from its parts; the title defaults to the conclusion's ({@link conclusionTitle}). */
export function verdict(
  conclusion: GateConclusion,
  summary: string,
  record: DecisionRecord | undefined,
  basis: GateVerdict['basis'],
  title = conclusionTitle(conclusion),
): GateVerdict {
  return { conclusion, title, summary, record, basis };
}
