import Bottleneck from 'bottleneck';

/**
 * The Octokit options both REST clients share, the action's (`create-octokit.ts`, on `@actions/github`)
 * and the CLI's (`create-rest-octokit.ts`, on `@octokit/rest`): retries, rate-limit handling, write
 * spacing and a per-request timeout.
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
export const DO_NOT_RETRY = [400, 401, 403, 404, 406, 410, 422, 451];

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

/** How the clients are built; every field has the production default. */
export interface OctokitOptions {
  /** Per-request timeout in milliseconds; a timed-out request fails (and is retried by the retry plugin). */
  timeoutMs?: number;
  /**
   * Spacing between writes in milliseconds (1,000; comment creation, which notifies people, 3,000), as
   * the throttling plugin applies GitHub's advice for avoiding secondary rate limits. In-process tests
   * against a local server set 0; the requests, retries and rate-limit handling stay the same.
   */
  writeSpacingMs?: number;
  /**
   * The throttling plugin's limiter key: clients with different ids do not queue behind each other's
   * writes (GraphQL queries share the write queue within one id).
   */
  id?: string;
  /**
   * The read client: it sends only GETs and GraphQL queries, which the throttling plugin queues like
   * writes (it cannot tell a query from a mutation). GitHub's one-second advice is for mutative requests
   * ("If you're making a large number of POST, PATCH, PUT, or DELETE requests ... wait at least one second
   * between each request", REST API best practices), so its queries stay serial but unspaced; the client
   * refuses any write ({@link refuseWritesOn}), so nothing else can use the missing spacing.
   */
  readsOnly?: boolean;
  /**
   * How long one second of back-off lasts, in milliseconds (1,000): the `retryAfterBaseValue` option of
   * both plugins. `@octokit/plugin-retry` waits (retry number)² of them before retrying a 5xx or a lost
   * answer; `@octokit/plugin-throttling` waits `retry-after` (or the reset time) of them after a rate limit
   * ("Number of milliseconds that will be used to multiply the time to wait based on `retry-after` or
   * `x-ratelimit-reset` headers", its README). In-process tests set 0: the same retries, sent at once.
   */
  retryAfterBaseMs?: number;
}

/**
 * The options of one client built with `@octokit/plugin-retry` and `@octokit/plugin-throttling`.
 * @param baseUrl REST base (`GITHUB_API_URL`: https://api.github.com, a GHES or a local server)
 * @param warn where rate-limit waits are reported
 * @param fetch the transport (the runner's proxy-aware one in the action, Node's in the CLI)
 */
export function octokitOptions(
  baseUrl: string,
  warn: (message: string) => void,
  fetch: Fetch,
  options: OctokitOptions = {},
) {
  const spacing = options.readsOnly
    ? spacedGroups(0)
    : options.writeSpacingMs === undefined
      ? {}
      : spacedGroups(options.writeSpacingMs);
  const backOff = options.retryAfterBaseMs === undefined ? {} : { retryAfterBaseValue: options.retryAfterBaseMs };
  return {
    baseUrl,
    request: { fetch: fetchWithTimeout(fetch, options.timeoutMs ?? REQUEST_TIMEOUT_MS) },
    retry: { doNotRetry: DO_NOT_RETRY, ...backOff },
    throttle: {
      id: options.id ?? 'pr-debate',
      ...backOff,
      ...spacing,
      onRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => rateLimited('rate limit', retryAfter, request, retryCount, warn),
      onSecondaryRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => rateLimited('secondary rate limit', retryAfter, request, retryCount, warn),
    },
  };
}

/** The write and notification limiters of the throttling plugin with another spacing (its defaults: 1 s, 3 s). */
function spacedGroups(spacingMs: number): { write: Bottleneck.Group; notifications: Bottleneck.Group } {
  return {
    write: new Bottleneck.Group({ maxConcurrent: 1, minTime: spacingMs }),
    notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: spacingMs * 3 }),
  };
}

/** Whether to wait out a rate limit and retry: a few times, and never longer than {@link MAX_RATE_LIMIT_WAIT_S}. */
function rateLimited(
  kind: string,
  retryAfter: number,
  options: { method: string; url: string },
  retryCount: number,
  warn: (message: string) => void,
): boolean {
  const what = `GitHub ${kind} on ${options.method} ${options.url}`;
  if (retryCount >= RATE_LIMIT_RETRIES) {
    warn(`${what}; giving up after ${retryCount} retries`);
    return false;
  }
  if (retryAfter > MAX_RATE_LIMIT_WAIT_S) {
    warn(
      `${what}; giving up: GitHub asks to wait ${retryAfter} s, longer than the ${MAX_RATE_LIMIT_WAIT_S} s pr-debate waits`,
    );
    return false;
  }
  warn(`${what}; retrying after ${retryAfter} s`);
  return true;
}
