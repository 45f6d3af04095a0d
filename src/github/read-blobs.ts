import { z } from 'zod';
import type { FetchedFiles, FileRead, FileStat } from '../evidence/evidence-source.js';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './parse-response.js';

/**
 * File contents, sizes and blob SHAs at a commit, for the evidence stage: in batches through GraphQL
 * (`repository.object(expression: "<sha>:<path>")` as `Blob { oid byteSize isBinary isTruncated text }`,
 * docs.github.com/graphql/reference/objects#blob), up to 200 files and 100 texts a call (the throttling
 * plugin spaces GraphQL calls a second apart, so fewer calls are also faster); when GraphQL fails (an
 * old GHES, a proxy, a token without it), `GET /repos/{o}/{r}/contents/{path}?ref=` one call a file
 * (docs.github.com/rest/repos/contents), from then on.
 */

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
const oidsSchema = z.object({
  repository: z
    .record(
      z.string(),
      z
        .object({
          oid: z
            .string()
            .regex(/^[0-9a-f]{40}$/)
            .optional(),
        })
        .nullable(),
    )
    .nullable(),
});

/** Paths asked for in one GraphQL query (each is one `object(expression:)` field, one node), and how many of them with text. */
const GRAPHQL_SIZE_BATCH = 200;
const GRAPHQL_TEXT_BATCH = 100;
/**
 * REST reads in flight at once: GitHub allows 100 concurrent requests (secondary rate limits) and asks
 * integrators to avoid bursts, so a few.
 */
const REST_CONCURRENCY = 4;

/** The blob reads of one evidence source; `counts` is the source's request tally, added to here. */
export interface BlobReader {
  /** Blob SHAs of `paths` at `ref`; a path that is no file there is left out. */
  getBlobShas(paths: string[], ref: string): Promise<Map<string, string>>;
  /** Texts of `request.texts` and sizes of `request.sizes` at `ref`; a path that is no file there is left out. */
  fetchFiles(request: { texts: string[]; sizes: string[] }, ref: string): Promise<FetchedFiles>;
}

/**
 * @param counts the caller's tally of GraphQL and contents calls, incremented per call
 * @param warn where the fall-back to REST is reported (once)
 * @throws Octokit's RequestError for a REST failure other than 404 (and 403 too large, read as such)
 */
export function createBlobReader(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  counts: { graphql: number; contents: number },
  warn: (message: string) => void,
): BlobReader {
  let graphqlWorks = true;
  const restCache = new Map<string, FileRead | undefined>();

  /** Blobs at a commit in batches: `withText` paths get their text, the others their size only. */
  /**
   * One GraphQL query for the objects at `ref:path` of several paths, aliased `f0`, `f1`, ... in their
   * order (`repository.object(expression:)`, docs.github.com/graphql/reference/objects#repository).
   * @param fields the Blob fields to select for the path at index j
   */
  const objectsQuery = (paths: string[], ref: string, fields: (j: number) => string) => ({
    query: [
      `query($owner: String!, $name: String!${paths.map((_, j) => `, $e${j}: String!`).join('')}) {`,
      '  repository(owner: $owner, name: $name) {',
      ...paths.map((_, j) => `    f${j}: object(expression: $e${j}) { __typename ... on Blob { ${fields(j)} } }`),
      '  }',
      '}',
    ].join('\n'),
    variables: {
      owner: repo.owner,
      name: repo.repo,
      ...Object.fromEntries(paths.map((path, j) => [`e${j}`, `${ref}:${path}`])),
    },
  });

  const graphqlBlobs = async (
    paths: { path: string; withText: boolean }[],
    ref: string,
  ): Promise<Map<string, z.infer<typeof blobSchema>>> => {
    const result = new Map<string, z.infer<typeof blobSchema>>();
    const texts = paths.filter((p) => p.withText);
    const sizes = paths.filter((p) => !p.withText);
    // Each query holds at most GRAPHQL_TEXT_BATCH texts and GRAPHQL_SIZE_BATCH fields in all.
    const queries: { path: string; withText: boolean }[][] = [];
    for (let ti = 0, si = 0; ti < texts.length || si < sizes.length;) {
      const chunk = texts.slice(ti, ti + GRAPHQL_TEXT_BATCH);
      ti += chunk.length;
      const more = sizes.slice(si, si + GRAPHQL_SIZE_BATCH - chunk.length);
      si += more.length;
      queries.push([...chunk, ...more]);
    }
    for (const chunk of queries) {
      const { query, variables } = objectsQuery(
        chunk.map((p) => p.path),
        ref,
        (j) => (chunk[j]?.withText ? 'byteSize isBinary isTruncated text' : 'byteSize isBinary'),
      );
      counts.graphql += 1;
      const data = parseResponse(
        blobsSchema,
        await octokit.graphql<unknown>(query, variables),
        'POST /graphql (repository.object)',
      );
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
        warn(
          `GitHub's GraphQL API failed (${error instanceof Error ? error.message : String(error)}); reading files one REST call each instead.`,
        );
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
      const text =
        typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : undefined;
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
    async getBlobShas(paths: string[], ref: string): Promise<Map<string, string>> {
      return withFallback(
        async () => {
          // `oid` of GraphQL's GitObject: "The Git object ID" (docs.github.com/graphql/reference/interfaces#gitobject).
          const result = new Map<string, string>();
          for (let i = 0; i < paths.length; i += GRAPHQL_SIZE_BATCH) {
            const chunk = paths.slice(i, i + GRAPHQL_SIZE_BATCH);
            const { query, variables } = objectsQuery(chunk, ref, () => 'oid');
            counts.graphql += 1;
            const data = parseResponse(
              oidsSchema,
              await octokit.graphql<unknown>(query, variables),
              'POST /graphql (repository.object oid)',
            );
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
              const parsed = z
                .object({ type: z.literal('file'), sha: z.string().regex(/^[0-9a-f]{40}$/) })
                .safeParse(data);
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
          const blobs = await graphqlBlobs(
            [
              ...request.texts.map((path) => ({ path, withText: true })),
              ...request.sizes.map((path) => ({ path, withText: false })),
            ],
            ref,
          );
          const texts = new Map<string, FileRead>();
          const sizes = new Map<string, FileStat>();
          for (const path of request.texts) {
            const blob = blobs.get(path);
            if (blob?.__typename !== 'Blob') continue;
            if (blob.isBinary === true || blob.text === null || blob.text === undefined)
              texts.set(path, { binary: true });
            else if (blob.isTruncated === true) texts.set(path, { tooLarge: true });
            else texts.set(path, { text: blob.text });
          }
          for (const path of request.sizes) {
            const blob = blobs.get(path);
            if (blob?.__typename === 'Blob')
              sizes.set(path, { bytes: blob.byteSize ?? 0, binary: blob.isBinary === true });
          }
          return { texts, sizes };
        },
        async () => {
          // REST has no size without the content: read both, once each (cached for a later text request).
          const texts = await restReadAll(request.texts, ref);
          const sizes = new Map<string, FileStat>();
          for (const [path, read] of await restReadAll(request.sizes, ref)) {
            sizes.set(
              path,
              'text' in read
                ? { bytes: Buffer.byteLength(read.text), binary: false }
                : { bytes: Number.MAX_SAFE_INTEGER, binary: 'binary' in read },
            );
          }
          return { texts, sizes };
        },
      );
    },
  };
}
