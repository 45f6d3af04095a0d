import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitationSide } from '../../src/citations/citation.js';
import { matchQuote, MIN_QUOTE_CHARS } from '../../src/citations/match-quote.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';

/**
 * Issues #20 and #29 on real PRs (../shared/real-cases): for any range of lines a real evidence pack
 * shows, a quote of them copied with what the pack adds (a FILE row's gutter, a DIFF row's marker), with
 * its whitespace collapsed, cut at its start or end, or with whole lines left out between quoted lines
 * verifies; the same quote with one word changed, or with words dropped from the middle of a line (with
 * an ellipsis or without), does not. Ranges are drawn from every shown line of every file, head and
 * base. (A quote that is not found is looked for across the whole pack, for the suggestion: that bounds the runs.)
 */
const CASES = ['commander-excess-arguments', 'markdownlint-md060-visual-width'];

interface Range {
  path: string;
  side: CitationSide;
  start: number;
  lines: string[];
}

/** Every run of 1 to 4 consecutive shown lines on one side whose text is long enough to pin them. */
function rangesOf(pack: EvidencePack): Range[] {
  const ranges: Range[] = [];
  for (const file of pack.files.values()) {
    for (const side of ['head', 'base'] as const) {
      const shown = side === 'head' ? file.head : file.base;
      if (!shown) continue;
      for (const start of shown.lines.keys()) {
        for (let count = 1; count <= 4; count += 1) {
          const lines = Array.from({ length: count }, (_, i) => shown.lines.get(start + i));
          if (lines.some((l) => l === undefined)) break;
          if (fold(lines.join(' ')).length >= 30)
            ranges.push({ path: file.path, side, start, lines: lines as string[] });
        }
      }
    }
  }
  return ranges;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const count = (text: string, part: string) => text.split(part).length - 1;
const ELLIPSES = [' ... ', '…', '...'];

describe.each(CASES)('quote forms on the real case %s', (caseId) => {
  let scenario: RealCaseScenario;
  let pack: EvidencePack;
  let ranges: Range[];
  /** Ranges of 3 or 4 lines whose first and last lines, quoted around an ellipsis, meet the rule's lengths. */
  let gapped: Range[];
  beforeAll(async () => {
    const loaded = await realCasePack(caseId);
    scenario = loaded.scenario;
    pack = loaded.evidence.pack;
    ranges = rangesOf(pack);
    gapped = ranges.filter((r) => {
      if (r.lines.length < 3) return false;
      const [first, last] = [fold(r.lines[0]!), fold(r.lines.at(-1)!)];
      return (
        first.length >= MIN_QUOTE_CHARS &&
        last.length >= MIN_QUOTE_CHARS &&
        2 * (first.length + last.length) >= fold(r.lines.join(' ')).length &&
        !/\.\.\.|…/.test(r.lines.join(''))
      );
    });
  }, 300_000);
  afterAll(async () => scenario?.close());
  const checkOf =
    (range: Range, start = range.start, end = range.start + range.lines.length - 1) =>
    (quote: string) =>
      verifyCitation({ path: range.path, side: range.side, line_start: start, line_end: end, quote }, pack);

  it('property: the gutter, a diff marker, collapsed whitespace, a cut start or end, or whole lines left out verifies; one changed word does not', () => {
    expect(ranges.length).toBeGreaterThan(50);
    expect(gapped.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (pick, cutA, cutB) => {
        const range = ranges[pick % ranges.length]!;
        const check = checkOf(range);
        const whole = fold(range.lines.join('\n'));
        const marker = range.side === 'head' ? '+' : '-';
        const forms = {
          gutter: range.lines.map((text, i) => `${range.start + i} | ${text}`).join('\n'),
          'diff marker': range.lines.map((text) => `${marker} ${text}`).join('\n'),
          'diff row with its number columns': range.lines
            .map(
              (text, i) =>
                `${String(range.side === 'base' ? range.start + i : '').padStart(6)} ${String(range.side === 'head' ? range.start + i : '').padStart(6)} ${marker} ${text}`,
            )
            .join('\n'),
          'collapsed whitespace': `  ${range.lines.map((l) => l.trim()).join('   \n\t')}  `,
        };
        for (const [form, quote] of Object.entries(forms))
          expect(check(quote), `${form}: ${quote}`).toMatchObject({ status: 'verified' });
        // A cut start or end: a contiguous piece of the cited text, cut between words, at least the minimum long, with or without an ellipsis for what was cut.
        const all = whole.split(' ');
        const a = cutA % all.length;
        const piece = all.slice(a, a + 1 + (cutB % (all.length - a))).join(' ');
        fc.pre(piece.length >= MIN_QUOTE_CHARS && !/\.\.\.|…/.test(whole));
        for (const quote of [piece, `... ${piece}`, `${piece}…`, `...${piece}...`])
          expect(check(quote), quote).toMatchObject({ status: 'verified' });
        // Whole lines left out between quoted lines.
        const spread = gapped[cutB % gapped.length]!;
        for (const ellipsis of ELLIPSES) {
          const quote = `${spread.lines[0]}${ellipsis}${spread.lines.at(-1)}`;
          expect(checkOf(spread)(quote), quote).toMatchObject({ status: 'verified' });
        }
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

  it('property: a quote that drops one or more words from the middle of a line is not found, with an ellipsis or without', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.nat(), (pick, from, length, form) => {
        const range = ranges[pick % ranges.length]!;
        const index = from % range.lines.length;
        const words = fold(range.lines[index]!).split(' ');
        fc.pre(words.length >= 3 && !/\.\.\.|…/.test(range.lines.join('')));
        // Drop words i..j, never the first or the last word of the line.
        const i = 1 + (from % (words.length - 2));
        const j = i + (length % (words.length - 1 - i));
        const [head, tail] = [words.slice(0, i).join(' '), words.slice(j + 1).join(' ')];
        const text = fold(range.lines.join(' '));
        // Each side of the gap occurs once in the cited lines: no other reading of the quote exists.
        fc.pre(count(text, head) === 1 && count(text, tail) === 1);
        const quote = `${head}${[...ELLIPSES, ' '][form % 4]}${tail}`;
        fc.pre(!text.includes(fold(quote)));
        const checked = checkOf(range)(quote);
        expect(checked, quote).toMatchObject({ status: 'unverified', reason: 'quote-mismatch' });
        if (
          form % 4 < 3 &&
          head.length >= MIN_QUOTE_CHARS &&
          tail.length >= MIN_QUOTE_CHARS &&
          checked.status === 'unverified' &&
          !checked.suggestion
        ) {
          expect(checked.detail, quote).toContain('leaves out words inside a line');
        }
      }),
      { numRuns: 40 },
    );
  }, 600_000);
});

describe('the attacks of issue #29 on the commander case', () => {
  let scenario: RealCaseScenario;
  let pack: EvidencePack;
  const readme = (start: number, end: number, quote: string) =>
    verifyCitation({ path: 'Readme.md', side: 'head', line_start: start, line_end: end, quote }, pack);
  /** Every shown line of the pack, with where it is. */
  const allLines = () =>
    [...pack.files.values()].flatMap((f) =>
      (['head', 'base'] as const).flatMap((side) =>
        [...((side === 'head' ? f.head : f.base)?.lines ?? new Map<number, string>())].map(([n, text]) => ({
          path: f.path,
          side,
          n,
          text,
        })),
      ),
    );
  beforeAll(async () => {
    const loaded = await realCasePack('commander-excess-arguments');
    scenario = loaded.scenario;
    pack = loaded.evidence.pack;
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('regression: "the argument processing ... display an error" is not a quote of Readme.md:994, which says "does not display an error"', () => {
    const line = pack.files.get('Readme.md')!.head!.lines.get(994)!;
    expect(line).toBe(
      'By default, the argument processing does not display an error for more command-arguments than expected.',
    );
    expect(
      readme(994, 994, 'the argument processing ... display an error for more command-arguments than expected'),
    ).toMatchObject({
      status: 'unverified',
      reason: 'quote-mismatch',
      detail: expect.stringContaining('leaves out words inside a line of Readme.md:994'),
    });
    // The line itself, a cut start or a cut end still verify.
    for (const quote of [
      line,
      'the argument processing does not display an error',
      '... does not display an error for more command-arguments than expected.',
      'By default, the argument processing does not ...',
    ]) {
      expect(readme(994, 994, quote), quote).toMatchObject({ status: 'verified' });
    }
  });

  it('an ellipsis for "not" or for "!" verifies on no line of the pack, nor a cut that drops a leading "!"', () => {
    const nots = allLines().filter((l) => / not /.test(l.text) && !/\.\.\.|…/.test(l.text));
    const bangs = allLines().filter((l) => /!(?=\w)/.test(l.text) && !/\.\.\.|…/.test(l.text));
    expect(nots.length).toBeGreaterThan(20);
    expect(bangs.length).toBeGreaterThan(5);
    // A citation verifies only where the quote rule (`matchQuote`) finds its quote in the cited lines; only
    // those are checked whole, since a quote that is not found is looked for across the pack (for the
    // suggestion), about 0.1-0.2 s a quote here, which a check of every line would pay 260 times.
    const verifiedOn = (lines: typeof nots, drop: (text: string) => string) =>
      lines.filter(
        (l) =>
          matchQuote(drop(l.text), { side: l.side, start: l.n, texts: [l.text] }).found &&
          verifyCitation({ path: l.path, side: l.side, line_start: l.n, line_end: l.n, quote: drop(l.text) }, pack)
            .status === 'verified',
      );
    expect(verifiedOn(nots, (t) => t.replace(/ not /, ' ... '))).toEqual([]);
    expect(verifiedOn(bangs, (t) => t.replace(/!(?=\w)/, '...'))).toEqual([]);
    expect(verifiedOn(nots, (t) => t.replace(/ not /, ' '))).toEqual([]);
    expect(verifiedOn(bangs, (t) => t.replace(/!(?=\w)/, ''))).toEqual([]);
  });

  it('eight one-letter parts, and two parts 80 lines apart, do not pin Readme.md:1-80', () => {
    expect(readme(1, 80, 'e ... e ... e ... e ... e ... e ... e ... e')).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining(`shorter than ${MIN_QUOTE_CHARS} characters`),
    });
    expect(readme(1, 80, '# Commander.js ... program')).toMatchObject({ status: 'unverified' });
    const lines = pack.files.get('Readme.md')!.head!.lines;
    const far = [...Array(80).keys()].map((i) => 80 - i).find((n) => fold(lines.get(n) ?? '').length >= 14)!;
    expect(far).toBeGreaterThan(60);
    expect(readme(1, far, `# Commander.js ... ${lines.get(far)}`)).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('less than half of the text they stand for'),
    });
  });

  it('a gutter number of another line, a "-" marker on a head line and a "+" marker on a base line are not stripped', () => {
    const lines = pack.files.get('Readme.md')!.head!.lines;
    const three = lines.get(3)!;
    expect(readme(3, 3, `3 | ${three}`)).toMatchObject({ status: 'verified' });
    expect(readme(3, 3, `10 | ${three}`)).toMatchObject({ status: 'unverified', reason: 'quote-mismatch' });
    expect(readme(1, 12, `10 | ${three}`)).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('not the number of the line'),
    });
    expect(readme(3, 3, `- ${three}`)).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('diff marker'),
    });
    const removed = allLines().find(
      (l) =>
        l.side === 'base' &&
        fold(l.text).length >= 20 &&
        !pack.files.get(l.path)!.head?.lines.get(l.n)?.includes(fold(l.text)),
    )!;
    const base = (quote: string) =>
      verifyCitation({ path: removed.path, side: 'base', line_start: removed.n, line_end: removed.n, quote }, pack);
    expect(base(`- ${removed.text}`)).toMatchObject({ status: 'verified' });
    expect(base(`+ ${removed.text}`)).toMatchObject({ status: 'unverified' });
  });
});

describe('quote forms, the cases the property found', () => {
  it('strips one decoration per line: a Markdown list item copied with its gutter keeps its own "- "', () => {
    const cited = {
      side: 'head' as const,
      start: 801,
      texts: ['', '- `beforeAll`: add a banner', '- `before`: display extra information'],
    };
    expect(
      matchQuote('801 | \n802 | - `beforeAll`: add a banner\n803 | - `before`: display extra information', cited),
    ).toMatchObject({ found: true });
    expect(matchQuote('+ - `beforeAll`: add a banner\n+ - `before`: display extra information', cited)).toMatchObject({
      found: true,
    });
    expect(matchQuote('- `beforeAll`: add a banner\n- `before`: display extra information', cited)).toMatchObject({
      found: true,
    });
    expect(matchQuote('802 | - `beforeAll`: add a flag', cited)).toMatchObject({ found: false });
  });

  it('keeps a full stop that touches an ellipsis on its word (fast-check seed 265593239, path 12:28:33)', () => {
    // The cut quote `...summary....` is `summary.` between two ellipses; read as `summary` it was one character short of the rule's minimum.
    const cited = { side: 'head' as const, start: 3, texts: ['Display the help summary.'] };
    expect(matchQuote('...summary....', cited)).toMatchObject({
      found: true,
      reading: { parts: [{ text: 'summary.' }] },
    });
    expect(matchQuote('....help summary.', cited)).toMatchObject({
      found: true,
      reading: { parts: [{ text: 'help summary.' }] },
    });
  });

  it('reads an ellipsis the line itself holds as text', () => {
    const cited = { side: 'head' as const, start: 7, texts: ['  return build(...args);'] };
    expect(matchQuote('return build(...args);', cited)).toMatchObject({ found: true });
    expect(matchQuote('7 |   return build(...args);', cited)).toMatchObject({ found: true });
  });
});
