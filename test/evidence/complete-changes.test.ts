import { describe, expect, it } from 'vitest';
import { completeChanges } from '../../src/evidence/complete-changes.js';
import { heuristicPriority } from '../../src/evidence/file-priority.js';
import type { EvidenceSource, FileRead } from '../../src/evidence/evidence-source.js';
import type { ChangedFile, PullRequestInfo } from '../../src/evidence/evidence-types.js';

/** completeChanges over an in-memory source: what is diffed here, what stays described. */
describe('completeChanges', () => {
  const HEAD = 'a'.repeat(40);
  const MERGE_BASE = 'c'.repeat(40);
  const pull: PullRequestInfo = {
    number: 1,
    title: 't',
    body: '',
    author: 'a',
    headSha: HEAD,
    baseSha: 'b'.repeat(40),
    baseRef: 'main',
    htmlUrl: 'https://github.com/o/r/pull/1',
    changedFiles: 3,
  };
  const sides: Record<string, Record<string, FileRead>> = {
    [HEAD]: { 'logo.png': { binary: true }, 'big.txt': { text: 'one\nTWO\nthree\n' }, 'new.txt': { text: 'fresh\n' } },
    [MERGE_BASE]: { 'logo.png': { binary: true }, 'big.txt': { text: 'one\ntwo\nthree\n' } },
  };
  const reads: { ref: string; texts: string[] }[] = [];
  const source = {
    getMergeBase: () => Promise.resolve({ sha: MERGE_BASE, treeSha: 'd'.repeat(40) }),
    getTree: (sha: string) =>
      Promise.resolve({
        truncated: false,
        entries:
          sha === HEAD
            ? [
                { path: 'big.txt', mode: '100644', type: 'blob', sha: '1'.repeat(40) },
                { path: 'logo.png', mode: '100644', type: 'blob', sha: '2'.repeat(40) },
                { path: 'new.txt', mode: '100644', type: 'blob', sha: '3'.repeat(40) },
              ]
            : [
                { path: 'big.txt', mode: '100644', type: 'blob', sha: '4'.repeat(40) },
                { path: 'logo.png', mode: '100644', type: 'blob', sha: '5'.repeat(40) },
              ],
      }),
    fetchFiles: (request: { texts: string[] }, ref: string) => {
      reads.push({ ref, texts: request.texts });
      return Promise.resolve({
        texts: new Map(request.texts.flatMap((p) => (sides[ref]?.[p] ? [[p, sides[ref][p]] as const] : []))),
        sizes: new Map(),
      });
    },
  } as unknown as EvidenceSource;
  const listed: ChangedFile[] = [
    {
      path: 'big.txt',
      previousPath: undefined,
      status: 'modified',
      additions: 1,
      deletions: 1,
      patch: undefined,
      kind: 'too-large',
    },
  ];

  it('diffs text files from the merge base and the head, names the rest from the trees, and never diffs a binary file', async () => {
    const done = await completeChanges(source, pull, listed, heuristicPriority);
    const byPath = new Map(done.files.map((f) => [f.path, f]));
    expect(byPath.get('big.txt')).toMatchObject({
      patchSource: 'local',
      kind: 'text',
      patch: '@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three',
      additions: 1,
      deletions: 1,
    });
    expect(byPath.get('new.txt')).toMatchObject({
      status: 'added',
      listedBy: 'git-trees',
      patch: '@@ -0,0 +1 @@\n+fresh',
      additions: 1,
      deletions: 0,
    });
    expect(byPath.get('logo.png')).toMatchObject({
      status: 'modified',
      listedBy: 'git-trees',
      kind: 'binary',
      patch: undefined,
    });
    // Base sides are read at the merge base, not at the base branch's tip.
    expect(reads.map((r) => r.ref).sort()).toEqual([HEAD, MERGE_BASE].sort());
    expect(reads.find((r) => r.ref === MERGE_BASE)?.texts).not.toContain('new.txt');
    expect(done.notes.join(' ')).toContain('the other 2 changed files were found by comparing the git trees');
  });
});
