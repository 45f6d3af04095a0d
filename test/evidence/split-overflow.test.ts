import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import { lowPriorityClassifier } from '../../src/evidence/file-priority.js';
import { nothingToDebate } from '../../src/evidence/nothing-to-debate.js';
import { parsePatch } from '../../src/evidence/parse-patch.js';
import { partHunks, renderPart } from '../../src/evidence/render-part.js';
import { countCoverage, READER_PART_TOKENS, unreadCandidates } from '../../src/evidence/split-overflow.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { fixturePack, overflowInput, overflowPack } from '../support/evidence-fixtures.js';

/**
 * The overflow (issue #40): the changed hunks the pack cannot hold, split into parts that readers read.
 * Every hunk is in exactly one place; a part fits its budget; parts go by file and hunk, source before
 * generated, largest first, a file's hunks whole where they fit; and the same evidence and budget give
 * the same parts, which is what lets the merge gate rebuild them.
 */

const totalHunks = (input: ReturnType<typeof overflowInput>) =>
  input.files.reduce((sum, f) => sum + parsePatch(f.patch).length, 0);
const partText = (pack: EvidencePack) => pack.coverage.parts.map((part) => renderPart(part, pack));

describe('splitOverflow', () => {
  it('property: every changed hunk is in the pack, in one part, or set aside as generated, and every part fits min(budget, 32,000 tokens)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_200, max: 8_000 }), fc.boolean(), (budget, readGenerated) => {
        const input = overflowInput(budget, readGenerated);
        const pack = buildEvidencePack(input);
        const counted = countCoverage(pack.coverage, new Set(pack.coverage.parts.map((p) => p.number)));
        expect(counted.shown + counted.read + counted.generatedSkipped).toBe(totalHunks(input));
        expect(counted.unread).toBe(0);
        const limit = Math.min(budget, READER_PART_TOKENS) * input.charsPerToken;
        for (const text of partText(pack)) expect(text.length).toBeLessThanOrEqual(limit);
        // A hunk is in one place: no part repeats one, and none is both in a part and in the pack.
        const keys = pack.coverage.parts.flatMap((p) =>
          p.files.flatMap((f) => [...new Set(f.pieces.map((x) => `${f.path}#${x.hunk}`))]),
        );
        expect(new Set(keys).size).toBe(keys.length);
        if (readGenerated) expect(pack.coverage.generatedSkipped).toEqual([]);
      }),
      { seed: 40, numRuns: 60 },
    );
  });

  it('forms parts by file and hunk, largest first, a file whole where it fits, source before generated', () => {
    const pack = overflowPack(1_500, true);
    const parts = pack.coverage.parts;
    // The largest source file comes first, split between hunks as it does not fit one part.
    expect(parts[0]!.files.map((f) => f.path)).toEqual(['src/big.ts']);
    expect(parts.flatMap((p) => p.files.filter((f) => f.path === 'src/big.ts')).length).toBeGreaterThan(1);
    // Small files are never split: each file's hunks sit in one part.
    for (const path of ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts'])
      expect(parts.filter((p) => p.files.some((f) => f.path === path))).toHaveLength(1);
    // Generated files come after every source file.
    const order = parts.flatMap((p) => p.files.map((f) => f.generated));
    expect(order.indexOf(true)).toBeGreaterThan(order.lastIndexOf(false));
    // The same evidence and budget give the same parts.
    expect(overflowPack(1_500, true).coverage).toEqual(pack.coverage);
  });

  it('leaves generated, vendored and lock files to no one unless read-generated, and keeps them out of the unread', () => {
    const pack = overflowPack(3_000);
    expect(pack.coverage.parts.flatMap((p) => p.files.map((f) => f.path))).not.toContain('dist/bundle.js');
    expect(pack.coverage.generatedSkipped).toEqual([{ path: 'dist/bundle.js', hunks: 20 }]);
    const counted = countCoverage(pack.coverage, new Set());
    expect(counted.generatedSkipped).toBe(20);
    expect(counted.unreadFiles.map((f) => f.path)).not.toContain('dist/bundle.js');
    expect(unreadCandidates(pack.coverage)).not.toContain('dist/bundle.js');
    const read = overflowPack(3_000, true);
    expect(read.coverage.generatedSkipped).toEqual([]);
    expect(unreadCandidates(read.coverage)).toContain('dist/bundle.js');
  });

  it('counts unread the hunks of the parts not read, by file; a hunk split over parts is read only when all its pieces are', () => {
    const pack = overflowPack(1_500);
    const all = countCoverage(pack.coverage, new Set());
    expect(all.unread).toBe(all.unreadFiles.reduce((sum, f) => sum + f.hunks, 0));
    const first = countCoverage(pack.coverage, new Set([1]));
    expect(first.read).toBe(partHunks(pack.coverage.parts[0]!));
    expect(first.unread).toBe(all.unread - first.read);

    // One hunk of 400 changed lines in a file: larger than any part, so it is read in pieces.
    const long = `@@ -1,400 +1,400 @@\n${Array.from({ length: 400 }, (_, i) => `-old line ${i} ${'x'.repeat(40)}`).join('\n')}\n${Array.from({ length: 400 }, (_, i) => `+new line ${i} ${'y'.repeat(40)}`).join('\n')}`;
    const files = classifyFiles(
      [
        {
          path: 'src/long.ts',
          previousPath: undefined,
          status: 'modified',
          additions: 400,
          deletions: 400,
          patch: long,
        },
      ],
      undefined,
    );
    const split = buildEvidencePack({
      ...overflowInput(1_500),
      files,
      pull: { ...overflowInput().pull, changedFiles: 1 },
    });
    const pieces = split.coverage.parts.flatMap((p) => p.files.flatMap((f) => f.pieces));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.piece?.of === pieces.length)).toBe(true);
    // Each piece is a run of the hunk's lines, in order, and together they are the whole hunk.
    expect(pieces.flatMap((p) => p.shown.lines)).toEqual(parsePatch(long)[0]!.lines);
    const numbers = split.coverage.parts.map((p) => p.number);
    expect(countCoverage(split.coverage, new Set(numbers.slice(1))).read).toBe(0);
    expect(countCoverage(split.coverage, new Set(numbers)).read).toBe(1);
    expect(renderPart(split.coverage.parts[0]!, split)).toMatch(/@@ -1,400 \+1,400 @@ \[part 1 of \d+ of this hunk\]/);
  });

  it('leaves no overflow when the pack holds every hunk: nothing for readers', () => {
    expect(fixturePack().coverage).toEqual({ shown: 3, parts: [], generatedSkipped: [], noDiff: [] });
  });
});

describe('nothingToDebate', () => {
  const modified = (path: string) => ({
    path,
    previousPath: undefined,
    status: 'modified' as const,
    additions: 1,
    deletions: 0,
    patch: '@@ -1 +1,2 @@\n a\n+b',
  });
  const classify = lowPriorityClassifier('dist/** linguist-generated\n');

  it('refuses an empty change and one whose every file is generated, in one sentence; read-generated debates the latter', () => {
    expect(nothingToDebate([], 0, classify, false)).toBe(
      'Nothing to debate: no file differs between the base and the head of this change.',
    );
    const generated = classifyFiles([modified('dist/index.js'), modified('package-lock.json')], undefined);
    expect(nothingToDebate(generated, 2, classify, false)).toMatch(
      /^Nothing to debate: every file this change touches \(2\) is generated, vendored or a lock file, .* `read-generated: true`\.$/,
    );
    expect(nothingToDebate(generated, 2, classify, true)).toBeUndefined();
    // One source file, or files GitHub did not list (unknown), is something to debate.
    expect(
      nothingToDebate([...generated, ...classifyFiles([modified('src/a.ts')], undefined)], 3, classify, false),
    ).toBeUndefined();
    expect(nothingToDebate(generated, 3_100, classify, false)).toBeUndefined();
  });

  it('is said by the pack', () => {
    const pack = buildEvidencePack({
      ...overflowInput(),
      files: [],
      pull: { ...overflowInput().pull, changedFiles: 0 },
    });
    expect(pack.nothingToDebate).toMatch(/^Nothing to debate/);
    expect(overflowPack().nothingToDebate).toBeUndefined();
  });
});
