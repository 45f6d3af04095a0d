import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubClients } from '../../src/github/create-octokit.js';
import { createRestClients } from '../../src/github/create-rest-octokit.js';
import { DryRunWrite, refuseWrites } from '../../src/github/refuse-writes.js';
import { startGitHubServer, emptyPullRequest, type GitHubServer } from '../support/github-server.js';
import { NO_WAITS } from '../support/no-waits.js';

/**
 * What the read client and a dry run refuse (issue #34): the read client's GraphQL queries are unspaced,
 * so it must never write; a dry run writes nothing, and a GraphQL mutation (`resolveReviewThread`) is a write.
 */
describe('writes refused before they are sent', () => {
  let github: GitHubServer;
  beforeAll(async () => {
    github = await startGitHubServer({
      repositories: [{ owner: 'o', name: 'r', pulls: [{ ...emptyPullRequest(), number: 1 }] }],
      token: 'bot',
    });
  });
  afterAll(async () => github?.close());

  for (const [name, make] of [
    ['the action', () => createGitHubClients('bot', github.url, () => undefined, NO_WAITS)],
    ['the CLI', () => createRestClients('bot', github.url, () => undefined, 'test', NO_WAITS)],
  ] as const) {
    it(`${name}'s read client reads, and refuses every write, GraphQL mutations included, without sending it`, async () => {
      const { reads, writes } = make();
      const before = github.state.requests.length;
      await expect(reads.rest.pulls.get({ owner: 'o', repo: 'r', pull_number: 1 })).resolves.toBeDefined();
      await expect(reads.graphql('query { viewer { login } }')).rejects.toThrow(/local server answers only/);
      await expect(
        reads.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 1, body: 'x' }),
      ).rejects.toThrow(/read client, which never writes/);
      await expect(
        reads.graphql('mutation($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { id } } }', {
          id: 'x',
        }),
      ).rejects.toThrow(/read client, which never writes/);
      // A mutation after a comment or after a query of the same document is a write too; the word inside a string is not.
      await expect(
        reads.graphql(
          '# the end\nmutation($id: ID!) { addReaction(input: { subjectId: $id, content: ROCKET }) { subject { id } } }',
          { id: 'x' },
        ),
      ).rejects.toThrow(/read client, which never writes/);
      await expect(
        reads.graphql(
          'query A { viewer { login } } mutation B { addReaction(input: { subjectId: "x", content: ROCKET }) { subject { id } } }',
        ),
      ).rejects.toThrow(/read client, which never writes/);
      await expect(reads.graphql('query { viewer { login(note: "mutation { }") } }')).rejects.toThrow(
        /local server answers only/,
      );
      expect(github.state.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'POST', 'POST']);
      await expect(
        writes.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 1, body: 'x' }),
      ).resolves.toBeDefined();
    });
  }

  it('a dry run refuses a GraphQL mutation as it refuses a REST write', async () => {
    const { writes } = createRestClients('bot', github.url, () => undefined, 'test', NO_WAITS);
    refuseWrites(writes);
    const before = github.state.requests.length;
    await expect(
      writes.graphql('  mutation { resolveReviewThread(input: { threadId: "x" }) { thread { id } } }'),
    ).rejects.toBeInstanceOf(DryRunWrite);
    await expect(
      writes.rest.pulls.createReview({ owner: 'o', repo: 'r', pull_number: 1, event: 'COMMENT', body: 'x' }),
    ).rejects.toBeInstanceOf(DryRunWrite);
    expect(github.state.requests.length).toBe(before);
  });
});
