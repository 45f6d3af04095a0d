import { z } from 'zod';
import { redactSecrets } from '../report/redact.js';
import type { GitHubClient } from './create-octokit.js';
import { isStatus, parseResponse } from './pull-request-source.js';

const commentSchema = z.object({
  id: z.number().int(),
  html_url: z.string(),
  body: z.string().nullable().optional(),
  user: z.object({ login: z.string() }).nullable(),
});

/** A comment we posted or found. */
export interface PostedComment {
  id: number;
  url: string;
  /** Login of the comment's author, as GitHub reports it. */
  author: string;
}

/** The hidden last line that says which head commit a result is for (read back by {@link upsertComment}). */
export function headTrailer(headSha: string): string {
  return `<!-- pr-debate:head=${headSha} -->`;
}

const HEAD_TRAILER = /<!-- pr-debate:head=([0-9a-f]{40}) -->\s*$/;

/** Which head commit a run's result is for, and the PR's head when it was about to be posted. */
export interface HeadCheck {
  ours: string;
  current: string;
}

/**
 * Creates the debate comment, or updates it in place when a comment on the PR starts with the same
 * marker line and is authored by the bot (contract section 7; the marker alone could be forged by anyone).
 * Comments are searched through every page.
 *
 * Races: when two runs of the same debate both create a comment, the later one finds the earlier (lowest
 * id), deletes its own and updates the earlier, so one comment remains. A result for an older head never
 * overwrites one for the PR's current head: that update is skipped and `skipped` says so.
 * @param marker the exact first line, `<!-- pr-debate:v1 id=... -->`
 * @param botLogin the identity whose comments are ours (input `bot-login`)
 */
async function upsertComment(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number },
  marker: string,
  botLogin: string,
  body: string,
  head: HeadCheck | undefined,
): Promise<PostedComment & { created: boolean; skipped: boolean }> {
  const text = head ? `${body}\n${headTrailer(head.ours)}` : body;
  const update = async (existing: FoundComment): Promise<PostedComment & { created: boolean; skipped: boolean }> => {
    const existingHead = HEAD_TRAILER.exec(existing.body)?.[1];
    if (head && head.ours !== head.current && existingHead === head.current) {
      return { id: existing.id, url: existing.url, author: existing.author, created: false, skipped: true };
    }
    const { data } = await octokit.rest.issues.updateComment({ owner: target.owner, repo: target.repo, comment_id: existing.id, body: text });
    const comment = parseResponse(commentSchema, data, 'PATCH issues/comments');
    return { id: comment.id, url: comment.html_url, author: comment.user?.login ?? '', created: false, skipped: false };
  };

  const [existing] = await findComments(octokit, target, marker, botLogin);
  if (existing) return update(existing);
  const { data } = await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.issueNumber, body: text });
  const created = parseResponse(commentSchema, data, 'POST issues/comments');
  // Another run may have created the same debate's comment meanwhile: the oldest one wins.
  const [oldest] = await findComments(octokit, target, marker, botLogin);
  if (oldest && oldest.id < created.id) {
    await octokit.rest.issues.deleteComment({ owner: target.owner, repo: target.repo, comment_id: created.id });
    return update(oldest);
  }
  return { id: created.id, url: created.html_url, author: created.user?.login ?? '', created: true, skipped: false };
}

interface FoundComment extends PostedComment {
  body: string;
}

/** The bot's comments whose first line is `marker`, oldest first. */
async function findComments(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number },
  marker: string,
  botLogin: string,
): Promise<FoundComment[]> {
  const found: FoundComment[] = [];
  const iterator = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  for await (const page of iterator) {
    for (const item of page.data) {
      const comment = parseResponse(commentSchema, item, 'GET issues/comments');
      const body = comment.body ?? '';
      if (body.split('\n', 1)[0]?.trim() === marker && comment.user?.login === botLogin) found.push({ id: comment.id, url: comment.html_url, author: botLogin, body });
    }
  }
  return found.sort((a, b) => a.id - b.id);
}

/** Posts a plain reply on the PR (help, refusals, command errors). */
async function postReply(octokit: GitHubClient, target: { owner: string; repo: string; issueNumber: number }, body: string): Promise<PostedComment> {
  const { data } = await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.issueNumber, body });
  const comment = parseResponse(commentSchema, data, 'POST issues/comments');
  return { id: comment.id, url: comment.html_url, author: comment.user?.login ?? '' };
}

/** Reactions pr-debate uses on the triggering comment: working, succeeded, failed. */
export type ReactionContent = 'eyes' | 'rocket' | 'confused';

/** Adds a reaction to the triggering comment; returns the reaction's id. */
async function addReaction(octokit: GitHubClient, target: { owner: string; repo: string; commentId: number }, content: ReactionContent): Promise<number> {
  const { data } = await octokit.rest.reactions.createForIssueComment({ owner: target.owner, repo: target.repo, comment_id: target.commentId, content });
  return parseResponse(z.object({ id: z.number().int() }), data, 'POST reactions').id;
}

const permissionSchema = z.object({ permission: z.string(), role_name: z.string().optional() });

/** Repository roles allowed to start a debate (contract section 4). */
const ALLOWED_ROLES = new Set(['admin', 'maintain', 'write']);

/**
 * Whether a user may start a debate: `GET /repos/{o}/{r}/collaborators/{user}/permission` says admin,
 * maintain or write. A 404 (not a collaborator) is a no.
 */
export async function canTrigger(octokit: GitHubClient, repo: { owner: string; repo: string }, username: string): Promise<{ allowed: boolean; role: string }> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
    const level = parseResponse(permissionSchema, data, 'GET collaborators/permission');
    const role = level.role_name ?? level.permission;
    return { allowed: ALLOWED_ROLES.has(role) || ALLOWED_ROLES.has(level.permission), role };
  } catch (error) {
    if (isStatus(error, 404)) return { allowed: false, role: 'none' };
    throw error;
  }
}

/** Everything the pipeline posts, through one door that redacts secrets from every body. */
export interface Publisher {
  /**
   * Creates or updates the bot's comment whose first line is `marker`; with `head`, never overwrites a
   * result for the PR's current head with one for an older head (`skipped`).
   */
  upsert(issueNumber: number, marker: string, body: string, head?: HeadCheck): Promise<PostedComment & { created: boolean; skipped: boolean }>;
  /** Posts a plain reply. */
  reply(issueNumber: number, body: string): Promise<PostedComment>;
  /** The bot's oldest comment whose first line is `marker`, with its body, or undefined. */
  find(issueNumber: number, marker: string): Promise<(PostedComment & { body: string }) | undefined>;
  /** Reacts to a comment; returns the reaction id. */
  react(commentId: number, content: ReactionContent): Promise<number>;
  /** Removes one of our reactions. */
  unreact(commentId: number, reactionId: number): Promise<void>;
}

/**
 * @param secrets this run's exact secrets (API key, token), removed from every body along with
 *   anything key-shaped ({@link redactSecrets})
 */
export function createPublisher(octokit: GitHubClient, repo: { owner: string; repo: string; botLogin: string; secrets: readonly string[] }): Publisher {
  const clean = (body: string) => redactSecrets(body, repo.secrets);
  const target = (issueNumber: number) => ({ owner: repo.owner, repo: repo.repo, issueNumber });
  return {
    upsert: (issueNumber, marker, body, head) => upsertComment(octokit, target(issueNumber), marker, repo.botLogin, clean(body), head),
    reply: (issueNumber, body) => postReply(octokit, target(issueNumber), clean(body)),
    find: async (issueNumber, marker) => (await findComments(octokit, target(issueNumber), marker, repo.botLogin))[0],
    react: (commentId, content) => addReaction(octokit, { owner: repo.owner, repo: repo.repo, commentId }, content),
    unreact: async (commentId, reactionId) => {
      await octokit.rest.reactions.deleteForIssueComment({ owner: repo.owner, repo: repo.repo, comment_id: commentId, reaction_id: reactionId });
    },
  };
}
