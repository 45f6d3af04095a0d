import { z } from 'zod';
import { redactSecrets } from '../report/redact.js';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';
import { readCommentEdit, type CommentEdit } from './read-comment-edit.js';
import { addReaction, removeReaction, type ReactionContent } from './react.js';
import {
  findComments,
  openDebateComment,
  type DebateComment,
  type FoundComment,
  type PostedComment,
} from './upsert-comment.js';

/** Everything the pipeline posts on GitHub, through one door that redacts secrets from every body. */
export interface Publisher {
  /** The debate comment whose first line is `marker` ({@link openDebateComment}); bodies are redacted. */
  debateComment(issueNumber: number, marker: string): DebateComment;
  /** The bot's oldest comment whose first line is `marker`, with its body, or undefined. */
  find(issueNumber: number, marker: string): Promise<FoundComment | undefined>;
  /** One of our comments as it is now, with who last edited it ({@link readCommentEdit}); undefined when GitHub answers with no node. */
  readEdit(comment: FoundComment): Promise<CommentEdit | undefined>;
  /** Replaces the body of one of our comments as given (the accept mirrored into a verdict). */
  edit(commentId: number, body: string): Promise<void>;
  /** Posts a plain reply (help, refusals, command and input errors, a note beside a kept verdict). */
  reply(issueNumber: number, body: string): Promise<PostedComment>;
  /** Reacts to a comment; returns the reaction id. */
  react(commentId: number, content: ReactionContent): Promise<number>;
  /** Removes one of our reactions. */
  unreact(commentId: number, reactionId: number): Promise<void>;
}

const replySchema = z.object({
  id: z.number().int(),
  html_url: z.string(),
  user: z.object({ login: z.string() }).nullable(),
});

/**
 * @param octokit the client for writes
 * @param repo.secrets this run's exact secrets (API key, token), removed from every body along with
 *   anything key-shaped ({@link redactSecrets})
 */
export function createPublisher(
  octokit: GitHubClient,
  repo: { owner: string; repo: string; botLogin: string; secrets: readonly string[] },
): Publisher {
  const clean = (body: string) => redactSecrets(body, repo.secrets);
  const target = { owner: repo.owner, repo: repo.repo };
  return {
    debateComment(issueNumber, marker) {
      const comment = openDebateComment(octokit, { ...target, issueNumber, marker, botLogin: repo.botLogin });
      return {
        postVerdict: (body, head) => comment.postVerdict(clean(body), head),
        postUpdate: (body) => comment.postUpdate(clean(body)),
      };
    },
    async reply(issueNumber, body) {
      const { data } = await octokit.rest.issues.createComment({
        ...target,
        issue_number: issueNumber,
        body: clean(body),
      });
      const comment = parseResponse(replySchema, data, 'POST issues/comments');
      return { id: comment.id, url: comment.html_url, author: comment.user?.login ?? '' };
    },
    find: async (issueNumber, marker) =>
      (await findComments(octokit, { ...target, issueNumber, marker, botLogin: repo.botLogin }))[0],
    readEdit: (comment) => readCommentEdit(octokit, comment.nodeId),
    async edit(commentId, body) {
      await octokit.rest.issues.updateComment({ ...target, comment_id: commentId, body: clean(body) });
    },
    react: (commentId, content) => addReaction(octokit, { ...target, commentId }, content),
    unreact: (commentId, reactionId) => removeReaction(octokit, { ...target, commentId }, reactionId),
  };
}
