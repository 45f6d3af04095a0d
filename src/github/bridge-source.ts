import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';

/**
 * What the `workflow_run` bridge reads and writes on GitHub (docs/triggers.md): the open PR a fork
 * run was for, who added a label (issue timeline), and removing the trigger label once a request is
 * taken. Used by `src/modes/resolve-bridge.ts`.
 */

/** An open PR as the bridge judges it. */
export interface BridgePull {
  number: number;
  headSha: string;
  /** `owner/name` of the head repository, or undefined when it was deleted. */
  headRepository: string | undefined;
  labels: string[];
}

/** Who added a label, from the newest `labeled` event of that label in the issue timeline. */
export interface Labeller {
  login: string;
  type: string | undefined;
}

const pullSchema = z.object({
  number: z.number().int().positive(),
  state: z.string(),
  head: z.object({ sha: z.string(), repo: z.object({ full_name: z.string() }).nullable() }),
  labels: z.array(z.object({ name: z.string() })),
});

const timelineEventSchema = z.object({
  event: z.string().optional(),
  actor: z.object({ login: z.string(), type: z.string().optional() }).nullish(),
  label: z.object({ name: z.string() }).optional(),
});

/**
 * The open PRs of `repo` whose head is `headOwner:headBranch` in `headRepository`: `GET /repos/{o}/{r}/pulls?state=open&head=user:ref-name`
 * ("Filter pulls by head user or head organization and branch name in the format of user:ref-name",
 * docs.github.com/rest/pulls/pulls#list-pull-requests). When the branch no longer names one (renamed
 * or deleted), the PRs GitHub associates with the head commit (`GET /repos/{o}/{r}/commits/{sha}/pulls`).
 * @throws Octokit's `RequestError` when GitHub fails
 */
export async function findOpenPulls(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  head: { owner: string; branch: string; repository: string; sha: string },
): Promise<BridgePull[]> {
  const fromHead = (item: BridgePull) => item.headRepository?.toLowerCase() === head.repository.toLowerCase();
  const byBranch = (
    await octokit.paginate(octokit.rest.pulls.list, {
      ...repo,
      state: 'open',
      head: `${head.owner}:${head.branch}`,
      per_page: 100,
    })
  )
    .map((p) => toPull(p, 'GET pulls?head'))
    .filter(fromHead);
  if (byBranch.length > 0) return byBranch;
  const bySha = await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
    ...repo,
    commit_sha: head.sha,
    per_page: 100,
  });
  return bySha
    .filter((p) => parseResponse(pullSchema, p, `GET commits/${head.sha}/pulls`).state === 'open')
    .map((p) => toPull(p, `GET commits/${head.sha}/pulls`))
    .filter(fromHead);
}

/**
 * Who added `label` last: the newest `labeled` event for it in `GET /repos/{o}/{r}/issues/{n}/timeline`
 * (docs.github.com/rest/issues/timeline; label names compare without case, as GitHub's do), unless an
 * `unlabeled` event came after it. The bridge's labeller and the gate's `exempt-label` both come from here.
 * @returns undefined when the timeline has no such event, or the label was removed since
 * @throws Octokit's `RequestError` when GitHub fails
 */
export async function findLabeller(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  pullNumber: number,
  label: string,
): Promise<Labeller | undefined> {
  const events = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
    ...repo,
    issue_number: pullNumber,
    per_page: 100,
  });
  let found: Labeller | undefined;
  for (const item of events) {
    const event = parseResponse(timelineEventSchema, item, `GET issues/${pullNumber}/timeline`);
    if (event.label?.name.toLowerCase() !== label.toLowerCase()) continue;
    // A later `unlabeled` undoes the adding: whoever adds it again is the one who counts.
    if (event.event === 'labeled')
      found = event.actor ? { login: event.actor.login, type: event.actor.type } : undefined;
    else if (event.event === 'unlabeled') found = undefined;
  }
  return found;
}

/**
 * Removes a label from the PR: `DELETE /repos/{o}/{r}/issues/{n}/labels/{name}`
 * (docs.github.com/rest/issues/labels#remove-a-label-from-an-issue). A 404 (already gone) is no error.
 * @throws Octokit's `RequestError` for any other failure (a token without `pull-requests: write` gets 403)
 */
export async function removeLabel(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  pullNumber: number,
  label: string,
): Promise<void> {
  try {
    await octokit.rest.issues.removeLabel({ ...repo, issue_number: pullNumber, name: label });
  } catch (error) {
    if (!isStatus(error, 404)) throw error;
  }
}

function toPull(item: unknown, endpoint: string): BridgePull {
  const pull = parseResponse(pullSchema, item, endpoint);
  return {
    number: pull.number,
    headSha: pull.head.sha,
    headRepository: pull.head.repo?.full_name,
    labels: pull.labels.map((l) => l.name),
  };
}
