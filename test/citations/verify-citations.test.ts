import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditCitation, verifyCitation } from '../../src/citations/verify-citations.js';
import { cacheContent, fixturePack } from '../support/evidence-fixtures.js';

const pack = fixturePack();
const cacheLines = cacheContent.trimEnd().split('\n');

describe('verifyCitation', () => {
  it('verifies head lines of a full file, of a hunk-only file and of the RFC', () => {
    expect(verifyCitation({ path: 'src/cache.ts', line_start: 11, line_end: 12, quote: "'line 11 of cache'; const value12" }, pack)).toEqual({ status: 'verified' });
    expect(verifyCitation({ path: 'src/cache.ts', line_start: 25, line_end: 25, quote: "value25 = 'line 25" }, pack)).toEqual({ status: 'verified' });
    expect(verifyCitation({ path: 'src/other file.ts', line_start: 5, line_end: 5, quote: 'added5' }, pack)).toEqual({ status: 'verified' });
    expect(verifyCitation({ path: 'docs/rfcs/0001-cache.md', line_start: 3, line_end: 3, quote: 'expire after 60   seconds' }, pack)).toEqual({ status: 'verified' });
  });

  it('refuses a file not in the PR, a line past the end, a line outside the shown hunks, and a removed line cited as head', () => {
    expect(verifyCitation({ path: 'src/nope.ts', line_start: 1, line_end: 1, quote: 'x' }, pack)).toMatchObject({ status: 'unverified', reason: 'no-such-file' });
    expect(verifyCitation({ path: 'src/cache.ts', line_start: 30, line_end: 31, quote: 'value30' }, pack)).toMatchObject({ status: 'unverified', reason: 'line-out-of-range' });
    expect(verifyCitation({ path: 'src/other file.ts', line_start: 1, line_end: 1, quote: 'x' }, pack)).toMatchObject({ status: 'unverified', reason: 'content-omitted' });
    expect(verifyCitation({ path: 'src/cache.ts', line_start: 11, line_end: 11, quote: "const old11 = 'removed'" }, pack)).toMatchObject({ status: 'unverified', reason: 'quote-mismatch' });
  });

  it('refuses a quote too short to pin the lines, unless it is the whole cited text, and links under the pack’s own path', () => {
    expect(verifyCitation({ path: 'src/cache.ts', line_start: 25, line_end: 25, quote: ';' }, pack)).toMatchObject({ status: 'unverified', reason: 'quote-mismatch', detail: expect.stringContaining('too short') });
    expect(verifyCitation({ path: 'src/other file.ts', line_start: 4, line_end: 4, quote: 'keep4' }, pack)).toEqual({ status: 'verified' });
    expect(auditCitation({ path: './src/cache.ts', line_start: 25, line_end: 25, quote: "value25 = 'line 25" }, pack)).toMatchObject({ path: 'src/cache.ts', check: { status: 'verified' } });
    expect(verifyCitation({ path: ' src/cache.ts', line_start: 25, line_end: 25, quote: "value25 = 'line 25" }, pack).status).toBe('unverified');
  });

  it('suggests the right lines for a quote that exists elsewhere in the file, without verifying it', () => {
    const check = verifyCitation({ path: 'src/cache.ts', line_start: 3, line_end: 3, quote: "const value20 = 'line 20 of cache';" }, pack);
    expect(check).toMatchObject({ status: 'unverified', reason: 'quote-mismatch', suggestion: { line_start: 20, line_end: 20 } });
  });

  it('property: a citation built from real lines verifies; shifting it off the quote, another path or an altered quote does not', () => {
    const range = fc
      .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 3 }))
      .map(([start, length]) => ({ start, end: Math.min(30, start + length) }));
    fc.assert(
      fc.property(range, fc.integer({ min: 1, max: 25 }), fc.string({ minLength: 1, maxLength: 3 }), ({ start, end }, shift, noise) => {
        const quote = cacheLines.slice(start - 1, end).join('\n');
        expect(verifyCitation({ path: 'src/cache.ts', line_start: start, line_end: end, quote }, pack).status).toBe('verified');
        // Every line of the fixture is unique, so the quote cannot sit at a shifted range.
        const shiftedStart = start + shift;
        if (shiftedStart + (end - start) <= 30) {
          expect(verifyCitation({ path: 'src/cache.ts', line_start: shiftedStart, line_end: shiftedStart + (end - start), quote }, pack).status).toBe('unverified');
        }
        expect(verifyCitation({ path: 'src/cache2.ts', line_start: start, line_end: end, quote }, pack).status).toBe('unverified');
        const altered = `${quote}${noise.trim() === '' ? 'x' : noise}§`;
        expect(verifyCitation({ path: 'src/cache.ts', line_start: start, line_end: end, quote: altered }, pack).status).toBe('unverified');
      }),
    );
  });
});
