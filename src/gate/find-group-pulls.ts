/**
 * Which pull requests a merge group holds (docs/gate.md: a group passes only when every PR in
 * it passes on its own head). Pure. GitHub's `merge_group` payload names only the group's head and
 * base (`head_sha`, `base_sha`, `head_ref`: "Merge group webhook event", GitHub changelog 2022-08-18);
 * the PRs are read from GitHub's own data, never from commit text:
 * - the head ref, `refs/heads/gh-readonly-queue/<base branch>/pr-<number>-<sha>`, which GitHub names for
 *   the group's last PR;
 * - the PRs GitHub associates with each commit between base and head (`GET /commits/{sha}/pulls`, every
 *   page of `GET /compare/{base}...{head}`).
 * A commit subject such as "Fix (#12)" is author text under the rebase method, so it attributes nothing.
 * A commit no PR is associated with is returned as unattributed: the gate then does not pass the group,
 * since a PR it cannot see might lack a decision (fail closed).
 */

const QUEUE_REF = /^(?:refs\/heads\/)?gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]{40}$/;

/** The PR number the merge group's head ref names, or undefined when it is not a merge-queue ref. */
export function pullFromQueueRef(headRef: string): number | undefined {
  const match = QUEUE_REF.exec(headRef);
  return match ? Number(match[1]) : undefined;
}

/**
 * @param commits the group's commits (base excluded), with the PRs GitHub associates with each
 * @returns the PR numbers, ascending, and the SHAs of commits no PR is associated with
 */
export function findGroupPulls(
  headRef: string,
  commits: { sha: string; pulls: number[] }[],
): { pulls: number[]; unattributed: string[] } {
  const pulls = new Set<number>();
  const fromRef = pullFromQueueRef(headRef);
  if (fromRef !== undefined) pulls.add(fromRef);
  const unattributed: string[] = [];
  for (const commit of commits) {
    if (commit.pulls.length === 0) unattributed.push(commit.sha);
    for (const n of commit.pulls) pulls.add(n);
  }
  return { pulls: [...pulls].sort((a, b) => a - b), unattributed };
}
