import { RequestError } from '@octokit/request-error';
import { z } from 'zod';
import type { EvidenceSource, FetchedFiles, FileRead, FileStat } from '../evidence/gather-evidence.js';
import type { ChangedFile, PullRequestInfo } from '../evidence/evidence-types.js';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';
import { readMergeBase, readTree } from './read-git-trees.js';

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
  /** The file's blob SHA at the head ("sha" of List pull requests files); absent in some GHES answers. */
  sha: z.string().regex(/^[0-9a-f]{40}$/).optional(),
  filename: z.string(),
  previous_filename: z.string().optional(),
  status: z.enum(['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged']),
  additions: z.number().int(),
  deletions: z.number().int(),
  patch: z.string().optional(),
});

const blobSchema = z
  .object({
    __typename: z.string(),
    byteSize: z.number().int().nonnegative().optional(),
    isBinary: z.boolean().nullable().optional(),
    isTruncated: z.boolean().optional(),
    text: z.string().nullable().optional(),
  })
  .nullable();

const blobsSchema = z.object({ repository: z.record(z.string(), blobSchema).nullable() });
const oidsSchema = z.object({ repository: z.record(z.string(), z.object({ oid: z.string().regex(/^[0-9a-f]{40}$/).optional() }).nullable()).nullable() });

/** Paths asked for in one GraphQL query (each is one `object(expression:)` field, one node), and how many of them with text. */
const GRAPHQL_SIZE_BATCH = 200;
const GRAPHQL_TEXT_BATCH = 100;
/**
 * Requests in flight at once for file-list pages and REST reads: GitHub allows 100 concurrent requests
 * (secondary rate limits) and asks integrators to avoid bursts, so a few.
 */
const REST_CONCURRENCY = 4;
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
 * - file sizes and contents at a commit in batches through GraphQL (`repository.object(expression:
 *   "<sha>:<path>")` as `Blob { byteSize isBinary isTruncated text }`), up to 200 files and 100 texts a call
 *   (the throttling plugin spaces GraphQL calls a second apart, so fewer calls are also faster);
 * - when GraphQL fails (an old GHES, a proxy, a token without it), `GET .../contents/{path}?ref=` with the
 *   raw media type, one call a file, from then on.
 * @param warn where a fallback is reported (once)
 */
export function createPullRequestSource(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  warn: (message: string) => void = () => undefined,
): EvidenceSource & { requests(): number; requestCounts(): RequestCounts } {
  const counts: RequestCounts = { pull: 0, fileList: 0, wholeDiff: 0, graphql: 0, contents: 0, git: 0 };
  let graphqlWorks = true;
  const restCache = new Map<string, FileRead | undefined>();

  /** Blobs at a commit in batches: `withText` paths get their text, the others their size only. */
  const graphqlBlobs = async (paths: { path: string; withText: boolean }[], ref: string): Promise<Map<string, z.infer<typeof blobSchema>>> => {
    const result = new Map<string, z.infer<typeof blobSchema>>();
    const texts = paths.filter((p) => p.withText);
    const sizes = paths.filter((p) => !p.withText);
    // Each query holds at most GRAPHQL_TEXT_BATCH texts and GRAPHQL_SIZE_BATCH fields in all.
    const queries: { path: string; withText: boolean }[][] = [];
    for (let ti = 0, si = 0; ti < texts.length || si < sizes.length; ) {
      const chunk = texts.slice(ti, ti + GRAPHQL_TEXT_BATCH);
      ti += chunk.length;
      const more = sizes.slice(si, si + GRAPHQL_SIZE_BATCH - chunk.length);
      si += more.length;
      queries.push([...chunk, ...more]);
    }
    for (const chunk of queries) {
      const query = [
        `query($owner: String!, $name: String!${chunk.map((_, j) => `, $e${j}: String!`).join('')}) {`,
        '  repository(owner: $owner, name: $name) {',
        ...chunk.map((p, j) => `    f${j}: object(expression: $e${j}) { __typename ... on Blob { ${p.withText ? 'byteSize isBinary isTruncated text' : 'byteSize isBinary'} } }`),
        '  }',
        '}',
      ].join('\n');
      const variables: Record<string, string> = { owner: repo.owner, name: repo.repo };
      chunk.forEach((p, j) => (variables[`e${j}`] = `${ref}:${p.path}`));
      counts.graphql += 1;
      const data = parseResponse(blobsSchema, await octokit.graphql<unknown>(query, variables), 'POST /graphql (repository.object)');
      if (data.repository === null) throw new Error(`GraphQL found no repository ${repo.owner}/${repo.repo}`);
      chunk.forEach((p, j) => result.set(p.path, data.repository?.[`f${j}`] ?? null));
    }
    return result;
  };

  /** Runs `fn` with GraphQL, or with REST from the first GraphQL failure on. */
  const withFallback = async <T>(fn: () => Promise<T>, rest: () => Promise<T>): Promise<T> => {
    if (graphqlWorks) {
      try {
        return await fn();
      } catch (error) {
        graphqlWorks = false;
        warn(`GitHub's GraphQL API failed (${error instanceof Error ? error.message : String(error)}); reading files one REST call each instead.`);
      }
    }
    return rest();
  };

  const restRead = async (path: string, ref: string): Promise<FileRead | undefined> => {
    const key = `${ref}:${path}`;
    if (restCache.has(key)) return restCache.get(key);
    counts.contents += 1;
    let read: FileRead | undefined;
    try {
      const response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...repo,
        path,
        ref,
        headers: { accept: 'application/vnd.github.raw' },
      });
      const data: unknown = response.data;
      const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : undefined;
      // A directory or a submodule answers JSON, not a file's text.
      read = text === undefined ? undefined : text.slice(0, 8000).includes('\u0000') ? { binary: true } : { text };
    } catch (error) {
      if (isStatus(error, 404)) read = undefined;
      else if (isStatus(error, 403) && /too.?large/i.test(error.message)) read = { tooLarge: true };
      else throw error;
    }
    restCache.set(key, read);
    return read;
  };

  const restReadAll = async (paths: string[], ref: string): Promise<Map<string, FileRead>> => {
    const result = new Map<string, FileRead>();
    for (let i = 0; i < paths.length; i += REST_CONCURRENCY) {
      const chunk = paths.slice(i, i + REST_CONCURRENCY);
      const reads = await Promise.all(chunk.map((path) => restRead(path, ref)));
      chunk.forEach((path, j) => {
        const read = reads[j];
        if (read !== undefined) result.set(path, read);
      });
    }
    return result;
  };

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
          const blobs = file.status === 'removed' ? { base: file.sha, head: undefined } : { base: undefined, head: file.sha };
          return { path: file.filename, previousPath: file.previous_filename, status: file.status, additions: file.additions, deletions: file.deletions, patch: file.patch, blobs };
        }),
      );
    },

    async getWholeDiff(pullNumber: number) {
      counts.wholeDiff += 1;
      try {
        const response = await octokit.rest.pulls.get({ ...repo, pull_number: pullNumber, mediaType: { format: 'diff' } });
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

    async getBlobShas(paths: string[], ref: string): Promise<Map<string, string>> {
      return withFallback(
        async () => {
          // `oid` of GraphQL's GitObject: "The Git object ID" (docs.github.com/graphql/reference/interfaces#gitobject).
          const result = new Map<string, string>();
          for (let i = 0; i < paths.length; i += GRAPHQL_SIZE_BATCH) {
            const chunk = paths.slice(i, i + GRAPHQL_SIZE_BATCH);
            const query = [
              `query($owner: String!, $name: String!${chunk.map((_, j) => `, $e${j}: String!`).join('')}) {`,
              '  repository(owner: $owner, name: $name) {',
              ...chunk.map((_, j) => `    f${j}: object(expression: $e${j}) { __typename ... on Blob { oid } }`),
              '  }',
              '}',
            ].join('\n');
            const variables: Record<string, string> = { owner: repo.owner, name: repo.repo };
            chunk.forEach((p, j) => (variables[`e${j}`] = `${ref}:${p}`));
            counts.graphql += 1;
            const data = parseResponse(oidsSchema, await octokit.graphql<unknown>(query, variables), 'POST /graphql (repository.object oid)');
            chunk.forEach((p, j) => {
              const oid = data.repository?.[`f${j}`]?.oid;
              if (oid) result.set(p, oid);
            });
          }
          return result;
        },
        async () => {
          // REST: the contents API's JSON names the blob's `sha` (docs.github.com/rest/repos/contents), one call a file.
          const result = new Map<string, string>();
          for (const path of paths) {
            counts.contents += 1;
            try {
              const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref });
              const parsed = z.object({ type: z.literal('file'), sha: z.string().regex(/^[0-9a-f]{40}$/) }).safeParse(data);
              if (parsed.success) result.set(path, parsed.data.sha);
            } catch (error) {
              if (!isStatus(error, 404)) throw error;
            }
          }
          return result;
        },
      );
    },

    async fetchFiles(request: { texts: string[]; sizes: string[] }, ref: string): Promise<FetchedFiles> {
      return withFallback(
        async () => {
          const blobs = await graphqlBlobs([...request.texts.map((path) => ({ path, withText: true })), ...request.sizes.map((path) => ({ path, withText: false }))], ref);
          const texts = new Map<string, FileRead>();
          const sizes = new Map<string, FileStat>();
          for (const path of request.texts) {
            const blob = blobs.get(path);
            if (blob?.__typename !== 'Blob') continue;
            if (blob.isBinary === true || blob.text === null || blob.text === undefined) texts.set(path, { binary: true });
            else if (blob.isTruncated === true) texts.set(path, { tooLarge: true });
            else texts.set(path, { text: blob.text });
          }
          for (const path of request.sizes) {
            const blob = blobs.get(path);
            if (blob?.__typename === 'Blob') sizes.set(path, { bytes: blob.byteSize ?? 0, binary: blob.isBinary === true });
          }
          return { texts, sizes };
        },
        async () => {
          // REST has no size without the content: read both, once each (cached for a later text request).
          const texts = await restReadAll(request.texts, ref);
          const sizes = new Map<string, FileStat>();
          for (const [path, read] of await restReadAll(request.sizes, ref)) {
            sizes.set(path, 'text' in read ? { bytes: Buffer.byteLength(read.text), binary: false } : { bytes: Number.MAX_SAFE_INTEGER, binary: 'binary' in read });
          }
          return { texts, sizes };
        },
      );
    },
  };
}

/** The page number of the `rel="last"` link of a `Link` header (RFC 8288), or 1 when there is none. */
export function lastPage(link: string | undefined): number {
  const match = /<([^>]+)>;\s*rel="last"/.exec(link ?? '');
  if (!match?.[1]) return 1;
  const page = Number(new URL(match[1]).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_FILE_PAGES) : 1;
}
