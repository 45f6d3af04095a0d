import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRealCases, materialiseCase, type RealCase } from '../../scripts/materialise-case.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { startGitHubServer, type FakePullRequest, type GitHubServer } from '../support/github-server.js';
import { pullFixtureFromCase } from '../support/pull-fixture.js';
import { checkPackAgainstTrees, leftHunksOut } from './pack-check.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/**
 * The evidence stage on every real case (../shared/real-cases, changes between published npm versions
 * that nobody here wrote), served by the local GitHub server to the real Octokit: every file listed and
 * described, every shown line numbered as the real trees have it on both sides, the budget kept, the
 * digest stable. npm-v10 is the large one (499 files, more than GitHub's whole diff allows).
 */
const cases: RealCase[] = await loadRealCases();

describe.each(cases.map((c) => [c.id, c] as const))('real case %s', (_id, realCase) => {
  let server: GitHubServer;
  let pull: FakePullRequest;
  const repo = { owner: 'real', repo: realCase.package.replace(/[@/]/g, '-') };

  beforeAll(async () => {
    const materialised = await materialiseCase(realCase.id);
    pull = pullFixtureFromCase(materialised, { number: 1 });
    // The same PR again, with GitHub refusing its whole diff.
    const refused: FakePullRequest = { ...pull, number: 2, diffTooLarge: true };
    server = await startGitHubServer({
      token: 't',
      repositories: [{ owner: repo.owner, name: repo.repo, pulls: [pull, refused] }],
    });
  }, 300_000);
  afterAll(async () => server?.close());

  /** `inputRfc` null: no rfc-path input. */
  const gather = async (pullNumber: number, inputRfc: string | null = realCase.rfc_path) => {
    const source = createPullRequestSource(getOctokit('t', { baseUrl: server.url }), repo);
    return {
      ...(await gatherEvidence(source, {
        pullNumber,
        commandRfc: undefined,
        inputRfc: inputRfc ?? undefined,
        maxTokens: 80_000,
        charsPerToken: CHARS_PER_TOKEN,
      })),
      counts: source.requestCounts(),
    };
  };
  const read = (side: 'head' | 'base', path: string) =>
    pull.readFile(side === 'head' ? pull.head.sha : pull.base.sha, path);

  it('lists and describes every file, keeps the budget and shows the RFC', async () => {
    const { pack, files } = await gather(1);
    expect(files).toHaveLength(pull.files.length);
    expect(pack.fileCount).toEqual({ listed: pull.files.length, total: pull.files.length, fromTrees: 0 });
    for (const file of files)
      expect(pack.text, file.path).toMatch(new RegExp(`^- ${escape(JSON.stringify(file.path))}: \\S`, 'm'));
    expect(pack.tokens).toBeLessThanOrEqual(80_000);
    expect(pack.rfcPaths).toEqual([realCase.rfc_path]);
    expect(pack.text).toContain(`FILE ${JSON.stringify(realCase.rfc_path)} (head, rfc)`);
    expect(leftHunksOut(pack)).toBe(pack.omitted.some((o) => o.what === 'hunks'));
    for (const o of pack.omitted) expect(pack.text).toContain(JSON.stringify(o.path));
  });

  it('numbers every shown line as the real trees have it, on both sides, with or without the whole diff', async () => {
    for (const number of [1, 2]) {
      const { pack } = await gather(number);
      const { checked, mismatches } = checkPackAgainstTrees(pack, read);
      expect(mismatches).toEqual([]);
      expect(checked).toBeGreaterThan(200);
    }
  });

  it('verifies a citation of each side built from the pack, and gives the same digest for the same PR', async () => {
    const first = await gather(1);
    const again = await gather(1);
    expect(again.pack.digest).toBe(first.pack.digest);
    for (const side of ['head', 'base'] as const) {
      const file = [...first.pack.files.values()].find(
        (f) => f.kind !== 'submodule' && [...(f[side]?.lines.values() ?? [])].some((t) => t.trim().length > 8),
      );
      if (file === undefined) continue; // a case may remove nothing
      const [n, text] = [...file[side]!.lines.entries()].find(([, t]) => t.trim().length > 8)!;
      expect(
        verifyCitation({ path: file.path, side, line_start: n, line_end: n, quote: text }, first.pack),
      ).toMatchObject({ status: 'verified' });
      expect(
        verifyCitation({ path: file.path, side, line_start: n + 1, line_end: n + 1, quote: `${text}§` }, first.pack),
      ).toMatchObject({ status: 'unverified' });
    }
  });

  it('finds the design document the PR body names, without the rfc-path input', async () => {
    const { pack } = await gather(1, null);
    expect(pack.rfcPaths).toContain(realCase.rfc_path);
    expect(pack.rfcNote).toMatch(/^RFC named in the PR body: /);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
