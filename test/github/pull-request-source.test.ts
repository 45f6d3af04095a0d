import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { checkPackAgainstTrees, leftHunksOut } from '../evidence/pack-check.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { syntheticPull } from '../support/pull-fixture.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';
import { NO_WAITS } from '../support/no-waits.js';

/**
 * The evidence stage against the local GitHub server, counting every request it makes, through the
 * product's client (retries a reset connection; no write spacing against a local server).
 */
describe('the evidence stage on GitHub', () => {
  let server: GitHubServer;
  const repo = { owner: 'octo', repo: 'widgets' };
  const hundred = syntheticPull({ files: 100, changedPerFile: 4, linesPerFile: 150, number: 1 });
  const huge = syntheticPull({ files: 3_050, changedPerFile: 2, number: 2 });
  const small = syntheticPull({ files: 12, changedPerFile: 3, linesPerFile: 80, number: 3 });

  beforeAll(async () => {
    server = await startGitHubServer({
      token: 't',
      repositories: [{ owner: repo.owner, name: repo.repo, pulls: [hundred, huge, small] }],
    });
  });
  afterAll(async () => server?.close());

  const gather = async (pullNumber: number, maxTokens = 80_000) => {
    const warnings: string[] = [];
    const source = createPullRequestSource(
      createOctokit('t', server.url, () => {}, NO_WAITS),
      repo,
      (m) => warnings.push(m),
    );
    const before = server.state.requests.length;
    const gathered = await gatherEvidence(source, {
      pullNumber,
      commandRfc: undefined,
      inputRfc: undefined,
      maxTokens,
      charsPerToken: CHARS_PER_TOKEN,
    });
    const requests = server.state.requests.slice(before);
    return { ...gathered, requests, counts: source.requestCounts(), warnings };
  };

  it('reads a 100-file PR in at most 10 calls beyond its file list, and only the contents the pack shows', async () => {
    const { pack, requests, counts, reads } = await gather(1);
    const listPages = requests.filter((r) => r.path.endsWith('/pulls/1/files'));
    expect(listPages).toHaveLength(1);
    expect(requests.length - listPages.length).toBeLessThanOrEqual(10);
    expect(counts).toEqual({ pull: 1, fileList: 1, wholeDiff: 1, graphql: 2, contents: 0, git: 0 });
    // Every content read went into the pack.
    const shown = [...pack.text.matchAll(/BEGIN EVIDENCE-\w+ FILE "([^"]+)"/g)].map((m) => m[1]);
    expect(shown.length).toBe(reads.content);
    expect(shown.length).toBeGreaterThan(10);
    expect(pack.tokens).toBeLessThanOrEqual(80_000);
    expect(leftHunksOut(pack)).toBe(false);
    expect(
      checkPackAgainstTrees(pack, (side, path) =>
        hundred.readFile(side === 'head' ? hundred.head.sha : hundred.base.sha, path),
      ).mismatches,
    ).toEqual([]);
  });

  it('pages through 3,000 files with Link headers, names the other 50 from the git trees, and stays far inside the hourly budget', async () => {
    const { pack, files, requests, counts } = await gather(2);
    expect(counts.fileList).toBe(30);
    const pages = requests.filter((r) => r.path.endsWith('/pulls/2/files')).map((r) => Number(r.query.page ?? 1));
    expect(pages[0]).toBe(1); // the first page's Link header says how many there are
    expect(pages.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(files.slice(0, 3_000).map((f) => f.path)).toEqual(huge.files.slice(0, 3_000).map((f) => f.filename));
    expect(
      files
        .slice(3_000)
        .map((f) => f.path)
        .sort(),
    ).toEqual(
      huge.files
        .slice(3_000)
        .map((f) => f.filename)
        .sort(),
    );
    expect(
      files
        .slice(3_000)
        .every(
          (f) => f.listedBy === 'git-trees' && f.patchSource === 'local' && f.additions === 2 && f.deletions === 2,
        ),
    ).toBe(true);
    // Past 300 files GitHub refuses the whole diff, so it is not asked for.
    expect(counts.wholeDiff).toBe(0);
    // One compare (the merge base) and the two trees, then both sides of the 50 other files in one GraphQL call each.
    expect(counts.git).toBe(3);
    expect(requests.length).toBeLessThan(45);
    expect(pack.fileCount).toEqual({ listed: 3_050, total: 3_050, fromTrees: 50 });
    expect(pack.text).toContain('## Files changed (3050)');
    expect(pack.notes.join(' ')).toContain(
      "GitHub's file list stops at 3,000 files; the other 50 changed files were found by comparing the git trees",
    );
    // Truncated by the budget (3,050 diffs do not fit 80,000 tokens), not by GitHub's list.
    expect(leftHunksOut(pack)).toBe(pack.omitted.some((o) => o.what === 'hunks' && !o.reason.startsWith('GitHub')));
    expect(leftHunksOut(pack)).toBe(true);
    expect(pack.tokens).toBeLessThanOrEqual(80_000);
  });

  it('asks for the whole diff and carries on without it when GitHub answers 406 too_large', async () => {
    const source = createPullRequestSource(
      createOctokit('t', server.url, () => {}, NO_WAITS),
      repo,
    );
    const pull = await source.getPullRequest(3);
    server.state.faults.push({
      path: '/repos/octo/widgets/pulls/3',
      method: 'GET',
      status: 406,
      body: {
        message: 'Sorry, the diff exceeded the maximum number of lines (20000)',
        errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
        status: '406',
      },
    });
    const answer = await source.getWholeDiff(3);
    expect(answer).toEqual({ refused: expect.stringMatching(/^HTTP 406, too large: Sorry, the diff exceeded/) });
    expect(pull.changedFiles).toBe(12);
  });

  it('falls back to one REST read a file when GraphQL fails, and builds the very same pack', async () => {
    const viaGraphql = await gather(3);
    server.state.faults.push({
      path: '/graphql',
      method: 'POST',
      status: 200,
      body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] },
      times: 1,
    });
    const viaRest = await gather(3);
    expect(viaRest.warnings).toEqual([expect.stringContaining("GitHub's GraphQL API failed")]);
    expect(viaRest.counts.graphql).toBe(1);
    expect(viaRest.counts.contents).toBeGreaterThan(0);
    expect(viaRest.pack.digest).toBe(viaGraphql.pack.digest);
  });

  it('reads in as few GraphQL calls as it can: texts and sizes together, then the contents the pack takes', async () => {
    const before = server.state.requests.length;
    await gather(1);
    const queries = server.state.requests
      .slice(before)
      .filter((r) => r.path === '/graphql')
      .map((r) => (r.body as { query: string }).query);
    expect(queries).toHaveLength(2);
    // .gitattributes with its text, and the sizes of the likeliest files, in one query.
    expect(queries[0]).toMatch(
      /f0: object\(expression: \$e0\) \{ __typename \.\.\. on Blob \{ byteSize isBinary isTruncated text \} \}/,
    );
    expect(queries[0]).toMatch(
      /f1: object\(expression: \$e1\) \{ __typename \.\.\. on Blob \{ byteSize isBinary \} \}/,
    );
    expect(queries[1]).not.toMatch(/isBinary \}/);
  });
});
