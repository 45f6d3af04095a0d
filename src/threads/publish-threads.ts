import type { Position } from '../debate/debate-types.js';
import { createOnce } from '../github/create-once.js';
import type { NewLineComment, ReviewCommentRead, ReviewThreadsClient } from '../github/review-threads.js';
import { isStatus } from '../github/parse-response.js';
import type { CommentContext } from '../report/comment-context.js';
import type { PlannedThread, ThreadPlacement } from './plan-threads.js';
import { markOutdated, readThreadMarker, renderThread } from './render-thread.js';

/**
 * Leaves a debate's threads on the diff (issue #34) and keeps one set of them across re-runs: a
 * comment of this debate (found by its hidden marker and the bot's identity, as the verdict comment is)
 * is updated in place while its lines stay; where a position's decisive line moved, the old comment
 * goes and the new one is posted; a comment the debate no longer plans goes too. A comment a person
 * replied to is never deleted: it is marked outdated instead. Every new line comment goes out in one
 * `COMMENT` review, sent once (a review whose answer was lost is looked for before it is posted again:
 * a second would repeat every comment); GitHub takes file-level comments only one by one.
 */

/** What {@link publishThreads} did, for the log and the bench. */
export interface ThreadsOutcome {
  /** New comments on diff lines (in the one review). */
  inline: number;
  /** New file-level comments (their lines are outside the diff). */
  fileLevel: number;
  /** Threads that stay in the verdict comment only (their file is not part of the PR). */
  verdictOnly: number;
  /** Comments of an earlier run updated in place. */
  updated: number;
  /** Comments of an earlier run deleted (moved or no longer planned), or marked outdated where a person replied. */
  retired: number;
  /** Write requests sent. */
  writes: number;
}

/** Where a thread is, as a comment read back has it. */
function placementOf(comment: ReviewCommentRead): string {
  return comment.subject_type === 'file' || comment.line == null
    ? `file:${comment.path}`
    : `line:${comment.path}:${comment.side ?? 'RIGHT'}:${comment.start_line ?? ''}-${comment.line}`;
}

function keyOf(placement: ThreadPlacement): string {
  if (placement.kind === 'file') return `file:${placement.path}`;
  if (placement.kind === 'line')
    return `line:${placement.path}:${placement.side}:${placement.startLine ?? ''}-${placement.line}`;
  return 'none';
}

/** Where {@link publishThreads} posts. */
export interface ThreadsTarget {
  pullNumber: number;
  headSha: string;
  debateId: string;
  botLogin: string;
  positions: readonly Position[];
  context: CommentContext;
  verdictUrl: string;
}

/**
 * Posts, updates and retires the debate's review comments: reads the PR's review comments and plans
 * each write, then posts the one review of new line comments (a line GitHub cannot place puts each on
 * its file instead), updates kept comments, posts file-level ones and retires old ones.
 * @param target.debateId the debate's id (the verdict comment's marker id)
 * @param target.headSha the head the debate saw: new comments are made on it
 * @throws whatever GitHub answers other than a 422 for a line it cannot place (those become file-level comments)
 */
export async function publishThreads(
  client: ReviewThreadsClient,
  target: ThreadsTarget,
  planned: readonly PlannedThread[],
): Promise<ThreadsOutcome> {
  const outcome: ThreadsOutcome = { inline: 0, fileLevel: 0, verdictOnly: 0, updated: 0, retired: 0, writes: 0 };
  const all = await client.listComments(target.pullNumber);
  const ours = all.filter(
    (c) =>
      c.user?.login === target.botLogin &&
      c.in_reply_to_id === undefined &&
      readThreadMarker(c.body)?.debateId === target.debateId,
  );
  const replied = new Set(
    all.filter((c) => c.in_reply_to_id !== undefined && c.user?.login !== target.botLogin).map((c) => c.in_reply_to_id),
  );
  const byKey = new Map(ours.map((c) => [readThreadMarker(c.body)?.key ?? '', c]));
  const kept = new Set<number>();
  const updates: { id: number; body: string }[] = [];
  const lines: NewLineComment[] = [];
  const files: { path: string; body: string }[] = [];

  for (const thread of planned) {
    const { placement } = thread;
    if (placement.kind === 'none') {
      outcome.verdictOnly += 1;
      continue;
    }
    const body = renderThread(thread, target.positions, target.context, target.verdictUrl);
    const existing = byKey.get(thread.key);
    if (existing && placementOf(existing) === keyOf(placement)) {
      kept.add(existing.id);
      if (existing.body !== body) updates.push({ id: existing.id, body });
      continue;
    }
    if (placement.kind === 'line')
      lines.push({
        path: placement.path,
        body,
        line: placement.line,
        side: placement.side,
        startLine: placement.startLine,
      });
    else files.push({ path: placement.path, body });
  }

  const review = reviewBody(target.debateId, target.verdictUrl);
  if (lines.length > 0) {
    try {
      const post = async (request: { retries: 0 }) => {
        await client.createReview(target.pullNumber, target.headSha, review, lines, request);
        return true;
      };
      await createOnce(post, async () =>
        (await reviewLanded(client, target, lines, new Set(ours.map((c) => c.id)))) ? true : undefined,
      );
      outcome.writes += 1;
      outcome.inline += lines.length;
    } catch (error) {
      // GitHub fails the whole review when it cannot place one line (422): each goes on its file instead.
      if (!isStatus(error, 422)) throw error;
      outcome.writes += 1;
      files.push(...lines.map((l) => ({ path: l.path, body: l.body })));
    }
  }
  for (const update of updates) {
    await client.updateComment(update.id, update.body);
    outcome.updated += 1;
    outcome.writes += 1;
  }
  for (const file of files) {
    await client.createFileComment(target.pullNumber, target.headSha, file.path, file.body);
    outcome.fileLevel += 1;
    outcome.writes += 1;
  }
  for (const old of ours) {
    if (kept.has(old.id)) continue;
    if (replied.has(old.id)) await client.updateComment(old.id, markOutdated(old.body, target.headSha));
    else await client.deleteComment(old.id);
    outcome.retired += 1;
    outcome.writes += 1;
  }
  return outcome;
}

/** The review's own body (GitHub requires one for `COMMENT`): what the comments are, and the verdict. */
function reviewBody(debateId: string, verdictUrl: string): string {
  const verdict = verdictUrl ? ` The verdict and the whole debate: [the pr-debate comment](${verdictUrl}).` : '';
  return `<!-- pr-debate:review id=${debateId} -->\npr-debate: the decisive verified lines of each position, and the evidence that defeated a position.${verdict}`;
}

/** True when the PR now has a comment of this debate's, by the bot, for one of `lines`' keys, that was not there before. */
async function reviewLanded(
  client: ReviewThreadsClient,
  target: ThreadsTarget,
  lines: readonly NewLineComment[],
  before: ReadonlySet<number>,
): Promise<boolean> {
  const keys = new Set(lines.map((l) => readThreadMarker(l.body)?.key));
  const now = await client.listComments(target.pullNumber);
  return now.some(
    (c) =>
      !before.has(c.id) &&
      c.user?.login === target.botLogin &&
      readThreadMarker(c.body)?.debateId === target.debateId &&
      keys.has(readThreadMarker(c.body)?.key),
  );
}
