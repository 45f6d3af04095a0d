import { z } from 'zod';
import type { EvidenceSource } from '../evidence/gather-evidence.js';
import type { ChangedFile, PullRequestInfo } from '../evidence/types.js';
import type { GitHubClient } from './create-octokit.js';

const pullSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  html_url: z.string(),
  changed_files: z.number().int().min(0).default(0),
  user: z.object({ login: z.string() }).nullable(),
  head: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
  base: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
});

const fileSchema = z.object({
  filename: z.string(),
  previous_filename: z.string().optional(),
  status: z.enum(['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged']),
  additions: z.number().int(),
  deletions: z.number().int(),
  patch: z.string().optional(),
});

/**
 * The evidence stage's reads, on the REST API:
 * `GET /repos/{o}/{r}/pulls/{n}`, `GET .../pulls/{n}/files` through every page (100 a page; GitHub
 * stops at 3,000 files) and `GET .../contents/{path}?ref=` with the raw media type (files up to 100 MB).
 */
export function createPullRequestSource(octokit: GitHubClient, repo: { owner: string; repo: string }): EvidenceSource & { requests(): number } {
  let requests = 0;
  return {
    requests: () => requests,
    async getPullRequest(pullNumber: number): Promise<PullRequestInfo> {
      requests += 1;
      const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber });
      const pull = parseResponse(pullSchema, data, `GET pulls/${pullNumber}`);
      return {
        number: pull.number,
        title: pull.title,
        body: pull.body ?? '',
        author: pull.user?.login ?? 'ghost',
        headSha: pull.head.sha,
        baseSha: pull.base.sha,
        htmlUrl: pull.html_url,
        changedFiles: pull.changed_files,
      };
    },
    async listFiles(pullNumber: number): Promise<ChangedFile[]> {
      const files: ChangedFile[] = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.pulls.listFiles, { ...repo, pull_number: pullNumber, per_page: 100 })) {
        requests += 1;
        for (const item of page.data) {
          const file = parseResponse(fileSchema, item, `GET pulls/${pullNumber}/files`);
          files.push({
            path: file.filename,
            previousPath: file.previous_filename,
            status: file.status,
            additions: file.additions,
            deletions: file.deletions,
            patch: file.patch,
          });
        }
      }
      return files;
    },
    async readFile(path: string, ref: string): Promise<string | undefined> {
      requests += 1;
      try {
        const response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
          ...repo,
          path,
          ref,
          headers: { accept: 'application/vnd.github.raw' },
        });
        const data: unknown = response.data;
        if (typeof data === 'string') return data;
        if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
        return undefined; // a directory or a submodule: not a file's text
      } catch (error) {
        if (isStatus(error, 404)) return undefined;
        throw error;
      }
    },
  };
}

/** True when an Octokit `RequestError` has this HTTP status. */
export function isStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status;
}

/** Parses a REST response we depend on; the error names the endpoint and the field. */
export function parseResponse<T>(schema: z.ZodType<T>, data: unknown, endpoint: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`GitHub's answer to ${endpoint} is not shaped as documented: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return result.data;
}
