import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { octokitOptions, type OctokitOptions } from './octokit-options.js';
import { refuseWritesOn } from './refuse-writes.js';

export { MAX_RATE_LIMIT_WAIT_S, REQUEST_TIMEOUT_MS, type OctokitOptions } from './octokit-options.js';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/**
 * Builds one REST client on the runner's proxy-aware fetch.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 */
export function createOctokit(token: string, baseUrl: string, warn: (message: string) => void, options: OctokitOptions = {}): GitHubClient {
  const fetch = (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch;
  return getOctokit(token, octokitOptions(baseUrl, warn, fetch, options), retry, throttling);
}

/**
 * The run's GitHub clients: `writes` for comments, reactions and other writes, `reads` for the evidence
 * (REST and GraphQL), so that reading the PR never queues behind throttled progress writes.
 */
export interface GitHubClients {
  writes: GitHubClient;
  reads: GitHubClient;
}

/** Builds the run's {@link GitHubClients} once; the arguments are those of {@link createOctokit}. */
export function createGitHubClients(token: string, baseUrl: string, warn: (message: string) => void, options: OctokitOptions = {}): GitHubClients {
  return {
    writes: createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-writes` }),
    reads: readClient(createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-reads`, readsOnly: true })),
  };
}

/**
 * The read client refuses writes: its queries are unspaced (`readsOnly`), which GitHub advises only
 * for reads. A stage that writes through it fails at once, in tests, instead of skipping the spacing.
 */
export function readClient(octokit: GitHubClient): GitHubClient {
  refuseWritesOn(octokit, (what) => new Error(`${what} went to the read client, which never writes: send it through the write client`));
  return octokit;
}
