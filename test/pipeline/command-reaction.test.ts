import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.js';
import { createPublisher } from '../../src/github/create-publisher.js';
import { createMutationBatch } from '../../src/github/mutation-batch.js';
import { reactToCommand } from '../../src/pipeline/answer-command.js';
import type { PipelineResult } from '../../src/pipeline/pipeline-types.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';

/**
 * The command's reaction says the run's outcome, once (issue #34), against the local GitHub server with
 * the real publisher and the end's real one request: when that request reacted 🚀 and a write after it
 * failed, the run's 😕 replaces the 🚀 instead of standing beside it, and the 👀 the request removed is
 * not removed again.
 */
describe('the command reaction', () => {
  const token = 'ghs_reactionTestToken000000000000000000000';
  const person = 'ghp_maintainer0000000000000000000000000000';
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startGitHubServer({ repositories: [{ owner: 'octo', name: 'widgets', pulls: [emptyPullRequest()], permissions: { maintainer: 'write' } }], token, tokens: { [person]: 'maintainer' } });
  });
  afterEach(async () => server.close());

  it('takes back the end request\'s 🚀 when the run then fails, and removes 👀 only once', async () => {
    const command = (await (await fetch(`${server.url}/repos/octo/widgets/issues/3/comments`, { method: 'POST', headers: { authorization: `token ${person}`, 'content-type': 'application/json' }, body: JSON.stringify({ body: '/debate keep vs drop' }) })).json()) as { id: number; node_id: string };
    const octokit = createOctokit(token, server.url, () => undefined, { writeSpacingMs: 0 });
    const warnings: string[] = [];
    const log = { info: () => undefined, warning: (m: string) => warnings.push(m), notice: () => undefined };
    const reaction = reactToCommand(createPublisher(octokit, { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [token] }), log as never, command.id, command.node_id);
    const ours = () => server.state.reactions.filter((r) => r.commentId === command.id).map((r) => r.content);
    reaction.acknowledge();
    await expect.poll(ours).toEqual(['eyes']);
    // The end's one request reacts 🚀 and removes 👀.
    const batch = createMutationBatch(octokit);
    const end = await reaction.prepare(batch, true);
    await batch.send();
    await end.finish();
    expect(ours()).toEqual(['rocket']);
    // A write after the request failed: the run ends aborted.
    await reaction.conclude({ status: 'aborted' } as PipelineResult);
    expect(ours()).toEqual(['confused']);
    expect(server.state.requests.filter((r) => r.method === 'DELETE').length).toBe(1);
    expect(warnings).toEqual([]);
  });
});
