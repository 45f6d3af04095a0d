import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';

/**
 * The pull request review reads and writes of issue #34, REST and GraphQL:
 * - `POST /repos/{o}/{r}/pulls/{n}/reviews` with `event: COMMENT` and `comments[]` (`path`, `body`,
 *   `line`, `side`, `start_line`, `start_side`): one request for every new line comment
 *   (docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request). pr-debate never sends
 *   `APPROVE` or `REQUEST_CHANGES`: its decision is the check run, not a review.
 * - `POST /pulls/{n}/comments` with `subject_type: file` for a comment on a file outside its diff, and
 *   `GET /pulls/{n}/comments`, `PATCH` / `DELETE /pulls/comments/{id}` (rest/pulls/comments).
 * - GraphQL `pullRequest.reviewThreads` and `resolveReviewThread` (graphql/reference: there is no
 *   REST endpoint that resolves a thread).
 */

/**
 * A review comment's REST id as GraphQL gives it: `PullRequestReviewComment.fullDatabaseId` (BigInt),
 * not `databaseId` (Int), which docs.github.com/graphql/reference/objects#pullrequestreviewcomment marks
 * "Deprecated: `databaseId` will be removed because it does not support 64-bit signed integer
 * identifiers. Use `fullDatabaseId` instead." (a GraphQL Int is 32-bit). BigInt "Represents
 * non-fractional signed whole numeric values. Since the value may exceed the size of a 32-bit integer,
 * it's encoded as a string." (graphql/reference/scalars#bigint). Read as a number for the REST calls
 * that take it, while it stays an exact integer (below 2^53).
 */
const fullDatabaseId = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .refine(Number.isSafeInteger, 'a comment id past 2^53 cannot be sent back as a REST id');

const commentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  path: z.string(),
  line: z.number().int().nullable().optional(),
  side: z.enum(['LEFT', 'RIGHT']).nullable().optional(),
  start_line: z.number().int().nullable().optional(),
  subject_type: z.enum(['line', 'file']).nullable().optional(),
  in_reply_to_id: z.number().int().optional(),
  user: z.object({ login: z.string() }).nullable(),
});

/** A review comment as read back. */
export type ReviewCommentRead = z.infer<typeof commentSchema>;

const threadsSchema = z.object({
  repository: z
    .object({
      pullRequest: z
        .object({
          reviewThreads: z.object({
            pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
            nodes: z.array(
              z.object({
                id: z.string(),
                isResolved: z.boolean(),
                path: z.string(),
                comments: z.object({
                  nodes: z.array(
                    z.object({
                      fullDatabaseId: fullDatabaseId.nullable(),
                      body: z.string(),
                      author: z.object({ login: z.string() }).nullable(),
                    }),
                  ),
                }),
              }),
            ),
          }),
        })
        .nullable(),
    })
    .nullable(),
});

/** A review thread: its id (for `resolveReviewThread`), and its comments, first one first. */
export interface ReviewThreadRead {
  id: string;
  isResolved: boolean;
  path: string;
  comments: { id: number | null; body: string; author: string | undefined }[];
}

/** A new line comment of a review. */
export interface NewLineComment {
  path: string;
  body: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
  startLine: number | undefined;
}

/** The review-thread calls, on one repository. */
export interface ReviewThreadsClient {
  /** Every review comment of the PR (every page). */
  listComments(pullNumber: number): Promise<ReviewCommentRead[]>;
  /**
   * One `COMMENT` review holding every new line comment (one request).
   * @param request Octokit's per-request options, e.g. `{ retries: 0 }` for a review sent once (`createOnce`)
   * @throws RequestError 422 when GitHub cannot place one
   */
  createReview(
    pullNumber: number,
    commitId: string,
    body: string,
    comments: NewLineComment[],
    request?: { retries: number },
  ): Promise<void>;
  /** A file-level comment (`subject_type: file`). */
  createFileComment(pullNumber: number, commitId: string, path: string, body: string): Promise<void>;
  updateComment(commentId: number, body: string): Promise<void>;
  deleteComment(commentId: number): Promise<void>;
  /** Every review thread of the PR (GraphQL, 100 a page, up to 50 comments each). */
  listThreads(pullNumber: number): Promise<ReviewThreadRead[]>;
  /**
   * Resolves a thread (`resolveReviewThread`).
   * @returns undefined once resolved, or GitHub's refusal in a sentence that names the permission the
   *   token lacks ({@link RESOLVE_THREAD_PERMISSION})
   * @throws whatever else GitHub answers
   */
  resolveThread(threadId: string): Promise<{ refused: string } | undefined>;
  /** A file's text at a commit (the contents API, raw), or undefined when the file is not there. */
  readFile(path: string, ref: string): Promise<string | undefined>;
}

const THREADS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved path comments(first: 50) { nodes { fullDatabaseId body author { login } } } }
      }
    }
  }
}`;

const RESOLVE_MUTATION = `mutation($threadId: ID!) { resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } } }`;

/**
 * The `permissions:` entry a token needs to resolve a review thread. GitHub's GraphQL reference names no
 * permission for `resolveReviewThread`; GitHub refuses it to a GitHub Actions or App token with
 * `pull-requests: write` and `contents: read` (FORBIDDEN, "Resource not accessible by integration") and
 * allows it with `contents: write`: "you need set Repository Permissions > Contents to Read and Write
 * access to be allowed to call resolveReviewThread and unresolveReviewThread"
 * (github.com/orgs/community/discussions/44650), reproduced with both grants in github/gh-aw#35726 and
 * oven-sh/bun#40468 (2026).
 */
export const RESOLVE_THREAD_PERMISSION = 'contents: write';

/** GitHub's answer to a GraphQL request whose field it refused (Octokit's `GraphqlResponseError`). */
const refusalSchema = z.object({
  name: z.literal('GraphqlResponseError'),
  errors: z.array(z.object({ type: z.string().optional(), message: z.string() })),
});

/** Most pages of review threads read (100 each): a PR with more has more threads than any debate leaves. */
const MAX_THREAD_PAGES = 10;

/** The client over Octokit for `repo`. */
export function createReviewThreadsClient(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
): ReviewThreadsClient {
  return {
    async listComments(pullNumber) {
      const data = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
        ...repo,
        pull_number: pullNumber,
        per_page: 100,
      });
      return parseResponse(z.array(commentSchema), data, `GET pulls/${pullNumber}/comments`);
    },
    async createReview(pullNumber, commitId, body, comments, request) {
      await octokit.rest.pulls.createReview({
        ...repo,
        pull_number: pullNumber,
        commit_id: commitId,
        event: 'COMMENT',
        body,
        comments: comments.map((c) => ({
          path: c.path,
          body: c.body,
          line: c.line,
          side: c.side,
          ...(c.startLine === undefined ? {} : { start_line: c.startLine, start_side: c.side }),
        })),
        ...(request ? { request } : {}),
      });
    },
    async createFileComment(pullNumber, commitId, path, body) {
      await octokit.rest.pulls.createReviewComment({
        ...repo,
        pull_number: pullNumber,
        commit_id: commitId,
        path,
        body,
        subject_type: 'file',
      });
    },
    async updateComment(commentId, body) {
      await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: commentId, body });
    },
    async deleteComment(commentId) {
      await octokit.rest.pulls.deleteReviewComment({ ...repo, comment_id: commentId });
    },
    async listThreads(pullNumber) {
      const threads: ReviewThreadRead[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_THREAD_PAGES; page += 1) {
        const data: z.infer<typeof threadsSchema> = parseResponse(
          threadsSchema,
          await octokit.graphql<unknown>(THREADS_QUERY, {
            owner: repo.owner,
            name: repo.repo,
            number: pullNumber,
            after,
          }),
          'POST /graphql (pullRequest.reviewThreads)',
        );
        const list = data.repository?.pullRequest?.reviewThreads;
        if (!list) break;
        threads.push(
          ...list.nodes.map((t) => ({
            id: t.id,
            isResolved: t.isResolved,
            path: t.path,
            comments: t.comments.nodes.map((c) => ({ id: c.fullDatabaseId, body: c.body, author: c.author?.login })),
          })),
        );
        if (!list.pageInfo.hasNextPage) break;
        after = list.pageInfo.endCursor;
      }
      return threads;
    },
    async resolveThread(threadId) {
      try {
        await octokit.graphql(RESOLVE_MUTATION, { threadId });
        return undefined;
      } catch (error) {
        const refusal = refusalSchema.safeParse(error).data?.errors.find((e) => e.type === 'FORBIDDEN');
        if (refusal === undefined) throw error;
        return {
          refused: `GitHub refused resolveReviewThread (${refusal.message}); it needs \`${RESOLVE_THREAD_PERMISSION}\``,
        };
      }
    },
    async readFile(path, ref) {
      try {
        const { data } = await octokit.rest.repos.getContent({ ...repo, path, ref, mediaType: { format: 'raw' } });
        return typeof data === 'string' ? data : undefined;
      } catch (error) {
        if (error instanceof Error && 'status' in error && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
