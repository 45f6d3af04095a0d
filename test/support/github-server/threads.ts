/**
 * The local GitHub server's review threads over GraphQL (issue #34), as the GraphQL reference describes them:
 * - GraphQL `pullRequest.reviewThreads` (docs.github.com/graphql/reference/objects#pullrequestreviewthread:
 *   `id`, `isResolved`, `path`, `comments`) and `resolveReviewThread(input: {threadId})`
 *   (graphql/reference/mutations#resolvereviewthread), which needs write access to the repository and,
 *   for a GitHub Actions or App token, `contents: write`: the reference names no permission for it, and
 *   GitHub refuses it with `pull-requests: write` and `contents: read` ("you need set Repository Permissions
 *   > Contents to Read and Write access to be allowed to call resolveReviewThread and unresolveReviewThread",
 *   github.com/orgs/community/discussions/44650; reproduced as FORBIDDEN "Resource not accessible by
 *   integration" with `contents: read` and success with `contents: write`, github/gh-aw#35726 and
 *   oven-sh/bun#40468, 2026). Refused as GitHub refuses a field: HTTP 200, `data.resolveReviewThread`
 *   null, an error of type `FORBIDDEN`.
 * - A thread's comments serve both ids of docs.github.com/graphql/reference/objects#pullrequestreviewcomment:
 *   `fullDatabaseId` (BigInt: "Since the value may exceed the size of a 32-bit integer, it's encoded as a
 *   string", graphql/reference/scalars#bigint) and the deprecated `databaseId` (Int: "`databaseId` will be
 *   removed because it does not support 64-bit signed integer identifiers. Use `fullDatabaseId`
 *   instead."). An id past 2^31 - 1 is no GraphQL Int ("If the integer internal value represents a value
 *   less than -2^31 or greater than or equal to 2^31, a field error should be raised", GraphQL spec, Int,
 *   Result Coercion): a query asking `databaseId` for one gets null there and an error naming the path.
 */
import type { Context, ServerKit } from './kit.js';

/** The largest GraphQL Int (a signed 32-bit integer). */
const INT32_MAX = 2 ** 31 - 1;

/**
 * The review-thread part of `POST /graphql`, which the server's GraphQL route asks first: it answers a
 * `resolveReviewThread` mutation or a `reviewThreads` query and returns true, or returns false.
 */
export function reviewThreadQueries(
  k: ServerKit,
): (ctx: Context, query: string, variables: Record<string, unknown>) => boolean {
  const reviews = k.state.reviews;
  const repoName = (entry: { repo: { owner: string; name: string } }) => `${entry.repo.owner}/${entry.repo.name}`;
  const graphqlReply = (ctx: Context, body: unknown) => k.send(ctx, { status: 200, body });
  return (ctx, query, variables) => {
    if (/resolveReviewThread\(/.test(query)) {
      const thread = reviews.threads.find((t) => t.id === variables.threadId);
      if (thread === undefined) {
        graphqlReply(ctx, {
          data: { resolveReviewThread: null },
          errors: [
            {
              type: 'NOT_FOUND',
              path: ['resolveReviewThread'],
              message: `Could not resolve to a node with the global id of '${String(variables.threadId)}'`,
            },
          ],
        });
        return true;
      }
      const entryName = thread.repo.split('/');
      const entry = k.visibleRepo(ctx, { owner: entryName[0] ?? '', repo: entryName[1] ?? '' });
      if (entry === undefined || !k.canWrite(entry, ctx.actor) || !k.scopeAllows(ctx.actor, 'contents')) {
        graphqlReply(ctx, {
          data: { resolveReviewThread: null },
          errors: [
            { type: 'FORBIDDEN', path: ['resolveReviewThread'], message: 'Resource not accessible by integration' },
          ],
        });
        return true;
      }
      thread.isResolved = true;
      thread.resolvedBy = ctx.actor.login;
      graphqlReply(ctx, { data: { resolveReviewThread: { thread: { id: thread.id, isResolved: true } } } });
      return true;
    }
    if (/reviewThreads\(/.test(query)) {
      const entry = k.visibleRepo(ctx, { owner: String(variables.owner ?? ''), repo: String(variables.name ?? '') });
      const pull = entry === undefined ? undefined : k.findPull(entry, String(variables.number ?? ''));
      if (entry === undefined || pull === undefined) {
        graphqlReply(ctx, {
          data: { repository: null },
          errors: [{ type: 'NOT_FOUND', path: ['repository'], message: 'Could not resolve to a Repository' }],
        });
        return true;
      }
      const name = repoName(entry);
      const all = reviews.threads.filter((t) => t.repo === name && t.pull_number === pull.number);
      const after = typeof variables.after === 'string' ? Number(Buffer.from(variables.after, 'base64').toString()) : 0;
      const first = Math.min(typeof variables.first === 'number' ? variables.first : 100, 100);
      const page = all.slice(after, after + first);
      const asksDatabaseId = /\bdatabaseId\b/.test(query);
      const errors: { message: string; path: (string | number)[] }[] = [];
      const nodes = page.map((t, i) => ({
        id: t.id,
        isResolved: t.isResolved,
        path: t.path,
        comments: {
          nodes: t.comment_ids
            .map((id) => reviews.reviewComments.find((c) => c.id === id))
            .filter((c) => c !== undefined)
            // A bot's GraphQL `login` has no `[bot]` suffix (graphql/reference/objects#bot): `github-actions`, not `github-actions[bot]`.
            .map((c, j) => {
              const fits = c.id <= INT32_MAX;
              if (asksDatabaseId && !fits)
                errors.push({
                  message: `Int cannot represent non 32-bit signed integer value: ${c.id}`,
                  path: [
                    'repository',
                    'pullRequest',
                    'reviewThreads',
                    'nodes',
                    i,
                    'comments',
                    'nodes',
                    j,
                    'databaseId',
                  ],
                });
              return {
                fullDatabaseId: String(c.id),
                databaseId: fits ? c.id : null,
                body: c.body,
                author: { login: c.user.login.replace(/\[bot\]$/, '') },
              };
            }),
        },
      }));
      const end = after + page.length;
      graphqlReply(ctx, {
        data: {
          repository: {
            pullRequest: {
              reviewThreads: {
                pageInfo: { hasNextPage: end < all.length, endCursor: Buffer.from(String(end)).toString('base64') },
                nodes,
              },
            },
          },
        },
        ...(errors.length > 0 ? { errors } : {}),
      });
      return true;
    }
    return false;
  };
}
