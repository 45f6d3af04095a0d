/**
 * One sentence for a failed GitHub request, with the fix where it is known, or undefined when the
 * error is not one of Octokit's. Sources: Octokit's `RequestError`
 * (`status`, `message`, `request`, `response.headers`); GitHub answers 403 "Resource not accessible
 * by integration" when the workflow's `permissions:` lack a scope (the message names the entry the
 * refused request needs), 403 or 429 with "rate limit" in the message for a primary
 * (`x-ratelimit-remaining: 0`, `x-ratelimit-reset`) or secondary rate limit, 401 "Bad credentials"
 * for a bad token.
 */
export function describeGitHubError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const message = error.message.replace(/ - https:\/\/docs\.github\.com\S*$/, '');
  const status = 'status' in error ? error.status : undefined;
  // Octokit reports a fetch that timed out as HttpError 500 whose cause is the TimeoutError.
  if (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError') || /aborted due to timeout/i.test(message)) {
    return 'GitHub did not answer in time; try again later';
  }
  if (error.name === 'HttpError' && typeof status === 'number') {
    const request = requestOf(error);
    if (status === 403 && /Resource not accessible by integration/i.test(message)) {
      const what = request ? `${request.method} ${request.path}` : 'the request';
      return `GitHub refused ${what} (${message}): add \`${request ? missingPermission(request) : 'pull-requests: write'}\` to the workflow's \`permissions:\` (pr-debate needs \`contents: read\` and \`pull-requests: write\`)`;
    }
    if ((status === 403 || status === 429) && /rate limit/i.test(message)) {
      if (/secondary/i.test(message)) return `GitHub's secondary rate limit did not clear after bounded retries (${message}); try again in a few minutes`;
      const reset = Number(headerOf(error, 'x-ratelimit-reset'));
      const when = headerOf(error, 'x-ratelimit-remaining') === '0' && reset > 0 ? `after ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC, when it resets` : 'later';
      return `GitHub's rate limit for github-token is used up (${message}); try again ${when}`;
    }
    if (status === 401) return `GitHub refused github-token (${message}): check the github-token input`;
    if (status === 404) return `GitHub answered 404 Not Found: check that the pull request exists and that github-token can read the repository`;
    if (status >= 500) return `GitHub answered HTTP ${status} (${message}) after retries; try again later`;
    return `GitHub answered HTTP ${status}: ${message}`;
  }
  return undefined;
}

/** The method and path of the request an Octokit `RequestError` is for (`error.request`), if it says. */
function requestOf(error: Error): { method: string; path: string } | undefined {
  const request: unknown = 'request' in error ? error.request : undefined;
  if (typeof request !== 'object' || request === null || !('method' in request) || !('url' in request)) return undefined;
  const { method, url } = request;
  if (typeof method !== 'string' || typeof url !== 'string') return undefined;
  try {
    return { method, path: new URL(url).pathname };
  } catch {
    return undefined;
  }
}

/** A response header of an Octokit `RequestError` (`error.response.headers`), if present. */
function headerOf(error: Error, name: string): string | undefined {
  const response: unknown = 'response' in error ? error.response : undefined;
  if (typeof response !== 'object' || response === null || !('headers' in response)) return undefined;
  const headers: unknown = response.headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value: unknown = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The `permissions:` entry a refused request needs (GitHub's permission tables for the GITHUB_TOKEN):
 * file contents and GraphQL blob reads need `contents: read`; reading the PR needs `pull-requests: read`;
 * comments and reactions on it need `pull-requests: write`; check runs need `checks: write`.
 */
function missingPermission(request: { method: string; path: string }): string {
  // Check runs (the merge gate's decision of record) need `checks: write`, reading them `checks: read`.
  if (/\/check-runs(\/|$)/.test(request.path)) return request.method === 'GET' ? 'checks: read' : 'checks: write';
  if (request.path.endsWith('/graphql') || /\/repos\/[^/]+\/[^/]+\/(contents|git)\//.test(request.path)) return 'contents: read';
  return request.method === 'GET' ? 'pull-requests: read' : 'pull-requests: write';
}
