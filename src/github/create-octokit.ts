import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { octokitOptions, REQUEST_TIMEOUT_MS } from './octokit-options.js';

export { MAX_RATE_LIMIT_WAIT_S, REQUEST_TIMEOUT_MS } from './octokit-options.js';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/**
 * Builds the action's REST client once per run, on the runner's proxy-aware fetch.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 * @param timeoutMs per-request timeout in milliseconds; a timed-out request fails (and is retried by the retry plugin)
 */
export function createOctokit(token: string, baseUrl: string, warn: (message: string) => void, timeoutMs = REQUEST_TIMEOUT_MS): GitHubClient {
  const fetch = (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch;
  return getOctokit(token, octokitOptions(baseUrl, warn, fetch, timeoutMs), retry, throttling);
}
