import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.js';
import { createPublisher } from '../../src/github/create-publisher.js';
import { reactToCommand } from '../../src/pipeline/answer-requester.js';
import type { PipelineResult } from '../../src/pipeline/pipeline-types.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { NO_WAITS } from '../support/no-waits.js';

/**
 * The command's reaction says the run's outcome, once, against the local GitHub server with the real
 * publisher: 👀 while it runs, then 🚀 or 😕 alone, 👀 removed once. Read from the order of the requests
 * the server received, never from the clock.
 */
describe('the command reaction', () => {
  const token = 'ghs_reactionTestToken000000000000000000000';
  const person = 'ghp_maintainer0000000000000000000000000000';
  let server: GitHubServer;
  let commandId: number;
  const warnings: string[] = [];
  beforeEach(async () => {
    server = await startGitHubServer({
      repositories: [
        { owner: 'octo', name: 'widgets', pulls: [emptyPullRequest()], permissions: { maintainer: 'write' } },
      ],
      token,
      tokens: { [person]: 'maintainer' },
    });
    const response = await fetch(`${server.url}/repos/octo/widgets/issues/3/comments`, {
      method: 'POST',
      headers: { authorization: `token ${person}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: '/debate keep vs drop' }),
    });
    commandId = ((await response.json()) as { id: number }).id;
    warnings.length = 0;
  });
  afterEach(async () => server.close());

  const reaction = () => {
    const log = {
      info: () => undefined,
      warning: (m: string) => warnings.push(m),
      notice: () => undefined,
      group: <T>(_name: string, fn: () => Promise<T>) => fn(),
    };
    return reactToCommand(
      createPublisher(
        createOctokit(token, server.url, () => undefined, NO_WAITS),
        { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [token] },
      ),
      log,
      commandId,
    );
  };
  const standing = () => server.state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content);
  const requests = () =>
    server.state.requests
      .filter((r) => r.path.includes(`/comments/${commandId}/reactions`))
      .map((r) => `${r.method} ${(r.body as { content?: string } | undefined)?.content ?? ''}`.trim());
  const done = { status: 'success', failure: undefined } as PipelineResult;

  it('👀 while the run works, then 🚀 alone: the outcome first, then 👀 removed once', async () => {
    const command = reaction();
    command.acknowledge();
    await expect.poll(standing).toEqual(['eyes']);
    await command.conclude(done);
    expect(requests()).toEqual(['POST eyes', 'POST rocket', 'DELETE']);
    expect(standing()).toEqual(['rocket']);
    expect(warnings).toEqual([]);
  });

  it('concludes once: a later outcome (a failure after the verdict) adds no 😕 beside the 🚀 and removes 👀 no second time', async () => {
    const command = reaction();
    command.acknowledge();
    await expect.poll(standing).toEqual(['eyes']);
    await command.conclude(done);
    await command.conclude({ status: 'aborted', failure: 'a write after the verdict failed' } as PipelineResult);
    expect(requests()).toEqual(['POST eyes', 'POST rocket', 'DELETE']);
    expect(standing()).toEqual(['rocket']);
    expect(warnings).toEqual([]);
  });

  it('a 👀 still unanswered when the run ends is removed once its answer is in', async () => {
    // 👀 is answered only once the outcome's reaction reached GitHub.
    const concluded = vi.waitUntil(
      () => server.state.requests.some((r) => (r.body as { content?: string } | undefined)?.content === 'confused'),
      { timeout: 10_000, interval: 5 },
    );
    server.state.faults.push({
      method: 'POST',
      path: `/repos/octo/widgets/issues/comments/${commandId}/reactions`,
      status: 201,
      pass: true,
      until: concluded,
    });
    const command = reaction();
    command.acknowledge();
    await command.conclude({ status: 'aborted', failure: 'the debate failed' } as PipelineResult);
    expect(requests()).toEqual(['POST eyes', 'POST confused', 'DELETE']);
    expect(standing()).toEqual(['confused']);
  });

  it('adds no 👀 once the run has concluded (it would stand beside the outcome)', async () => {
    const command = reaction();
    await command.conclude(done);
    command.acknowledge();
    expect(requests()).toEqual(['POST rocket']);
    expect(standing()).toEqual(['rocket']);
  });
});
