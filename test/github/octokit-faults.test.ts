import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../../src/github/create-publisher.js';
import { createGitHubClients, createOctokit } from '../../src/github/create-octokit.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { describeFailure } from '../../src/pipeline/step-error.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { NO_WAITS } from '../support/no-waits.js';

const token = 'ghs_faultTestToken00000000000000000000000000';
const pull = emptyPullRequest();

describe('the REST client under GitHub faults', () => {
  let server: GitHubServer;
  const warnings: string[] = [];
  beforeEach(async () => {
    warnings.length = 0;
    server = await startGitHubServer({ repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }], token });
  });
  afterEach(async () => server.close());
  const publisher = (timeoutMs?: number) =>
    createPublisher(
      createOctokit(token, server.url, (m) => warnings.push(m), { timeoutMs, ...NO_WAITS }),
      { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [] },
    );

  it('waits out a secondary rate limit and retries (throttling plugin)', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      headers: { 'retry-after': '1', 'x-ratelimit-remaining': '4000' },
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        status: '403',
      },
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
      body: {
        message: 'You have exceeded a secondary rate limit.',
        documentation_url: 'https://docs.github.com/rest',
        status: '403',
      },
    });
    await expect(publisher().reply(3, 'hello')).rejects.toMatchObject({ status: 403 });
    expect(server.state.requests.filter((r) => r.method === 'POST').length).toBeLessThanOrEqual(3);
  });

  it('gives up at once on a primary rate limit that resets in an hour, instead of waiting for it', async () => {
    const reset = Math.floor(Date.now() / 1000) + 3600;
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      times: 10,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      body: {
        message: 'API rate limit exceeded for installation ID 1.',
        documentation_url: 'https://docs.github.com/rest',
        status: '403',
      },
    });
    const error = await publisher()
      .reply(3, 'hello')
      .catch((e: unknown) => e);
    expect(describeFailure(error)).toBe(
      `GitHub's rate limit for github-token is used up (API rate limit exceeded for installation ID 1.); try again after ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC, when it resets`,
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^GitHub rate limit on POST .*; giving up: GitHub asks to wait 3\d{3} s, longer than the 60 s pr-debate waits$/,
      ),
    ]);
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('takes 406 (a diff too large) as final: asked once, not retried', async () => {
    server.state.faults.push({
      method: 'GET',
      path: '/repos/octo/widgets/pulls/3',
      status: 406,
      times: 10,
      body: {
        message: 'Sorry, the diff exceeded the maximum number of lines (20000)',
        errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
        documentation_url: 'https://docs.github.com/rest',
        status: '406',
      },
    });
    const source = createPullRequestSource(
      createOctokit(token, server.url, (m) => warnings.push(m), NO_WAITS),
      { owner: 'octo', repo: 'widgets' },
    );
    await expect(source.getWholeDiff(3)).resolves.toEqual({ refused: expect.stringMatching(/^HTTP 406, too large/) });
    expect(server.state.requests.filter((r) => r.path === '/repos/octo/widgets/pulls/3')).toHaveLength(1);
  });

  it('names the missing permissions entry for "Resource not accessible by integration"', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
        status: '403',
      },
    });
    const error = await publisher()
      .reply(3, 'hello')
      .catch((e: unknown) => e);
    expect(describeFailure(error)).toBe(
      "GitHub refused POST /repos/octo/widgets/issues/3/comments (Resource not accessible by integration): add `pull-requests: write` to the workflow's `permissions:` (pr-debate needs `contents: read` and `pull-requests: write`)",
    );
  });

  it('gives up on a request that never answers, instead of hanging', async () => {
    server.state.faults.push({
      method: 'POST',
      path: '/repos/octo/widgets/issues/3/comments',
      status: 200,
      delayMs: 5_000,
      times: 10,
    });
    const error = await publisher(300)
      .reply(3, 'hello')
      .catch((e: unknown) => e);
    expect(describeFailure(error)).toBe('GitHub did not answer in time; try again later');
  });

  it('retries a GET whose connection was reset (ECONNRESET), so a dropped keep-alive socket is not a failed run', async () => {
    server.state.faults.push({ method: 'GET', path: '/repos/octo/widgets/pulls/3', status: 200, destroy: true });
    const source = createPullRequestSource(
      createOctokit(token, server.url, (m) => warnings.push(m), NO_WAITS),
      { owner: 'octo', repo: 'widgets' },
    );
    await expect(source.getPullRequest(3)).resolves.toMatchObject({ number: 3 });
    expect(
      server.state.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/widgets/pulls/3'),
    ).toHaveLength(2);
  });

  it('keeps reads off the write queue: a GraphQL read is not spaced behind throttled writes', async () => {
    // Production spacing: one write a second. Three reactions queue; the GraphQL read goes at once.
    const { writes, reads } = createGitHubClients(token, server.url, (m) => warnings.push(m), { id: 'queue-test' });
    const react = () =>
      writes.rest.reactions
        .createForIssueComment({ owner: 'octo', repo: 'widgets', comment_id: 1, content: 'eyes' })
        .catch(() => undefined);
    const queued = [react(), react(), react()];
    await reads.graphql('query { viewer { login } }').catch(() => undefined);
    await Promise.all(queued);
    const order = server.state.requests.map((r) => (r.path === '/graphql' ? 'graphql' : 'write'));
    expect(order.indexOf('graphql')).toBeLessThan(2);
  });
});
