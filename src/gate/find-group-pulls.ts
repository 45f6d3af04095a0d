/**
 * Which pull requests a merge group holds (contract section 9: a group passes only when every PR in
 * it passes on its own head). Pure. GitHub's `merge_group` payload names only the group's head and
 * base (`head_sha`, `base_sha`, `head_ref`); the PRs are read from three places, and all of them count:
 * - the head ref, `refs/heads/gh-readonly-queue/<base branch>/pr-<number>-<sha>`, names the group's last PR;
 * - the commits between base and head (`GET /compare/{base}...{head}`): a merge commit's subject is
 *   "Merge pull request #N from ...", a squash commit's ends with "(#N)";
 * - the PRs GitHub associates with each of those commits (`GET /commits/{sha}/pulls`).
 * A commit none of them explains is returned as unattributed: the gate then does not pass the group,
 * since a PR it cannot see might lack a decision (fail closed, e.g. rebase-merged commits that GitHub
 * associates with no PR).
 */

const QUEUE_REF = /^(?:refs\/heads\/)?gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]{40}$/;

/** The PR number the merge group's head ref names, or undefined when it is not a merge-queue ref. */
export function pullFromQueueRef(headRef: string): number | undefined {
  const match = QUEUE_REF.exec(headRef);
  return match ? Number(match[1]) : undefined;
}

/** The PR number a merge-queue commit message names (merge or squash method), or undefined. */
export function pullFromCommitMessage(message: string): number | undefined {
  const subject = message.split('\n', 1)[0]!.trim();
  const merge = /^Merge pull request #(\d+) from /.exec(subject);
  if (merge) return Number(merge[1]);
  const squash = /\(#(\d+)\)$/.exec(subject);
  return squash ? Number(squash[1]) : undefined;
}

/**
 * @param commits the group's commits (base excluded), with the PRs GitHub associates with each
 * @returns the PR numbers, ascending, and the SHAs of commits no source attributes to a PR
 */
export function findGroupPulls(headRef: string, commits: { sha: string; message: string; pulls: number[] }[]): { pulls: number[]; unattributed: string[] } {
  const pulls = new Set<number>();
  const fromRef = pullFromQueueRef(headRef);
  if (fromRef !== undefined) pulls.add(fromRef);
  const unattributed: string[] = [];
  for (const commit of commits) {
    const named = pullFromCommitMessage(commit.message);
    const found = [...(named === undefined ? [] : [named]), ...commit.pulls];
    if (found.length === 0) unattributed.push(commit.sha);
    for (const n of found) pulls.add(n);
  }
  return { pulls: [...pulls].sort((a, b) => a - b), unattributed };
}
