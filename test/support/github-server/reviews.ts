/**
 * The local GitHub server's pull request reviews and review comments (issue #34), as the REST reference
 * describes them; their review threads are served over GraphQL by `threads.ts`. Ids start past 2^31 - 1,
 * the ids GitHub deprecated the 32-bit `databaseId` for.
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
 */
import type { FakePullRequest } from './fixtures.js';
import type { Context, RepoEntry, ServerKit } from './kit.js';
import { PAGED } from './kit.js';
import { nodeId, timestamp, type Reply } from './util.js';

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

const DOCS = {
  createReview: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
  createComment: 'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
  listComments: 'https://docs.github.com/rest/pulls/comments#list-review-comments-on-a-pull-request',
  updateComment: 'https://docs.github.com/rest/pulls/comments#update-a-review-comment-for-a-pull-request',
  deleteComment: 'https://docs.github.com/rest/pulls/comments#delete-a-review-comment-for-a-pull-request',
} as const;

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
function offDiff(
  pull: { files: { filename: string; patch?: string }[] },
  comment: Record<string, unknown>,
): string | undefined {
  const file = pull.files.find((f) => f.filename === comment.path);
  if (file === undefined) return `Path ${String(comment.path)} is not part of the pull request`;
  const side = comment.side === 'LEFT' ? 'LEFT' : 'RIGHT';
  const lines = diffLines(file.patch)[side];
  const hunk = typeof comment.line === 'number' ? lines.get(comment.line) : undefined;
  if (hunk === undefined) return 'Line could not be resolved';
  if (comment.start_line !== undefined && comment.start_line !== null) {
    const startSide = comment.start_side === 'LEFT' ? 'LEFT' : side;
    const start =
      typeof comment.start_line === 'number' ? diffLines(file.patch)[startSide].get(comment.start_line) : undefined;
    if (start !== hunk || (comment.start_line as number) >= (comment.line as number))
      return 'start_line must precede line in the same hunk';
  }
  return undefined;
}

/** Registers the routes of reviews and review comments. */
export function reviewRoutes(k: ServerKit): void {
  const reviews = k.state.reviews;
  const repoName = (entry: RepoEntry) => `${entry.repo.owner}/${entry.repo.name}`;
  let nextReviewId = 3_100_000_001;
  const user = (login: string) => ({ login, type: k.userType(login) });
  const html = (entry: RepoEntry, pull: number, id: number) => `${k.repoHtml(entry)}/pull/${pull}#discussion_r${id}`;

  const makeComment = (
    entry: RepoEntry,
    pull: FakePullRequest,
    ctx: Context,
    fields: Record<string, unknown>,
    reviewId: number | null,
  ): ReviewComment => {
    const id = nextReviewId++;
    const file = fields.subject_type === 'file';
    const comment: ReviewComment = {
      id,
      node_id: nodeId('PullRequestReviewComment', id),
      pull_request_review_id: reviewId,
      pull_number: pull.number,
      repo: repoName(entry),
      path: String(fields.path),
      commit_id: typeof fields.commit_id === 'string' ? fields.commit_id : pull.head.sha,
      body: String(fields.body),
      line: file ? null : (fields.line as number),
      side: file ? null : fields.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      start_line: file ? null : typeof fields.start_line === 'number' ? fields.start_line : null,
      start_side:
        file || typeof fields.start_line !== 'number'
          ? null
          : fields.start_side === 'LEFT'
            ? 'LEFT'
            : fields.side === 'LEFT'
              ? 'LEFT'
              : 'RIGHT',
      subject_type: file ? 'file' : 'line',
      user: user(ctx.actor.login),
      html_url: html(entry, pull.number, id),
      created_at: timestamp(),
      updated_at: timestamp(),
    };
    const replyTo =
      typeof fields.in_reply_to === 'number'
        ? reviews.threads.find((t) => t.comment_ids.includes(fields.in_reply_to as number))
        : undefined;
    if (replyTo) {
      comment.in_reply_to_id = replyTo.comment_ids[0];
      replyTo.comment_ids.push(id);
    } else {
      reviews.threads.push({
        id: nodeId('PullRequestReviewThread', id),
        pull_number: pull.number,
        repo: comment.repo,
        path: comment.path,
        comment_ids: [id],
        isResolved: false,
        resolvedBy: null,
      });
    }
    reviews.reviewComments.push(comment);
    return comment;
  };

  const pullOf = (ctx: Context, params: Record<string, string>) => {
    const entry = k.visibleRepo(ctx, params);
    const pull = entry === undefined ? undefined : k.findPull(entry, params.number);
    return entry === undefined || pull === undefined ? undefined : { entry, pull };
  };

  /** `POST .../pulls/{n}/reviews`. */
  const createReview = (
    ctx: Context,
    found: { entry: RepoEntry; pull: FakePullRequest },
    requestBody: unknown,
  ): Reply => {
    if (!k.scopeAllows(ctx.actor, 'pull-requests'))
      return error(403, 'Resource not accessible by integration', DOCS.createReview);
    const body = (requestBody ?? {}) as Record<string, unknown>;
    const event = body.event;
    if (event !== undefined && event !== 'APPROVE' && event !== 'REQUEST_CHANGES' && event !== 'COMMENT')
      return error(422, 'Unprocessable Entity', DOCS.createReview, [
        `event ${String(event)} is not one of APPROVE, REQUEST_CHANGES, COMMENT`,
      ]);
    if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && (typeof body.body !== 'string' || body.body === '')) {
      return error(422, 'Unprocessable Entity', DOCS.createReview, [
        'Body is required for COMMENT and REQUEST_CHANGES events',
      ]);
    }
    const comments = Array.isArray(body.comments) ? (body.comments as Record<string, unknown>[]) : [];
    for (const comment of comments) {
      if (typeof comment.path !== 'string' || typeof comment.body !== 'string')
        return error(422, 'Unprocessable Entity', DOCS.createReview, ['comments need path and body']);
      if ('subject_type' in comment)
        return error(
          422,
          'Invalid request.\n\nNo subcomponent of "comments" allows "subject_type".',
          DOCS.createReview,
        );
      const why = offDiff(found.pull, comment);
      if (why !== undefined) return error(422, 'Unprocessable Entity', DOCS.createReview, [why]);
    }
    const commit = typeof body.commit_id === 'string' ? body.commit_id : found.pull.head.sha;
    if (k.resolveRef(found.entry, commit) !== commit)
      return error(422, 'Unprocessable Entity', DOCS.createReview, [
        `commit_id ${commit} is not a commit of this repository`,
      ]);
    const id = nextReviewId++;
    const made = comments.map((c) => makeComment(found.entry, found.pull, ctx, { ...c, commit_id: commit }, id));
    const review: Review = {
      id,
      pull_number: found.pull.number,
      repo: repoName(found.entry),
      state: event === 'APPROVE' ? 'APPROVED' : event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : 'COMMENTED',
      body: typeof body.body === 'string' ? body.body : '',
      commit_id: commit,
      user: user(ctx.actor.login),
      comment_ids: made.map((c) => c.id),
    };
    reviews.reviews.push(review);
    return {
      status: 200,
      body: {
        id,
        node_id: nodeId('PullRequestReview', id),
        user: review.user,
        body: review.body,
        state: review.state,
        commit_id: commit,
        html_url: `${k.repoHtml(found.entry)}/pull/${found.pull.number}#pullrequestreview-${id}`,
      },
    };
  };

  k.route(
    'POST',
    '/repos/:owner/:repo/pulls/:number/reviews',
    (ctx, params) => {
      const found = pullOf(ctx, params);
      if (found === undefined) return k.send(ctx, error(404, 'Not Found', DOCS.createReview));
      k.send(ctx, createReview(ctx, found, ctx.body));
    },
    { body: ['event', 'body', 'comments', 'commit_id'] },
  );

  k.route(
    'POST',
    '/repos/:owner/:repo/pulls/:number/comments',
    (ctx, params) => {
      const found = pullOf(ctx, params);
      if (found === undefined) return k.send(ctx, error(404, 'Not Found', DOCS.createComment));
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      if (typeof body.in_reply_to === 'number') {
        if (!reviews.reviewComments.some((c) => c.id === body.in_reply_to))
          return k.send(ctx, error(404, 'Not Found', DOCS.createComment));
        return k.send(ctx, {
          status: 201,
          body: makeComment(
            found.entry,
            found.pull,
            ctx,
            { ...body, path: reviews.reviewComments.find((c) => c.id === body.in_reply_to)?.path },
            null,
          ),
        });
      }
      for (const field of ['body', 'commit_id', 'path']) {
        if (typeof body[field] !== 'string')
          return k.send(ctx, error(422, `Invalid request.\n\n"${field}" wasn't supplied.`, DOCS.createComment));
      }
      if (k.resolveRef(found.entry, body.commit_id as string) !== body.commit_id)
        return k.send(
          ctx,
          error(422, 'Unprocessable Entity', DOCS.createComment, [
            { resource: 'PullRequestReviewComment', code: 'invalid', field: 'commit_id' },
          ]),
        );
      if (body.subject_type === 'file') {
        if (!found.pull.files.some((f) => f.filename === body.path))
          return k.send(
            ctx,
            error(422, 'Unprocessable Entity', DOCS.createComment, [
              { resource: 'PullRequestReviewComment', code: 'invalid', field: 'path' },
            ]),
          );
      } else {
        const why = offDiff(found.pull, body);
        if (why !== undefined)
          return k.send(
            ctx,
            error(422, 'Validation Failed', DOCS.createComment, [
              {
                resource: 'PullRequestReviewComment',
                code: 'custom',
                field: 'pull_request_review_thread.line',
                message: 'pull_request_review_thread.line must be part of the diff',
              },
            ]),
          );
      }
      k.send(ctx, { status: 201, body: makeComment(found.entry, found.pull, ctx, body, null) });
    },
    { body: ['in_reply_to', 'body', 'commit_id', 'path', 'subject_type', 'line', 'side', 'start_line', 'start_side'] },
  );

  k.route(
    'GET',
    '/repos/:owner/:repo/pulls/:number/comments',
    (ctx, params) => {
      const found = pullOf(ctx, params);
      if (found === undefined) return k.send(ctx, error(404, 'Not Found', DOCS.listComments));
      const name = repoName(found.entry);
      k.sendPage(
        ctx,
        reviews.reviewComments.filter((c) => c.repo === name && c.pull_number === found.pull.number),
      );
    },
    { query: PAGED },
  );

  const ownComment = (ctx: Context, params: Record<string, string>, docs: string): ReviewComment | Reply => {
    const entry = k.visibleRepo(ctx, params);
    const comment =
      entry === undefined
        ? undefined
        : reviews.reviewComments.find((c) => c.id === Number(params.id) && c.repo === repoName(entry));
    if (comment === undefined) return error(404, 'Not Found', docs);
    if (comment.user.login !== ctx.actor.login) return error(403, 'Resource not accessible by integration', docs);
    return comment;
  };

  k.route(
    'PATCH',
    '/repos/:owner/:repo/pulls/comments/:id',
    (ctx, params) => {
      const comment = ownComment(ctx, params, DOCS.updateComment);
      if ('status' in comment) return k.send(ctx, comment);
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      if (typeof body.body !== 'string')
        return k.send(ctx, error(422, `Invalid request.\n\n"body" wasn't supplied.`, DOCS.updateComment));
      comment.body = body.body;
      comment.updated_at = timestamp();
      k.send(ctx, { status: 200, body: comment });
    },
    { body: ['body'] },
  );

  k.route('DELETE', '/repos/:owner/:repo/pulls/comments/:id', (ctx, params) => {
    const comment = ownComment(ctx, params, DOCS.deleteComment);
    if ('status' in comment) return k.send(ctx, comment);
    reviews.reviewComments.splice(reviews.reviewComments.indexOf(comment), 1);
    for (const thread of reviews.threads) thread.comment_ids = thread.comment_ids.filter((id) => id !== comment.id);
    reviews.threads = reviews.threads.filter((t) => t.comment_ids.length > 0);
    k.send(ctx, { status: 204 });
  });
}
