import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePullRequestRef, resolveGitHubUrls } from '../../src/cli/parse-pr-ref.js';

describe('parsePullRequestRef', () => {
  it('reads owner/repo#N and PR URLs on github.com and on GitHub Enterprise Server', () => {
    expect(parsePullRequestRef('octo/widgets#12')).toEqual({
      owner: 'octo',
      repo: 'widgets',
      number: 12,
      serverUrl: undefined,
    });
    expect(parsePullRequestRef('https://github.com/octo/my.repo_x/pull/7')).toEqual({
      owner: 'octo',
      repo: 'my.repo_x',
      number: 7,
      serverUrl: 'https://github.com',
    });
    expect(parsePullRequestRef('https://github.com/octo/widgets/pull/7/files?w=1')).toMatchObject({ number: 7 });
    expect(parsePullRequestRef('https://ghe.example.com/team/app/pull/3')).toMatchObject({
      owner: 'team',
      repo: 'app',
      serverUrl: 'https://ghe.example.com',
    });
  });

  it('refuses what is not a pull request', () => {
    for (const text of [
      'octo/widgets',
      'octo/widgets#0',
      'widgets#3',
      'https://github.com/octo/widgets/issues/3',
      'ftp://github.com/o/r/pull/1',
      'octo/../#3',
      '#3',
      '',
    ]) {
      expect(parsePullRequestRef(text), text).toBeUndefined();
    }
  });

  it('property: owner/repo#N round-trips', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,20}$/);
    fc.assert(
      fc.property(
        name,
        fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,30}$/),
        fc.integer({ min: 1, max: 1e9 }),
        (owner, repo, number) => {
          expect(parsePullRequestRef(`${owner}/${repo}#${number}`)).toEqual({
            owner,
            repo,
            number,
            serverUrl: undefined,
          });
          expect(parsePullRequestRef(`https://github.com/${owner}/${repo}/pull/${number}`)).toMatchObject({
            owner,
            repo,
            number,
          });
        },
      ),
    );
  });
});

describe('resolveGitHubUrls', () => {
  const ref = (server?: string) => ({ owner: 'o', repo: 'r', number: 1, serverUrl: server });
  it('takes --api-url, then GITHUB_API_URL, then the PR URL, then github.com', () => {
    expect(resolveGitHubUrls(ref(), undefined, {})).toEqual({
      apiUrl: 'https://api.github.com',
      serverUrl: 'https://github.com',
    });
    expect(resolveGitHubUrls(ref('https://ghe.example.com'), undefined, {})).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      serverUrl: 'https://ghe.example.com',
    });
    expect(resolveGitHubUrls(ref(), undefined, { GITHUB_API_URL: 'https://ghe.example.com/api/v3/' })).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      serverUrl: 'https://ghe.example.com',
    });
    expect(
      resolveGitHubUrls(ref(), 'http://127.0.0.1:9/', { GITHUB_API_URL: 'https://ghe.example.com/api/v3' }),
    ).toEqual({ apiUrl: 'http://127.0.0.1:9', serverUrl: 'https://github.com' });
    expect(
      resolveGitHubUrls(ref(), 'http://127.0.0.1:9', { GITHUB_SERVER_URL: 'https://ghe.example.com' }).serverUrl,
    ).toBe('https://ghe.example.com');
  });
});
