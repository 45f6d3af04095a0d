import { z } from 'zod';
import type { GitTree } from '../evidence/complete-file-list.js';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';

/**
 * Reads of git data past GitHub's pull request limits (issue #14): the merge base of a PR, and the
 * recursive trees that complete a file list cut at 3,000 files.
 */

const compareSchema = z.object({
  merge_base_commit: z.object({
    sha: z.string().regex(/^[0-9a-f]{40}$/),
    commit: z.object({ tree: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }) }),
  }),
});

const treeSchema = z.object({
  truncated: z.boolean(),
  tree: z.array(
    z.object({
      path: z.string(),
      mode: z.string(),
      type: z.string(),
      sha: z.string(),
      size: z.number().int().nonnegative().optional(),
    }),
  ),
});

/**
 * The merge base of `base` and `head` and its tree: `GET /repos/{o}/{r}/compare/{base}...{head}`,
 * field `merge_base_commit` (REST, Compare two commits). `per_page=1` keeps the commit list short; the
 * files come on the first page anyway (up to 300), which is why this is asked for only when needed.
 */
export async function readMergeBase(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  base: string,
  head: string,
): Promise<{ sha: string; treeSha: string }> {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repo,
    basehead: `${base}...${head}`,
    per_page: 1,
  });
  const compare = parseResponse(compareSchema, data, `GET compare/${base.slice(0, 7)}...${head.slice(0, 7)}`);
  return { sha: compare.merge_base_commit.sha, treeSha: compare.merge_base_commit.commit.tree.sha };
}

/**
 * A recursive git tree: `GET /repos/{o}/{r}/git/trees/{sha}?recursive=1` (REST, Get a tree), where
 * `sha` is a tree or a commit (git resolves a commit to its tree). "If truncated is true in the response
 * then the number of items in the tree array exceeded our maximum limit" (100,000 entries or 7 MB).
 */
export async function readTree(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  sha: string,
): Promise<GitTree> {
  const { data } = await octokit.rest.git.getTree({ ...repo, tree_sha: sha, recursive: '1' });
  const tree = parseResponse(treeSchema, data, `GET git/trees/${sha.slice(0, 7)}`);
  return { entries: tree.tree, truncated: tree.truncated };
}
