import { RequestError } from '@octokit/request-error';
import { z } from 'zod';
import type { EvidenceSource } from '../evidence/evidence-source.js';
import type { ChangedFile, PullRequestInfo } from '../evidence/evidence-types.js';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';
import { createBlobReader } from './read-blobs.js';
import { readMergeBase, readTree } from './read-git-trees.js';

const pullSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  html_url: z.string(),
  changed_files: z.number().int().min(0).default(0),
  user: z.object({ login: z.string() }).nullable(),
  head: z.object({
    sha: z.string().regex(/^[0-9a-f]{40}$/),
    ref: z.string(),
    repo: z.object({ full_name: z.string() }).nullish(),
  }),
  base: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/), ref: z.string() }),
});

const fileSchema = z.object({
  /** The file's blob SHA at the head ("sha" of List pull requests files); absent in some GHES answers. */
  sha: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  filename: z.string(),
  previous_filename: z.string().optional(),
  status: z.enum(['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged']),
  additions: z.number().int(),
  deletions: z.number().int(),
  patch: z.string().optional(),
});

/**
 * File-list pages in flight at once: GitHub allows 100 concurrent requests (secondary rate limits) and
 * asks integrators to avoid bursts, so a few.
 */
const PAGE_CONCURRENCY = 4;
/** GitHub lists at most 3,000 files of a pull request, 100 a page. */
const MAX_FILE_PAGES = 30;

/** REST and GraphQL calls made, by purpose. */
export interface RequestCounts {
  pull: number;
  fileList: number;
  wholeDiff: number;
  graphql: number;
  contents: number;
  /** Compare and git tree reads, past the file list's limits (issue #14). */
  git: number;
}

/**
 * The evidence stage's reads on GitHub:
 * - `GET /repos/{o}/{r}/pulls/{n}` (JSON, then once with `Accept: application/vnd.github.diff` for the
 *   whole diff, which GitHub refuses with 406 `too_large` above 300 files or 20,000 lines);
 * - `GET .../pulls/{n}/files` through every page (100 a page, the count from the first page's `Link`
 *   header, then up to four at a time; GitHub stops at 3,000 files);
 * - the merge base and git trees past the file list's limits (`read-git-trees.ts`);
 * - file sizes, contents and blob SHAs at a commit (`read-blobs.ts`: GraphQL in batches, REST as the fallback).
 * @param warn where a fallback is reported (once)
 */
export function createPullRequestSource(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  warn: (message: string) => void = () => undefined,
): EvidenceSource & { requests(): number; requestCounts(): RequestCounts } {
  const counts: RequestCounts = { pull: 0, fileList: 0, wholeDiff: 0, graphql: 0, contents: 0, git: 0 };
  const blobs = createBlobReader(octokit, repo, counts, warn);

  return {
    requests: () => counts.pull + counts.fileList + counts.wholeDiff + counts.graphql + counts.contents + counts.git,
    requestCounts: () => ({ ...counts }),

    async getPullRequest(pullNumber: number): Promise<PullRequestInfo> {
      counts.pull += 1;
      const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber });
      const pull = parseResponse(pullSchema, data, `GET pulls/${pullNumber}`);
      return {
        number: pull.number,
        title: pull.title,
        body: pull.body ?? '',
        author: pull.user?.login ?? 'ghost',
        headSha: pull.head.sha,
        baseSha: pull.base.sha,
        baseRef: pull.base.ref,
        // A deleted fork shows `head.repo: null`: its pushes cannot be read.
        ...(pull.head.repo ? { head: { ref: pull.head.ref, repository: pull.head.repo.full_name } } : {}),
        htmlUrl: pull.html_url,
        changedFiles: pull.changed_files,
      };
    },

    async listFiles(pullNumber: number): Promise<ChangedFile[]> {
      // The first page's Link header says how many pages there are (rel="last"); the others are then
      // read a few at a time, in order. GitHub lists at most 3,000 files (30 pages of 100).
      const page = async (n: number) => {
        counts.fileList += 1;
        return octokit.rest.pulls.listFiles({ ...repo, pull_number: pullNumber, per_page: 100, page: n });
      };
      const first = await page(1);
      const last = lastPage(first.headers.link);
      const pages = [first];
      for (let n = 2; n <= last; n += PAGE_CONCURRENCY) {
        const batch = Array.from({ length: Math.min(PAGE_CONCURRENCY, last - n + 1) }, (_, i) => n + i);
        pages.push(...(await Promise.all(batch.map(page))));
      }
      return pages.flatMap(({ data }) =>
        data.map((item): ChangedFile => {
          const file = parseResponse(fileSchema, item, `GET pulls/${pullNumber}/files`);
          const blobs =
            file.status === 'removed' ? { base: file.sha, head: undefined } : { base: undefined, head: file.sha };
          return {
            path: file.filename,
            previousPath: file.previous_filename,
            status: file.status,
            additions: file.additions,
            deletions: file.deletions,
            patch: file.patch,
            blobs,
          };
        }),
      );
    },

    async getWholeDiff(pullNumber: number) {
      counts.wholeDiff += 1;
      try {
        const response = await octokit.rest.pulls.get({
          ...repo,
          pull_number: pullNumber,
          mediaType: { format: 'diff' },
        });
        const data: unknown = response.data;
        if (typeof data === 'string') return { diff: data };
        if (data instanceof ArrayBuffer) return { diff: new TextDecoder().decode(data) };
        return { refused: 'its answer was not text' };
      } catch (error) {
        // 406 too_large is GitHub's documented refusal; any other failure of this optional read is not fatal either.
        const status = error instanceof RequestError ? String(error.status) : 'no status';
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return { refused: isStatus(error, 406) ? `HTTP 406, too large: ${message}` : `HTTP ${status}: ${message}` };
      }
    },

    async getMergeBase(base: string, head: string) {
      counts.git += 1;
      return readMergeBase(octokit, repo, base, head);
    },

    async getTree(sha: string) {
      counts.git += 1;
      return readTree(octokit, repo, sha);
    },

    getBlobShas: (paths, ref) => blobs.getBlobShas(paths, ref),
    fetchFiles: (request, ref) => blobs.fetchFiles(request, ref),
  };
}

/** The page number of the `rel="last"` link of a `Link` header (RFC 8288), or 1 when there is none. */
export function lastPage(link: string | undefined): number {
  const match = /<([^>]+)>;\s*rel="last"/.exec(link ?? '');
  if (!match?.[1]) return 1;
  const page = Number(new URL(match[1]).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_FILE_PAGES) : 1;
}
