import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import type { GitHubClient } from './create-octokit.js';
import { octokitOptions, REQUEST_TIMEOUT_MS } from './octokit-options.js';

/**
 * The CLI's REST client: `@octokit/rest` with the same retry and throttling plugins and options as the
 * action's, without `@actions/github` (which reads the runner's event file when it loads).
 * @param token `GITHUB_TOKEN` / `GH_TOKEN`
 * @param baseUrl REST base: `--api-url`, `GITHUB_API_URL`, or https://api.github.com
 * @param warn where rate-limit waits are reported
 */
export function createRestOctokit(token: string, baseUrl: string, warn: (message: string) => void, userAgent: string, timeoutMs = REQUEST_TIMEOUT_MS): GitHubClient {
  const RestOctokit = Octokit.plugin(retry, throttling);
  return new RestOctokit({ auth: token, userAgent, ...octokitOptions(baseUrl, warn, globalThis.fetch, timeoutMs) });
}
