/** The verdicts over more than one PR: a merge group's, and a commit that is the head of several open PRs. */
import { CHECK_TITLES } from './check-titles.js';
import { verdict, type GateVerdict } from './decide-gate.js';

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
