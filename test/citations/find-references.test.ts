import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkReferences } from '../../src/citations/check-references.js';
import { findCitationRefs, formatCitationRef } from '../../src/citations/citation.js';
import { fixturePack } from '../support/evidence-fixtures.js';

const repository = { serverUrl: 'https://github.com', owner: 'octo', repo: 'widgets' };
const found = (text: string) => findCitationRefs(text, { repository }).map((f) => [f.raw, formatCitationRef(f.ref)]);

/** References that models write in their prose (issue #11), found with the one citation grammar. */
describe('references in prose', () => {
  it('finds path:N, path:N-M, path@base:N, quoted paths and references in code spans, with the punctuation around them left out', () => {
    expect(
      found(
        'See lib/a.js:12, `src/cache.ts:11-12` and (lib/gone.js@base:1). Readme.md:40; "docs/a b.md":5 and ./lib/a.js:7.',
      ),
    ).toEqual([
      ['lib/a.js:12', 'lib/a.js:12'],
      ['src/cache.ts:11-12', 'src/cache.ts:11-12'],
      ['lib/gone.js@base:1', 'lib/gone.js@base:1'],
      ['Readme.md:40', 'Readme.md:40'],
      ['"docs/a b.md":5', 'docs/a b.md:5'],
      ['./lib/a.js:7', './lib/a.js:7'],
    ]);
    expect(found('lib/é.js:3 and lib/a.js:3–5 and lib/a.js@head:2')).toEqual([
      ['lib/é.js:3', 'lib/é.js:3'],
      ['lib/a.js:3–5', 'lib/a.js:3-5'],
      ['lib/a.js@head:2', 'lib/a.js:2'],
    ]);
  });

  it('keeps what the grammar refuses (line 0, a reversed range) so that it is marked, and skips what is no reference', () => {
    expect(found('lib/a.js:0 and lib/a.js:5-2')).toEqual([
      ['lib/a.js:0', 'lib/a.js:0'],
      ['lib/a.js:5-2', 'lib/a.js:5-2'],
    ]);
    expect(
      found('At 12:30, node:fs:3, e.g.:3, a.b:1.5, https://example.com:8080/x, version 1.2:3, step:1 and ratio 3:4'),
    ).toEqual([]);
    // A file without a dot or a slash is a reference when the pack has it.
    expect(findCitationRefs('LICENSE:3 and step:1', { paths: new Set(['LICENSE']) }).map((f) => f.raw)).toEqual([
      'LICENSE:3',
    ]);
  });

  it('reads blob links of this repository, and no other, as references', () => {
    const sha = 'a'.repeat(40);
    expect(
      found(
        `https://github.com/octo/widgets/blob/${sha}/lib/a%20b.js#L3-L4 and https://github.com/octo/widgets/blob/main/README.md#L9.`,
      ),
    ).toEqual([
      [`https://github.com/octo/widgets/blob/${sha}/lib/a%20b.js#L3-L4`, 'lib/a b.js:3-4'],
      ['https://github.com/octo/widgets/blob/main/README.md#L9', 'README.md:9'],
    ]);
    expect(found(`https://github.com/evil/widgets/blob/${sha}/lib/a.js#L3`)).toEqual([]);
    // Without the repository, a blob link counts when it names the pack's head or base commit.
    expect(
      findCitationRefs(`https://ghe.example/x/y/blob/${sha.slice(0, 7)}/a.js#L1`, { commits: [sha] }),
    ).toHaveLength(1);
    expect(findCitationRefs(`https://ghe.example/x/y/blob/${'c'.repeat(7)}/a.js#L1`, { commits: [sha] })).toHaveLength(
      0,
    );
  });

  it('checks each reference as a structured citation without a quote: file, side, lines that exist and were shown', () => {
    const pack = fixturePack();
    const checks = checkReferences(
      `src/cache.ts:11-12, src/cache.ts@base:11, src/cache.ts:31, nope/x.js:3, "src/other file.ts":5, "src/other file.ts":1, https://github.com/octo/widgets/blob/${pack.baseSha}/src/cache.ts#L11`,
      pack,
      repository,
    ).map((r) => [formatCitationRef(r.ref), r.check.status === 'unverified' ? r.check.reason : r.check.status]);
    expect(checks).toEqual([
      ['src/cache.ts:11-12', 'located'],
      ['src/cache.ts@base:11', 'located'],
      ['src/cache.ts:31', 'line-out-of-range'],
      ['nope/x.js:3', 'no-such-file'],
      ['src/other file.ts:5', 'located'],
      ['src/other file.ts:1', 'content-omitted'],
      ['src/cache.ts@base:11', 'located'],
    ]);
  });

  it('property: a reference written into any prose is found exactly, whatever surrounds it', () => {
    const word = fc.string({
      unit: fc.constantFrom('a', 'é', '中', ' ', '.', ',', '(', ')', '`', '\\', '#', '1', '@', '\n', '-', '*'),
      maxLength: 20,
    });
    const path = fc.constantFrom('src/cache.ts', 'lib/a-b/c_d.js', 'Readme.md', 'docs/ü/x.md', 'a/b.c/d.e');
    fc.assert(
      fc.property(word, path, fc.integer({ min: 1, max: 9999 }), fc.boolean(), word, (before, p, line, base, after) => {
        const ref = `${p}${base ? '@base' : ''}:${line}`;
        const text = `${before} ${ref} ${after}`;
        const refs = findCitationRefs(text);
        const hit = refs.find((r) => r.start === before.length + 1);
        expect(hit?.raw).toBe(ref);
        expect(hit?.ref).toEqual({ path: p, side: base ? 'base' : 'head', line_start: line, line_end: line });
      }),
      { numRuns: 300 },
    );
  });
});
