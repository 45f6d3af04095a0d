import type { ReviewThreadsClient } from '../github/review-threads.js';
import type { ThreadResolution } from './thread-modes.js';
import { isOutdated, markOutdated, quoteHolds, readQuote, readThreadMarker } from './render-thread.js';

/**
 * After a push (the gate run, issue #34), keeps pr-debate's review threads true: a thread whose cited
 * text no longer occurs in its file at the new head is marked outdated in its body and resolved, unless
 * a maintainer replied in it (their conversation is theirs to close) or `resolve-review-threads:
 * humans-resolve` leaves every thread to people; a thread whose text still holds stays as it is. A reply
 * counts only from someone with write permission: anyone can reply on a public PR, and an outsider's
 * reply must not keep an outdated pr-debate thread open (issue #38).
 * When GitHub refuses to resolve a thread (the token lacks the permission), that thread and every later
 * one are left to people, and the later ones are still checked and marked.
 * No model call; one read per file, one permission read per replier, one write per outdated comment,
 * one per resolved thread.
 */

/** What {@link refreshThreads} found and did. */
export interface RefreshOutcome {
  /** Open pr-debate threads on head lines that were checked. */
  checked: number;
  /** Threads marked outdated this run. */
  outdated: number;
  resolved: number;
  /** Outdated threads left open: a person replied, people resolve, or GitHub refused to resolve them. */
  leftOpen: number;
  /** GitHub's first refusal to resolve a thread and the outdated threads left open because of it, or undefined. */
  refused: { reason: string; threads: number } | undefined;
}

/**
 * @param target.botLogin the bot's REST login (`github-actions[bot]`); GraphQL names a bot without `[bot]`
 * @param target.canWrite whether a login has write permission on the repository (asked once per replier)
 * @throws whatever GitHub answers (the gate run reports it as a warning: the check stands)
 */
export async function refreshThreads(
  client: ReviewThreadsClient,
  target: {
    pullNumber: number;
    headSha: string;
    botLogin: string;
    resolution: ThreadResolution;
    canWrite: (login: string) => Promise<boolean>;
  },
): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { checked: 0, outdated: 0, resolved: 0, leftOpen: 0, refused: undefined };
  const bot = target.botLogin.replace(/\[bot\]$/, '');
  const files = new Map<string, Promise<string | undefined>>();
  const read = (path: string) => {
    let text = files.get(path);
    if (text === undefined) files.set(path, (text = client.readFile(path, target.headSha)));
    return text;
  };
  const writers = new Map<string, Promise<boolean>>();
  for (const thread of await client.listThreads(target.pullNumber)) {
    const [first, ...replies] = thread.comments;
    if (
      thread.isResolved ||
      first?.id == null ||
      first.author !== bot ||
      !readThreadMarker(first.body) ||
      readQuote(first.body) === undefined
    )
      continue;
    outcome.checked += 1;
    if (quoteHolds(first.body, await read(thread.path))) continue;
    if (!isOutdated(first.body)) {
      await client.updateComment(first.id, markOutdated(first.body, target.headSha));
      outcome.outdated += 1;
    }
    const repliers = [
      ...new Set(replies.flatMap((c) => (c.author === undefined || c.author === bot ? [] : [c.author]))),
    ];
    const maintainerReplied = await someWrite(repliers, writers, target.canWrite);
    if (maintainerReplied || target.resolution === 'humans-resolve') {
      outcome.leftOpen += 1;
      continue;
    }
    // Once GitHub refused one, it refuses the rest (the token's permissions): they are left to people without asking again.
    if (outcome.refused) {
      outcome.leftOpen += 1;
      outcome.refused.threads += 1;
      continue;
    }
    const answer = await client.resolveThread(thread.id);
    if (answer === undefined) {
      outcome.resolved += 1;
    } else {
      outcome.leftOpen += 1;
      outcome.refused = { reason: answer.refused, threads: 1 };
    }
  }
  return outcome;
}

/**
 * The gate run's warning when GitHub refused to resolve outdated threads: how many were left to people,
 * GitHub's answer (which names the permission), and the two ways out. Undefined when nothing was refused.
 */
export function describeRefusedThreads(outcome: RefreshOutcome): string | undefined {
  if (!outcome.refused) return undefined;
  const { reason, threads } = outcome.refused;
  const left = `${threads} outdated pr-debate review thread${threads === 1 ? ' is' : 's are'} left to people: ${reason}.`;
  return `${left} Add it to the gate job's permissions, or set resolve-review-threads: humans-resolve.`;
}

/** Whether any of `logins` can write, each asked once per run (`known` keeps the answers). */
async function someWrite(
  logins: string[],
  known: Map<string, Promise<boolean>>,
  canWrite: (login: string) => Promise<boolean>,
): Promise<boolean> {
  for (const login of logins) {
    let answer = known.get(login);
    if (answer === undefined) known.set(login, (answer = canWrite(login)));
    if (await answer) return true;
  }
  return false;
}
