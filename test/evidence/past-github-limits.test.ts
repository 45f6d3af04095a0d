import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { syntheticPull } from '../support/pull-fixture.js';
import { checkPackAgainstTrees, leftHunksOut } from './pack-check.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/**
 * The whole pull request where GitHub's API stops (issue #14), against the local GitHub server: a file
 * whose patch GitHub leaves out, with the whole diff refused; and a file list past 3,000 files.
 */
describe('evidence past GitHub limits', () => {
  let server: GitHubServer;
  const repo = { owner: 'octo', repo: 'widgets' };
  // 320 files (so no whole diff), file 0 with 2,600 changed lines (1,300 removed, 1,300 added), whose patch GitHub leaves out.
  const rewrite = syntheticPull({
    files: 320,
    changedPerFile: 1,
    linesPerFile: 40,
    largeFirstFile: { lines: 1_400, changed: 1_300 },
    omitPatchesOver: 2_000,
    number: 1,
  });
  const huge = syntheticPull({ files: 3_100, changedPerFile: 1, linesPerFile: 30, number: 2 });
  const cut = { ...syntheticPull({ files: 3_100, changedPerFile: 1, linesPerFile: 31, number: 3 }), treeLimit: 3_050 };
  const treeless = {
    ...syntheticPull({ files: 3_010, changedPerFile: 1, linesPerFile: 32, number: 4 }),
    listTree: undefined,
  };

  beforeAll(async () => {
    server = await startGitHubServer({
      token: 't',
      repositories: [{ owner: repo.owner, name: repo.repo, pulls: [rewrite, huge, cut, treeless] }],
    });
  });
  afterAll(async () => server?.close());

  const gather = async (pullNumber: number) => {
    const source = createPullRequestSource(getOctokit('t', { baseUrl: server.url }), repo);
    const before = server.state.requests.length;
    const gathered = await gatherEvidence(source, {
      pullNumber,
      commandRfc: undefined,
      inputRfc: undefined,
      maxTokens: 80_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    return { ...gathered, requests: server.state.requests.length - before, counts: source.requestCounts() };
  };

  it('computes the diff GitHub left out from the merge base and the head: added and removed lines, cited on both sides', async () => {
    const { pack, files, requests, counts } = await gather(1);
    const big = files.find((f) => f.path === rewrite.files[0]!.filename)!;
    expect(rewrite.files[0]!.changes).toBe(2_600);
    expect(big).toMatchObject({ patchSource: 'local', kind: 'text', additions: 1_300, deletions: 1_300 });
    // Numbered as GitHub numbers the patch it did not send (git adds the function context after the header).
    const header = (patch: string) =>
      patch
        .split('\n')
        .filter((l) => l.startsWith('@@'))
        .map((l) => /^@@ [^@]+ @@/.exec(l)?.[0]);
    expect(header(big.patch!)).toEqual(header(rewrite.files[0]!.patch!));
    const name = JSON.stringify(big.path);
    expect(pack.text).toContain(
      `- ${name}: modified, +1300 -1300; diff computed here from both sides (GitHub sent none) [diff`,
    );
    expect(pack.text).toContain(
      `=== BEGIN EVIDENCE-${pack.tag} DIFF ${name} (modified, +1300 -1300; diff computed here`,
    );
    const base = (n: number) => `export const value0_${n} = compute(${n}, 'base 0');`;
    const head = (n: number) => `export const value0_${n} = compute(${n} * 2, 'head 0');`;
    expect(pack.text).toMatch(new RegExp(`^ {3}700 {8}- ${base(700).replace(/[()*]/g, '\\$&')}$`, 'm'));
    expect(pack.text).toMatch(new RegExp(`^ {10}700 \\+ ${head(700).replace(/[()*]/g, '\\$&')}$`, 'm'));
    for (const [side, n, quote] of [
      ['base', 21, base(21)],
      ['base', 1_320, base(1_320)],
      ['head', 21, head(21)],
      ['head', 1_320, head(1_320)],
    ] as const) {
      expect(
        verifyCitation({ path: big.path, side, line_start: n, line_end: n, quote }, pack),
        `${side}:${n}`,
      ).toMatchObject({ status: 'verified' });
    }
    expect(
      verifyCitation({ path: big.path, side: 'head', line_start: 700, line_end: 700, quote: base(700) }, pack).status,
    ).toBe('unverified');
    expect(
      checkPackAgainstTrees(pack, (s, path) =>
        rewrite.readFile(s === 'head' ? rewrite.head.sha : rewrite.base.sha, path),
      ).mismatches,
    ).toEqual([]);
    // Truncated only where the budget left hunks out, never for what GitHub did not send.
    expect(pack.omitted.some((o) => o.path === big.path && o.what === 'hunks')).toBe(false);
    expect(leftHunksOut(pack)).toBe(pack.omitted.some((o) => o.what === 'hunks'));
    expect(counts).toMatchObject({ wholeDiff: 0, git: 1 });
    expect(requests).toBeLessThan(20);
  });

  it('names all 3,100 files of a PR past the 3,000-file list from the git trees, within about 200 calls', async () => {
    const { pack, files, requests, counts } = await gather(2);
    expect(files).toHaveLength(3_100);
    expect(new Set(files.map((f) => f.path))).toEqual(new Set(huge.files.map((f) => f.filename)));
    expect(pack.files.size).toBe(3_100);
    expect(pack.fileCount).toEqual({ listed: 3_100, total: 3_100, fromTrees: 100 });
    expect(pack.notes.join(' ')).toContain(
      "GitHub's file list stops at 3,000 files; the other 100 changed files were found by comparing the git trees of the merge base and the head.",
    );
    // Every file is named in the pack's text, by a line of the file list; none is left to a folder count.
    const named = new Set(
      [...pack.text.matchAll(/^- ("(?:[^"\\]|\\.)*")(?:: | \w)/gm)].map((m) => JSON.parse(m[1]!) as string),
    );
    expect(huge.files.filter((f) => !named.has(f.filename)).map((f) => f.filename)).toEqual([]);
    expect(named.size).toBe(3_100);
    expect(pack.text).not.toMatch(/^- \d+ more files? /m);
    expect(pack.notes.join(' ')).not.toContain('counted by folder');
    // A file found in the trees is cited like any other.
    const found = files.find((f) => f.listedBy === 'git-trees' && pack.files.get(f.path)!.head!.lines.size > 0);
    if (found)
      expect(
        verifyCitation({ path: found.path, line_start: 21, line_end: 21, quote: `compute(21 * 2` }, pack).status,
      ).toBe('verified');
    expect(counts.fileList).toBe(30);
    expect(counts.git).toBe(3);
    expect(requests).toBeLessThanOrEqual(200);
  });

  it('carries on with the listed files, and says so, when GitHub serves no tree', async () => {
    const { pack, files } = await gather(4);
    expect(files).toHaveLength(3_000);
    expect(pack.fileCount).toEqual({ listed: 3_000, total: 3_010, fromTrees: 0 });
    expect(pack.notes.join(' ')).toMatch(
      /GitHub's file list stops at 3,000 files, so 10 changed files are not named here: GitHub did not serve the git trees that would name them \(Not Found/,
    );
  });

  it('says so when GitHub cuts a tree short', async () => {
    const { pack, files } = await gather(3);
    expect(files.length).toBeLessThan(3_100);
    expect(files.length).toBeGreaterThanOrEqual(3_000);
    expect(pack.notes.join(' ')).toMatch(
      /GitHub cut the tree of the merge base and the head short \(too many entries\), so some changed files may still be missing/,
    );
    expect(pack.fileCount.total).toBe(3_100);
  });
});
