import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { readClient, type GitHubClient, type GitHubClients } from './create-octokit.js';
import { octokitOptions, type OctokitOptions } from './octokit-options.js';

/**
 * The CLI's REST clients: `@octokit/rest` with the same retry and throttling plugins and options as the
 * action's (and the same split into a write and a read client), without `@actions/github`, which reads
 * the runner's event file when it loads.
 * @param token `GITHUB_TOKEN` / `GH_TOKEN`
 * @param baseUrl REST base: `--api-url`, `GITHUB_API_URL`, or https://api.github.com
 * @param warn where rate-limit waits are reported
 * @param userAgent e.g. `pr-debate-cli/0.1.0`
 * @param options.log where Octokit's own lines go (`--verbose`); without it they are dropped. `@octokit/rest`
 *   includes `@octokit/plugin-request-log`, which logs every failed request (`GET /user - 500 with id
 *   UNKNOWN in 3ms`) through `console.error` by default (`@octokit/core`'s logger), even the expected 404
 *   of a missing config file; the CLI reports failures itself, in words.
 */
export function createRestClients(
  token: string,
  baseUrl: string,
  warn: (message: string) => void,
  userAgent: string,
  options: OctokitOptions & { log?: (line: string) => void } = {},
): GitHubClients {
  const RestOctokit = Octokit.plugin(retry, throttling);
  const say = options.log ?? (() => undefined);
  const log = { debug: () => undefined, info: say, warn: say, error: say };
  const create = (id: string, readsOnly: boolean): GitHubClient =>
    new RestOctokit({
      auth: token,
      userAgent,
      log,
      ...octokitOptions(baseUrl, warn, globalThis.fetch, { ...options, id, readsOnly }),
    });
  return { writes: create('pr-debate-cli-writes', false), reads: readClient(create('pr-debate-cli-reads', true)) };
}
