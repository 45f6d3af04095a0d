/**
 * The Octokit options both clients share, the action's ({@link import('./create-octokit.js')}) and the
 * CLI's ({@link import('./create-rest-octokit.js')}): retries, rate-limit handling and a per-request timeout.
 */

/** Retries after a primary or secondary rate limit before giving up (the throttling plugin waits `retry-after`). */
const RATE_LIMIT_RETRIES = 2;

/**
 * Longest wait for a rate limit to clear, in seconds. GitHub asks for at least a minute after a
 * secondary rate limit without `retry-after`; a primary limit can take up to an hour to reset, and
 * waiting that long would outlast the job, so the run gives up and says so instead.
 */
export const MAX_RATE_LIMIT_WAIT_S = 60;

/**
 * Statuses the retry plugin must not retry: its defaults, plus 406, which GitHub answers for a diff
 * that is too large (`too_large`): final, and retrying it cost 1 + 4 + 9 seconds of back-off.
 */
const DO_NOT_RETRY = [400, 401, 403, 404, 406, 410, 422, 451];

/** Longest wait for one REST response; Octokit has no timeout of its own, and a stalled socket must not hang the job. */
export const REQUEST_TIMEOUT_MS = 60_000;

type Fetch = typeof globalThis.fetch;

/** `base` with a per-request timeout. */
function fetchWithTimeout(base: Fetch, timeoutMs: number): Fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}

/**
 * Options for an Octokit built with `@octokit/plugin-retry` and `@octokit/plugin-throttling`.
 * @param baseUrl REST base (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 * @param fetch the transport (the runner's proxy-aware one in the action, Node's in the CLI)
 * @param timeoutMs per-request timeout in milliseconds; a timed-out request fails (and is retried by the retry plugin)
 */
export function octokitOptions(baseUrl: string, warn: (message: string) => void, fetch: Fetch, timeoutMs: number) {
  return {
    baseUrl,
    request: { fetch: fetchWithTimeout(fetch, timeoutMs) },
    retry: { doNotRetry: DO_NOT_RETRY },
    throttle: {
      onRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => rateLimited('rate limit', retryAfter, options, retryCount, warn),
      onSecondaryRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) =>
        rateLimited('secondary rate limit', retryAfter, options, retryCount, warn),
    },
  };
}

/** Whether to wait out a rate limit and retry: a few times, and never longer than {@link MAX_RATE_LIMIT_WAIT_S}. */
function rateLimited(kind: string, retryAfter: number, options: { method: string; url: string }, retryCount: number, warn: (message: string) => void): boolean {
  const what = `GitHub ${kind} on ${options.method} ${options.url}`;
  if (retryCount >= RATE_LIMIT_RETRIES) {
    warn(`${what}; giving up after ${retryCount} retries`);
    return false;
  }
  if (retryAfter > MAX_RATE_LIMIT_WAIT_S) {
    warn(`${what}; giving up: GitHub asks to wait ${retryAfter} s, longer than the ${MAX_RATE_LIMIT_WAIT_S} s pr-debate waits`);
    return false;
  }
  warn(`${what}; retrying after ${retryAfter} s`);
  return true;
}
