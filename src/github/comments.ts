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
}

/**
 * Creates the debate comment, or updates it in place when a comment on the PR starts with the same
 * marker line and is authored by the bot (contract section 7; the marker alone could be forged by anyone).
 * Comments are searched through every page.
 * @param marker the exact first line, `<!-- pr-debate:v1 id=... -->`
 * @param botLogin the identity whose comments are ours (input `bot-login`)
 */
async function upsertComment(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number },
  marker: string,
  botLogin: string,
  body: string,
): Promise<PostedComment & { created: boolean }> {
  const existing = await findComment(octokit, target, marker, botLogin);
  if (existing) {
    const { data } = await octokit.rest.issues.updateComment({ owner: target.owner, repo: target.repo, comment_id: existing.id, body });
    const comment = parseResponse(commentSchema, data, 'PATCH issues/comments');
    return { id: comment.id, url: comment.html_url, created: false };
  }
  const { data } = await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.issueNumber, body });
  const comment = parseResponse(commentSchema, data, 'POST issues/comments');
  return { id: comment.id, url: comment.html_url, created: true };
}

/** The bot's comment whose first line is `marker`, if any. */
async function findComment(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number },
  marker: string,
  botLogin: string,
): Promise<PostedComment | undefined> {
  const iterator = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  for await (const page of iterator) {
    for (const item of page.data) {
      const comment = parseResponse(commentSchema, item, 'GET issues/comments');
      const firstLine = (comment.body ?? '').split('\n', 1)[0]?.trim();
      if (firstLine === marker && comment.user?.login === botLogin) return { id: comment.id, url: comment.html_url };
    }
  }
  return undefined;
}

/** Posts a plain reply on the PR (help, refusals, command errors). */
async function postReply(octokit: GitHubClient, target: { owner: string; repo: string; issueNumber: number }, body: string): Promise<PostedComment> {
  const { data } = await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.issueNumber, body });
  const comment = parseResponse(commentSchema, data, 'POST issues/comments');
  return { id: comment.id, url: comment.html_url };
}

/** Adds a reaction to the triggering comment. */
async function addReaction(octokit: GitHubClient, target: { owner: string; repo: string; commentId: number }, content: 'eyes' | 'rocket' | 'confused'): Promise<void> {
  await octokit.rest.reactions.createForIssueComment({ owner: target.owner, repo: target.repo, comment_id: target.commentId, content });
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
  /** Creates or updates the bot's comment whose first line is `marker`. */
  upsert(issueNumber: number, marker: string, body: string): Promise<PostedComment & { created: boolean }>;
  /** Posts a plain reply. */
  reply(issueNumber: number, body: string): Promise<PostedComment>;
  /** Reacts to a comment. */
  react(commentId: number, content: 'eyes' | 'rocket' | 'confused'): Promise<void>;
}

/**
 * @param secrets this run's exact secrets (API key, token), removed from every body along with
 *   anything key-shaped ({@link redactSecrets})
 */
export function createPublisher(octokit: GitHubClient, repo: { owner: string; repo: string; botLogin: string; secrets: readonly string[] }): Publisher {
  const clean = (body: string) => redactSecrets(body, repo.secrets);
  const target = (issueNumber: number) => ({ owner: repo.owner, repo: repo.repo, issueNumber });
  return {
    upsert: (issueNumber, marker, body) => upsertComment(octokit, target(issueNumber), marker, repo.botLogin, clean(body)),
    reply: (issueNumber, body) => postReply(octokit, target(issueNumber), clean(body)),
    react: (commentId, content) => addReaction(octokit, { owner: repo.owner, repo: repo.repo, commentId }, content),
  };
}
