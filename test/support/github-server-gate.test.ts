import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPullRequest, startGitHubServer, type GitHubServer } from './github-server.js';

/**
 * The local server's answers for the merge gate (each cites its docs page in github-server.ts): check
 * runs carry the app of the token that wrote them, `app_id` filters the listing, an app updates only
 * its own runs, a PR's commits and labels, `compare` and the PRs associated with a commit.
 */
const BOT = 'ghs_serverGateBot000000000000000000000000';
const OTHER = 'ghs_serverGateOther00000000000000000000000';
const HUMAN = 'ghp_serverGateHuman00000000000000000000000';
const repo = { owner: 'octo', repo: 'widgets' };
const sha = (c: string) => c.repeat(40);

describe('the local GitHub server for the merge gate', () => {
  let server: GitHubServer;
  const client = (token: string) => getOctokit(token, { baseUrl: server.url });
  beforeAll(async () => {
    const pull = { ...emptyPullRequest(), labels: ['debate-required'], commits: [sha('1'), sha('a')] };
    server = await startGitHubServer({
      repositories: [
        {
          owner: 'octo',
          name: 'widgets',
          pulls: [pull],
          commits: [
            { sha: sha('1'), message: 'first', parents: [sha('b')] },
            { sha: sha('9'), message: 'base of the group', parents: [] },
            { sha: sha('8'), message: 'Fix (#3)', parents: [sha('9')], pulls: [3] },
            { sha: sha('7'), message: 'Merge pull request #4 from octo/x', parents: [sha('8')] },
          ],
        },
      ],
      token: BOT,
      appTokens: { [OTHER]: { id: 4242, slug: 'other-app', name: 'Other App' } },
      tokens: { [HUMAN]: 'octo' },
    });
  });
  afterAll(async () => server.close());

  it('names the app of the token on each check run, filters by app_id, and lets an app update only its own', async () => {
    const ours = await client(BOT).rest.checks.create({
      ...repo,
      name: 'pr-debate',
      head_sha: sha('1'),
      status: 'in_progress',
    });
    const theirs = await client(OTHER).rest.checks.create({
      ...repo,
      name: 'pr-debate',
      head_sha: sha('1'),
      status: 'completed',
      conclusion: 'success',
    });
    expect(ours.data.app).toMatchObject({ id: 15368, slug: 'github-actions' });
    expect(theirs.data.app).toMatchObject({ id: 4242, slug: 'other-app' });
    const all = await client(BOT).rest.checks.listForRef({
      ...repo,
      ref: sha('1'),
      check_name: 'pr-debate',
      filter: 'all',
    });
    expect(all.data.check_runs.map((r) => r.id)).toEqual([theirs.data.id, ours.data.id]);
    const filtered = await client(BOT).rest.checks.listForRef({
      ...repo,
      ref: sha('1'),
      check_name: 'pr-debate',
      filter: 'all',
      app_id: 15368,
    });
    expect(filtered.data.check_runs.map((r) => r.id)).toEqual([ours.data.id]);
    await expect(
      client(BOT).rest.checks.update({ ...repo, check_run_id: theirs.data.id, conclusion: 'failure' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      client(HUMAN).rest.checks.create({ ...repo, name: 'pr-debate', head_sha: sha('1') }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('lists a PR’s commits and labels', async () => {
    const commits = await client(BOT).rest.pulls.listCommits({ ...repo, pull_number: 3 });
    expect(commits.data.map((c) => c.sha)).toEqual([sha('1'), sha('a')]);
    const pull = await client(BOT).rest.pulls.get({ ...repo, pull_number: 3 });
    expect(pull.data.labels.map((l) => l.name)).toEqual(['debate-required']);
    expect(pull.data.commits).toBe(2);
  });

  it('compares base...head by walking parents, oldest first, and lists the PRs of a commit', async () => {
    const compare = await client(BOT).rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${sha('9')}...${sha('7')}`,
    });
    expect(compare.data.commits.map((c) => [c.sha, c.commit.message])).toEqual([
      [sha('8'), 'Fix (#3)'],
      [sha('7'), 'Merge pull request #4 from octo/x'],
    ]);
    const pulls = await client(BOT).rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha('8') });
    expect(pulls.data.map((p) => p.number)).toEqual([3]);
    expect(
      (await client(BOT).rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: sha('7') })).data,
    ).toEqual([]);
  });
});
