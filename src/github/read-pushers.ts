import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { describeGitHubError } from './describe-github-error.js';
import { parseResponse } from './parse-response.js';

/**
 * Who pushed a PR's head commit, from GitHub's repository activity (REST "List repository activities",
 * `GET /repos/{owner}/{repo}/activity`: "Lists a detailed history of changes to a repository, such as
 * pushes, merges, force pushes, and branch changes, and associates these changes with commits and users";
 * each activity has `before`, `after`, `ref`, `activity_type` and `actor`; GitHub's OpenAPI description,
 * operation `repos/list-activities`). Of the signals the API offers, it is the only one that names the
 * pusher: a commit's `author` and `committer` logins are whoever its e-mail addresses belong to, which
 * anyone can write into a commit, and the issue timeline names an actor only for force pushes
 * (`head_ref_force_pushed`). One request, whatever the PR's size: the newest activities of the head branch
 * in the repository it lives in (a fork's for a fork PR), newest first, one page of 100.
 *
 * Limits, said where the gate uses it (docs/gate.md): a head no activity of that page names (pushed long
 * ago and followed by 100 other activities on the branch, a private fork the token cannot read, a GitHub
 * Enterprise Server without the endpoint) has no known pusher, and only the PR's opener counts as its author.
 */

const activitySchema = z.object({
  after: z.string(),
  ref: z.string(),
  actor: z.object({ login: z.string() }).nullable(),
});

/** Activities read per request: GitHub's page maximum. */
const PER_PAGE = 100;

/**
 * @param head the PR's head branch and the repository it lives in (`head.ref`, `head.repo.full_name`)
 * @param shas the commits whose pusher is wanted (the PR's head, the debated head)
 * @param warn where a refused read is said (the pushers are then unknown)
 * @returns sha -> login of the newest push (or branch creation, or force push) that left the branch at it;
 *   a sha no activity names is absent
 */
export async function readPushers(
  octokit: GitHubClient,
  head: { ref: string; repository: string },
  shas: readonly string[],
  warn: (message: string) => void,
): Promise<Map<string, string>> {
  const [owner = '', repo = ''] = head.repository.split('/');
  const pushers = new Map<string, string>();
  let items: unknown[];
  try {
    const { data } = await octokit.rest.repos.listActivities({
      owner,
      repo,
      ref: `refs/heads/${head.ref}`,
      direction: 'desc',
      per_page: PER_PAGE,
    });
    items = Array.isArray(data) ? data : [];
  } catch (error) {
    warn(
      `Could not read who pushed the head of ${head.repository}:${head.ref} (${describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error))}); only the PR's opener counts as its author.`,
    );
    return pushers;
  }
  for (const item of items) {
    const activity = parseResponse(activitySchema, item, `GET repos/${head.repository}/activity`);
    // Newest first: the first activity that left the branch at a commit is the one that put it there.
    if (shas.includes(activity.after) && activity.actor && !pushers.has(activity.after))
      pushers.set(activity.after, activity.actor.login);
  }
  return pushers;
}
