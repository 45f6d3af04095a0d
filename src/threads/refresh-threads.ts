import type { ReviewThreadsClient } from '../github/review-threads.js';
import type { ThreadResolution } from './thread-modes.js';
import { isOutdated, markOutdated, quoteHolds, readQuote, readThreadMarker } from './render-thread.js';

/**
 * After a push (the gate run, issue #34), keeps pr-debate's review threads true: a thread whose cited
 * text no longer occurs in its file at the new head is marked outdated in its body and resolved, unless
 * a person replied in it (their conversation is theirs to close) or `resolve-review-threads:
 * humans-resolve` leaves every thread to people; a thread whose text still holds stays as it is.
 * No model call; one read per file, one write per outdated comment, one per resolved thread.
 */

/** What {@link refreshThreads} found and did. */
export interface RefreshOutcome {
  /** Open pr-debate threads on head lines that were checked. */
  checked: number;
  /** Threads marked outdated this run. */
  outdated: number;
  resolved: number;
  /** Outdated threads left open: a person replied, or people resolve. */
  leftOpen: number;
}

/**
 * @param target.botLogin the bot's REST login (`github-actions[bot]`); GraphQL names a bot without `[bot]`
 * @throws whatever GitHub answers (the gate run reports it as a warning: the check stands)
 */
export async function refreshThreads(client: ReviewThreadsClient, target: { pullNumber: number; headSha: string; botLogin: string; resolution: ThreadResolution }): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { checked: 0, outdated: 0, resolved: 0, leftOpen: 0 };
  const bot = target.botLogin.replace(/\[bot\]$/, '');
  const files = new Map<string, Promise<string | undefined>>();
  const read = (path: string) => {
    let text = files.get(path);
    if (text === undefined) files.set(path, (text = client.readFile(path, target.headSha)));
    return text;
  };
  for (const thread of await client.listThreads(target.pullNumber)) {
    const [first, ...replies] = thread.comments;
    if (thread.isResolved || first?.id == null || first.author !== bot || !readThreadMarker(first.body) || readQuote(first.body) === undefined) continue;
    outcome.checked += 1;
    if (quoteHolds(first.body, await read(thread.path))) continue;
    if (!isOutdated(first.body)) {
      await client.updateComment(first.id, markOutdated(first.body, target.headSha));
      outcome.outdated += 1;
    }
    const personReplied = replies.some((c) => c.author !== bot);
    if (personReplied || target.resolution === 'humans-resolve') {
      outcome.leftOpen += 1;
      continue;
    }
    await client.resolveThread(thread.id);
    outcome.resolved += 1;
  }
  return outcome;
}
