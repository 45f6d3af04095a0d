/**
 * The local GitHub server's GraphQL endpoint: the review threads of a pull request and resolving one
 * (`threads.ts`), an issue comment by `node(id:)`, and the blobs of a repository by `object(expression:)`.
 */
import type { ServerKit } from './kit.js';
import { reviewThreadQueries } from './threads.js';
import { DOCS, errorReply, gitBlobSha, isObject, type JsonObject } from './util.js';

/** Registers `POST /graphql`. */
export function graphqlRoutes(k: ServerKit) {
  const { route, send, visibleRepo, resolveRef, readAt, state } = k;
  const threads = reviewThreadQueries(k);

  /**
   * `node(id: $id) { ... on IssueComment { body author { login } editor { login } } }`
   * (docs.github.com/graphql/reference/objects#issuecomment: `editor`, "The actor who edited the comment",
   * is null until someone edits it; the server records the last PATCH's actor). An id that names no node
   * gets `node: null` and a `NOT_FOUND` error ("Could not resolve to a node with the global id of '…'"),
   * as `resolveReviewThread` does in `threads.ts`.
   */
  const commentNode = (id: unknown) => {
    const comment = state.comments.find((c) => c.node_id === id);
    if (comment === undefined)
      return {
        status: 200,
        body: {
          data: { node: null },
          errors: [
            {
              type: 'NOT_FOUND',
              path: ['node'],
              message: `Could not resolve to a node with the global id of '${String(id)}'`,
            },
          ],
        },
      };
    const editor = state.commentEditors.get(comment.id);
    return {
      status: 200,
      body: {
        data: {
          node: {
            body: comment.body,
            author: { login: comment.user.login },
            editor: editor === undefined ? null : { login: editor },
          },
        },
      },
    };
  };

  /**
   * `POST /graphql`, the part pr-debate sends: `repository(owner: $owner, name: $name)` with aliased
   * `object(expression: $eN)` fields selecting `__typename` and `... on Blob { byteSize isBinary
   * [isTruncated text] }` or `... on Blob { oid }`, where each expression is `<sha or ref>:<path>`. Anything else gets a
   * GraphQL error (HTTP 200 with `errors`), as GitHub answers a query it cannot run.
   */
  route(
    'POST',
    '/graphql',
    (ctx) => {
      const body = isObject(ctx.body) ? ctx.body : {};
      const query = typeof body.query === 'string' ? body.query : '';
      const variables = isObject(body.variables) ? body.variables : {};
      const graphqlError = (message: string, type?: string): void =>
        send(ctx, {
          status: 200,
          body: { data: null, errors: [{ ...(type ? { type } : {}), message, locations: [{ line: 1, column: 1 }] }] },
        });
      if (query === '')
        return send(ctx, errorReply(400, 'A query attribute must be specified and must be a string.', DOCS.graphql));
      if (threads(ctx, query, variables)) return;
      if (/node\(id: \$id\) \{ \.\.\. on IssueComment \{/.test(query)) return send(ctx, commentNode(variables.id));
      const repoMatch = /repository\(owner: \$owner, name: \$name\)/.exec(query);
      const fields = [
        ...query.matchAll(/(\w+): object\(expression: \$(\w+)\) \{ __typename \.\.\. on Blob \{ ([\w ]+) \} \}/g),
      ];
      if (repoMatch === null || fields.length === 0)
        return graphqlError('This local server answers only repository.object(expression:) blob queries.');
      const owner = String(variables.owner ?? '');
      const name = String(variables.name ?? '');
      const entry = visibleRepo(ctx, { owner, repo: name });
      if (entry === undefined) {
        return send(ctx, {
          status: 200,
          body: {
            data: { repository: null },
            errors: [
              {
                type: 'NOT_FOUND',
                path: ['repository'],
                message: `Could not resolve to a Repository with the name '${owner}/${name}'.`,
              },
            ],
          },
        });
      }
      const repository: JsonObject = {};
      for (const [, alias = '', variable = '', selection = ''] of fields) {
        const expression = variables[variable];
        if (typeof expression !== 'string')
          return graphqlError(`Variable $${variable} of type String! was provided invalid value`);
        const colon = expression.indexOf(':');
        const sha = colon === -1 ? undefined : resolveRef(entry, expression.slice(0, colon));
        const content = sha === undefined ? undefined : readAt(entry, sha, expression.slice(colon + 1));
        if (content === undefined) {
          repository[alias] = null;
          continue;
        }
        const binary = content.subarray(0, 8000).includes(0);
        const blob: JsonObject = { __typename: 'Blob' };
        for (const wanted of selection.split(' ')) {
          if (wanted === 'byteSize') blob.byteSize = content.length;
          else if (wanted === 'isBinary') blob.isBinary = binary;
          else if (wanted === 'isTruncated') blob.isTruncated = false;
          else if (wanted === 'text') blob.text = binary ? null : content.toString('utf8');
          // GitObject `oid`: "The Git object ID" (docs.github.com/graphql/reference/interfaces#gitobject).
          else if (wanted === 'oid') blob.oid = gitBlobSha(content);
          else if (wanted !== '')
            return graphqlError(`Field '${wanted}' doesn't exist on type 'Blob'`, 'undefinedField');
        }
        repository[alias] = blob;
      }
      send(ctx, { status: 200, body: { data: { repository } } });
    },
    { body: ['query', 'variables'] },
  );
}
