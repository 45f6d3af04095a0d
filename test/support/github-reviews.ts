/**
 * The local GitHub server's pull request reviews and review threads (issue #34), as the REST and
 * GraphQL references describe them. Registered by `github-server.ts`, which lends its routing, replies
 * and repository look-ups through {@link ReviewKit}; the state lives in {@link ReviewState}.
 *
 * Rules modelled, each from its reference page:
 * - `POST /repos/{o}/{r}/pulls/{n}/reviews` (docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request):
 *   `event` APPROVE, REQUEST_CHANGES or COMMENT ("the body text of the pull request review" is
 *   **required** for REQUEST_CHANGES and COMMENT); `comments[]` with `path`, `body`, `line`, `side`,
 *   `start_line`, `start_side` (no `subject_type` there). `line` is "the line of the blob in the pull
 *   request diff": a RIGHT line is an added or context line of a hunk, a LEFT line a removed or context
 *   line; a multi-line comment's `start_line` "must precede" `line` in the same hunk. A comment off the
 *   diff fails the whole review with 422 (GitHub answers "Unprocessable Entity" with "Line could not be
 *   resolved"); nothing is created.
 * - `POST /repos/{o}/{r}/pulls/{n}/comments` (rest/pulls/comments#create-a-review-comment-for-a-pull-request):
 *   `commit_id`, `path`, `body` required; `subject_type: file` comments on the file, no line needed;
 *   `line` off the diff: 422 with `pull_request_review_thread.line` "must be part of the diff".
 * - `GET /pulls/{n}/comments` (list, paginated), `PATCH` and `DELETE /pulls/comments/{id}` (only the
 *   author may edit or delete: 403 otherwise; rest/pulls/comments#update-a-review-comment-for-a-pull-request).
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
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One review comment, GitHub's `pull-request-review-comment` JSON (the fields a client reads). */
export interface ReviewComment {
  id: number;
  node_id: string;
  pull_request_review_id: number | null;
  pull_number: number;
  repo: string;
  path: string;
  commit_id: string;
  body: string;
  line: number | null;
  side: 'LEFT' | 'RIGHT' | null;
  start_line: number | null;
  start_side: 'LEFT' | 'RIGHT' | null;
  subject_type: 'line' | 'file';
  in_reply_to_id?: number;
  user: { login: string; type: string };
  html_url: string;
  created_at: string;
  updated_at: string;
}

/** A review (`pull-request-review`). */
export interface Review {
  id: number;
  pull_number: number;
  repo: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';
  body: string;
  commit_id: string;
  user: { login: string; type: string };
  comment_ids: number[];
}

/** A review thread: its first comment and the replies to it; resolved or not. */
export interface ReviewThread {
  id: string;
  pull_number: number;
  repo: string;
  path: string;
  comment_ids: number[];
  isResolved: boolean;
  resolvedBy: string | null;
}

/** What the reviews part holds; tests read it. */
export interface ReviewState {
  reviews: Review[];
  reviewComments: ReviewComment[];
  threads: ReviewThread[];
}

/** A reply, as the server sends it. */
interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What `github-server.ts` lends: routing, replies and look-ups, typed loosely to its internals. */
export interface ReviewKit<Entry, Pull extends { number: number; head: { sha: string }; base: { sha: string }; files: { filename: string; patch?: string; status: string }[] }> {
  route(method: string, path: string, handler: (ctx: ReviewContext, params: Record<string, string>) => void): void;
  send(ctx: { res: ServerResponse }, reply: Reply): void;
  sendPage(ctx: ReviewContext, items: unknown[]): void;
  visibleRepo(ctx: ReviewContext, params: Record<string, string>): Entry | undefined;
  findPull(entry: Entry, number: string | undefined): Pull | undefined;
  repoName(entry: Entry): string;
  repoHtml(entry: Entry): string;
  resolveRef(entry: Entry, ref: string): string | undefined;
  canWrite(entry: Entry, login: string): boolean;
  /** False when the token's `permissions:` lack `pull-requests: write` (server option `botPermissions`). */
  pullRequestsWritable(ctx: ReviewContext): boolean;
  /** False when the token's `permissions:` lack `contents: write` (server option `botPermissions`). */
  contentsWritable(ctx: ReviewContext): boolean;
  userType(login: string): string;
}

/** The parts of the server's request context a handler here reads. */
export interface ReviewContext {
  req: IncomingMessage;
  res: ServerResponse;
  body: unknown;
  actor: { login: string };
}

const DOCS = {
  createReview: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
  createComment: 'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
  listComments: 'https://docs.github.com/rest/pulls/comments#list-review-comments-on-a-pull-request',
  updateComment: 'https://docs.github.com/rest/pulls/comments#update-a-review-comment-for-a-pull-request',
  deleteComment: 'https://docs.github.com/rest/pulls/comments#delete-a-review-comment-for-a-pull-request',
} as const;

/** The largest GraphQL Int (a signed 32-bit integer). */
const INT32_MAX = 2 ** 31 - 1;

const error = (status: number, message: string, documentation_url: string, errors?: unknown[]): Reply => ({
  status,
  body: { message, ...(errors ? { errors } : {}), documentation_url, status: String(status) },
});

/** The lines of a file's patch that can carry a review comment, by side, each with the index of its hunk. */
export function diffLines(patch: string | undefined): { RIGHT: Map<number, number>; LEFT: Map<number, number> } {
  const lines = { RIGHT: new Map<number, number>(), LEFT: new Map<number, number>() };
  if (patch === undefined) return lines;
  let hunk = -1;
  let base = 0;
  let head = 0;
  for (const text of patch.split('\n')) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      hunk += 1;
      base = Number(header[1]);
      head = Number(header[2]);
      continue;
    }
    if (hunk < 0 || text.startsWith('\\')) continue;
    if (text.startsWith('+')) lines.RIGHT.set(head++, hunk);
    else if (text.startsWith('-')) lines.LEFT.set(base++, hunk);
    else {
      lines.RIGHT.set(head++, hunk);
      lines.LEFT.set(base++, hunk);
    }
  }
  return lines;
}

/**
 * Why a line comment cannot be placed on the PR's diff, or undefined when it can: the file must be in
 * the PR, `line` on `side` in a hunk, and a `start_line` before it in the same hunk.
 */
function offDiff(pull: { files: { filename: string; patch?: string }[] }, comment: Record<string, unknown>): string | undefined {
  const file = pull.files.find((f) => f.filename === comment.path);
  if (file === undefined) return `Path ${String(comment.path)} is not part of the pull request`;
  const side = comment.side === 'LEFT' ? 'LEFT' : 'RIGHT';
  const lines = diffLines(file.patch)[side];
  const hunk = typeof comment.line === 'number' ? lines.get(comment.line) : undefined;
  if (hunk === undefined) return 'Line could not be resolved';
  if (comment.start_line !== undefined && comment.start_line !== null) {
    const startSide = comment.start_side === 'LEFT' ? 'LEFT' : side;
    const start = typeof comment.start_line === 'number' ? diffLines(file.patch)[startSide].get(comment.start_line) : undefined;
    if (start !== hunk || (comment.start_line as number) >= (comment.line as number)) return 'start_line must precede line in the same hunk';
  }
  return undefined;
}

/**
 * Registers the review routes on the server and returns the GraphQL part, which the server's
 * `POST /graphql` calls first: true when it answered the query.
 */
export function addReviewRoutes<Entry, Pull extends { number: number; head: { sha: string }; base: { sha: string }; files: { filename: string; patch?: string; status: string }[] }>(
  kit: ReviewKit<Entry, Pull>,
  state: ReviewState,
  ids: { next(): number; nodeId(kind: string, id: number): string; now(): string },
): { graphql(ctx: ReviewContext, query: string, variables: Record<string, unknown>): boolean } {
  const user = (login: string) => ({ login, type: kit.userType(login) });
  const html = (entry: Entry, pull: number, id: number) => `${kit.repoHtml(entry)}/pull/${pull}#discussion_r${id}`;

  const makeComment = (entry: Entry, pull: Pull, ctx: ReviewContext, fields: Record<string, unknown>, reviewId: number | null): ReviewComment => {
    const id = ids.next();
    const file = fields.subject_type === 'file';
    const comment: ReviewComment = {
      id,
      node_id: ids.nodeId('PullRequestReviewComment', id),
      pull_request_review_id: reviewId,
      pull_number: pull.number,
      repo: kit.repoName(entry),
      path: String(fields.path),
      commit_id: typeof fields.commit_id === 'string' ? fields.commit_id : pull.head.sha,
      body: String(fields.body),
      line: file ? null : (fields.line as number),
      side: file ? null : fields.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      start_line: file ? null : typeof fields.start_line === 'number' ? fields.start_line : null,
      start_side: file || typeof fields.start_line !== 'number' ? null : fields.start_side === 'LEFT' ? 'LEFT' : fields.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      subject_type: file ? 'file' : 'line',
      user: user(ctx.actor.login),
      html_url: html(entry, pull.number, id),
      created_at: ids.now(),
      updated_at: ids.now(),
    };
    const replyTo = typeof fields.in_reply_to === 'number' ? state.threads.find((t) => t.comment_ids.includes(fields.in_reply_to as number)) : undefined;
    if (replyTo) {
      comment.in_reply_to_id = replyTo.comment_ids[0];
      replyTo.comment_ids.push(id);
    } else {
      state.threads.push({ id: ids.nodeId('PullRequestReviewThread', id), pull_number: pull.number, repo: comment.repo, path: comment.path, comment_ids: [id], isResolved: false, resolvedBy: null });
    }
    state.reviewComments.push(comment);
    return comment;
  };

  const pullOf = (ctx: ReviewContext, params: Record<string, string>) => {
    const entry = kit.visibleRepo(ctx, params);
    const pull = entry === undefined ? undefined : kit.findPull(entry, params.number);
    return entry === undefined || pull === undefined ? undefined : { entry, pull };
  };

  /** `POST .../pulls/{n}/reviews`. */
  const createReview = (ctx: ReviewContext, found: { entry: Entry; pull: Pull }, requestBody: unknown): Reply => {
    if (!kit.pullRequestsWritable(ctx)) return error(403, 'Resource not accessible by integration', DOCS.createReview);
    const body = (requestBody ?? {}) as Record<string, unknown>;
    const event = body.event;
    if (event !== undefined && event !== 'APPROVE' && event !== 'REQUEST_CHANGES' && event !== 'COMMENT') return error(422, 'Unprocessable Entity', DOCS.createReview, [`event ${String(event)} is not one of APPROVE, REQUEST_CHANGES, COMMENT`]);
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && (typeof body.body !== 'string' || body.body === '')) {
      return error(422, 'Unprocessable Entity', DOCS.createReview, ['Body is required for COMMENT and REQUEST_CHANGES events']);
    }
    const comments = Array.isArray(body.comments) ? (body.comments as Record<string, unknown>[]) : [];
    for (const comment of comments) {
      if (typeof comment.path !== 'string' || typeof comment.body !== 'string') return error(422, 'Unprocessable Entity', DOCS.createReview, ['comments need path and body']);
      if ('subject_type' in comment) return error(422, 'Invalid request.\n\nNo subcomponent of "comments" allows "subject_type".', DOCS.createReview);
      const why = offDiff(found.pull, comment);
      if (why !== undefined) return error(422, 'Unprocessable Entity', DOCS.createReview, [why]);
    }
    const commit = typeof body.commit_id === 'string' ? body.commit_id : found.pull.head.sha;
    if (kit.resolveRef(found.entry, commit) !== commit) return error(422, 'Unprocessable Entity', DOCS.createReview, [`commit_id ${commit} is not a commit of this repository`]);
    const id = ids.next();
    const made = comments.map((c) => makeComment(found.entry, found.pull, ctx, { ...c, commit_id: commit }, id));
    const review: Review = {
      id,
      pull_number: found.pull.number,
      repo: kit.repoName(found.entry),
      state: event === 'APPROVE' ? 'APPROVED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : 'COMMENTED',
      body: typeof body.body === 'string' ? body.body : '',
      commit_id: commit,
      user: user(ctx.actor.login),
      comment_ids: made.map((c) => c.id),
    };
    state.reviews.push(review);
    return { status: 200, body: { id, node_id: ids.nodeId('PullRequestReview', id), user: review.user, body: review.body, state: review.state, commit_id: commit, html_url: `${kit.repoHtml(found.entry)}/pull/${found.pull.number}#pullrequestreview-${id}` } };
  };

  kit.route('POST', '/repos/:owner/:repo/pulls/:number/reviews', (ctx, params) => {
    const found = pullOf(ctx, params);
    if (found === undefined) return kit.send(ctx, error(404, 'Not Found', DOCS.createReview));
    kit.send(ctx, createReview(ctx, found, ctx.body));
  });

  kit.route('POST', '/repos/:owner/:repo/pulls/:number/comments', (ctx, params) => {
    const found = pullOf(ctx, params);
    if (found === undefined) return kit.send(ctx, error(404, 'Not Found', DOCS.createComment));
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof body.in_reply_to === 'number') {
      if (!state.reviewComments.some((c) => c.id === body.in_reply_to)) return kit.send(ctx, error(404, 'Not Found', DOCS.createComment));
      return kit.send(ctx, { status: 201, body: makeComment(found.entry, found.pull, ctx, { ...body, path: state.reviewComments.find((c) => c.id === body.in_reply_to)?.path }, null) });
    }
    for (const field of ['body', 'commit_id', 'path']) {
      if (typeof body[field] !== 'string') return kit.send(ctx, error(422, `Invalid request.\n\n"${field}" wasn't supplied.`, DOCS.createComment));
    }
    if (kit.resolveRef(found.entry, body.commit_id as string) !== body.commit_id) return kit.send(ctx, error(422, 'Unprocessable Entity', DOCS.createComment, [{ resource: 'PullRequestReviewComment', code: 'invalid', field: 'commit_id' }]));
    if (body.subject_type === 'file') {
      if (!found.pull.files.some((f) => f.filename === body.path)) return kit.send(ctx, error(422, 'Unprocessable Entity', DOCS.createComment, [{ resource: 'PullRequestReviewComment', code: 'invalid', field: 'path' }]));
    } else {
      const why = offDiff(found.pull, body);
      if (why !== undefined) return kit.send(ctx, error(422, 'Validation Failed', DOCS.createComment, [{ resource: 'PullRequestReviewComment', code: 'custom', field: 'pull_request_review_thread.line', message: 'pull_request_review_thread.line must be part of the diff' }]));
    }
    kit.send(ctx, { status: 201, body: makeComment(found.entry, found.pull, ctx, body, null) });
  });

  kit.route('GET', '/repos/:owner/:repo/pulls/:number/comments', (ctx, params) => {
    const found = pullOf(ctx, params);
    if (found === undefined) return kit.send(ctx, error(404, 'Not Found', DOCS.listComments));
    const name = kit.repoName(found.entry);
    kit.sendPage(ctx, state.reviewComments.filter((c) => c.repo === name && c.pull_number === found.pull.number));
  });

  const ownComment = (ctx: ReviewContext, params: Record<string, string>, docs: string): ReviewComment | Reply => {
    const entry = kit.visibleRepo(ctx, params);
    const comment = entry === undefined ? undefined : state.reviewComments.find((c) => c.id === Number(params.id) && c.repo === kit.repoName(entry));
    if (comment === undefined) return error(404, 'Not Found', docs);
    if (comment.user.login !== ctx.actor.login) return error(403, 'Resource not accessible by integration', docs);
    return comment;
  };

  kit.route('PATCH', '/repos/:owner/:repo/pulls/comments/:id', (ctx, params) => {
    const comment = ownComment(ctx, params, DOCS.updateComment);
    if ('status' in comment) return kit.send(ctx, comment);
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (typeof body.body !== 'string') return kit.send(ctx, error(422, `Invalid request.\n\n"body" wasn't supplied.`, DOCS.updateComment));
    comment.body = body.body;
    comment.updated_at = ids.now();
    kit.send(ctx, { status: 200, body: comment });
  });

  kit.route('DELETE', '/repos/:owner/:repo/pulls/comments/:id', (ctx, params) => {
    const comment = ownComment(ctx, params, DOCS.deleteComment);
    if ('status' in comment) return kit.send(ctx, comment);
    state.reviewComments.splice(state.reviewComments.indexOf(comment), 1);
    for (const thread of state.threads) thread.comment_ids = thread.comment_ids.filter((id) => id !== comment.id);
    state.threads = state.threads.filter((t) => t.comment_ids.length > 0);
    kit.send(ctx, { status: 204 });
  });

  const graphqlReply = (ctx: ReviewContext, body: unknown) => kit.send(ctx, { status: 200, body });
  return {
    graphql(ctx, query, variables) {
      if (/resolveReviewThread\(/.test(query)) {
        const thread = state.threads.find((t) => t.id === variables.threadId);
        if (thread === undefined) {
          graphqlReply(ctx, { data: { resolveReviewThread: null }, errors: [{ type: 'NOT_FOUND', path: ['resolveReviewThread'], message: `Could not resolve to a node with the global id of '${String(variables.threadId)}'` }] });
          return true;
        }
        const entryName = thread.repo.split('/');
        const entry = kit.visibleRepo(ctx, { owner: entryName[0] ?? '', repo: entryName[1] ?? '' });
        if (entry === undefined || !kit.canWrite(entry, ctx.actor.login) || !kit.contentsWritable(ctx)) {
          graphqlReply(ctx, { data: { resolveReviewThread: null }, errors: [{ type: 'FORBIDDEN', path: ['resolveReviewThread'], message: 'Resource not accessible by integration' }] });
          return true;
        }
        thread.isResolved = true;
        thread.resolvedBy = ctx.actor.login;
        graphqlReply(ctx, { data: { resolveReviewThread: { thread: { id: thread.id, isResolved: true } } } });
        return true;
      }
      if (/reviewThreads\(/.test(query)) {
        const entry = kit.visibleRepo(ctx, { owner: String(variables.owner ?? ''), repo: String(variables.name ?? '') });
        const pull = entry === undefined ? undefined : kit.findPull(entry, String(variables.number ?? ''));
        if (entry === undefined || pull === undefined) {
          graphqlReply(ctx, { data: { repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'], message: 'Could not resolve to a Repository' }] });
          return true;
        }
        const name = kit.repoName(entry);
        const all = state.threads.filter((t) => t.repo === name && t.pull_number === pull.number);
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
              .map((id) => state.reviewComments.find((c) => c.id === id))
              .filter((c) => c !== undefined)
              // A bot's GraphQL `login` has no `[bot]` suffix (graphql/reference/objects#bot): `github-actions`, not `github-actions[bot]`.
              .map((c, j) => {
                const fits = c.id <= INT32_MAX;
                if (asksDatabaseId && !fits) errors.push({ message: `Int cannot represent non 32-bit signed integer value: ${c.id}`, path: ['repository', 'pullRequest', 'reviewThreads', 'nodes', i, 'comments', 'nodes', j, 'databaseId'] });
                return { fullDatabaseId: String(c.id), databaseId: fits ? c.id : null, body: c.body, author: { login: c.user.login.replace(/\[bot\]$/, '') } };
              }),
          },
        }));
        const end = after + page.length;
        graphqlReply(ctx, { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: end < all.length, endCursor: Buffer.from(String(end)).toString('base64') }, nodes } } } }, ...(errors.length > 0 ? { errors } : {}) });
        return true;
      }
      return false;
    },
  };
}
