import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';
import type { MutationBatch, MutationField } from './mutation-batch.js';
import { isStatus, parseResponse } from './parse-response.js';

const commentSchema = z.object({
  id: z.number().int(),
  node_id: z.string().optional(),
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
   * finished verdict) or `withdrawn` (the update's `signal` was aborted before it was written: it
   * became obsolete while the comment was being read).
   */
  kept?: 'stale' | 'verdict' | 'withdrawn';
  /**
   * Set when the write rides in a {@link MutationBatch}: call it once the batch is sent. It resolves when
   * the comment holds the body (written by the batch, or through REST when the batch could not);
   * it throws what REST throws when neither could write it.
   */
  land?: () => Promise<void>;
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

/** One debate's comment on a PR (contract section 7): created once, then updated in place. */
export interface DebateComment {
  /**
   * Posts a finished verdict for `head.ours`. It replaces whatever the comment holds, except a verdict
   * for the PR's current head when this one is for an older head (`kept: 'stale'`). With `batch`, an
   * existing comment is updated by the batch (`land`); a comment that must be created is created now.
   */
  postVerdict(body: string, head: HeadCheck, batch?: MutationBatch): Promise<CommentWrite>;
  /**
   * Posts progress or a failure; never replaces a finished verdict (`kept: 'verdict'`). With `signal`,
   * an update aborted before its write (after the comment was read) is not written (`kept: 'withdrawn'`).
   */
  postUpdate(body: string, options?: { signal?: AbortSignal }): Promise<CommentWrite>;
}

/** A comment found by its marker, with its body. */
export interface FoundComment extends PostedComment {
  body: string;
  /** GraphQL node id (REST `node_id`), for {@link updateCommentField}. */
  nodeId?: string;
}

/**
 * `updateIssueComment(input: {id, body})` (docs.github.com/graphql/reference/mutations#updateissuecomment;
 * UpdateIssueCommentInput: `id: ID!`, `body: String!`), the GraphQL twin of `PATCH /issues/comments/{id}`.
 */
export function updateCommentField(nodeId: string, body: string): MutationField<void> {
  return {
    mutation: 'updateIssueComment',
    inputType: 'UpdateIssueCommentInput',
    input: { id: nodeId, body },
    selection: 'issueComment { id }',
    parse: (payload) => void parseResponse(z.object({ issueComment: z.object({ id: z.string() }) }), payload, 'updateIssueComment'),
  };
}

/**
 * Opens the debate comment whose first line is `marker` and whose author is the bot (the marker alone
 * could be forged by anyone). The PR's comments are listed (every page) only until the comment is
 * known; from then on it is read and written by id.
 *
 * Races: when two runs of the same debate both create a comment, the later one finds the earlier (lowest
 * id), deletes its own and updates the earlier, so one comment remains. Within a run, an update still
 * in flight when the verdict is posted cannot bury it: if that update lands after the verdict, the
 * verdict is written again.
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
    return { id: comment.id, url: comment.html_url, author: comment.user?.login ?? '', body: comment.body ?? '', ...(comment.node_id ? { nodeId: comment.node_id } : {}) };
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

  const write = async (body: string, keep: (existing: FoundComment) => CommentWrite['kept']): Promise<CommentWrite & { order: number }> => {
    const update = async (existing: FoundComment) => {
      const kept = keep(existing);
      if (kept) return { id: existing.id, url: existing.url, author: existing.author, created: false, kept, order: landed };
      const { data } = await octokit.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
      const comment = toFound(data, 'PATCH issues/comments/{id}');
      knownId = comment.id;
      return { id: comment.id, url: comment.url, author: comment.author, created: false, order: ++landed };
    };
    const existing = await locate();
    if (existing) return update(existing);
    const withdrawn = keep({ id: 0, url: '', author: '', body: '' });
    if (withdrawn === 'withdrawn') return { id: 0, url: '', author: '', created: false, kept: withdrawn, order: landed };
    const { data } = await octokit.rest.issues.createComment({ ...repo, issue_number: target.issueNumber, body });
    const created = toFound(data, 'POST issues/comments');
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
    async postVerdict(body, head, batch) {
      verdictStarted = true;
      const pending = [...inFlight];
      const text = `${body}\n${headTrailer(head.ours)}`;
      const keep = (existing: FoundComment) => (head.ours !== head.current && isVerdict(existing) === head.current ? 'stale' : undefined);
      if (batch) {
        // The verdict does not wait for an update in flight (a hanging one must not hold it up); one that
        // lands after the batch would hide it, so it is written again then, as below.
        const existing = await locate();
        if (existing?.nodeId !== undefined) {
          const kept = keep(existing);
          const found = { id: existing.id, url: existing.url, author: existing.author, created: false };
          if (kept) return { ...found, kept };
          const sent = batch.add(updateCommentField(existing.nodeId, text));
          sent.catch(() => undefined);
          const land = async () => {
            // Refused or not sent: REST writes it (and throws, as without a batch, when it cannot).
            // Landing order, as `write` counts it: an update landing after this hid the verdict.
            let landedAt = 0;
            await sent.then(
              () => void (landedAt = ++landed),
              async () => void (landedAt = (await write(text, keep)).order),
            );
            const orders = await Promise.all(pending);
            if (orders.some((order) => order !== undefined && order > landedAt)) await write(text, keep);
          };
          return { ...found, land };
        }
      }
      const posted = await write(text, keep);
      if (pending.length === 0 || posted.kept) return strip(posted);
      // An update sent before the verdict that landed after it would hide the verdict: write it again.
      const orders = await Promise.all(pending);
      if (orders.some((order) => order !== undefined && order > posted.order)) return strip(await write(text, keep));
      return strip(posted);
    },
    async postUpdate(body, options) {
      const task = write(body, (existing) => (options?.signal?.aborted ? 'withdrawn' : verdictStarted || isVerdict(existing) !== undefined ? 'verdict' : undefined));
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
export async function findComments(octokit: GitHubClient, target: { owner: string; repo: string; issueNumber: number; marker: string; botLogin: string }): Promise<FoundComment[]> {
  const found: FoundComment[] = [];
  const iterator = octokit.paginate.iterator(octokit.rest.issues.listComments, { owner: target.owner, repo: target.repo, issue_number: target.issueNumber, per_page: 100 });
  for await (const page of iterator) {
    for (const item of page.data) {
      const comment = parseResponse(commentSchema, item, 'GET issues/comments');
      const body = comment.body ?? '';
      if (body.split('\n', 1)[0]?.trim() === target.marker && comment.user?.login === target.botLogin) found.push({ id: comment.id, url: comment.html_url, author: target.botLogin, body, ...(comment.node_id ? { nodeId: comment.node_id } : {}) });
    }
  }
  return found.sort((a, b) => a.id - b.id);
}
