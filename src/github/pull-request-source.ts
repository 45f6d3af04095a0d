import { z } from 'zod';
import type { EvidenceSource, FileRead, FileStat } from '../evidence/gather-evidence.js';
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

/** Paths asked for in one GraphQL query (each is one `object(expression:)` field, one node). */
const GRAPHQL_STAT_BATCH = 100;
const GRAPHQL_READ_BATCH = 50;
/** REST reads in flight at once when GraphQL is not available; GitHub asks integrators to avoid bursts. */
const REST_CONCURRENCY = 4;

/** REST and GraphQL calls made, by purpose. */
export interface RequestCounts {
  pull: number;
  fileList: number;
  wholeDiff: number;
  graphql: number;
  contents: number;
}

/**
 * The evidence stage's reads on GitHub:
 * - `GET /repos/{o}/{r}/pulls/{n}` (JSON, then once with `Accept: application/vnd.github.diff` for the
 *   whole diff, which GitHub refuses with 406 `too_large` above 300 files or 20,000 lines);
 * - `GET .../pulls/{n}/files` through every page (100 a page; GitHub stops at 3,000 files);
 * - file sizes and contents at a commit in batches through GraphQL (`repository.object(expression:
 *   "<sha>:<path>")` as `Blob { byteSize isBinary isTruncated text }`), 50-100 files a call;
 * - when GraphQL fails (an old GHES, a proxy, a token without it), `GET .../contents/{path}?ref=` with the
 *   raw media type, one call a file, from then on.
 * @param warn where a fallback is reported (once)
 */
export function createPullRequestSource(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  warn: (message: string) => void = () => undefined,
): EvidenceSource & { requests(): number; requestCounts(): RequestCounts } {
  const counts: RequestCounts = { pull: 0, fileList: 0, wholeDiff: 0, graphql: 0, contents: 0 };
  let graphqlWorks = true;
  const restCache = new Map<string, FileRead | undefined>();

  const graphqlBlobs = async (paths: string[], ref: string, withText: boolean): Promise<Map<string, z.infer<typeof blobSchema>>> => {
    const result = new Map<string, z.infer<typeof blobSchema>>();
    const batch = withText ? GRAPHQL_READ_BATCH : GRAPHQL_STAT_BATCH;
    for (let i = 0; i < paths.length; i += batch) {
      const chunk = paths.slice(i, i + batch);
      const fields = withText ? 'byteSize isBinary isTruncated text' : 'byteSize isBinary';
      const query = [
        `query($owner: String!, $name: String!${chunk.map((_, j) => `, $e${j}: String!`).join('')}) {`,
        '  repository(owner: $owner, name: $name) {',
        ...chunk.map((_, j) => `    f${j}: object(expression: $e${j}) { __typename ... on Blob { ${fields} } }`),
        '  }',
        '}',
      ].join('\n');
      const variables: Record<string, string> = { owner: repo.owner, name: repo.repo };
      chunk.forEach((path, j) => (variables[`e${j}`] = `${ref}:${path}`));
      counts.graphql += 1;
      const data = parseResponse(blobsSchema, await octokit.graphql<unknown>(query, variables), 'POST /graphql (repository.object)');
      if (data.repository === null) throw new Error(`GraphQL found no repository ${repo.owner}/${repo.repo}`);
      chunk.forEach((path, j) => result.set(path, data.repository?.[`f${j}`] ?? null));
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
      else if (isStatus(error, 403) && /too.?large/i.test(String((error as Error).message))) read = { tooLarge: true };
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
    requests: () => counts.pull + counts.fileList + counts.wholeDiff + counts.graphql + counts.contents,
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
      const files: ChangedFile[] = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.pulls.listFiles, { ...repo, pull_number: pullNumber, per_page: 100 })) {
        counts.fileList += 1;
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
        const status = typeof error === 'object' && error !== null && 'status' in error ? String(error.status) : 'no status';
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return { refused: isStatus(error, 406) ? `HTTP 406, too large: ${message}` : `HTTP ${status}: ${message}` };
      }
    },

    async statFiles(paths: string[], ref: string): Promise<Map<string, FileStat>> {
      return withFallback(
        async () => {
          const blobs = await graphqlBlobs(paths, ref, false);
          const result = new Map<string, FileStat>();
          for (const [path, blob] of blobs) {
            if (blob?.__typename === 'Blob') result.set(path, { bytes: blob.byteSize ?? 0, binary: blob.isBinary === true });
          }
          return result;
        },
        async () => {
          const result = new Map<string, FileStat>();
          for (const [path, read] of await restReadAll(paths, ref)) {
            result.set(path, 'text' in read ? { bytes: Buffer.byteLength(read.text), binary: false } : { bytes: Number.MAX_SAFE_INTEGER, binary: 'binary' in read });
          }
          return result;
        },
      );
    },

    async readFiles(paths: string[], ref: string): Promise<Map<string, FileRead>> {
      return withFallback(
        async () => {
          const blobs = await graphqlBlobs(paths, ref, true);
          const result = new Map<string, FileRead>();
          for (const [path, blob] of blobs) {
            if (blob?.__typename !== 'Blob') continue;
            if (blob.isBinary === true || blob.text === null || blob.text === undefined) result.set(path, { binary: true });
            else if (blob.isTruncated === true) result.set(path, { tooLarge: true });
            else result.set(path, { text: blob.text });
          }
          return result;
        },
        () => restReadAll(paths, ref),
      );
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
