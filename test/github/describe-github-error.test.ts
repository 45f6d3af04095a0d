import { RequestError } from '@octokit/request-error';
import { Octokit } from '@octokit/rest';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeGitHubError } from '../../src/github/describe-github-error.js';

describe('describeGitHubError', () => {
  it('names a request that got no answer as unreachable, not as an HTTP 500 from GitHub', async () => {
    // The real client against a port nothing listens on: Octokit turns the fetch failure into a RequestError 500 without a response.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const octokit = new Octokit({ baseUrl: `http://127.0.0.1:${port}`, request: { retries: 0 } });
    const error = await octokit.rest.pulls.get({ owner: 'o', repo: 'r', pull_number: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(500);
    expect(describeGitHubError(error)).toMatch(
      /^GitHub could not be reached at 127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\); check the runner's network, and on GitHub Enterprise Server the API URL \(GITHUB_API_URL\)$/,
    );
  });

  it('keeps an answered 5xx as what GitHub answered', () => {
    const answered = new RequestError('Server Error', 502, {
      request: { method: 'GET', url: 'https://api.github.com/repos/o/r', headers: {} },
      response: { status: 502, url: 'https://api.github.com/repos/o/r', headers: {}, data: '' },
    });
    expect(describeGitHubError(answered)).toBe(
      'GitHub answered HTTP 502 (Server Error) after retries; try again later',
    );
  });
});
