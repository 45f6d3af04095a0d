import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/** Retries after a primary or secondary rate limit before giving up (the throttling plugin waits `retry-after`). */
const RATE_LIMIT_RETRIES = 2;

/** Longest wait for one REST response; Octokit has no timeout of its own, and a stalled socket must not hang the job. */
export const REQUEST_TIMEOUT_MS = 60_000;

type Fetch = typeof globalThis.fetch;

/** The runner's fetch (proxy-aware, from `@actions/github`), with a per-request timeout. */
function fetchWithTimeout(timeoutMs: number): Fetch {
  const base: Fetch = (defaults.request?.fetch as Fetch | undefined) ?? globalThis.fetch;
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}

/**
 * Builds the REST client once per run.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 * @param timeoutMs per-request timeout in milliseconds; a timed-out request fails (and is retried by the retry plugin)
 */
export function createOctokit(token: string, baseUrl: string, warn: (message: string) => void, timeoutMs = REQUEST_TIMEOUT_MS): GitHubClient {
  return getOctokit(
    token,
    {
      baseUrl,
      request: { fetch: fetchWithTimeout(timeoutMs) },
      throttle: {
        onRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          warn(`GitHub rate limit on ${options.method} ${options.url}; ${retryCount < RATE_LIMIT_RETRIES ? `retrying after ${retryAfter} s` : 'giving up'}`);
          return retryCount < RATE_LIMIT_RETRIES;
        },
        onSecondaryRateLimit: (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          warn(`GitHub secondary rate limit on ${options.method} ${options.url}; ${retryCount < RATE_LIMIT_RETRIES ? `retrying after ${retryAfter} s` : 'giving up'}`);
          return retryCount < RATE_LIMIT_RETRIES;
        },
      },
    },
    retry,
    throttling,
  );
}
