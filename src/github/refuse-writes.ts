import { RequestError } from '@octokit/request-error';
import { refuseWritesOn, type GitHubClient } from './create-octokit.js';

/** Thrown for a write a dry run was about to send. */
export class DryRunWrite extends Error {
  override name = 'DryRunWrite';
}

/**
 * The CLI dry run's guarantee, at the transport: every request that is not a read (GET, HEAD, and a
 * GraphQL query; a GraphQL mutation such as `resolveReviewThread` is a write) fails before it is sent,
 * whatever stage asks for it.
 */
export function refuseWrites(octokit: GitHubClient): void {
  refuseWritesOn(
    octokit,
    (what) => new DryRunWrite(`a dry run writes nothing, and ${what} was not sent; --post publishes`),
  );
}

/** Thrown when the CLI's first request shows that GitHub cannot be used at the API URL; the message says what to check. */
export class GitHubUnreachable extends Error {
  override name = 'GitHubUnreachable';
}

/**
 * Longest wait for the first answer, in milliseconds. `GET /user` is one small read that GitHub answers
 * in well under a second; the run's other requests keep the 60 s per-request timeout.
 */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * The CLI's first request and its check that GitHub answers: the login of the token (`GET /user`), for
 * the record's `requested_by` of a CLI run. It is retried once, after 1 s (`@octokit/plugin-retry`'s
 * per-request `retries`), not the run's three times with 1 + 4 + 9 s of back-off, so that a wrong
 * API URL or a network without GitHub fails in seconds instead of a minute of silent retries.
 * @param apiUrl the REST base, named in the messages
 * @returns the login, or undefined for a token that has none: an App or Actions token (GitHub answers
 *   403 "Resource not accessible by integration", docs.github.com/rest/users/users#get-the-authenticated-user)
 *   or another 403 (a rate limit), left to the requests that follow to report
 * @throws GitHubUnreachable when no answer came (connection refused, DNS, TLS, timeout), when GitHub
 *   answered 5xx twice, 401 (bad token) or 404 (no GitHub REST API at that URL)
 */
export async function readTokenLogin(octokit: GitHubClient, apiUrl: string): Promise<string | undefined> {
  const host = hostOf(apiUrl);
  const check = `check your network connection (and proxy), that ${apiUrl} is GitHub's REST API (--api-url or GITHUB_API_URL; https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server), and GitHub's status (https://www.githubstatus.com)`;
  try {
    const { data } = await octokit.request('GET /user', {
      request: { retries: 1, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) },
    });
    return typeof data.login === 'string' && data.login ? data.login : undefined;
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    // Octokit reports a request that got no answer (refused, DNS, TLS, aborted) as a 500 without a response (@octokit/request, fetch-wrapper.js).
    if (error.response === undefined) {
      const why = /abort|timeout/i.test(error.message)
        ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s`
        : error.message;
      throw new GitHubUnreachable(`GitHub could not be reached at ${host} (${why}); ${check}`);
    }
    if (error.status >= 500)
      throw new GitHubUnreachable(
        `GitHub could not be reached at ${host}: GET /user answered HTTP ${error.status} twice (${error.message}); ${check}`,
      );
    if (error.status === 401)
      throw new GitHubUnreachable(
        `GitHub at ${host} refused the token (${error.message}): check GITHUB_TOKEN or GH_TOKEN (for example GH_TOKEN=$(gh auth token))`,
      );
    if (error.status === 404)
      throw new GitHubUnreachable(
        `GitHub could not be reached at ${host}: ${apiUrl}/user answered 404, so this is not GitHub's REST API; ${check}`,
      );
    return undefined;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
