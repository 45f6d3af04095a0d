import { describe, expect, it } from 'vitest';
import { countUnseen } from '../../src/evidence/count-unseen.js';
import type { ChangedFile } from '../../src/evidence/evidence-types.js';
import type { FileState } from '../../src/evidence/list-files.js';

/** Issue 30: which changed files the models did not see (record `evidence.unseen`). */
const file = (path: string, extra: Partial<ChangedFile>): ChangedFile => ({
  path,
  previousPath: undefined,
  status: 'modified',
  additions: 0,
  deletions: 0,
  patch: undefined,
  ...extra,
});
const state = (diff: FileState['diff'], content = false): FileState => ({ diff, content, listed: diff !== 'none' });
const EMPTY = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';

describe('countUnseen', () => {
  it('counts binaries, LFS objects, patchless files GitHub sent nothing for, renames it cannot vouch for, and files it did not name', () => {
    const files = [
      file('lib/native.node', { kind: 'binary' }),
      file('assets/logo.png', { kind: 'lfs-pointer', patch: '@@ -1 +1 @@' }),
      file('dist/index.js', { kind: 'too-large', additions: 9000, deletions: 9000, missingDiff: 'github' }),
      file('old/name.bin', {
        kind: 'no-content-change',
        status: 'renamed',
        previousPath: 'name.bin',
        blobs: { base: 'a'.repeat(40), head: 'b'.repeat(40) },
      }),
      // Seen, or not this count's business:
      file('src/a.ts', { kind: 'text', patch: '@@ -1 +1 @@' }),
      file('src/cut.ts', { kind: 'text', patch: '@@ -1 +1 @@' }),
      file('big/computed.js', { kind: 'too-large', additions: 1, deletions: 1, missingDiff: 'budget' }),
      file('shown/whole.js', { kind: 'too-large', additions: 5, deletions: 5 }),
      file('same/blob.txt', {
        kind: 'no-content-change',
        status: 'renamed',
        previousPath: 'blob.txt',
        blobs: { base: 'c'.repeat(40), head: 'c'.repeat(40) },
      }),
      file('mode/only.sh', {
        kind: 'no-content-change',
        status: 'renamed',
        previousPath: 'only.sh',
        mode: { base: '100644', head: '100755' },
      }),
      file('empty.txt', { kind: 'binary', status: 'added', blobs: { base: undefined, head: EMPTY } }),
      file('gone.txt', { kind: 'empty', status: 'removed' }),
    ];
    const states = new Map<string, FileState>(
      files.map((f) => [f.path, state(f.patch === undefined ? 'none' : 'all')]),
    );
    states.set('src/cut.ts', state('omitted'));
    states.set('shown/whole.js', state('none', true));
    expect(countUnseen(files, states, files.length + 2)).toEqual({
      paths: ['lib/native.node', 'assets/logo.png', 'dist/index.js', 'old/name.bin'],
      count: 6,
    });
  });
});
