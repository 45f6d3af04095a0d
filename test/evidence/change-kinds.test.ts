import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { gatherEvidence, type GatheredEvidence } from '../../src/evidence/gather-evidence.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { startGitHubServer, type FakePullRequest, type GitHubServer } from '../support/github-server.js';
import { isolatedGitEnv, pullFixtureFromGit } from '../support/pull-fixture.js';
import { checkPackAgainstTrees, leftHunksOut } from './pack-check.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/**
 * Every kind of change issue #3 names, made by real git in a scratch repository, shaped as the
 * `pull_request.opened` payload of @octokit/webhooks-examples, served by the local GitHub server to the
 * real Octokit, once with the whole diff and once with GitHub's 406 `too_large` on it.
 */
const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: {
    action: string;
    pull_request: { title: string; body: string | null; user: { login: string }; number: number };
  }[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');
const opened = examples
  .find((e) => e.name === 'pull_request')!
  .examples.find((x) => x.action === 'opened')!.pull_request;

const lines = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix} line ${i + 1}`).join('\n') + '\n';
const LFS = (oid: string, size: number) =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${oid.repeat(64 / oid.length)}\nsize ${size}\n`;
const SUB_BASE = '1'.repeat(40);
const SUB_HEAD = '2'.repeat(40);

function buildRepository(dir: string): void {
  const env = isolatedGitEnv();
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  git('init', '-q', '-b', 'main');
  write('src/modified.ts', lines(30, 'modified'));
  write('src/removed.ts', lines(5, 'removed'));
  write('src/pure-old.ts', lines(12, 'pure rename'));
  write('src/edit-old.ts', lines(20, 'rename and edit'));
  write('src/copy-source.ts', lines(25, 'copied'));
  write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  write('assets/old.bin', Buffer.from([0, 0, 7, 7]));
  write('big/generated.txt', lines(400, 'generated'));
  write('script.sh', '#!/bin/sh\necho hi\n');
  write('models/weights.bin', LFS('a', 1024));
  write('docs/café notes.md', 'Café\nnotes\n');
  write('vendor/lib/x.js', lines(10, 'vendored'));
  git('add', '-A');
  git('update-index', '--add', '--cacheinfo', `160000,${SUB_BASE},deps/lib`);
  git('commit', '-q', '-m', 'base');
  git('tag', 'base');

  write('src/modified.ts', lines(30, 'modified').replace('modified line 11\n', 'changed line 11\nadded line 11b\n'));
  unlinkSync(join(dir, 'src/removed.ts'));
  execFileSync('git', ['-C', dir, 'mv', 'src/pure-old.ts', 'src/pure new.ts'], { env });
  unlinkSync(join(dir, 'src/edit-old.ts'));
  write(
    'src/edit-new.ts',
    lines(20, 'rename and edit').replace('rename and edit line 20', 'renamed and edited line 20'),
  );
  write('src/copy-target.ts', lines(25, 'copied'));
  write('src/copy-source.ts', lines(25, 'copied').replace('copied line 1\n', 'copied line one\n'));
  write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]));
  unlinkSync(join(dir, 'assets/old.bin'));
  write('big/generated.txt', lines(400, 'regenerated'));
  chmodSync(join(dir, 'script.sh'), 0o755);
  write('models/weights.bin', LFS('b', 2048));
  write('docs/café notes.md', 'Café\nnotes, now with ünïcödé\n');
  write('docs/日本語.md', 'こんにちは\n');
  write('say "hi".txt', 'hi\n');
  write('empty.txt', '');
  write('vendor/lib/x.js', lines(10, 'vendored v2'));
  write('.gitattributes', 'big/** linguist-generated\n');
  symlinkSync('src/modified.ts', join(dir, 'current.ts'));
  git('add', '-A');
  git('update-index', '--add', '--cacheinfo', `160000,${SUB_HEAD},deps/lib`);
  git('update-index', '--add', '--cacheinfo', `160000,${'3'.repeat(40)},deps/new`);
  git('commit', '-q', '-m', 'head');
  git('tag', 'head');
}

/** The one-line description each file must get, as the pack lists it. */
const EXPECTED: Record<string, string> = {
  'src/modified.ts': 'modified, +2 -1',
  'src/removed.ts': 'removed, +0 -5',
  'src/pure new.ts': 'renamed from "src/pure-old.ts" without content changes',
  'src/edit-new.ts': 'renamed from "src/edit-old.ts", +1 -1',
  'src/copy-target.ts': 'copied from "src/copy-source.ts" without content changes',
  'src/copy-source.ts': 'modified, +1 -1',
  'assets/logo.png': 'binary file modified',
  'assets/old.bin': 'binary file removed',
  'big/generated.txt': 'modified, +400 -400',
  'script.sh': 'mode changed from 100644 to 100755',
  'models/weights.bin':
    'Git LFS pointer modified (object size 1,024 -> 2,048 bytes); the object itself is not in the repository',
  'docs/café notes.md': 'modified, +1 -1',
  'docs/日本語.md': 'added, +1 -0',
  'say "hi".txt': 'added, +1 -0',
  'empty.txt': 'empty file added',
  'vendor/lib/x.js': 'modified, +10 -10',
  '.gitattributes': 'added, +1 -0',
  'current.ts': 'symlink added, pointing to "src/modified.ts"',
  'deps/lib': `submodule updated from commit ${SUB_BASE.slice(0, 12)} to ${SUB_HEAD.slice(0, 12)}`,
  'deps/new': `submodule added at commit ${'3'.repeat(12)}`,
};

describe('every kind of change, from a real git repository through the local GitHub server', () => {
  let scratch: string;
  let server: GitHubServer;
  const pulls: FakePullRequest[] = [];
  const repo = { owner: 'Codertocat', repo: 'Hello-World' };
  const run = async (
    number: number,
  ): Promise<GatheredEvidence & { calls: ReturnType<ReturnType<typeof createPullRequestSource>['requestCounts']> }> => {
    const source = createPullRequestSource(getOctokit('t', { baseUrl: server.url }), repo);
    const gathered = await gatherEvidence(source, {
      pullNumber: number,
      commandRfc: undefined,
      inputRfc: undefined,
      maxTokens: 80_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    return { ...gathered, calls: source.requestCounts() };
  };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'change-kinds-'));
    buildRepository(scratch);
    const shape = {
      title: opened.title,
      body: `${opened.body ?? ''}\n\nThe plan is in \`docs/café notes.md\`.`,
      author: opened.user.login,
      dropPatches: ['big/generated.txt'],
    };
    pulls.push(pullFixtureFromGit(scratch, 'base', 'head', { ...shape, number: opened.number }));
    pulls.push(
      pullFixtureFromGit(scratch, 'base', 'head', { ...shape, number: opened.number + 1, diffTooLarge: true }),
    );
    server = await startGitHubServer({ token: 't', repositories: [{ owner: repo.owner, name: repo.repo, pulls }] });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('lists every file with its one-line description, decoding quoted and non-ASCII names', async () => {
    const { pack, files } = await run(opened.number);
    expect(files.map((f) => f.path).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(pack.fileCount).toEqual({ listed: 20, total: 20, fromTrees: 0 });
    for (const [path, description] of Object.entries(EXPECTED)) {
      expect(pack.text, path).toContain(`- ${JSON.stringify(path)}: ${description} [`);
    }
    // git wrote the non-ASCII and quoted names in its C-quoted form; the pack has the real names.
    expect(pulls[0]!.diff).toContain('"a/docs/caf\\303\\251 notes.md"');
    expect(pack.text).toContain('DIFF "docs/日本語.md"');
    expect(pack.text).toContain('DIFF "say \\"hi\\".txt"');
  });

  it('fills a diff the file list left out from the whole diff, reads .gitattributes, and finds the RFC named in the body', async () => {
    const { pack, files } = await run(opened.number);
    expect(files.find((f) => f.path === 'big/generated.txt')).toMatchObject({
      kind: 'text',
      patchSource: 'whole-diff',
    });
    // big/** is linguist-generated at the head: its hunks come last.
    const diffs = [...pack.text.matchAll(/BEGIN EVIDENCE-\w+ DIFF "([^"]+)"/g)].map((m) => m[1]);
    expect(diffs.indexOf('big/generated.txt')).toBeGreaterThan(diffs.indexOf('src/modified.ts'));
    expect(diffs.indexOf('big/generated.txt')).toBeGreaterThan(diffs.indexOf('say \\'));
    expect(pack.rfcPaths).toEqual(['docs/café notes.md']);
    expect(pack.rfcNote).toBe('RFC named in the PR body: "docs/café notes.md"');
    expect(leftHunksOut(pack)).toBe(false);
  });

  it('numbers every shown line as the real files have it, on both sides', async () => {
    const { pack } = await run(opened.number);
    const pull = pulls[0]!;
    const { checked, mismatches } = checkPackAgainstTrees(pack, (side, path) =>
      pull.readFile(side === 'head' ? pull.head.sha : pull.base.sha, path),
    );
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(1_000);
  });

  it('verifies citations of either side, of renamed and non-ASCII files, and refuses the wrong side', async () => {
    const { pack } = await run(opened.number);
    const check = (c: Parameters<typeof verifyCitation>[0]) => verifyCitation(c, pack).status;
    expect(
      check({
        path: 'src/modified.ts',
        side: 'head',
        line_start: 11,
        line_end: 12,
        quote: 'changed line 11 added line 11b',
      }),
    ).toBe('verified');
    expect(
      check({ path: 'src/modified.ts', side: 'base', line_start: 11, line_end: 11, quote: 'modified line 11' }),
    ).toBe('verified');
    expect(check({ path: 'src/removed.ts', side: 'base', line_start: 5, line_end: 5, quote: 'removed line 5' })).toBe(
      'verified',
    );
    expect(check({ path: 'src/removed.ts', side: 'head', line_start: 5, line_end: 5, quote: 'removed line 5' })).toBe(
      'unverified',
    );
    // A renamed file is cited by its new name; its base lines live under the old name, where the link points.
    expect(
      verifyCitation(
        { path: 'src/edit-new.ts', side: 'base', line_start: 20, line_end: 20, quote: 'rename and edit line 20' },
        pack,
      ),
    ).toMatchObject({ status: 'verified', sidePath: 'src/edit-old.ts' });
    expect(
      check({ path: 'docs/café notes.md', side: 'head', line_start: 2, line_end: 2, quote: 'now with ünïcödé' }),
    ).toBe('verified');
    expect(check({ path: 'docs/日本語.md', line_start: 1, line_end: 1, quote: 'こんにちは' })).toBe('verified');
    expect(check({ path: 'docs/日本語.md', line_start: 2, line_end: 2, quote: 'こんにちは' })).toBe('unverified');
    expect(check({ path: 'assets/logo.png', line_start: 1, line_end: 1, quote: 'PNG' })).toBe('unverified');
    expect(check({ path: 'README.md', line_start: 1, line_end: 1, quote: 'Hello' })).toBe('unverified');
  });

  it('falls back to the file list alone on 406 too_large, says so, and never crashes', async () => {
    const { pack, files, calls } = await run(opened.number + 1);
    expect(calls.wholeDiff).toBe(1);
    expect(pack.notes.join(' ')).toMatch(/GitHub did not serve the whole diff of this PR \(HTTP 406/);
    expect(pack.fileCount).toEqual({ listed: 20, total: 20, fromTrees: 0 });
    const byPath = new Map(files.map((f) => [f.path, f]));
    // GitHub sent no diff for it and no whole diff: it is computed here from both sides (issue #14).
    expect(byPath.get('big/generated.txt')).toMatchObject({ kind: 'text', patchSource: 'local' });
    expect(pack.text).toContain(
      '- "big/generated.txt": modified, +400 -400; diff computed here from both sides (GitHub sent none) [diff',
    );
    expect(pack.notes.join(' ')).toMatch(
      /GitHub sent no diff for 1 changed text file, so its diff was computed here from the file at the merge base/,
    );
    expect(leftHunksOut(pack)).toBe(false);
    // What only git's modes could tell is described as unknown, not guessed.
    expect(pack.text).toContain(
      '- "assets/logo.png": binary or empty file modified (GitHub sent no diff and no line counts)',
    );
    expect(pack.text).toContain('- "empty.txt": binary or empty file added');
    expect(pack.text).toContain(
      '- "src/pure new.ts": renamed from "src/pure-old.ts"; no textual diff (a pure rename, or a binary file)',
    );
    // A submodule and an LFS pointer still show from their patches.
    expect(byPath.get('deps/lib')?.kind).toBe('submodule');
    expect(byPath.get('models/weights.bin')?.kind).toBe('lfs-pointer');
    const pull = pulls[1]!;
    expect(
      checkPackAgainstTrees(pack, (side, path) => pull.readFile(side === 'head' ? pull.head.sha : pull.base.sha, path))
        .mismatches,
    ).toEqual([]);
  });

  it('gives the same digest for the same PR state, run after run', async () => {
    const [a, b] = [await run(opened.number), await run(opened.number)];
    expect(a.pack.digest).toBe(b.pack.digest);
    expect(a.pack.text).toBe(b.pack.text);
  });
});
