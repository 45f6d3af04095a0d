import { RequestError } from '@octokit/request-error';

/**
 * One sentence for a failed GitHub request, with the fix where it is known, or undefined when the
 * error is not Octokit's `RequestError` (`@octokit/request-error`: `status`, `message`, `request`,
 * `response.headers`). GitHub answers 403 "Resource not accessible by integration" when the workflow's
 * `permissions:` lack a scope (the message names the entry the refused request needs), 403 or 429 with
 * "rate limit" in the message for a primary (`x-ratelimit-remaining: 0`, `x-ratelimit-reset`) or
 * secondary rate limit, 401 "Bad credentials" for a bad token.
 */
export function describeGitHubError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  // Octokit reports a fetch that timed out as a RequestError 500 whose cause is the TimeoutError.
  if (
    error.name === 'TimeoutError' ||
    (error.cause instanceof Error && error.cause.name === 'TimeoutError') ||
    /aborted due to timeout/i.test(error.message)
  ) {
    return 'GitHub did not answer in time; try again later';
  }
  if (!(error instanceof RequestError)) return undefined;
  const message = error.message.replace(/ - https:\/\/docs\.github\.com\S*$/, '');
  const { status } = error;
  const request = requestOf(error);
  if (isPermissionRefusal(error)) {
    const what = request ? `${request.method} ${request.path}` : 'the request';
    return `GitHub refused ${what} (${message}): add \`${request ? missingPermission(request) : 'pull-requests: write'}\` to the workflow's \`permissions:\` (pr-debate needs \`contents: read\` and \`pull-requests: write\`)`;
  }
  if ((status === 403 || status === 429) && /rate limit/i.test(message)) {
    if (/secondary/i.test(message))
      return `GitHub's secondary rate limit did not clear after bounded retries (${message}); try again in a few minutes`;
    const headers = error.response?.headers ?? {};
    const reset = Number(headers['x-ratelimit-reset']);
    const when =
      String(headers['x-ratelimit-remaining']) === '0' && reset > 0
        ? `after ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC, when it resets`
        : 'later';
    return `GitHub's rate limit for github-token is used up (${message}); try again ${when}`;
  }
  if (status === 401) return `GitHub refused github-token (${message}): check the github-token input`;
  if (status === 404)
    return `GitHub answered 404 Not Found: check that the pull request exists and that github-token can read the repository`;
  // Octokit reports a request that got no answer at all (DNS, TLS, a refused connection) as a 500 with no
  // response, the fetch error as its cause (`@octokit/request`, fetch-wrapper.js): nothing was answered.
  if (status === 500 && error.response === undefined) {
    return `GitHub could not be reached${request ? ` at ${request.host}` : ''} (${message}); check the runner's network, and on GitHub Enterprise Server the API URL (GITHUB_API_URL)`;
  }
  if (status >= 500) return `GitHub answered HTTP ${status} (${message}) after retries; try again later`;
  return `GitHub answered HTTP ${status}: ${message}`;
}

/**
 * True for GitHub's answer to a token whose workflow `permissions:` lack the scope a request needs:
 * 403 "Resource not accessible by integration" (or "by personal access token" for a fine-grained PAT).
 */
export function isPermissionRefusal(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    error.status === 403 &&
    /Resource not accessible by (integration|personal access token)/i.test(error.message)
  );
}

/** The method, host and path of the request a `RequestError` is for, if it says. */
function requestOf(error: RequestError): { method: string; host: string; path: string } | undefined {
  try {
    const url = new URL(error.request.url);
    return { method: error.request.method, host: url.host, path: url.pathname };
  } catch {
    return undefined;
  }
}

/**
 * The `permissions:` entry a refused request needs (GitHub's permission tables for the GITHUB_TOKEN):
 * file contents and GraphQL blob reads need `contents: read`; reading the PR needs `pull-requests: read`;
 * comments and reactions on it need `pull-requests: write`; check runs need `checks: write`.
 */
function missingPermission(request: { method: string; path: string }): string {
  // Check runs (the merge gate's decision of record) need `checks: write`, reading them `checks: read`.
  if (/\/check-runs(\/|$)/.test(request.path)) return request.method === 'GET' ? 'checks: read' : 'checks: write';
  if (request.path.endsWith('/graphql') || /\/repos\/[^/]+\/[^/]+\/(contents|git)\//.test(request.path))
    return 'contents: read';
  return request.method === 'GET' ? 'pull-requests: read' : 'pull-requests: write';
}
