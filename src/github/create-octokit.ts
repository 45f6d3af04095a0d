import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { octokitOptions, type OctokitOptions } from './octokit-options.js';

export type { OctokitOptions } from './octokit-options.js';

/** The Octokit the pipeline uses: the one `@actions/github` gives, with retries and rate-limit handling. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/**
 * Builds one REST client on the runner's proxy-aware fetch.
 * @param token `github-token`
 * @param baseUrl REST base, `GITHUB_API_URL` (e.g. https://api.github.com, or a GHES / local server)
 * @param warn where rate-limit waits are reported
 */
export function createOctokit(
  token: string,
  baseUrl: string,
  warn: (message: string) => void,
  options: OctokitOptions = {},
): GitHubClient {
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
export function createGitHubClients(
  token: string,
  baseUrl: string,
  warn: (message: string) => void,
  options: OctokitOptions = {},
): GitHubClients {
  return {
    writes: createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-writes` }),
    reads: readClient(
      createOctokit(token, baseUrl, warn, { ...options, id: `${options.id ?? 'pr-debate'}-reads`, readsOnly: true }),
    ),
  };
}

/**
 * The read client refuses writes: its queries are unspaced (`readsOnly`), which GitHub advises only
 * for reads. A stage that writes through it fails at once, in tests, instead of skipping the spacing.
 */
export function readClient(octokit: GitHubClient): GitHubClient {
  refuseWritesOn(
    octokit,
    (what) => new Error(`${what} went to the read client, which never writes: send it through the write client`),
  );
  return octokit;
}

/**
 * Makes every write through `octokit` fail before it is sent, with the error `refuse` makes.
 * @param refuse builds the error from `METHOD url`
 */
export function refuseWritesOn(octokit: GitHubClient, refuse: (what: string) => Error): void {
  octokit.hook.before('request', (options) => {
    const method = options.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') return;
    const query = (options as { query?: unknown }).query;
    if (method === 'POST' && options.url === '/graphql' && !(typeof query === 'string' && hasMutation(query))) return;
    throw refuse(`${method} ${options.url}`);
  });
}

/**
 * True when a GraphQL document has a mutation operation: a definition that starts with `mutation` at
 * the top level ("OperationType: one of query mutation subscription", GraphQL spec, Operations), once
 * comments (`#` to the end of the line) and string values are set aside; so a document that opens
 * with a comment, or holds a query and then a mutation, is a write, and the word inside a string is not.
 */
function hasMutation(query: string): boolean {
  const bare = query.replace(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n\r]*/g, ' ');
  let depth = 0;
  for (const [token] of bare.matchAll(/[{}]|[_A-Za-z][_0-9A-Za-z]*/g)) {
    if (token === '{') depth += 1;
    else if (token === '}') depth -= 1;
    else if (depth === 0 && token === 'mutation') return true;
  }
  return false;
}
