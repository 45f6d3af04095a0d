/** Where a quote does occur in the evidence when it is not where its citation says: the nearest shown lines that hold it. */
import { foldWhitespace } from '../evidence/index-evidence.js';
import type { EvidencePack, IndexedFile, IndexedSide } from '../evidence/evidence-types.js';
import type { CitationSide } from './citation.js';
import { findReading, mayMatch, MAX_CITED_LINES } from './match-quote.js';
import { quoteReadings, type QuoteReading } from './quote-readings.js';

/** Where a quote does occur, when it is not where the citation says. */
export interface CitationSuggestion {
  path: string;
  side: CitationSide;
  line_start: number;
  line_end: number;
}

/**
 * The smallest run of consecutive shown lines on one side that holds the quote, nearest to `near`.
 * @returns undefined when the quote is not on that side (or the side does not exist)
 */
export function findQuote(
  file: IndexedFile,
  side: CitationSide,
  quote: string,
  near: number,
): CitationSuggestion | undefined {
  const lines = side === 'head' ? file.head : file.base;
  if (lines === undefined) return undefined;
  const found = findInSide(lines, side, quoteReadings(quote, side));
  if (found.length === 0) return undefined;
  found.sort((a, b) => Math.abs(a.start - near) - Math.abs(b.start - near) || a.start - b.start);
  const best = found[0]!;
  return { path: file.path, side, line_start: best.start, line_end: best.end };
}

/** The first place (in path order, head before base) where the quote occurs, skipping one path. */
export function findQuoteAnywhere(
  pack: EvidencePack,
  quote: string,
  skip: string | undefined,
): CitationSuggestion | undefined {
  const paths = [...pack.files.keys()].filter((p) => p !== skip).sort();
  for (const path of paths) {
    const file = pack.files.get(path)!;
    const found = findQuote(file, 'head', quote, 1) ?? findQuote(file, 'base', quote, 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every minimal window of consecutive shown lines that holds the quote by the whole rule (over the
 * pack's quote index, built once). A window grows until the quote could be in it at all ({@link mayMatch},
 * cheap), then until the rule finds it; a window's text past a bound cannot be the smallest.
 */
function findInSide(
  side: IndexedSide,
  sideName: CitationSide,
  readings: QuoteReading[],
): { start: number; end: number }[] {
  const { numbers, folded: texts } = side.search;
  const found: { start: number; end: number }[] = [];
  if (readings.length === 0) return found;
  const gaps = readings.some((r) => r.parts.length > 1);
  const longest = Math.max(...readings.map((r) => r.length)) * (gaps ? 2 : 1) * 4 + 400;
  const holds = (i: number, j: number) => {
    const text = foldWhitespace(texts.slice(i, j + 1).join(' '));
    return (
      mayMatch(readings, text) &&
      findReading(readings, { side: sideName, start: numbers[i]!, texts: texts.slice(i, j + 1) }) !== undefined
    );
  };
  // A minimal window starts on the line where its first part starts, and the first part's first word lies
  // within that line (the lines are joined by a space): only those lines can start one.
  const firstWords = readings.map((r) => r.parts[0]!.text.split(' ')[0]!);
  for (let i = 0; i < numbers.length; i += 1) {
    if (!firstWords.some((word) => texts[i]!.includes(word))) continue;
    let j = i;
    let chars = texts[i]!.length;
    while (!holds(i, j)) {
      const next = j + 1;
      if (next >= numbers.length || numbers[next] !== numbers[j]! + 1 || next - i >= MAX_CITED_LINES || chars > longest)
        break;
      j = next;
      chars += texts[j]!.length + 1;
    }
    if (!holds(i, j)) continue;
    // Minimal: no shorter window starting later within [i, j] already ends at j (the next i covers that).
    if (!(i + 1 <= j && holds(i + 1, j))) found.push({ start: numbers[i]!, end: numbers[j]! });
  }
  return found;
}
