/**
 * The local GitHub server's GraphQL mutations that stand for REST writes (issue #34: the end of a
 * debate as one request). Documents are parsed with the `graphql` package, not matched by pattern, and
 * every top-level field writes into the same state the REST routes keep (`github-server.ts` lends its
 * handlers through {@link MutationKit}), so a test reads a comment, check run or review the same way
 * whichever protocol wrote it.
 *
 * Rules modelled, each from GitHub's GraphQL reference (docs.github.com/graphql/reference; the input
 * fields as GitHub's public schema states them, octokit/graphql-schema `schema.graphql`):
 * - Execution: "the top level selection set ... should be executed serially" for a mutation (GraphQL
 *   spec, "Normal and Serial Execution"); a field that fails is null in `data` and has an error of its
 *   own with `path: [alias]` and the rest still run ("Handling Field Errors"). GitHub answers HTTP 200
 *   with `data` and `errors[]`, each with `type` (`FORBIDDEN`, `NOT_FOUND`, `UNPROCESSABLE`), `path`,
 *   `message`, `locations`.
 * - A field the schema does not have is a validation error: no `data` at all, `errors[]` with
 *   "Field 'x' doesn't exist on type 'Mutation'" and `extensions.code: undefinedField` (what a GHES
 *   older than a mutation answers; option `mutations` of the server narrows the schema).
 * - Required input fields (`!` in the schema) missing: a validation error naming the argument, as
 *   GitHub answers "Argument 'input' on Field 'x' has an invalid value".
 * - `updateIssueComment(input: {id: ID!, body: String!})`: as `PATCH /issues/comments/{id}`.
 * - `createCheckRun(input: {repositoryId: ID!, headSha: GitObjectID!, name: String!, status, conclusion,
 *   detailsUrl, output: {title!, summary!, text, annotations: [{path!, location: {startLine!, endLine!},
 *   annotationLevel!, message!, title}]}})`: as `POST /check-runs`, enums in capitals; only a GitHub
 *   App with `checks: write` (FORBIDDEN "Resource not accessible by integration" otherwise); at most 50
 *   annotations a request.
 * - `addPullRequestReview(input: {pullRequestId: ID!, commitOID, event, body, threads: [{path!, line!,
 *   body!, side, startLine, startSide}]})`: as `POST /pulls/{n}/reviews` with `comments[]`; a thread off
 *   the diff fails the whole review (UNPROCESSABLE), nothing is created.
 * - `addReaction` / `removeReaction(input: {subjectId: ID!, content: ReactionContent!})`: the token's own
 *   reaction; adding one that is there returns it, removing one that is not there removes nothing.
 * - A node id that resolves to nothing: NOT_FOUND "Could not resolve to a node with the global id of '...'".
 */
import { Kind, parse, valueFromASTUntyped, type FieldNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

/** A REST answer of the server's handlers: the GraphQL twin maps its status to an error type. */
export interface KitReply {
  status: number;
  body?: unknown;
}

/** What a node id resolves to. */
export type ResolvedNode<Entry, Comment, Pull> =
  | { kind: 'IssueComment'; entry: Entry; comment: Comment }
  | { kind: 'PullRequest'; entry: Entry; pull: Pull }
  | { kind: 'Repository'; entry: Entry };

/** What `github-server.ts` lends: node look-up and its REST handlers, which hold the rules of each write. */
export interface MutationKit<Ctx, Entry, Comment, Pull> {
  resolveNode(id: string): ResolvedNode<Entry, Comment, Pull> | undefined;
  updateComment(ctx: Ctx, entry: Entry, comment: Comment, body: unknown): KitReply;
  createCheckRun(ctx: Ctx, entry: Entry, body: Record<string, unknown>): KitReply;
  createReview(ctx: Ctx, entry: Entry, pull: Pull, body: Record<string, unknown>): KitReply;
  addReaction(ctx: Ctx, entry: Entry, comment: Comment, content: string): KitReply;
  removeReaction(ctx: Ctx, entry: Entry, comment: Comment, content: string): KitReply;
}

/** Every mutation modelled here. */
export const MODELLED_MUTATIONS = ['updateIssueComment', 'createCheckRun', 'addPullRequestReview', 'addReaction', 'removeReaction'] as const;

/** ReactionContent (graphql/reference/enums#reactioncontent) and the REST contents. */
const REACTIONS: Record<string, string> = { THUMBS_UP: '+1', THUMBS_DOWN: '-1', LAUGH: 'laugh', HOORAY: 'hooray', CONFUSED: 'confused', HEART: 'heart', ROCKET: 'rocket', EYES: 'eyes' };

/** Required input fields per mutation (the `!` fields of each input object). */
const REQUIRED: Record<string, string[]> = {
  updateIssueComment: ['id', 'body'],
  createCheckRun: ['repositoryId', 'headSha', 'name'],
  addPullRequestReview: ['pullRequestId'],
  addReaction: ['subjectId', 'content'],
  removeReaction: ['subjectId', 'content'],
};

type Json = Record<string, unknown>;

interface FieldError {
  type: string;
  message: string;
}

/**
 * Answers a mutation document whose fields are the modelled ones, or returns undefined to leave the
 * document to the server's other GraphQL handlers (a query, `resolveReviewThread`).
 * @param schema the mutations the server's schema has (default: all modelled)
 * @returns the JSON body of GitHub's HTTP 200 answer
 */
export function answerMutation<Ctx, Entry, Comment, Pull>(
  kit: MutationKit<Ctx, Entry, Comment, Pull>,
  ctx: Ctx,
  query: string,
  variables: Json,
  schema: readonly string[] = MODELLED_MUTATIONS,
): Json | undefined {
  let operation: OperationDefinitionNode | undefined;
  try {
    operation = parse(query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  } catch (error) {
    return { errors: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
  if (operation?.operation !== 'mutation') return undefined;
  const fields = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
  if (!fields.some((f) => (MODELLED_MUTATIONS as readonly string[]).includes(f.name.value))) return undefined;
  // Validation comes first: an unknown field or a missing required input refuses the whole document.
  const invalid = fields.flatMap((field) => {
    const name = field.name.value;
    const at = [{ line: field.loc?.startToken.line ?? 1, column: field.loc?.startToken.column ?? 1 }];
    if (!schema.includes(name)) return [{ path: [`mutation ${operation.name?.value ?? ''}`.trim(), name], extensions: { code: 'undefinedField', typeName: 'Mutation', fieldName: name }, locations: at, message: `Field '${name}' doesn't exist on type 'Mutation'` }];
    const input = inputOf(field, variables);
    const missing = (REQUIRED[name] ?? []).filter((key) => input?.[key] === undefined || input[key] === null);
    if (input === undefined || missing.length > 0) return [{ path: [`mutation ${operation.name?.value ?? ''}`.trim(), name, 'input'], extensions: { code: 'argumentLiteralsIncompatible' }, locations: at, message: `Argument 'input' on Field '${name}' has an invalid value: missing required input field${missing.length === 1 ? '' : 's'} ${missing.join(', ') || 'input'}` }];
    return [];
  });
  if (invalid.length > 0) return { errors: invalid };
  const data: Json = {};
  const errors: Json[] = [];
  // Serially, in document order; a failed field is null and the next one still runs.
  for (const field of fields) {
    const alias = field.alias?.value ?? field.name.value;
    const outcome = runField(kit, ctx, field.name.value, inputOf(field, variables) ?? {});
    if ('type' in outcome) {
      data[alias] = null;
      errors.push({ type: outcome.type, path: [alias], locations: [{ line: field.loc?.startToken.line ?? 1, column: field.loc?.startToken.column ?? 1 }], message: outcome.message });
    } else {
      data[alias] = select(field.selectionSet, outcome.payload);
    }
  }
  return errors.length > 0 ? { data, errors } : { data };
}

function inputOf(field: FieldNode, variables: Json): Json | undefined {
  const argument = field.arguments?.find((a) => a.name.value === 'input');
  const value = argument === undefined ? undefined : valueFromASTUntyped(argument.value, variables);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The REST answer as GitHub's GraphQL error: 403 FORBIDDEN, 404 NOT_FOUND, 422 UNPROCESSABLE. */
function fieldError(reply: KitReply): FieldError {
  const body = (reply.body ?? {}) as { message?: string; errors?: unknown[] };
  const detail = Array.isArray(body.errors) && body.errors.length > 0 ? `: ${body.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('; ')}` : '';
  const type = reply.status === 403 ? 'FORBIDDEN' : reply.status === 404 ? 'NOT_FOUND' : 'UNPROCESSABLE';
  return { type, message: `${body.message ?? 'Error'}${type === 'FORBIDDEN' ? '' : detail}` };
}

function runField<Ctx, Entry, Comment, Pull>(kit: MutationKit<Ctx, Entry, Comment, Pull>, ctx: Ctx, name: string, input: Json): { payload: Json } | FieldError {
  const node = (id: unknown) => (typeof id === 'string' ? kit.resolveNode(id) : undefined);
  const notFound = (id: unknown): FieldError => ({ type: 'NOT_FOUND', message: `Could not resolve to a node with the global id of '${String(id)}'` });
  const ok = (reply: KitReply, payload: (body: Json) => Json) => (reply.status >= 400 ? fieldError(reply) : { payload: payload((reply.body ?? {}) as Json) });
  switch (name) {
    case 'updateIssueComment': {
      const target = node(input.id);
      if (target?.kind !== 'IssueComment') return notFound(input.id);
      return ok(kit.updateComment(ctx, target.entry, target.comment, { body: input.body }), (c) => ({ issueComment: { id: c.node_id, databaseId: c.id, url: c.html_url, body: c.body } }));
    }
    case 'createCheckRun': {
      const target = node(input.repositoryId);
      if (target?.kind !== 'Repository') return notFound(input.repositoryId);
      const output = input.output as Json | undefined;
      const annotations = Array.isArray(output?.annotations) ? (output.annotations as Json[]) : undefined;
      const body: Json = {
        name: input.name,
        head_sha: input.headSha,
        ...(typeof input.status === 'string' ? { status: input.status.toLowerCase() } : {}),
        ...(typeof input.conclusion === 'string' ? { conclusion: input.conclusion.toLowerCase() } : {}),
        ...(input.detailsUrl === undefined ? {} : { details_url: input.detailsUrl }),
        ...(output === undefined
          ? {}
          : {
              output: {
                title: output.title,
                summary: output.summary,
                ...(output.text === undefined ? {} : { text: output.text }),
                ...(annotations === undefined ? {} : { annotations: annotations.map((a) => ({ path: a.path, start_line: (a.location as Json | undefined)?.startLine, end_line: (a.location as Json | undefined)?.endLine, annotation_level: typeof a.annotationLevel === 'string' ? a.annotationLevel.toLowerCase() : a.annotationLevel, message: a.message, ...(a.title === undefined ? {} : { title: a.title }) })) }),
              },
            }),
      };
      return ok(kit.createCheckRun(ctx, target.entry, body), (run) => ({ checkRun: { id: run.node_id, databaseId: run.id, url: run.html_url, permalink: run.html_url, conclusion: typeof run.conclusion === 'string' ? run.conclusion.toUpperCase() : null } }));
    }
    case 'addPullRequestReview': {
      const target = node(input.pullRequestId);
      if (target?.kind !== 'PullRequest') return notFound(input.pullRequestId);
      const threads = Array.isArray(input.threads) ? (input.threads as Json[]) : [];
      for (const thread of threads) {
        const missing = ['path', 'line', 'body'].filter((key) => thread[key] === undefined || thread[key] === null);
        if (missing.length > 0) return { type: 'UNPROCESSABLE', message: `DraftPullRequestReviewThread needs ${missing.join(', ')}` };
      }
      const body: Json = {
        ...(input.commitOID === undefined ? {} : { commit_id: input.commitOID }),
        ...(input.event === undefined ? {} : { event: input.event }),
        ...(input.body === undefined ? {} : { body: input.body }),
        comments: threads.map((t) => ({ path: t.path, body: t.body, line: t.line, side: t.side ?? 'RIGHT', ...(t.startLine === undefined || t.startLine === null ? {} : { start_line: t.startLine, start_side: t.startSide ?? 'RIGHT' }) })),
      };
      return ok(kit.createReview(ctx, target.entry, target.pull, body), (review) => ({ pullRequestReview: { id: review.node_id, databaseId: review.id, url: review.html_url, state: review.state } }));
    }
    case 'addReaction':
    case 'removeReaction': {
      const target = node(input.subjectId);
      if (target?.kind !== 'IssueComment') return notFound(input.subjectId);
      const content = typeof input.content === 'string' ? REACTIONS[input.content] : undefined;
      if (content === undefined) return { type: 'UNPROCESSABLE', message: `Expected type 'ReactionContent!', found ${JSON.stringify(input.content)}` };
      const reply = name === 'addReaction' ? kit.addReaction(ctx, target.entry, target.comment, content) : kit.removeReaction(ctx, target.entry, target.comment, content);
      return ok(reply, (reaction) => ({ reaction: reaction.content === undefined ? null : { content: input.content }, subject: { id: input.subjectId } }));
    }
    default:
      return { type: 'UNPROCESSABLE', message: `${name} is not modelled` };
  }
}

/** The payload as the client's selection set asks for it (GraphQL returns only the fields selected). */
function select(selection: SelectionSetNode | undefined, value: unknown): unknown {
  if (selection === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => select(selection, item));
  const out: Json = {};
  for (const node of selection.selections) {
    if (node.kind !== Kind.FIELD) continue;
    out[node.alias?.value ?? node.name.value] = select(node.selectionSet, (value as Json)[node.name.value] ?? null);
  }
  return out;
}
