import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePatch } from '../../src/evidence/parse-patch.js';
import { files } from '../support/evidence-fixtures.js';

describe('parsePatch', () => {
  it('numbers a hunk that deletes old line 11 and adds new 11-12 on the right sides', () => {
    const [hunk] = parsePatch(files[0]!.patch);
    expect(hunk!.header).toBe('@@ -10,3 +10,4 @@');
    expect(hunk!.base).toEqual({ start: 10, count: 3 });
    expect(hunk!.head).toEqual({ start: 10, count: 4 });
    expect(hunk!.lines.map((l) => [l.kind, l.baseLine, l.headLine])).toEqual([
      ['context', 10, 10],
      ['removed', 11, undefined],
      ['added', undefined, 11],
      ['added', undefined, 12],
      ['context', 12, 13],
    ]);
  });

  it('drops the "no newline" marker, reads omitted counts as 1, and returns nothing for a missing patch', () => {
    const [hunk] = parsePatch('@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file');
    expect(hunk!.lines.map((l) => l.text)).toEqual(['a', 'b']);
    expect(hunk!.base).toEqual({ start: 1, count: 1 });
    expect(parsePatch(undefined)).toEqual([]);
    expect(parsePatch('Binary files differ')).toEqual([]);
  });

  it('keeps the function context of a header and lines that look like headers or markers', () => {
    const hunks = parsePatch(
      '@@ -5,2 +5,2 @@ function retry() {\n-@@ not a header\n+--- not a file header\n \n@@ -20 +20 @@\n-x\n+y',
    );
    expect(hunks).toHaveLength(2);
    expect(hunks[0]!.header).toBe('@@ -5,2 +5,2 @@ function retry() {');
    expect(hunks[0]!.lines.map((l) => [l.kind, l.text])).toEqual([
      ['removed', '@@ not a header'],
      ['added', '--- not a file header'],
      ['context', ''],
    ]);
    expect(hunks[1]!.lines.map((l) => [l.baseLine, l.headLine])).toEqual([
      [20, undefined],
      [undefined, 20],
    ]);
  });

  it('reads a hunk only as far as its header counts: stray lines after it are never numbered', () => {
    const [hunk] = parsePatch('@@ -1 +1 @@\n-a\n+b\n+stray\n context');
    expect(hunk!.lines.map((l) => [l.kind, l.text, l.baseLine, l.headLine])).toEqual([
      ['removed', 'a', 1, undefined],
      ['added', 'b', undefined, 1],
    ]);
    expect(hunk!.head).toEqual({ start: 1, count: 1 });
  });

  it('property: numbers every line of a random hunk consecutively on its sides, as the header counts', () => {
    const op = fc.constantFrom(' ', '+', '-');
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            op,
            fc.string({ maxLength: 8 }).map((s) => s.replace(/\n/g, '')),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        (rows, baseStart, headStart) => {
          const baseCount = rows.filter(([o]) => o !== '+').length;
          const headCount = rows.filter(([o]) => o !== '-').length;
          const patch = `@@ -${baseStart},${baseCount} +${headStart},${headCount} @@\n${rows.map(([o, t]) => o + t).join('\n')}`;
          const [hunk] = parsePatch(patch);
          expect(hunk!.lines).toHaveLength(rows.length);
          const base = hunk!.lines.flatMap((l) => (l.baseLine === undefined ? [] : [l.baseLine]));
          const head = hunk!.lines.flatMap((l) => (l.headLine === undefined ? [] : [l.headLine]));
          expect(base).toEqual(Array.from({ length: baseCount }, (_, i) => baseStart + i));
          expect(head).toEqual(Array.from({ length: headCount }, (_, i) => headStart + i));
          hunk!.lines.forEach((l, i) => expect(l.text).toBe(rows[i]![1]));
        },
      ),
    );
  });
});
