import { foldWhitespace } from '../evidence/index-evidence.js';
import type { CitationSide } from './citation.js';
import { quoteReadings, type Part, type QuoteReading } from './quote-readings.js';

/**
 * How a quote is compared with the lines it cites (issues #20, #29): the one rule, stated in
 * `QUOTE_RULE` (`quote-rule.ts`) for the models and applied by {@link matchQuote} for the verifier.
 *
 * - What the evidence pack added to a line when it showed it may be copied with the line, and is
 *   stripped only when it is right for that line: the `N | ` gutter of a FILE row (`show-lines.ts`,
 *   `renderFileBlock`) when N is the number of the line the text is found on, and the number columns and
 *   `+`/`-`/space marker of a DIFF row (`renderHunk`) when the numbers are that line's and the marker
 *   its side's (`+` head, `-` base). A wrong one is read as text, so it is not found.
 * - Runs of whitespace compare equal.
 * - Within one line a quote is contiguous, and a piece cut from a line starts and ends between words
 *   (never inside a name or a number) and never just after a `!`. An ellipsis (`...` or `…`) may stand only for whole lines left
 *   out between quoted lines, or for the start or end of a quoted line: the parts it separates are found
 *   in order, each on a later line than the one the previous part ends on, never two on one line.
 * - Each part is at least {@link MIN_QUOTE_CHARS} characters, and the parts together are at least half of
 *   the text they stand for: the cited lines' text from the first quoted character to the last (what
 *   the ellipses leave out counts; the cited lines before the first part and after the last do not, so
 *   a one-line quote in a five-line citation is judged on its line alone).
 * Pure.
 */

/** Longest range a citation may span, in lines: a quote must be pinned to the lines that hold it. */
export const MAX_CITED_LINES = 80;

/**
 * Shortest part of a quote that pins lines by itself (after folding whitespace). A quote without an
 * ellipsis may be shorter only when it is the whole cited text or occurs on one shown line of the file.
 */
export const MIN_QUOTE_CHARS = 8;

/** The lines a quote is matched against: consecutive lines of one side, as the pack shows them. */
export interface CitedLines {
  side: CitationSide;
  /** Number of the first line on that side. */
  start: number;
  /** The lines `start`, `start + 1`, … as the evidence pack shows them. */
  texts: readonly string[];
}

/** Why a quote was not found, for the sentence the models read. */
export type QuoteMiss = 'absent' | 'inside-line' | 'short-part' | 'sparse' | 'wrong-number' | 'wrong-marker';

/** What {@link matchQuote} found. */
export type QuoteMatch = { found: true; reading: QuoteReading } | { found: false; miss: QuoteMiss };

/** The cited lines folded and joined by a space, with each line's span in that text. */
interface Joined {
  text: string;
  spans: [number, number][];
}

function joinLines(cited: CitedLines): Joined {
  let text = '';
  const spans: [number, number][] = [];
  for (const line of cited.texts) {
    const folded = foldWhitespace(line);
    if (folded === '') {
      spans.push([text.length, text.length]);
      continue;
    }
    if (text !== '') text += ' ';
    spans.push([text.length, text.length + folded.length]);
    text += folded;
  }
  return { text, spans };
}

/** Index of the cited line that holds the character at `offset`. */
function lineAt(joined: Joined, offset: number): number {
  let lo = 0;
  let hi = joined.spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (joined.spans[mid]![1] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Which of the rule's constraints a match must meet (all, except when saying why a quote failed). */
interface Constraints {
  pins: boolean;
  lines: boolean;
  half: boolean;
  partLength: boolean;
}

const STRICT: Constraints = { pins: true, lines: true, half: true, partLength: true };

/** True when every numbered piece of the part, placed at `at`, lies on the line its number names. */
function pinsHold(part: Part, at: number, joined: Joined, cited: CitedLines): boolean {
  return part.pieces.every((piece) => {
    if (piece.pin === undefined) return true;
    const span = joined.spans[piece.pin - cited.start];
    return span !== undefined && span[0] <= at + piece.at && at + piece.at + piece.text.length <= span[1];
  });
}

/** A character of a name or a number: a cut between two of them splits a word. */
const WORD_CHARACTER = /[\p{L}\p{N}_$]/u;

/**
 * True when text found at [start, end) is cut from its line between words: it neither starts nor ends
 * inside a name or a number, and does not start just after a `!` (a cut that drops the negation glued
 * to the text it negates, `!this._actionHandler` quoted as `this._actionHandler`, issue #29).
 */
function cutsBetweenWords(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (before === '!') return false;
  if (before !== undefined && WORD_CHARACTER.test(before) && WORD_CHARACTER.test(text[start]!)) return false;
  return !(after !== undefined && WORD_CHARACTER.test(after) && WORD_CHARACTER.test(text[end - 1]!));
}

/** True when the reading is found in the cited lines under the constraints. */
function readingMatches(reading: QuoteReading, joined: Joined, cited: CitedLines, rules: Constraints): boolean {
  const { parts } = reading;
  if (rules.partLength && parts.length > 1 && parts.some((p) => p.text.length < MIN_QUOTE_CHARS)) return false;
  const next = (part: Part, from: number): number => {
    for (let at = joined.text.indexOf(part.text, from); at !== -1; at = joined.text.indexOf(part.text, at + 1)) {
      if (
        (!rules.pins || pinsHold(part, at, joined, cited)) &&
        cutsBetweenWords(joined.text, at, at + part.text.length)
      )
        return at;
    }
    return -1;
  };
  for (let first = next(parts[0]!, 0); first !== -1; first = next(parts[0]!, first + 1)) {
    let end = first + parts[0]!.text.length;
    for (const part of parts.slice(1)) {
      // The next part starts on a later line than the one this part ends on: a gap is never inside a line.
      const from = rules.lines ? joined.spans[lineAt(joined, end - 1)]![1] + 1 : end;
      const at = next(part, from);
      // Nothing later holds it: a later first part cannot help either.
      if (at === -1) return false;
      end = at + part.text.length;
    }
    if (!rules.half || parts.length === 1 || 2 * reading.length >= end - first) return true;
  }
  return false;
}

/**
 * The first of the readings found in the cited lines under the whole rule, or undefined; for searches
 * that read one quote against many windows of lines ({@link quoteReadings} once, this per window).
 */
export function findReading(readings: readonly QuoteReading[], cited: CitedLines): QuoteReading | undefined {
  const joined = joinLines(cited);
  return readings.find((r) => readingMatches(r, joined, cited, STRICT));
}

/**
 * Matches a quote against the lines it cites, by the rule of {@link QUOTE_RULE}. A quote without an
 * ellipsis shorter than {@link MIN_QUOTE_CHARS} is found here; the verifier decides whether it pins its
 * lines (it must be all of the cited text or occur on one line of the file).
 * @returns the reading found, or why none was (which constraint the quote would break)
 */
export function matchQuote(quote: string, cited: CitedLines): QuoteMatch {
  const joined = joinLines(cited);
  const readings = quoteReadings(quote, cited.side);
  const hit = readings.find((r) => readingMatches(r, joined, cited, STRICT));
  if (hit) return { found: true, reading: hit };
  const loose = (rules: Partial<Constraints>, of = readings) =>
    of.some((r) => readingMatches(r, joined, cited, { ...STRICT, ...rules }));
  const shortParts = readings.filter((r) => r.parts.length > 1 && r.parts.some((p) => p.text.length < MIN_QUOTE_CHARS));
  const miss: QuoteMiss = mayMatch(shortParts, joined.text)
    ? 'short-part'
    : loose({ pins: false })
      ? 'wrong-number'
      : loose({}, quoteReadings(quote, cited.side, false))
        ? 'wrong-marker'
        : loose({ half: false })
          ? 'sparse'
          : loose({ lines: false, half: false, partLength: false })
            ? 'inside-line'
            : 'absent';
  return { found: false, miss };
}

/** True when the quote may be found on these lines at all, ignoring the rule's constraints: a cheap test before {@link matchQuote}. */
export function mayMatch(readings: readonly QuoteReading[], folded: string): boolean {
  return readings.some((r) => {
    let at = 0;
    for (const part of r.parts) {
      const found = folded.indexOf(part.text, at);
      if (found === -1) return false;
      at = found + part.text.length;
    }
    return true;
  });
}
