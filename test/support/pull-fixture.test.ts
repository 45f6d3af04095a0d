import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialiseCase } from '../../scripts/materialise-case.js';
import { diffTrees } from '../../eval/npm-pack-diff.js';
import type { MaterialisedCase } from '../../scripts/materialise-case.js';
import { startGitHubServer } from './github-server.js';
import type { FakePullRequest, GitHubServer } from './github-server.js';
import { pullFixtureFromCase, unquoteGitPath } from './pull-fixture.js';

/**
 * Walks every hunk of `patch` and compares each line with the file it claims to come from:
 * `+` lines with the head file at the head-side line number, `-` lines with the base file,
 * context lines with both. Returns the mismatches and how many lines were checked.
 */
function checkPatch(patch: string, head: string[], base: string[]): { checked: number; mismatches: string[] } {
  let oldLine = 0;
  let newLine = 0;
  let checked = 0;
  const mismatches: string[] = [];
  const expectLine = (side: string[], n: number, text: string, label: string): void => {
    checked += 1;
    if (side[n - 1] !== text)
      mismatches.push(`${label}:${n}: ${JSON.stringify(text)} != ${JSON.stringify(side[n - 1])}`);
  };
  for (const line of patch.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk !== null) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
    } else if (line.startsWith('\\')) {
      // "\ No newline at end of file"
    } else if (line.startsWith('+')) {
      expectLine(head, newLine++, line.slice(1), 'head');
    } else if (line.startsWith('-')) {
      expectLine(base, oldLine++, line.slice(1), 'base');
    } else {
      expectLine(head, newLine++, line.slice(1), 'head');
      expectLine(base, oldLine++, line.slice(1), 'base');
    }
  }
  return { checked, mismatches };
}

function linesOf(content: Buffer | undefined): string[] {
  return content === undefined ? [] : content.toString('utf8').split('\n');
}

describe('pullFixtureFromCase on commander-excess-arguments', () => {
  let m: MaterialisedCase;
  let pull: FakePullRequest;

  beforeAll(async () => {
    m = await materialiseCase('commander-excess-arguments');
    pull = pullFixtureFromCase(m, { number: 7, author: 'shadowspawn' });
  });

  it('has the files and line counts of meta.json', () => {
    const meta: unknown = JSON.parse(readFileSync(join(m.dir, 'meta.json'), 'utf8'));
    expect(meta).toEqual({
      package: 'commander',
      from: '12.1.0',
      to: '13.0.0',
      files_changed: 6,
      additions: 595,
      deletions: 177,
    });
    expect(pull.files).toHaveLength(6);
    expect(pull.files.reduce((sum, f) => sum + f.additions, 0)).toBe(595);
    expect(pull.files.reduce((sum, f) => sum + f.deletions, 0)).toBe(177);
    for (const file of pull.files) expect(file.changes).toBe(file.additions + file.deletions);
    expect(pull.files.map((f) => f.filename)).toEqual([
      'Readme.md',
      'lib/command.js',
      'lib/help.js',
      'lib/option.js',
      'package.json',
      'typings/index.d.ts',
    ]);
  });

  it('carries patches that need nothing applied: every line matches the head or base tree', () => {
    let checked = 0;
    for (const file of pull.files) {
      if (file.status === 'removed' || file.patch === undefined) continue;
      expect(file.patch.startsWith('@@ ')).toBe(true);
      expect(file.patch.endsWith('\n')).toBe(false);
      const result = checkPatch(
        file.patch,
        linesOf(pull.readFile(pull.head.sha, file.filename)),
        linesOf(pull.readFile(pull.base.sha, file.previous_filename ?? file.filename)),
      );
      expect(result.mismatches, file.filename).toEqual([]);
      checked += result.checked;
    }
    expect(checked).toBeGreaterThan(595 + 177);
  });

  it('takes title, body, SHAs and author from the case', () => {
    expect(pull).toMatchObject({ number: 7, title: m.case.title, body: m.case.body, user: { login: 'shadowspawn' } });
    expect(pull.head.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(pull.base.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(pull.head.sha).not.toBe(pull.base.sha);
    expect(pullFixtureFromCase(m).head.sha).toBe(pull.head.sha);
    expect(pull.readFile(pull.head.sha, '../meta.json')).toBeUndefined();
    expect(pull.readFile(pull.head.sha, 'lib')).toBeUndefined();
  });

  it('gives each file the blob SHA git computes for its head content', () => {
    const readme = pull.files.find((f) => f.filename === 'Readme.md');
    const expected = execFileSync('git', ['hash-object', '--no-filters', join(m.headDir, 'Readme.md')], {
      encoding: 'utf8',
      timeout: 10_000,
    }).trim();
    expect(readme?.sha).toBe(expected);
  });

  it('returns a cached case without rebuilding it', async () => {
    // Built again, the case would be renamed into place: a new folder, a new meta.json.
    const before = { dir: statSync(m.dir), meta: statSync(join(m.dir, 'meta.json')) };
    const again = await materialiseCase('commander-excess-arguments');
    expect(again.dir).toBe(m.dir);
    expect(statSync(m.dir)).toMatchObject({ ino: before.dir.ino, mtimeMs: before.dir.mtimeMs });
    expect(statSync(join(m.dir, 'meta.json'))).toMatchObject({ ino: before.meta.ino, mtimeMs: before.meta.mtimeMs });
  });

  it('rejects an unknown case id with the known ones', async () => {
    await expect(materialiseCase('no-such-case')).rejects.toThrow(
      /^Unknown case id "no-such-case"; known: .*commander-excess-arguments/,
    );
  });

  describe('served by the local GitHub server to the real Octokit', () => {
    let server: GitHubServer;
    const repo = { owner: 'tj', repo: 'commander.js' };

    beforeAll(async () => {
      server = await startGitHubServer({
        token: 't',
        repositories: [{ ...repo, owner: repo.owner, name: repo.repo, pulls: [pull] }],
      });
    });
    afterAll(async () => {
      await server.close();
    });

    it('lists the files, diff and contents of the case', async () => {
      const octokit = getOctokit('t', { baseUrl: server.url });
      const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: 7, per_page: 2 });
      expect(files.map(({ blob_url: _b, raw_url: _r, contents_url: _c, ...rest }) => rest)).toEqual(pull.files);

      const { data: json } = await octokit.rest.pulls.get({ ...repo, pull_number: 7 });
      expect(json).toMatchObject({ changed_files: 6, additions: 595, deletions: 177, title: m.case.title });

      const { data: diff } = await octokit.rest.pulls.get({ ...repo, pull_number: 7, mediaType: { format: 'diff' } });
      expect(diff).toBe(readFileSync(m.diffPath, 'utf8'));

      const { data: rfc } = await octokit.rest.repos.getContent({
        ...repo,
        path: m.case.rfc_path,
        ref: pull.head.sha,
        mediaType: { format: 'raw' },
      });
      expect(rfc).toBe(readFileSync(join(m.headDir, m.case.rfc_path), 'utf8'));
    });
  });
});

describe('pullFixtureFromCase on git’s edge cases', () => {
  let scratch: string;
  let pull: FakePullRequest;
  let diff: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'pull-fixture-'));
    const trees = join(scratch, 'd');
    const a = join(trees, 'a');
    const b = join(trees, 'b');
    for (const dir of [a, b]) mkdirSync(join(dir, 'sub'), { recursive: true });
    const lines = (n: number, last = n): string =>
      Array.from({ length: n }, (_, i) => `line ${i === n - 1 ? last : i + 1}`).join('\n') + '\n';
    writeFileSync(join(a, 'café.md'), 'hello\n');
    writeFileSync(join(b, 'café.md'), 'hello\nwörld\n');
    writeFileSync(join(b, 'with space.txt'), 'x\n');
    writeFileSync(join(a, 'old-name.js'), lines(8));
    writeFileSync(join(b, 'new-name.js'), lines(8));
    writeFileSync(join(a, 'sub', 'r.js'), lines(10));
    writeFileSync(join(b, 'sub', 'r è.js'), lines(10, 99));
    writeFileSync(join(a, 'logo.png'), Buffer.from([0x89, 0x50, 0, 1, 2]));
    writeFileSync(join(b, 'logo.png'), Buffer.from([0x89, 0x50, 0, 3, 4]));
    writeFileSync(join(a, 'gone.txt'), 'bye\n');
    writeFileSync(join(a, 'gone.bin'), Buffer.from([0, 0, 7]));
    writeFileSync(join(a, 'script.sh'), '#!/bin/sh\n');
    writeFileSync(join(b, 'script.sh'), '#!/bin/sh\n');
    chmodSync(join(b, 'script.sh'), 0o755);
    writeFileSync(join(b, 'empty.txt'), '');
    writeFileSync(join(a, 'nonl.txt'), 'no newline');
    writeFileSync(join(b, 'nonl.txt'), 'no newline!');
    await diffTrees(trees, join(scratch, 'pr.diff'), scratch);
    renameSync(a, join(scratch, 'base'));
    renameSync(b, join(scratch, 'head'));
    diff = readFileSync(join(scratch, 'pr.diff'), 'utf8');
    pull = pullFixtureFromCase({
      case: {
        id: 'edge',
        package: '@scope/edge',
        from: '1.0.0',
        to: '2.0.0',
        rfc_path: 'café.md',
        title: 'Edge cases',
        body: '',
        positions: ['a', 'b'],
        why: '',
        size: { files: 0, additions: 0, deletions: 0 },
      },
      dir: scratch,
      baseDir: join(scratch, 'base'),
      headDir: join(scratch, 'head'),
      diffPath: join(scratch, 'pr.diff'),
      meta: { package: '@scope/edge', from: '1.0.0', to: '2.0.0', files_changed: 0, additions: 0, deletions: 0 },
    });
  });

  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes GitHub-style headers', () => {
    expect(diff).toContain('diff --git a/empty.txt b/empty.txt\n');
    expect(diff).toContain('diff --git a/gone.txt b/gone.txt\n');
    expect(diff).toContain('rename from old-name.js\nrename to new-name.js\n');
    expect(diff).toContain('diff --git "a/caf\\303\\251.md" "b/caf\\303\\251.md"\n');
  });

  it('decodes quoted paths and tells every status apart', () => {
    const byName = new Map(pull.files.map((f) => [f.filename, f]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'café.md',
        'empty.txt',
        'gone.bin',
        'gone.txt',
        'logo.png',
        'new-name.js',
        'nonl.txt',
        'script.sh',
        'sub/r è.js',
        'with space.txt',
      ].sort(),
    );
    expect(byName.get('café.md')).toMatchObject({
      status: 'modified',
      additions: 1,
      deletions: 0,
      patch: '@@ -1 +1,2 @@\n hello\n+wörld',
    });
    expect(byName.get('with space.txt')).toMatchObject({ status: 'added', additions: 1, patch: '@@ -0,0 +1 @@\n+x' });
    expect(byName.get('empty.txt')).toEqual({
      filename: 'empty.txt',
      status: 'added',
      additions: 0,
      deletions: 0,
      changes: 0,
      sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
    });
    expect(byName.get('new-name.js')).toEqual(
      expect.objectContaining({ status: 'renamed', previous_filename: 'old-name.js', changes: 0 }),
    );
    expect(byName.get('new-name.js')).not.toHaveProperty('patch');
    expect(byName.get('sub/r è.js')).toMatchObject({
      status: 'renamed',
      previous_filename: 'sub/r.js',
      additions: 1,
      deletions: 1,
    });
    expect(byName.get('sub/r è.js')?.patch).toBe(
      '@@ -7,4 +7,4 @@ line 6\n line 7\n line 8\n line 9\n-line 10\n+line 99',
    );
    expect(byName.get('logo.png')).toMatchObject({ status: 'modified', changes: 0 });
    expect(byName.get('logo.png')).not.toHaveProperty('patch');
    expect(byName.get('gone.bin')).toMatchObject({ status: 'removed', changes: 0 });
    expect(byName.get('gone.txt')).toMatchObject({ status: 'removed', deletions: 1, patch: '@@ -1 +0,0 @@\n-bye' });
    expect(byName.get('script.sh')).toMatchObject({ status: 'changed', changes: 0 });
    expect(byName.get('nonl.txt')?.patch).toBe(
      '@@ -1 +1 @@\n-no newline\n\\ No newline at end of file\n+no newline!\n\\ No newline at end of file',
    );
  });

  it('matches the blob SHAs in git’s index lines', () => {
    const sections = diff.split(/^diff --git /m).slice(1);
    expect(sections).toHaveLength(pull.files.length);
    let compared = 0;
    pull.files.forEach((file, i) => {
      const index = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/m.exec(sections[i] ?? '');
      if (index === null) return;
      const abbreviated = file.status === 'removed' ? index[1] : index[2];
      expect(file.sha.startsWith(abbreviated ?? '-'), file.filename).toBe(true);
      compared += 1;
    });
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it('unquotes C-style escapes', () => {
    expect(unquoteGitPath('"a/caf\\303\\251.md"')).toBe('a/café.md');
    expect(unquoteGitPath('"tab\\there \\"q\\" back\\\\slash"')).toBe('tab\there "q" back\\slash');
    expect(unquoteGitPath('plain name')).toBe('plain name');
  });
});
