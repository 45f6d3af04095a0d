import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { parseResponse } from './parse-response.js';

/** Reactions pr-debate puts on the triggering comment: working (👀), succeeded (🚀), failed (😕). */
export type ReactionContent = 'eyes' | 'rocket' | 'confused';

/**
 * Adds a reaction to a PR comment (`POST /repos/{o}/{r}/issues/comments/{id}/reactions`; GitHub answers
 * 200 with the existing reaction when it is already there, so a retry adds nothing).
 * @returns the reaction's id, for {@link removeReaction}
 */
export async function addReaction(
  octokit: GitHubClient,
  target: { owner: string; repo: string; commentId: number },
  content: ReactionContent,
): Promise<number> {
  const { data } = await octokit.rest.reactions.createForIssueComment({
    owner: target.owner,
    repo: target.repo,
    comment_id: target.commentId,
    content,
  });
  return parseResponse(z.object({ id: z.number().int() }), data, 'POST reactions').id;
}

/** Removes one of our reactions (`DELETE .../issues/comments/{id}/reactions/{reaction_id}`). */
export async function removeReaction(
  octokit: GitHubClient,
  target: { owner: string; repo: string; commentId: number },
  reactionId: number,
): Promise<void> {
  await octokit.rest.reactions.deleteForIssueComment({
    owner: target.owner,
    repo: target.repo,
    comment_id: target.commentId,
    reaction_id: reactionId,
  });
}
