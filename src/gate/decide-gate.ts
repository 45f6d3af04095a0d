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

function verdict(
  conclusion: GateConclusion,
  summary: string,
  record: DecisionRecord | undefined,
  basis: GateVerdict['basis'],
  title = conclusionTitle(conclusion),
): GateVerdict {
  return { conclusion, title, summary, record, basis };
}

/**
 * The verdict of a merge group: `success` only when every PR in it passes on its own head.
 * @param pulls each PR's number and verdict; `unattributed` lists group commits no PR could be found for
 */
export function decideMergeGroup(
  pulls: { number: number; verdict: GateVerdict }[],
  unattributed: string[],
): GateVerdict {
  if (unattributed.length > 0) {
    return verdict(
      'action_required',
      `The merge group holds commits no pull request could be found for (${unattributed.join(', ')}), so the gate cannot tell that every PR in it passed.`,
      undefined,
      'none',
      CHECK_TITLES.groupUnattributed,
    );
  }
  if (pulls.length === 0)
    return verdict(
      'action_required',
      'No pull request was found in the merge group, so the gate cannot tell that every PR in it passed.',
      undefined,
      'none',
      CHECK_TITLES.groupUnattributed,
    );
  const failing = pulls.filter((p) => p.verdict.conclusion !== 'success');
  if (failing.length === 0)
    return verdict(
      'success',
      `Every PR in the merge group passes on its own head: ${pulls.map((p) => `#${p.number}`).join(', ')}.`,
      undefined,
      'this-head',
      CHECK_TITLES.groupPasses,
    );
  const worst = failing.some((p) => p.verdict.conclusion === 'failure') ? 'failure' : 'action_required';
  const lines = failing.map((p) => `#${p.number}: ${p.verdict.summary}`).join(' ');
  return verdict(
    worst,
    `${failing.length} of ${pulls.length} PRs in the merge group do not pass on their own head. ${lines}`,
    undefined,
    'none',
    CHECK_TITLES.groupLacks,
  );
}

/** A PR whose head is the commit being checked, with its own verdict and whether it counts (its author can write). */
export interface HeadPull {
  number: number;
  verdict: GateVerdict;
  author: string;
  /** Whether the PR's author has write permission: only such PRs count on a shared head. */
  authorCanWrite: boolean;
}

/**
 * The verdict on a commit that is the head of more than one open PR: a check run is on the commit, so
 * GitHub shows it on each of them. A PR counts when its author can write (else anyone could block
 * every PR by opening a fork PR with the same head); when no PR on the commit has such an author, each
 * counts. The check passes only when every PR that counts passes on its own record (a record is for its
 * own PR and repository), and names the PRs that do not count (and how to clear them: close them).
 * @param own this PR; `others` the other open PRs with the same head
 */
export function decideSharedHead(own: HeadPull, others: HeadPull[]): GateVerdict {
  if (others.length === 0) return own.verdict;
  const all = [own, ...others];
  const counted = all.some((p) => p.authorCanWrite) ? all.filter((p) => p.authorCanWrite) : all;
  const uncounted = all.filter((p) => !counted.includes(p));
  const notCounted =
    uncounted.length === 0
      ? ''
      : ` Not counted: ${uncounted.map((p) => `#${p.number} (by @${p.author}, who has no write permission)`).join(', ')}, whose head is this commit too; a PR counts on a shared head only when its author can write, and this check shows on ${uncounted.length === 1 ? 'it' : 'them'} as well, so close ${uncounted.length === 1 ? 'it' : 'them'} if ${uncounted.length === 1 ? 'it' : 'they'} must not merge.`;
  const failing = counted.filter((p) => p.verdict.conclusion !== 'success');
  const mine = counted.includes(own);
  if (failing.length === 0) {
    if (mine) return { ...own.verdict, summary: `${own.verdict.summary}${notCounted}` };
    const by = counted.map((p) => `#${p.number}`).join(', ');
    return {
      ...counted[0]!.verdict,
      summary: `This commit is also the head of ${by}, whose author can write, and a check run on a commit counts for every PR whose head it is: the check follows ${by}. ${counted.map((p) => `#${p.number}: ${p.verdict.summary}`).join(' ')}${notCounted}`,
    };
  }
  if (mine && failing.length === 1 && failing[0] === own)
    return { ...own.verdict, summary: `${own.verdict.summary}${notCounted}` };
  const worst = failing.some((p) => p.verdict.conclusion === 'failure') ? 'failure' : 'action_required';
  const names = failing
    .filter((p) => p !== own)
    .map((p) => `#${p.number}`)
    .join(', ');
  return {
    ...own.verdict,
    conclusion: worst,
    title: CHECK_TITLES.otherPullLacks,
    summary: `This commit is also the head of ${names}, and a check run on a commit counts for every PR whose head it is, so it passes only when each of them whose author can write does; to clear it, debate ${names} too, or close ${failing.length === 1 ? 'it' : 'them'}. ${failing
      .filter((p) => p !== own)
      .map((p) => `#${p.number}: ${p.verdict.summary}`)
      .join(' ')} This PR on its own: ${own.verdict.summary}${notCounted}`,
  };
}
