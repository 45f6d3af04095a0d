import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../../src/github/comments.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from '../support/github-server.js';

const token = 'ghs_publishTestToken0000000000000000000000';
const pull = emptyPullRequest();

describe('the publisher', () => {
  let server: GitHubServer;
  beforeEach(async () => {
    server = await startGitHubServer({ repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }], token, tokens: { ghp_someoneElse000000000000000000000000000: 'mallory' } });
  });
  afterEach(async () => server.close());
  const publisher = () => createPublisher(createOctokit(token, server.url, () => {}), { owner: 'octo', repo: 'widgets', botLogin: 'github-actions[bot]', secrets: [token] });
  const marker = '<!-- pr-debate:v1 id=0123456789abcdef -->';

  it('updates only the bot’s own comment with the marker, never a forged one', async () => {
    await fetch(`${server.url}/repos/octo/widgets/issues/3/comments`, {
      method: 'POST',
      headers: { authorization: 'token ghp_someoneElse000000000000000000000000000', 'content-type': 'application/json' },
      body: JSON.stringify({ body: `${marker}\nforged` }),
    });
    const first = await publisher().upsert(3, marker, `${marker}\none`);
    const second = await publisher().upsert(3, marker, `${marker}\ntwo`);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(server.state.comments.map((c) => c.body.split('\n')[1])).toEqual(['forged', 'two']);
  });

  it('leaves one comment when two runs of the same debate race', async () => {
    const results = await Promise.all([publisher().upsert(3, marker, `${marker}\nrun 1`), publisher().upsert(3, marker, `${marker}\nrun 2`)]);
    const ours = server.state.comments.filter((c) => c.body.startsWith(marker));
    expect(ours).toHaveLength(1);
    expect(results.every((r) => r.id === ours[0]!.id)).toBe(true);
  });

  it('never overwrites a result for the current head with a stale one, and redacts secrets', async () => {
    const current = 'c'.repeat(40);
    await publisher().upsert(3, marker, `${marker}\nfor the new head`, { ours: current, current });
    const stale = await publisher().upsert(3, marker, `${marker}\nfor the old head`, { ours: 'a'.repeat(40), current });
    expect(stale.skipped).toBe(true);
    expect(server.state.comments[0]!.body).toContain('for the new head');
    await publisher().upsert(3, marker, `${marker}\nleaked ${token} and sk-ant-api03-abcdefghijklmnop`);
    expect(server.state.comments[0]!.body).toBe(`${marker}\nleaked [redacted secret] and [redacted secret]`);
  });
});
