import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { citationSchema, formatCitationRef, needsQuoting, parseCitationRef } from '../../src/citations/citation.js';

describe('the citation grammar', () => {
  it('writes head citations as path:N or path:N-M and base citations as path@base:N', () => {
    expect(formatCitationRef({ path: 'lib/a.js', side: 'head', line_start: 12, line_end: 12 })).toBe('lib/a.js:12');
    expect(formatCitationRef({ path: 'lib/a.js', line_start: 12, line_end: 18 })).toBe('lib/a.js:12-18');
    expect(formatCitationRef({ path: 'lib/a.js', side: 'base', line_start: 40, line_end: 40 })).toBe(
      'lib/a.js@base:40',
    );
    expect(formatCitationRef({ path: 'docs/a b/é 設計.md', side: 'head', line_start: 3, line_end: 4 })).toBe(
      'docs/a b/é 設計.md:3-4',
    );
  });

  it('reads paths with spaces, colons, @ and non-ASCII characters', () => {
    expect(parseCitationRef('docs/a b/é 設計.md:3-4')).toEqual({
      ok: true,
      ref: { path: 'docs/a b/é 設計.md', side: 'head', line_start: 3, line_end: 4 },
    });
    expect(parseCitationRef('C:weird:name.txt:7')).toEqual({
      ok: true,
      ref: { path: 'C:weird:name.txt', side: 'head', line_start: 7, line_end: 7 },
    });
    expect(parseCitationRef('lib/a@b.js@base:40')).toEqual({
      ok: true,
      ref: { path: 'lib/a@b.js', side: 'base', line_start: 40, line_end: 40 },
    });
    expect(parseCitationRef('lib/a.js@head:2–5')).toEqual({
      ok: true,
      ref: { path: 'lib/a.js', side: 'head', line_start: 2, line_end: 5 },
    });
  });

  it('quotes the paths a bare reference would misread, and reads them back', () => {
    for (const path of ['notes@base', ' padded ', '"quoted".md', 'line\nbreak', '']) {
      expect(needsQuoting(path)).toBe(true);
      const ref = formatCitationRef({ path, side: 'base', line_start: 1, line_end: 2 });
      expect(ref.startsWith('"')).toBe(true);
      expect(parseCitationRef(ref)).toEqual({ ok: true, ref: { path, side: 'base', line_start: 1, line_end: 2 } });
    }
  });

  it('refuses what is not a reference, and says why', () => {
    for (const text of [
      'lib/a.js',
      'lib/a.js:',
      'lib/a.js:0',
      'lib/a.js:9-3',
      ':12',
      '"unterminated:3',
      '"a"x:3',
      'lib/a.js:1-2-3',
    ]) {
      const parsed = parseCitationRef(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(10);
    }
  });

  it('property: every citation reads back exactly as it was written', () => {
    const path = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('a@base', 'x:1', '"', ' a', 'é/ü.md'),
    );
    fc.assert(
      fc.property(
        path,
        fc.constantFrom('head' as const, 'base' as const),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        (p, side, start, length) => {
          const ref = { path: p, side, line_start: start, line_end: start + length };
          expect(parseCitationRef(formatCitationRef(ref))).toEqual({ ok: true, ref });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('asks models for the side and reads a citation without one as the head', () => {
    const json = z.toJSONSchema(citationSchema) as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    expect(json.required).toContain('side');
    expect(json.properties.side?.enum).toEqual(['head', 'base']);
    expect(citationSchema.parse({ path: 'a', line_start: 1, line_end: 1, quote: 'x' }).side).toBe('head');
    expect(citationSchema.safeParse({ path: 'a', side: 'left', line_start: 1, line_end: 1, quote: 'x' }).success).toBe(
      false,
    );
  });
});
