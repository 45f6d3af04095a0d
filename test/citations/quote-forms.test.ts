import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitationSide } from '../../src/citations/citation.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';

/**
 * Issue #20 on real PRs (../shared/real-cases): for any range of lines a real evidence pack shows, a
 * quote of them copied with what the pack adds (a FILE row's gutter, a DIFF row's marker), with its
 * whitespace collapsed, or with its middle elided by an ellipsis verifies; the same quote with one word
 * changed does not. Ranges are drawn from every shown line of every file, head and base. (A quote that
 * is not found is looked for across the whole pack, for the suggestion: that bounds the runs.)
 */
const CASES = ['commander-excess-arguments', 'markdownlint-md060-visual-width'];

/** Every run of 1 to 4 consecutive shown lines on one side whose text is long enough to pin them. */
function rangesOf(pack: EvidencePack): { path: string; side: CitationSide; start: number; lines: string[] }[] {
  const ranges: { path: string; side: CitationSide; start: number; lines: string[] }[] = [];
  for (const file of pack.files.values()) {
    for (const side of ['head', 'base'] as const) {
      const shown = side === 'head' ? file.head : file.base;
      if (!shown) continue;
      for (const start of shown.lines.keys()) {
        for (let count = 1; count <= 4; count += 1) {
          const lines = Array.from({ length: count }, (_, i) => shown.lines.get(start + i));
          if (lines.some((l) => l === undefined)) break;
          if (fold(lines.join(' ')).length >= 30) ranges.push({ path: file.path, side, start, lines: lines as string[] });
        }
      }
    }
  }
  return ranges;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(CASES)('quote forms on the real case %s', (caseId) => {
  let scenario: RealCaseScenario;
  let pack: EvidencePack;
  let ranges: ReturnType<typeof rangesOf>;
  beforeAll(async () => {
    const loaded = await realCasePack(caseId);
    scenario = loaded.scenario;
    pack = loaded.evidence.pack;
    ranges = rangesOf(pack);
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('property: the gutter, a diff marker, collapsed whitespace or an elided middle verifies; one changed word does not', () => {
    expect(ranges.length).toBeGreaterThan(50);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (pick, cutA, cutB) => {
        const range = ranges[pick % ranges.length]!;
        const end = range.start + range.lines.length - 1;
        const check = (quote: string) => verifyCitation({ path: range.path, side: range.side, line_start: range.start, line_end: end, quote }, pack);
        const whole = fold(range.lines.join('\n'));
        const marker = range.side === 'head' ? '+' : '-';
        const forms = {
          gutter: range.lines.map((text, i) => `${range.start + i} | ${text}`).join('\n'),
          'diff marker': range.lines.map((text) => `${marker} ${text}`).join('\n'),
          'diff row with its number columns': range.lines.map((text, i) => `${String(range.side === 'base' ? range.start + i : '').padStart(6)} ${String(range.side === 'head' ? range.start + i : '').padStart(6)} ${marker} ${text}`).join('\n'),
          'collapsed whitespace': `  ${range.lines.map((l) => l.trim()).join('   \n\t')}  `,
        };
        for (const [form, quote] of Object.entries(forms)) expect(check(quote), `${form}: ${quote}`).toMatchObject({ status: 'verified' });
        // An elided middle: a head and a tail of the cited text, each at least 8 characters, the middle dropped.
        const a = 8 + (cutA % Math.max(1, whole.length / 2 - 8));
        const b = Math.max(a + 1, whole.length - 8 - (cutB % Math.max(1, whole.length / 2 - 8)));
        const head = whole.slice(0, a).trim();
        const tail = whole.slice(b).trim();
        fc.pre(head !== '' && tail !== '');
        for (const ellipsis of [' ... ', '…', '...']) expect(check(`${head}${ellipsis}${tail}`), `${head}${ellipsis}${tail}`).toMatchObject({ status: 'verified' });
        // One word changed: a word of the quote replaced by one that occurs nowhere in the cited lines.
        const words = [...whole.matchAll(/[A-Za-z]{3,}/g)];
        fc.pre(words.length > 0 && !whole.includes('zqxj'));
        const word = words[cutA % words.length]!;
        const changed = `${whole.slice(0, word.index)}zqxj${whole.slice(word.index + word[0].length)}`;
        expect(check(changed), changed).toMatchObject({ status: 'unverified', reason: 'quote-mismatch' });
        expect(check(forms.gutter.replace(word[0], 'zqxj')).status).toBe('unverified');
      }),
      { numRuns: 20 },
    );
  }, 600_000);
});

describe('quote forms, the cases the property found', () => {
  it('strips one decoration per line: a Markdown list item copied with its gutter keeps its own "- "', async () => {
    const { matchesQuote, quotePatterns } = await import('../../src/citations/match-quote.js');
    const cited = fold('\n- `beforeAll`: add a banner\n- `before`: display extra information');
    expect(matchesQuote(cited, quotePatterns('801 | \n802 | - `beforeAll`: add a banner\n803 | - `before`: display extra information'))).toBeDefined();
    expect(matchesQuote(cited, quotePatterns('+ - `beforeAll`: add a banner\n+ - `before`: display extra information'))).toBeDefined();
    expect(matchesQuote(cited, quotePatterns('802 | - `beforeAll`: add a flag'))).toBeUndefined();
  });
});
