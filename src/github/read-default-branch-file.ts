import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';

const repositorySchema = z.object({ default_branch: z.string().min(1) });

const fileSchema = z.object({
  type: z.string(),
  encoding: z.string().optional(),
  content: z.string().optional(),
});

/** A file read from the default branch, or none there. */
export interface DefaultBranchFile {
  /** The branch it was read from. */
  branch: string;
  /** Undefined when the branch has no file at that path. */
  text: string | undefined;
}

/**
 * Reads one file at the tip of the repository's default branch, never at a PR head, so a pull request
 * cannot change what it is read from (docs/config.md: the PR author must not configure the
 * reviewer of their own PR).
 *
 * Calls `GET /repos/{o}/{r}` for the branch name when `defaultBranch` is not known (webhook payloads
 * carry it as `repository.default_branch`), then `GET /repos/{o}/{r}/contents/{path}?ref=refs/heads/{branch}`:
 * the full ref, since a short name is resolved as git resolves it, a tag of that name first
 * (git-scm.com/docs/gitrevisions), and a tag named `main` must not configure the gate;
 * whose JSON form holds a file's content base64-encoded (docs.github.com/rest/repos/contents).
 * @throws Error for a path that is a folder, a file over 1 MB (GitHub sends no content then), or a
 *   GitHub error other than 404
 */
export async function readDefaultBranchFile(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  path: string,
  defaultBranch?: string,
): Promise<DefaultBranchFile> {
  const branch =
    defaultBranch ??
    parseResponse(repositorySchema, (await octokit.rest.repos.get(repo)).data, 'GET /repos/{owner}/{repo}')
      .default_branch;
  let data: unknown;
  try {
    // The branch's full ref: a short name resolves to a tag of the same name first (git's rule), which anyone who can push a tag could make.
    data = (await octokit.rest.repos.getContent({ ...repo, path, ref: `refs/heads/${branch}` })).data;
  } catch (error) {
    if (isStatus(error, 404)) return { branch, text: undefined };
    throw error;
  }
  if (Array.isArray(data)) throw new Error(`${path} on ${branch} is a folder, not a file`);
  const file = parseResponse(fileSchema, data, 'GET /repos/{owner}/{repo}/contents/{path}');
  if (file.type !== 'file') throw new Error(`${path} on ${branch} is a ${file.type}, not a file`);
  if (file.encoding !== 'base64' || file.content === undefined)
    throw new Error(`${path} on ${branch} is too large to read through the contents API (over 1 MB)`);
  return { branch, text: Buffer.from(file.content, 'base64').toString('utf8') };
}
