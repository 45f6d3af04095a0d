/**
 * The local GitHub server's issues: a pull request's comments (list, create, get, update, delete; bodies
 * of at most 65,536 characters), their reactions (an existing one of the same user answered 200), the
 * timeline's label events, and removing a label.
 */
import type { Context, RepoEntry, ServerKit } from './kit.js';
import { PAGED } from './kit.js';
import type { IssueComment, ReceivedReaction } from './state.js';
import {
  DOCS,
  emptyRollup,
  errorReply,
  includes,
  invalid,
  isObject,
  MAX_COMMENT_LENGTH,
  nodeId,
  notFound,
  numericId,
  REACTION_CONTENTS,
  removeWhere,
  timestamp,
  validationFailed,
  type JsonObject,
  type Reply,
} from './util.js';

/** Registers the routes of issue comments, reactions, labels and timelines. */
export function issueRoutes(k: ServerKit) {
  const {
    route,
    send,
    sendPage,
    state,
    visibleRepo,
    findPull,
    simpleUser,
    userType,
    scopeAllows,
    canWrite,
    authorAssociation,
    repoApi,
    repoHtml,
  } = k;
  let nextCommentId = 1_000_001;
  let nextReactionId = 5_000_001;

  const commentInRepo = (entry: RepoEntry, comment: IssueComment): boolean =>
    comment.url.startsWith(`${repoApi(entry)}/issues/comments/`);

  const findComment = (entry: RepoEntry, id: string | undefined): IssueComment | undefined =>
    /^\d+$/.test(id ?? '') ? state.comments.find((c) => c.id === Number(id) && commentInRepo(entry, c)) : undefined;

  const refreshRollup = (comment: IssueComment): void => {
    const counts: Record<string, number> = {};
    for (const reaction of state.reactions) {
      if (reaction.commentId === comment.id) counts[reaction.content] = (counts[reaction.content] ?? 0) + 1;
    }
    comment.reactions = { ...emptyRollup(comment.reactions.url), ...counts };
    comment.reactions.total_count = Object.values(counts).reduce((a, b) => a + b, 0);
  };

  const reactionJson = (reaction: ReceivedReaction): JsonObject => ({
    id: reaction.id,
    node_id: nodeId('Reaction', reaction.id),
    user: simpleUser(reaction.user),
    content: reaction.content,
    created_at: reaction.created_at,
  });

  /** Validates a comment body; returns the error reply or the body. */
  const commentBody = (body: unknown, docs: string): Reply | string => {
    const value = isObject(body) ? body.body : undefined;
    if (value === undefined) return invalid(`"body" wasn't supplied.`, docs);
    if (typeof value !== 'string')
      return invalid(`For 'properties/body', ${JSON.stringify(value)} is not a string.`, docs);
    if (value.trim() === '') {
      return validationFailed([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }], docs);
    }
    if (value.length > MAX_COMMENT_LENGTH) {
      return validationFailed(
        [
          {
            resource: 'IssueComment',
            code: 'custom',
            field: 'body',
            message: `body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`,
          },
        ],
        docs,
      );
    }
    return value;
  };

  route(
    'GET',
    '/repos/:owner/:repo/issues/:number/comments',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const pull = entry && findPull(entry, params.number);
      if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.listComments));
      const issueUrl = `${repoApi(entry)}/issues/${pull.number}`;
      const since = ctx.query.get('since');
      const comments = state.comments.filter(
        (c) => c.issue_url === issueUrl && (since === null || Date.parse(c.updated_at) >= Date.parse(since)),
      );
      sendPage(ctx, comments);
    },
    { query: ['since', ...PAGED] },
  );

  route(
    'POST',
    '/repos/:owner/:repo/issues/:number/comments',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const pull = entry && findPull(entry, params.number);
      if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.createComment));
      if (!scopeAllows(ctx.actor, 'comments'))
        return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.createComment));
      const body = commentBody(ctx.body, DOCS.createComment);
      if (typeof body !== 'string') return send(ctx, body);
      const id = nextCommentId++;
      const now = timestamp();
      const url = `${repoApi(entry)}/issues/comments/${id}`;
      const comment: IssueComment = {
        id,
        node_id: nodeId('IssueComment', id),
        url,
        html_url: `${repoHtml(entry)}/pull/${pull.number}#issuecomment-${id}`,
        issue_url: `${repoApi(entry)}/issues/${pull.number}`,
        body,
        user: simpleUser(ctx.actor.login, ctx.actor.type),
        created_at: now,
        updated_at: now,
        author_association: authorAssociation(entry, ctx.actor.login),
        performed_via_github_app: null,
        reactions: emptyRollup(`${url}/reactions`),
      };
      state.comments.push(comment);
      send(ctx, { status: 201, body: comment, headers: { location: url } });
    },
    { body: ['body'] },
  );

  route('GET', '/repos/:owner/:repo/issues/comments/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (comment === undefined) return send(ctx, notFound(DOCS.getComment));
    send(ctx, { status: 200, body: comment });
  });

  /** `PATCH .../issues/comments/{id}`: the author or a writer, with `pull-requests: write`. */
  const updateComment = (ctx: Context, entry: RepoEntry, comment: IssueComment, requestBody: unknown): Reply => {
    if (!scopeAllows(ctx.actor, 'comments'))
      return errorReply(403, 'Resource not accessible by integration', DOCS.updateComment);
    if (comment.user.login !== ctx.actor.login && !canWrite(entry, ctx.actor))
      return errorReply(403, 'Forbidden', DOCS.updateComment);
    const body = commentBody(requestBody, DOCS.updateComment);
    if (typeof body !== 'string') return body;
    comment.body = body;
    comment.updated_at = timestamp();
    state.commentEditors.set(comment.id, ctx.actor.login);
    return { status: 200, body: comment };
  };

  route(
    'PATCH',
    '/repos/:owner/:repo/issues/comments/:id',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const comment = entry && findComment(entry, params.id);
      if (entry === undefined || comment === undefined) return send(ctx, notFound(DOCS.updateComment));
      send(ctx, updateComment(ctx, entry, comment, ctx.body));
    },
    { body: ['body'] },
  );

  route('DELETE', '/repos/:owner/:repo/issues/comments/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (entry === undefined || comment === undefined) return send(ctx, notFound(DOCS.deleteComment));
    if (comment.user.login !== ctx.actor.login && !canWrite(entry, ctx.actor)) {
      return send(ctx, errorReply(403, 'Forbidden', DOCS.deleteComment));
    }
    state.comments.splice(state.comments.indexOf(comment), 1);
    removeWhere(state.reactions, (r) => r.commentId === comment.id);
    send(ctx, { status: 204 });
  });

  route(
    'GET',
    '/repos/:owner/:repo/issues/comments/:id/reactions',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const comment = entry && findComment(entry, params.id);
      if (comment === undefined) return send(ctx, notFound(DOCS.listReactions));
      const content = ctx.query.get('content');
      const reactions = state.reactions.filter(
        (r) => r.commentId === comment.id && (content === null || r.content === content),
      );
      sendPage(ctx, reactions.map(reactionJson));
    },
    { query: ['content', ...PAGED] },
  );

  /** `POST .../issues/comments/{id}/reactions`: an existing reaction of the user is answered 200, as is. */
  const addReaction = (ctx: Context, comment: IssueComment, content: unknown): Reply => {
    if (!scopeAllows(ctx.actor, 'comments'))
      return errorReply(403, 'Resource not accessible by integration', DOCS.createReaction);
    if (content === undefined) return invalid(`"content" wasn't supplied.`, DOCS.createReaction);
    if (typeof content !== 'string' || !includes(REACTION_CONTENTS, content)) {
      return validationFailed(
        [{ resource: 'Reaction', code: 'custom', field: 'content', message: 'content is not included in the list' }],
        DOCS.createReaction,
      );
    }
    const existing = state.reactions.find(
      (r) => r.commentId === comment.id && r.content === content && r.user === ctx.actor.login,
    );
    if (existing !== undefined) return { status: 200, body: reactionJson(existing) };
    const reaction: ReceivedReaction = {
      id: nextReactionId++,
      commentId: comment.id,
      content,
      user: ctx.actor.login,
      created_at: timestamp(),
    };
    state.reactions.push(reaction);
    refreshRollup(comment);
    return { status: 201, body: reactionJson(reaction) };
  };

  route(
    'POST',
    '/repos/:owner/:repo/issues/comments/:id/reactions',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const comment = entry && findComment(entry, params.id);
      if (comment === undefined) return send(ctx, notFound(DOCS.createReaction));
      send(ctx, addReaction(ctx, comment, isObject(ctx.body) ? ctx.body.content : undefined));
    },
    { body: ['content'] },
  );

  route('DELETE', '/repos/:owner/:repo/issues/comments/:id/reactions/:reaction', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    const reaction =
      comment && state.reactions.find((r) => r.commentId === comment.id && String(r.id) === params.reaction);
    if (comment === undefined || reaction === undefined) return send(ctx, notFound(DOCS.deleteReaction));
    if (!scopeAllows(ctx.actor, 'comments'))
      return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.deleteReaction));
    state.reactions.splice(state.reactions.indexOf(reaction), 1);
    refreshRollup(comment);
    send(ctx, { status: 204 });
  });

  // "List all timeline events for an issue" (REST, Timeline events): `labeled` / `unlabeled` events carry
  // `actor` (who changed the label) and `label: { name, color }`; paginated, oldest first.
  route(
    'GET',
    '/repos/:owner/:repo/issues/:number/timeline',
    (ctx, params) => {
      const entry = visibleRepo(ctx, params);
      const pull = entry && findPull(entry, params.number);
      if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.timeline));
      sendPage(
        ctx,
        (pull.timeline ?? []).map((e, i) => {
          const id = numericId(`event:${entry.id}/${pull.number}/${i}`);
          // Oldest first: each event a minute after the one before.
          const createdAt = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
          return {
            id,
            node_id: nodeId(e.event === 'labeled' ? 'LabeledEvent' : 'UnlabeledEvent', id),
            url: `${repoApi(entry)}/issues/events/${id}`,
            actor: simpleUser(e.actor, e.actorType ?? userType(e.actor)),
            event: e.event,
            commit_id: null,
            commit_url: null,
            created_at: createdAt,
            performed_via_github_app: null,
            label: { name: e.label, color: 'ededed' },
          };
        }),
      );
    },
    { query: PAGED },
  );

  /**
   * `DELETE /repos/{o}/{r}/issues/{n}/labels/{name}` (Remove a label from an issue): 200 with the labels
   * left; 404 "Label does not exist" when the issue does not carry it; a token that cannot write gets 403.
   */
  route('DELETE', '/repos/:owner/:repo/issues/:number/labels/:name', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.removeLabel));
    if (!canWrite(entry, ctx.actor))
      return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.removeLabel));
    const name = decodeURIComponent(params.name ?? '');
    const labels = pull.labels ?? [];
    const index = labels.findIndex((l) => l.toLowerCase() === name.toLowerCase());
    if (index < 0) return send(ctx, errorReply(404, 'Label does not exist', DOCS.removeLabel));
    const [removed] = labels.splice(index, 1);
    pull.labels = labels;
    pull.timeline = [
      ...(pull.timeline ?? []),
      {
        event: 'unlabeled',
        label: removed!,
        actor: ctx.actor.login,
        actorType: ctx.actor.type === 'Bot' ? 'Bot' : 'User',
      },
    ];
    send(ctx, {
      status: 200,
      body: labels.map((l) => ({
        id: numericId(`label:${entry.id}/${l}`),
        name: l,
        color: 'ededed',
        default: false,
        description: null,
      })),
    });
  });
}
