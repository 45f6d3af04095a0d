import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../../src/github/comments.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { describeFailure } from '../../src/pipeline.js';
import { startGitHubServer, type FakePullRequest, type GitHubServer } from '../support/github-server.js';

const token = 'ghs_faultTestToken00000000000000000000000000';
const pull: FakePullRequest = {
  number: 3,
  title: 't',
  body: null,
  user: { login: 'alice' },
  head: { sha: 'a'.repeat(40), ref: 'feature' },
  base: { sha: 'b'.repeat(40), ref: 'main' },
  files: [],
  diff: '',
  readFile: () => undefined,
};

describe('the REST client under GitHub faults', () => {
  let server: GitHubServer;
  const warnings: string[] = [];
  beforeEach(async () => {
    warnings.length = 0;
    server = await startGitHubServer({ repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }], token });
  });
  afterEach(async () => server.close());
  const publisher = (timeoutMs?: number) =>
    createPublisher(createOctokit(token, server.url, (m) => warnings.push(m), timeoutMs), { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [] });

  it('waits out a secondary rate limit and retries (throttling plugin)', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      headers: { 'retry-after': '1', 'x-ratelimit-remaining': '4000' },
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api', status: '403' },
    });
    const posted = await publisher().reply(3, 'hello');
    expect(posted.id).toBeGreaterThan(0);
    expect(warnings.join('\n')).toMatch(/secondary rate limit on POST .* retrying after 1 s/);
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('gives up after bounded retries of a persistent secondary rate limit', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      times: 10,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit.', documentation_url: 'https://docs.github.com/rest', status: '403' },
    });
    await expect(publisher().reply(3, 'hello')).rejects.toMatchObject({ status: 403 });
    expect(server.state.requests.filter((r) => r.method === 'POST').length).toBeLessThanOrEqual(3);
  }, 20_000);

  it('names the missing permissions entry for "Resource not accessible by integration"', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment', status: '403' },
    });
    const error = await publisher().reply(3, 'hello').catch((e: unknown) => e);
    expect(describeFailure(error)).toBe('GitHub refused the request (Resource not accessible by integration): give the workflow `permissions: { contents: read, pull-requests: write }`');
  });

  it('gives up on a request that never answers, instead of hanging', async () => {
    server.state.faults.push({ method: 'POST', path: '/repos/octo/widgets/issues/3/comments', status: 200, delayMs: 5_000, times: 10 });
    const error = await publisher(300).reply(3, 'hello').catch((e: unknown) => e);
    expect(describeFailure(error)).toBe('GitHub did not answer in time; try again later');
  }, 40_000);
});
