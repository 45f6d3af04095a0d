/** How a quote is read: its lines stripped of what the evidence pack added, split at its ellipses into parts. */
import { foldWhitespace } from '../evidence/index-evidence.js';
import type { CitationSide } from './citation.js';

/** Text of one line of the quote within a part, and the line number its decoration named, if any. */
interface Piece {
  text: string;
  /** Offset of the piece in its part's text. */
  at: number;
  pin: number | undefined;
}

/** Text found contiguously: the pieces of one or more quote lines, joined by a space. */
export interface Part {
  text: string;
  pieces: Piece[];
}

/** One way of reading a quote: parts found in order (one part for a quote read without gaps). */
export interface QuoteReading {
  parts: Part[];
  /** Characters in the parts together. */
  length: number;
}

/** A FILE row's gutter: the head line number and `|` (`renderFileBlock`: `${n} | ${line}`). */
const FILE_GUTTER = /^\s*(\d+) \|(?: |$)/;
/** A DIFF context row copied with both number columns: base, head, the space marker and its separators. */
const DIFF_CONTEXT = /^\s*(\d+)\s+(\d+) {3,}/;
/** A DIFF row's number columns (none, one or both) and its `+`/`-` marker (`renderHunk`). */
const DIFF_MARKER = /^\s*(?:(\d+)\s+)?(?:(\d+)\s+)?([+-])(?: |$)/;
/** An ellipsis a model writes for what it left out. */
const ELLIPSIS = /\.{3,}|…/;

/**
 * A line's text split at its ellipses. In a run of four or more dots only three are the ellipsis: the
 * others are the full stops of the word they follow (`summary....` is `summary.` then an ellipsis), so a
 * sentence quoted up to its full stop keeps it; a run that follows no word is one ellipsis.
 */
function splitAtEllipses(text: string): string[] {
  return text
    .replace(/(\S?)\.{4,}/g, (run, word: string) => (word === '' ? '…' : `${word}${run.slice(1, -3)}…`))
    .split(ELLIPSIS);
}

/** One quote line with its decoration stripped (when right for the side), the number it named, and whether its marker was of the other side. */
function stripLine(
  line: string,
  side: CitationSide,
  markerSides: boolean,
): { text: string; pin: number | undefined; wrongMarker: boolean } {
  const gutter = FILE_GUTTER.exec(line);
  if (gutter) return { text: line.slice(gutter[0].length), pin: Number(gutter[1]), wrongMarker: false };
  const context = DIFF_CONTEXT.exec(line);
  if (context)
    return {
      text: line.slice(context[0].length),
      pin: Number(side === 'base' ? context[1] : context[2]),
      wrongMarker: false,
    };
  const marker = DIFF_MARKER.exec(line);
  if (!marker) return { text: line, pin: undefined, wrongMarker: false };
  const wrong = (marker[3] === '-') !== (side === 'base');
  if (wrong && markerSides) return { text: line, pin: undefined, wrongMarker: true };
  const numbers = [marker[1], marker[2]].filter((n): n is string => n !== undefined).map(Number);
  const pin = numbers.length === 2 ? numbers[side === 'base' ? 0 : 1] : numbers[0];
  return { text: line.slice(marker[0].length), pin, wrongMarker: wrong };
}

/** Builds a reading from quote lines: each line's text split at ellipses when `gaps`. */
function readingOf(lines: { text: string; pin: number | undefined }[], gaps: boolean): QuoteReading | undefined {
  const parts: Part[] = [];
  let current: Part = { text: '', pieces: [] };
  const close = () => {
    if (current.text !== '') parts.push(current);
    current = { text: '', pieces: [] };
  };
  for (const line of lines) {
    const segments = gaps ? splitAtEllipses(line.text) : [line.text];
    segments.forEach((segment, i) => {
      if (i > 0) close();
      const text = foldWhitespace(segment);
      if (text === '') return;
      const at = current.text === '' ? 0 : current.text.length + 1;
      current.text = current.text === '' ? text : `${current.text} ${text}`;
      current.pieces.push({ text, at, pin: line.pin });
    });
  }
  close();
  return parts.length === 0 ? undefined : { parts, length: parts.reduce((n, p) => n + p.text.length, 0) };
}

/**
 * The ways a quote may be read on one side, in order: as written (whitespace folded, one part, nothing
 * stripped), then with what the pack added to each line stripped, its ellipses read as text, then as gaps.
 * Empty when the quote holds nothing to find.
 * @param markerSides false to strip a diff marker of the other side too (only to say why a quote failed)
 */
export function quoteReadings(quote: string, side: CitationSide, markerSides = true): QuoteReading[] {
  const rows = quote.split(/\r\n|\r|\n/);
  const stripped = rows.map((row) => stripLine(row, side, markerSides));
  const readings = [
    readingOf([{ text: quote, pin: undefined }], false),
    readingOf(stripped, false),
    readingOf(stripped, true),
  ].filter((r): r is QuoteReading => r !== undefined);
  const seen = new Set<string>();
  return readings.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
