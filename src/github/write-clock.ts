import { throttling } from '@octokit/plugin-throttling';
import type { GitHubClient } from './create-octokit.js';

/**
 * When the write client's writes go out (issue #34), so that a write nobody waits for (a progress
 * update, the 👀 on the command) is handed to Octokit only when it would go out at once. A write handed
 * over is queued by `@octokit/plugin-throttling` (11.x, `wrap-request.js`) in a Bottleneck limiter and
 * cannot be taken back; held here instead, it can still be dropped when the run ends and the verdict
 * makes it pointless. Everything still goes through the same throttled client: the clock only says
 * when the queue is empty.
 *
 * What it models, as the plugin does it (`doRequest`):
 * - the write lane: every request but GET and HEAD (and the app-token requests the plugin sends to its
 *   auth limiter), and every request to `/graphql`, queries included, waits for a turn of the `write`
 *   limiter: one at a time (`maxConcurrent: 1`), its start at least `minTime` (1,000 ms) after the
 *   previous one's. That is GitHub's advice: "If you're making a large number of POST, PATCH, PUT, or
 *   DELETE requests for a single user or client ID, wait at least one second between each request"
 *   (REST API best practices, docs.github.com/rest/using-the-rest-api/best-practices-for-using-the-rest-api).
 * - the notification lane: a write to a path that notifies people (the plugin's
 *   `triggers-notification-paths`, such as creating an issue comment or a review) then also waits for a
 *   turn of the `notifications` limiter, 3,000 ms apart.
 */

/** The plugin's `write` limiter spacing (`minTime: 1e3`), in milliseconds. */
export const DEFAULT_WRITE_SPACING_MS = 1000;

/** The plugin's `notifications` limiter spacing (`minTime: 3e3`) as a multiple of the write spacing. */
export const NOTIFICATION_SPACING_FACTOR = 3;

/** What the pipeline asks of the clock. */
export interface WriteClock {
  /** The write spacing in use, in milliseconds (1,000; 0 in in-process tests). */
  readonly spacingMs: number;
  /** Writes handed to Octokit and not yet answered (queued, on the wire, or being retried). */
  pending(): number;
  /** When the last write went out on the wire (`Date.now()` milliseconds), or undefined before the first. */
  lastWriteAt(): number | undefined;
  /**
   * Resolves once no write is pending and the spacing since the last write has passed, so that a write
   * handed over then goes out at once.
   * @param options.notifies the write would notify (see the module comment): the notification spacing applies too
   * @returns true when free, false when `signal` was aborted first (at once if it already is); never rejects
   */
  whenFree(signal: AbortSignal, options?: { notifies?: boolean }): Promise<boolean>;
  /**
   * Runs `write` once the clock is free, one caller at a time in the order they asked: the next waits
   * until this one's `write` has settled (and then for the clock), so two deferred writes never both
   * wake at the same free moment and queue behind each other.
   * @returns what `write` returned, or undefined when `signal` was aborted before its turn (then `write`
   *   never ran); rejects as `write` does
   */
  inTurn<T>(signal: AbortSignal, write: () => Promise<T>): Promise<T | undefined>;
}

/** The clock of one client, with the two places it is told about requests. */
export interface WatchedWriteClock extends WriteClock {
  /**
   * Called by the client's `fetch` (`octokit-options.ts`), which the plugin runs inside the limiters, as
   * a request goes on the wire (a retry too).
   * @param url the request's full URL
   */
  readonly onWire: (method: string, url: string) => void;
  /**
   * Counts the client's write-lane requests from submission to answer, with a `request` hook registered
   * after the throttling plugin's and so run outside it: before the request is queued.
   */
  readonly watch: (octokit: Pick<GitHubClient, 'hook'>) => void;
}

/**
 * @param options.spacingMs the client's write spacing (`writeSpacingMs`), default {@link DEFAULT_WRITE_SPACING_MS}
 * @param options.baseUrl the client's REST base (its path, `/api/v3` on GHES, is not part of the route)
 * @param options.now the time in milliseconds (tests)
 */
export function createWriteClock(options: { spacingMs?: number; baseUrl?: string; now?: () => number } = {}): WatchedWriteClock {
  const spacingMs = options.spacingMs ?? DEFAULT_WRITE_SPACING_MS;
  const basePath = options.baseUrl ? new URL(options.baseUrl).pathname.replace(/\/$/, '') : '';
  const now = options.now ?? Date.now;
  let pending = 0;
  let lastWrite: number | undefined;
  let lastNotification: number | undefined;
  let settle = newSignal();
  let line: Promise<void> = Promise.resolve();

  /** Milliseconds until free: 0 when free, Infinity while a write is pending. */
  const waitMs = (notifies: boolean): number => {
    if (pending > 0) return Infinity;
    const since = (at: number | undefined, spacing: number) => (at === undefined ? 0 : at + spacing - now());
    return Math.max(0, since(lastWrite, spacingMs), notifies ? since(lastNotification, spacingMs * NOTIFICATION_SPACING_FACTOR) : 0);
  };
  const whenFree = async (signal: AbortSignal, free: { notifies?: boolean } = {}): Promise<boolean> => {
    for (;;) {
      if (signal.aborted) return false;
      const wait = waitMs(free.notifies === true);
      if (wait <= 0) return true;
      await pause(signal, wait === Infinity ? settle.promise : wait);
    }
  };

  return {
    spacingMs,
    pending: () => pending,
    lastWriteAt: () => lastWrite,
    whenFree,
    async inTurn(signal, write) {
      const previous = line;
      let done: () => void = () => undefined;
      const mine = new Promise<void>((resolve) => (done = resolve));
      // The next caller waits for the previous one too, even when this one is aborted before its turn.
      line = previous.then(() => mine);
      try {
        await pause(signal, previous);
        if (!(await whenFree(signal))) return undefined;
        return await write();
      } finally {
        done();
      }
    },
    onWire(method, url) {
      if (method === 'GET' || method === 'HEAD') return;
      lastWrite = now();
      const { pathname } = new URL(url, 'http://github.test');
      const route = basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
      if (throttling.triggersNotification(route)) lastNotification = lastWrite;
    },
    watch(octokit) {
      octokit.hook.wrap('request', async (request, requestOptions) => {
        if (!onWriteLane(requestOptions.method, requestOptions.url)) return request(requestOptions);
        pending += 1;
        try {
          return await request(requestOptions);
        } finally {
          pending -= 1;
          const settled = settle;
          settle = newSignal();
          settled.resolve();
        }
      });
    },
  };
}

/**
 * Whether the throttling plugin queues a request on its write limiter (`doRequest`: `isWrite || isGraphQL`,
 * where `isWrite` leaves out GET, HEAD and the auth requests).
 * @param url the route as the hook sees it (`/repos/{owner}/{repo}/...`, `/graphql`) or a full URL
 */
export function onWriteLane(method: string, url: string): boolean {
  const { pathname } = new URL(url, 'http://github.test');
  const isAuth =
    (method === 'PATCH' && /^\/applications\/[^/]+\/token\/scoped$/.test(pathname)) ||
    (method === 'POST' && (/^\/applications\/[^/]+\/token$/.test(pathname) || /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || pathname === '/login/oauth/access_token'));
  return (!isAuth && method !== 'GET' && method !== 'HEAD') || pathname.startsWith('/graphql');
}

function newSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Waits for `until` (a promise, or milliseconds) or for `signal`, whichever comes first; never rejects. */
function pause(signal: AbortSignal, until: Promise<unknown> | number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    // Unreferenced: a deferred write nobody needs any more must not keep the process alive.
    if (typeof until === 'number') timer = setTimeout(done, until).unref();
    else until.then(done, done);
    signal.addEventListener('abort', done, { once: true });
  });
}
