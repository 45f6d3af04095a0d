import { describe, expect, it } from 'vitest';
import { parsePatch } from '../../src/evidence/parse-patch.js';
import { files } from '../support/evidence-fixtures.js';

describe('parsePatch', () => {
  it('numbers a hunk that deletes old line 11 and adds new 11-12 on the right sides', () => {
    const [hunk] = parsePatch(files[0]!.patch);
    expect(hunk!.header).toBe('@@ -10,3 +10,4 @@');
    expect(hunk!.lines.map((l) => [l.kind, l.baseLine, l.headLine])).toEqual([
      ['context', 10, 10],
      ['removed', 11, undefined],
      ['added', undefined, 11],
      ['added', undefined, 12],
      ['context', 12, 13],
    ]);
  });

  it('drops the "no newline" marker and returns nothing for a missing patch', () => {
    const [hunk] = parsePatch('@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file');
    expect(hunk!.lines.map((l) => l.text)).toEqual(['a', 'b']);
    expect(parsePatch(undefined)).toEqual([]);
  });
});
