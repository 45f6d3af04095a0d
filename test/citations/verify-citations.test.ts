import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tallyCitations, describeReasons, tagCitationForModels } from '../../src/citations/tally-citations.js';
import type { Citation } from '../../src/citations/citation.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import { cacheContent, fixturePack, pull } from '../support/evidence-fixtures.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

const pack = fixturePack();
const cacheLines = cacheContent.trimEnd().split('\n');
const check = (c: Citation) => verifyCitation(c, pack);

describe('verifyCitation', () => {
  it('verifies head lines of a full file, of a hunk-only file and of the RFC', () => {
    expect(
      check({
        path: 'src/cache.ts',
        side: 'head',
        line_start: 11,
        line_end: 12,
        quote: "'line 11 of cache'; const value12",
      }),
    ).toMatchObject({ status: 'verified' });
    expect(check({ path: 'src/cache.ts', line_start: 25, line_end: 25, quote: 'value25' })).toMatchObject({
      status: 'verified',
    });
    expect(check({ path: 'src/other file.ts', line_start: 5, line_end: 5, quote: 'added5' })).toMatchObject({
      status: 'verified',
    });
    expect(
      check({ path: 'docs/rfcs/0001-cache.md', line_start: 3, line_end: 3, quote: 'expire after 60   seconds' }),
    ).toMatchObject({ status: 'verified' });
  });

  describe('off by one: the hunk @@ -10,3 +10,4 @@ deletes old line 11 and adds new 11-12', () => {
    it('verifies the added lines at the head and the removed line at the base', () => {
      expect(
        check({
          path: 'src/cache.ts',
          side: 'head',
          line_start: 11,
          line_end: 12,
          quote: "const value11 = 'line 11 of cache'; const value12 = 'line 12 of cache';",
        }),
      ).toMatchObject({ status: 'verified' });
      expect(
        check({ path: 'src/cache.ts', side: 'base', line_start: 11, line_end: 11, quote: "const old11 = 'removed';" }),
      ).toMatchObject({ status: 'verified' });
      // Context lines exist on both sides, one number apart after the hunk's net +1.
      expect(
        check({ path: 'src/cache.ts', side: 'base', line_start: 12, line_end: 12, quote: 'value13' }),
      ).toMatchObject({ status: 'verified' });
      expect(
        check({ path: 'src/cache.ts', side: 'head', line_start: 13, line_end: 13, quote: 'value13' }),
      ).toMatchObject({ status: 'verified' });
      expect(
        check({ path: 'src/cache.ts', side: 'base', line_start: 10, line_end: 12, quote: "'removed'; const value13" }),
      ).toMatchObject({ status: 'verified' });
    });

    it('refuses the removed line cited at the head and points at the base', () => {
      expect(
        check({ path: 'src/cache.ts', side: 'head', line_start: 11, line_end: 11, quote: "const old11 = 'removed'" }),
      ).toMatchObject({
        status: 'unverified',
        reason: 'quote-mismatch',
        suggestion: { path: 'src/cache.ts', side: 'base', line_start: 11, line_end: 11 },
        detail: expect.stringContaining('src/cache.ts@base:11'),
      });
    });

    it('refuses an added line cited at the base, and the base beyond what the hunk shows', () => {
      expect(
        check({ path: 'src/cache.ts', side: 'base', line_start: 11, line_end: 11, quote: 'value11' }),
      ).toMatchObject({ status: 'unverified', reason: 'quote-mismatch', suggestion: { side: 'head', line_start: 11 } });
      expect(check({ path: 'src/cache.ts', side: 'base', line_start: 3, line_end: 3, quote: 'value3' })).toMatchObject({
        status: 'unverified',
        reason: 'content-omitted',
        suggestion: { side: 'head', line_start: 3 },
      });
    });

    it('refuses a line outside the hunk of a hunk-only file, a line past the end, and a file not in the PR', () => {
      expect(check({ path: 'src/other file.ts', line_start: 1, line_end: 1, quote: 'x' })).toMatchObject({
        status: 'unverified',
        reason: 'content-omitted',
      });
      expect(check({ path: 'src/cache.ts', line_start: 30, line_end: 31, quote: 'value30' })).toMatchObject({
        status: 'unverified',
        reason: 'line-out-of-range',
        detail: expect.stringContaining('has 30 lines at the head'),
      });
      expect(check({ path: 'docs/rfcs/0001-cache.md', line_start: 4, line_end: 4, quote: 'x' })).toMatchObject({
        status: 'unverified',
        reason: 'line-out-of-range',
      });
      expect(check({ path: 'src/nope.ts', line_start: 1, line_end: 1, quote: 'x' })).toMatchObject({
        status: 'unverified',
        reason: 'no-such-file',
      });
    });
  });

  it('refuses ranges that are not ranges, overlong ranges and empty quotes', () => {
    expect(check({ path: 'src/cache.ts', line_start: 0, line_end: 1, quote: 'value1' })).toMatchObject({
      reason: 'line-out-of-range',
    });
    expect(check({ path: 'src/cache.ts', line_start: 5, line_end: 4, quote: 'value4' })).toMatchObject({
      reason: 'line-out-of-range',
    });
    expect(check({ path: 'src/cache.ts', line_start: 1.5, line_end: 2, quote: 'value2' })).toMatchObject({
      reason: 'line-out-of-range',
    });
    expect(check({ path: 'src/cache.ts', line_start: 11, line_end: 11, quote: '   ' })).toMatchObject({
      reason: 'quote-mismatch',
      detail: 'the quote is empty',
    });
  });

  it('finds the file when a model writes ./path, the other Unicode form, or the whole reference in the path field', () => {
    expect(check({ path: './src/cache.ts', line_start: 2, line_end: 2, quote: 'value2 =' })).toMatchObject({
      status: 'verified',
    });
    const nfd = buildEvidencePack({
      pull,
      files: classifyFiles(
        [
          {
            path: 'docs/café.md',
            previousPath: undefined,
            status: 'modified',
            additions: 1,
            deletions: 0,
            patch: '@@ -1 +1,2 @@\n a\n+b',
          },
        ],
        undefined,
      ),
      rfc: { documents: [], note: '' },
      contents: new Map(),
      maxTokens: 10_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    expect(verifyCitation({ path: 'docs/cafe\u0301.md', line_start: 2, line_end: 2, quote: 'b' }, nfd)).toMatchObject({
      status: 'verified',
    });
    expect(check({ path: 'src/cache.ts:11', line_start: 11, line_end: 11, quote: 'value11' })).toMatchObject({
      reason: 'no-such-file',
      detail: expect.stringContaining('write the path alone'),
    });
  });

  it('suggests the right lines for a quote that exists elsewhere, without verifying it', () => {
    expect(
      check({ path: 'src/cache.ts', line_start: 3, line_end: 3, quote: "const value20 = 'line 20 of cache';" }),
    ).toMatchObject({
      status: 'unverified',
      reason: 'quote-mismatch',
      suggestion: { path: 'src/cache.ts', side: 'head', line_start: 20, line_end: 20 },
    });
    expect(
      check({ path: 'src/cache.ts', line_start: 3, line_end: 3, quote: "'line 20 of cache'; const value21" }),
    ).toMatchObject({ suggestion: { line_start: 20, line_end: 21 } });
    expect(check({ path: 'src/wrong.ts', line_start: 5, line_end: 5, quote: 'added5' })).toMatchObject({
      reason: 'no-such-file',
      suggestion: { path: 'src/other file.ts', line_start: 5 },
    });
  });

  it('property: a citation built from real lines verifies; shifting it off the quote, another path or an altered quote does not', () => {
    const range = fc
      .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 3 }))
      .map(([start, length]) => ({ start, end: Math.min(30, start + length) }));
    fc.assert(
      fc.property(
        range,
        fc.integer({ min: 1, max: 25 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.nat(),
        ({ start, end }, shift, noise, at) => {
          const quote = cacheLines.slice(start - 1, end).join('\n');
          expect(check({ path: 'src/cache.ts', side: 'head', line_start: start, line_end: end, quote }).status).toBe(
            'verified',
          );
          // Every line of the fixture is unique, so the quote cannot sit at a shifted range.
          const shiftedStart = start + shift;
          if (shiftedStart + (end - start) <= 30) {
            expect(
              check({ path: 'src/cache.ts', line_start: shiftedStart, line_end: shiftedStart + (end - start), quote })
                .status,
            ).toBe('unverified');
          }
          if (start - shift >= 1) {
            expect(
              check({ path: 'src/cache.ts', line_start: start - shift, line_end: end - shift, quote }).status,
            ).toBe('unverified');
          }
          expect(check({ path: 'src/cache2.ts', line_start: start, line_end: end, quote }).status).toBe('unverified');
          // The base shows only the hunk's lines 10-12, where line 10 is the same context line as at the head.
          expect(check({ path: 'src/cache.ts', side: 'base', line_start: start, line_end: end, quote }).status).toBe(
            start === 10 && end === 10 ? 'verified' : 'unverified',
          );
          // An alteration inside the quote: a character no line of the file holds.
          const i = at % (quote.length + 1);
          const altered = `${quote.slice(0, i)}§${noise.trim() === '' ? 'x' : noise}${quote.slice(i)}`;
          expect(check({ path: 'src/cache.ts', line_start: start, line_end: end, quote: altered }).status).toBe(
            'unverified',
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: on any generated file, quotes of real lines verify on their side and nowhere shifted', () => {
    // Without the characters the quote rule reads specially (an ellipsis, a gutter, a diff marker), which the property below covers.
    const lineText = fc
      .string({ minLength: 1, maxLength: 30 })
      .map((s) => s.replace(/[\r\n]/g, ' ').replace(/[.…|+-]/g, 'x'));
    fc.assert(
      fc.property(
        fc.uniqueArray(lineText, { minLength: 3, maxLength: 40, selector: (s) => s.trim().replace(/\s+/g, ' ') }),
        fc.nat(),
        fc.nat(),
        (lines, a, b) => {
          fc.pre(
            lines.every((l) => l.trim() !== '') &&
              lines.every((l, i) =>
                lines.every((m, j) => i === j || !m.replace(/\s+/g, ' ').includes(l.trim().replace(/\s+/g, ' '))),
              ),
          );
          const content = `${lines.join('\n')}\n`;
          const removed = 'gone line that only the base has';
          const files = classifyFiles(
            [
              {
                path: 'x/ünï code.txt',
                previousPath: undefined,
                status: 'modified',
                additions: 0,
                deletions: 1,
                patch: `@@ -1,2 +1,1 @@\n-${removed}\n ${lines[0]}`,
              },
            ],
            undefined,
          );
          const generated = buildEvidencePack({
            pull,
            files,
            rfc: { documents: [], note: '' },
            contents: new Map([['x/ünï code.txt', content]]),
            maxTokens: 100_000,
            charsPerToken: CHARS_PER_TOKEN,
          });
          const start = (a % lines.length) + 1;
          const end = Math.min(lines.length, start + (b % 3));
          const quote = lines.slice(start - 1, end).join('\n');
          const cite = (s: number, e: number, side: 'head' | 'base' = 'head') =>
            verifyCitation({ path: 'x/ünï code.txt', side, line_start: s, line_end: e, quote }, generated).status;
          expect(cite(start, end)).toBe('verified');
          if (end < lines.length) expect(cite(start + 1, end + 1)).toBe('unverified');
          if (start > 1) expect(cite(start - 1, end - 1)).toBe('unverified');
          expect(
            verifyCitation(
              { path: 'x/ünï code.txt', side: 'base', line_start: 1, line_end: 1, quote: removed },
              generated,
            ).status,
          ).toBe('verified');
          expect(
            verifyCitation(
              { path: 'x/ünï code.txt', side: 'head', line_start: 1, line_end: 1, quote: removed },
              generated,
            ).status,
          ).toBe('unverified');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the citation tally', () => {
  it('counts verified and unverified citations per reason, and tags each for the models', () => {
    const citations = [
      { path: 'src/cache.ts', side: 'head' as const, line_start: 2, line_end: 2, quote: 'value2 =' },
      { path: 'src/cache.ts', side: 'base' as const, line_start: 11, line_end: 11, quote: 'old11' },
      { path: 'src/nope.ts', line_start: 1, line_end: 1, quote: 'x' },
      { path: 'src/cache.ts', line_start: 2, line_end: 2, quote: 'value9' },
      { path: 'src/cache.ts', line_start: 4, line_end: 4, quote: 'value9' },
    ].map((c) => ({ ...c, check: check(c) }));
    const tally = tallyCitations(citations);
    expect(tally).toEqual({ verified: 2, unverified: 3, reasons: { 'no-such-file': 1, 'quote-mismatch': 2 } });
    expect(describeReasons(tally.reasons)).toBe('1 no such file, 2 quote mismatch');
    expect(tagCitationForModels(citations[1]!)).toBe('[verified] src/cache.ts@base:11 "old11"');
    expect(tagCitationForModels(citations[3]!)).toMatch(
      /^\[UNVERIFIED: the quote is not in src\/cache\.ts:2; it occurs at src\/cache\.ts:9\] src\/cache\.ts:2 "value9"$/,
    );
  });
});
