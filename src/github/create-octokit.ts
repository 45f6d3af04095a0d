import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/** Retries after a primary or secondary rate limit before giving up (the throttling plugin waits `retry-after`). */
const RATE_LIMIT_RETRIES = 2;

/**
 * Builds the REST client once per run.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 */
export function createOctokit(token: string, baseUrl: string, warn: (message: string) => void): GitHubClient {
  return getOctokit(
    token,
    {
      baseUrl,
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
