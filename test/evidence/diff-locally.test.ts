import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRealCases, materialiseCase } from '../../scripts/materialise-case.js';
import { diffLocally } from '../../src/evidence/diff-locally.js';
import { parseGitDiff } from '../../src/evidence/parse-git-diff.js';
import { isolatedGitEnv } from '../support/pull-fixture.js';

/** A diff computed here is numbered as git numbers it (GitHub's `patch` is git's), checked against git itself. */
describe('diffLocally', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pr-debate-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the patch git writes: headers, function context, added and removed files, a missing final newline', () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', dir, ...args], { env: isolatedGitEnv() }).toString('utf8');
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  step(${i + 1});`).join('\n');
    const sides = {
      'retry.js': [
        `function retry(times) {\n${body(40)}\n}\n\nfunction other() {\n${body(30)}\n}\n`,
        `function retry(times) {\n${body(40).replace('step(12);', 'step(12, true);')}\n}\n\nfunction other() {\n${body(30).replace('  step(25);\n', '')}\n  done();\n}\n`,
      ],
      'gone.txt': ['a\nb\n', undefined],
      'new.txt': [undefined, 'x\ny\nz\n'],
      'nonl.txt': ['one\ntwo', 'one\nTWO'],
    } as const;
    git('init', '-q', '-b', 'main');
    for (const [path, [base]] of Object.entries(sides)) if (base !== undefined) writeFileSync(join(dir, path), base);
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    for (const [path, [, head]] of Object.entries(sides)) {
      if (head === undefined) rmSync(join(dir, path));
      else writeFileSync(join(dir, path), head);
    }
    git('add', '-A');
    const byPath = new Map(parseGitDiff(git('diff', '--cached', '--no-color')).map((f) => [f.path, f]));
    for (const [path, [base, head]] of Object.entries(sides)) {
      const local = diffLocally(base ?? '', head ?? '');
      const theirs = byPath.get(path)!;
      expect(local?.patch, path).toBe(theirs.patch);
      expect([local?.additions, local?.deletions], path).toEqual([theirs.additions, theirs.deletions]);
    }
    expect(byPath.get('retry.js')!.patch).toContain('@@ function retry(times) {');
  });

  it('on the real cases: every local patch turns the base into the head, and its hunk headers are git’s', async () => {
    let files = 0;
    let hunks = 0;
    let sameHunks = 0;
    for (const realCase of await loadRealCases()) {
      const m = await materialiseCase(realCase.id);
      for (const file of parseGitDiff(readFileSync(m.diffPath, 'utf8'))) {
        if (file.binary || file.patch === undefined) continue;
        const read = (root: string, path: string) =>
          existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined;
        const base = file.status === 'added' ? '' : read(m.baseDir, file.previousPath ?? file.path);
        const head = file.status === 'removed' ? '' : read(m.headDir, file.path);
        if (base === undefined || head === undefined || base.includes('\u0000')) continue;
        const local = diffLocally(base, head)!;
        expect(applyPatch(base, local.patch ?? ''), `${realCase.id} ${file.path}`).toBe(head);
        const rows = (local.patch ?? '').split('\n');
        expect([local.additions, local.deletions]).toEqual([
          rows.filter((r) => r.startsWith('+')).length,
          rows.filter((r) => r.startsWith('-')).length,
        ]);
        const theirs = file.patch.split('\n').filter((l) => l.startsWith('@@'));
        const ours = (local.patch ?? '').split('\n').filter((l) => l.startsWith('@@'));
        files += 1;
        hunks += theirs.length;
        sameHunks += theirs.filter((h, i) => ours[i] === h).length;
      }
    }
    expect(files).toBeGreaterThan(500);
    // Git's indent heuristic slides some ambiguous hunks by a line where jsdiff does not (measured: 2,157 of 2,218).
    expect(sameHunks / hunks).toBeGreaterThan(0.95);
  }, 60_000);
});
