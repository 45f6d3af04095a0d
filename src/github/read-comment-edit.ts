import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';

/**
 * One issue comment's body with who wrote it and who last edited it, in one GraphQL query, so the body is
 * the one that editor left: `node(id:)` as `IssueComment` (docs.github.com/graphql/reference/objects#issuecomment:
 * `body` "The body as Markdown", `author` "The actor who authored the comment", `editor` "The actor who
 * edited the comment", null until someone edits it). Anyone who can write to the repository can edit any of
 * its comments (GraphQL `CommentCannotUpdateReason.INSUFFICIENT_ACCESS`: "You must be the author or have
 * write access to this repository to update this comment"); the REST comment does not say who did.
 */
const QUERY = 'query($id: ID!) { node(id: $id) { ... on IssueComment { body author { login } editor { login } } } }';

const replySchema = z.object({
  node: z
    .object({
      body: z.string(),
      author: z.object({ login: z.string() }).nullable(),
      editor: z.object({ login: z.string() }).nullable(),
    })
    .nullable(),
});

/** What {@link readCommentEdit} read: the body as it is now, its author, and who last edited it (undefined: nobody has). */
export interface CommentEdit {
  body: string;
  author: string | undefined;
  editor: string | undefined;
}

/**
 * @param nodeId the comment's GraphQL node id (REST `node_id`)
 * @returns the comment, or undefined when GitHub answers with no node
 * @throws RequestError or GraphqlResponseError when GitHub refuses the query (a comment deleted since it was
 *   listed: `NOT_FOUND`); an Error naming the field when the reply is not shaped as documented
 */
export async function readCommentEdit(octokit: GitHubClient, nodeId: string): Promise<CommentEdit | undefined> {
  const data = await octokit.graphql<unknown>(QUERY, { id: nodeId });
  const { node } = parseResponse(replySchema, data, 'POST graphql (IssueComment)');
  return node ? { body: node.body, author: node.author?.login, editor: node.editor?.login } : undefined;
}

/**
 * Whether someone other than its author last edited a comment (its author is the bot, for our own comments:
 * the logins are compared as GraphQL gives both, so a bot's login reads the same in either).
 */
export function editedByOther(edit: CommentEdit): boolean {
  return edit.editor !== undefined && edit.editor !== edit.author;
}
