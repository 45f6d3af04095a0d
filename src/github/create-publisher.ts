import { z } from 'zod';
import { redactSecrets } from '../report/redact.js';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';
import { addReaction, removeReaction, type ReactionContent } from './react.js';
import { openDebateComment, type DebateComment, type PostedComment } from './upsert-comment.js';

/** Everything the pipeline posts on GitHub, through one door that redacts secrets from every body. */
export interface Publisher {
  /** The debate comment whose first line is `marker` ({@link openDebateComment}); bodies are redacted. */
  debateComment(issueNumber: number, marker: string): DebateComment;
  /** Posts a plain reply (help, refusals, command and input errors, a note beside a kept verdict). */
  reply(issueNumber: number, body: string): Promise<PostedComment>;
  /** Reacts to a comment; returns the reaction id. */
  react(commentId: number, content: ReactionContent): Promise<number>;
  /** Removes one of our reactions. */
  unreact(commentId: number, reactionId: number): Promise<void>;
}

const replySchema = z.object({ id: z.number().int(), html_url: z.string(), user: z.object({ login: z.string() }).nullable() });

/**
 * @param octokit the client for writes
 * @param repo.secrets this run's exact secrets (API key, token), removed from every body along with
 *   anything key-shaped ({@link redactSecrets})
 */
export function createPublisher(octokit: GitHubClient, repo: { owner: string; repo: string; botLogin: string; secrets: readonly string[] }): Publisher {
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
      const { data } = await octokit.rest.issues.createComment({ ...target, issue_number: issueNumber, body: clean(body) });
      const comment = parseResponse(replySchema, data, 'POST issues/comments');
      return { id: comment.id, url: comment.html_url, author: comment.user?.login ?? '' };
    },
    react: (commentId, content) => addReaction(octokit, { ...target, commentId }, content),
    unreact: (commentId, reactionId) => removeReaction(octokit, { ...target, commentId }, reactionId),
  };
}
