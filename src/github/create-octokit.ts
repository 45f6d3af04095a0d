import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { octokitOptions, type OctokitOptions } from './octokit-options.js';
import { refuseWritesOn } from './refuse-writes.js';
import { createWriteClock, type WatchedWriteClock, type WriteClock } from './write-clock.js';

export { MAX_RATE_LIMIT_WAIT_S, REQUEST_TIMEOUT_MS, type OctokitOptions } from './octokit-options.js';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/**
 * Builds one REST client on the runner's proxy-aware fetch.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 */
export function createOctokit(token: string, baseUrl: string, warn: (message: string) => void, options: OctokitOptions = {}, clock?: WatchedWriteClock): GitHubClient {
  const fetch = (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch;
  const octokit = getOctokit(token, octokitOptions(baseUrl, warn, fetch, options, clock?.onWire), retry, throttling);
  clock?.watch(octokit);
  return octokit;
}

/**
 * The run's GitHub clients: `writes` for comments, reactions and other writes, `reads` for the evidence
 * (REST and GraphQL), so that reading the PR never queues behind throttled progress writes.
 */
export interface GitHubClients {
  writes: GitHubClient;
  reads: GitHubClient;
  /**
   * When `writes` is free to send at once (`write-clock.ts`): progress updates and the 👀 wait for it, so
   * that one the verdict makes pointless is never queued. Absent (clients a test builds by hand): those
   * writes are handed over at once, one at a time.
   */
  writeClock?: WriteClock;
}

/** Builds the run's {@link GitHubClients} once; the arguments are those of {@link createOctokit}. */
export function createGitHubClients(token: string, baseUrl: string, warn: (message: string) => void, options: OctokitOptions = {}): GitHubClients {
  const writeClock = createWriteClock({ spacingMs: options.writeSpacingMs, baseUrl });
  return {
    writes: createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-writes` }, writeClock),
    reads: readClient(createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-reads`, readsOnly: true })),
    writeClock,
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
