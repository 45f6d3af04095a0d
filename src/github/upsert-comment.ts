import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import { createOnce } from './create-once.js';
import { isStatus, parseResponse } from './parse-response.js';

const commentSchema = z.object({
  id: z.number().int(),
  node_id: z.string(),
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

/** What a write to the debate comment did. */
export interface CommentWrite extends PostedComment {
  created: boolean;
  /**
   * Set when the write was not made, and why: `stale` (a verdict for the PR's current head is there, and
   * this one is for an older head) or `verdict` (a progress or failure update would have replaced a
   * finished verdict, or the run's verdict is being written).
   */
  kept?: 'stale' | 'verdict';
}

/** Which head commit a verdict is for, and the PR's head when it was about to be posted. */
export interface HeadCheck {
  ours: string;
  current: string;
}

/**
 * The hidden last line of a finished verdict: which head commit it is for. Only verdicts carry it, so
 * it also tells a verdict from a progress or failure comment.
 */
export function headTrailer(headSha: string): string {
  return `<!-- pr-debate:head=${headSha} -->`;
}

/** The trailer of {@link headTrailer}, read back (the merge gate reads it to find a debate's head after a force-push). */
export const HEAD_TRAILER = /<!-- pr-debate:head=([0-9a-f]{40}) -->\s*$/;

/** One debate's comment on a PR (docs/how-a-debate-runs.md): created once, then updated in place. */
export interface DebateComment {
  /**
   * Posts a finished verdict for `head.ours`. It replaces whatever the comment holds, except a verdict
   * for the PR's current head when this one is for an older head (`kept: 'stale'`).
   */
  postVerdict(body: string, head: HeadCheck): Promise<CommentWrite>;
  /**
   * Posts progress or a failure; never replaces a finished verdict, and sends nothing once this
   * comment's verdict has begun to be written (`kept: 'verdict'`).
   */
  postUpdate(body: string): Promise<CommentWrite>;
}

/** A comment found by its marker, with its body and its GraphQL node id. */
export interface FoundComment extends PostedComment {
  body: string;
  nodeId: string;
}

/**
 * Opens the debate comment whose first line is `marker` and whose author is the bot (the marker alone
 * could be forged by anyone). The PR's comments are listed (every page) only until the comment is
 * known; from then on it is read and written by id.
 *
 * Races: when two runs of the same debate both create a comment, the later one finds the earlier (lowest
 * id), deletes its own and updates the earlier, so one comment remains. Within a run, no update is
 * sent once the verdict is being written, and an update still in flight then cannot bury it: the
 * verdict's write awaits it (bounded by the request timeout and the retry plugin's retries) and, if it
 * landed after the verdict, writes the verdict again.
 * @param target.marker the exact first line, `<!-- pr-debate:v1 id=... -->`
 * @param target.botLogin the identity whose comments are ours (input `bot-login`)
 */
export function openDebateComment(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number; marker: string; botLogin: string },
): DebateComment {
  const repo = { owner: target.owner, repo: target.repo };
  let knownId: number | undefined;
  let verdictStarted = false;
  let landed = 0;
  const inFlight = new Set<Promise<number | undefined>>();

  const toFound = (data: unknown, endpoint: string): FoundComment => {
    const comment = parseResponse(commentSchema, data, endpoint);
    return {
      id: comment.id,
      nodeId: comment.node_id,
      url: comment.html_url,
      author: comment.user?.login ?? '',
      body: comment.body ?? '',
    };
  };

  const locate = async (): Promise<FoundComment | undefined> => {
    if (knownId !== undefined) {
      try {
        const { data } = await octokit.rest.issues.getComment({ ...repo, comment_id: knownId });
        return toFound(data, 'GET issues/comments/{id}');
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
        knownId = undefined; // deleted meanwhile: look again, or create it anew
      }
    }
    const [oldest] = await findComments(octokit, target);
    knownId = oldest?.id;
    return oldest;
  };

  const write = async (
    body: string,
    keep: (existing: FoundComment) => CommentWrite['kept'],
  ): Promise<CommentWrite & { order: number }> => {
    const update = async (existing: FoundComment) => {
      const kept = keep(existing);
      if (kept)
        return { id: existing.id, url: existing.url, author: existing.author, created: false, kept, order: landed };
      const { data } = await octokit.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
      const comment = toFound(data, 'PATCH issues/comments/{id}');
      knownId = comment.id;
      return { id: comment.id, url: comment.url, author: comment.author, created: false, order: ++landed };
    };
    const existing = await locate();
    if (existing) return update(existing);
    const kept = keep({ id: 0, nodeId: '', url: '', author: '', body: '' });
    if (kept) return { id: 0, url: '', author: '', created: false, kept, order: landed };
    // Created once: a comment whose answer was lost is looked for (by its body) before it is posted again.
    const created = await createOnce(
      async (request) =>
        toFound(
          (await octokit.rest.issues.createComment({ ...repo, issue_number: target.issueNumber, body, request })).data,
          'POST issues/comments',
        ),
      async () => (await findComments(octokit, target)).find((c) => c.body === body),
    );
    const order = ++landed;
    // Another run may have created the same debate's comment meanwhile: the oldest one wins.
    const [oldest] = await findComments(octokit, target);
    if (oldest && oldest.id < created.id) {
      await octokit.rest.issues.deleteComment({ ...repo, comment_id: created.id });
      knownId = oldest.id;
      return update(oldest);
    }
    knownId = created.id;
    return { id: created.id, url: created.url, author: created.author, created: true, order };
  };

  const isVerdict = (existing: FoundComment) => HEAD_TRAILER.exec(existing.body)?.[1];

  return {
    async postVerdict(body, head) {
      // From here no update is sent; one already sent is awaited below, after the verdict's own write.
      verdictStarted = true;
      const pending = [...inFlight];
      const text = `${body}\n${headTrailer(head.ours)}`;
      const keep = (existing: FoundComment) =>
        head.ours !== head.current && isVerdict(existing) === head.current ? 'stale' : undefined;
      const posted = await write(text, keep).catch((error: unknown) => {
        // Not written: the comment is left to the run's failure, as when no verdict was begun.
        verdictStarted = false;
        throw error;
      });
      if (pending.length === 0 || posted.kept) return strip(posted);
      // An update sent before the verdict that landed after it would hide the verdict: write it again.
      const orders = await Promise.all(pending);
      if (orders.some((order) => order !== undefined && order > posted.order)) return strip(await write(text, keep));
      return strip(posted);
    },
    async postUpdate(body) {
      const task = write(body, (existing) =>
        verdictStarted || isVerdict(existing) !== undefined ? 'verdict' : undefined,
      );
      const order = task.then(
        (posted) => (posted.kept ? undefined : posted.order),
        () => undefined,
      );
      inFlight.add(order);
      try {
        return strip(await task);
      } finally {
        inFlight.delete(order);
      }
    },
  };
}

function strip({ order: _order, ...write }: CommentWrite & { order: number }): CommentWrite {
  return write;
}

/** The bot's comments whose first line is `marker`, oldest first (`GET .../issues/{n}/comments`, every page). */
export async function findComments(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number; marker: string; botLogin: string },
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
      if (body.split('\n', 1)[0]?.trim() === target.marker && comment.user?.login === target.botLogin)
        found.push({ id: comment.id, nodeId: comment.node_id, url: comment.html_url, author: target.botLogin, body });
    }
  }
  return found.sort((a, b) => a.id - b.id);
}
