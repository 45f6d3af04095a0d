import type { EvidencePack, IndexedFile } from '../evidence/types.js';
import { formatRange, type Citation } from './citation.js';

/** Why a citation did not check out. */
export type UnverifiedReason = 'no-such-file' | 'content-omitted' | 'line-out-of-range' | 'quote-mismatch';

/** The verifier's verdict on one citation. */
export type CitationCheck =
  | { status: 'verified' }
  | {
      status: 'unverified';
      reason: UnverifiedReason;
      /** One sentence for the models and the comment. */
      detail: string;
      /** Where the quote does occur in the file, when it occurs elsewhere. */
      suggestion?: { line_start: number; line_end: number };
    };

/** Longest range a citation may span, in lines: a quote must be pinned to the lines that hold it. */
export const MAX_CITED_LINES = 80;

/** Shortest quote that pins lines (after folding whitespace), unless it is the whole cited text: `;` or `e` prove nothing. */
export const MIN_QUOTE_CHARS = 8;

/**
 * Checks a citation mechanically against the lines the models were shown (issue #2, step 4):
 * the path is in the evidence, the lines exist at the head, and the quote, with all runs of
 * whitespace folded to one space, occurs within the cited lines.
 * @param citation as written by a model
 * @param pack the evidence pack the model saw
 * @returns `verified`, or `unverified` with the reason and, for a quote found elsewhere, the right lines
 */
export function verifyCitation(citation: Citation, pack: EvidencePack): CitationCheck {
  const path = normalisePath(citation.path);
  const { line_start: start, line_end: end } = citation;
  const file = pack.files.get(path);
  if (!file) {
    if (pack.omitted.some((o) => o.path === path)) {
      return { status: 'unverified', reason: 'content-omitted', detail: `${path} is in the PR but its lines were left out of the evidence pack` };
    }
    return { status: 'unverified', reason: 'no-such-file', detail: `${path} is not in the evidence pack` };
  }
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) {
    return { status: 'unverified', reason: 'line-out-of-range', detail: `lines ${start}-${end} are not a valid range` };
  }
  if (file.headLineCount !== undefined && end > file.headLineCount) {
    return { status: 'unverified', reason: 'line-out-of-range', detail: `${path} has ${file.headLineCount} lines at the head; line ${end} does not exist` };
  }
  if (end - start + 1 > MAX_CITED_LINES) {
    return { status: 'unverified', reason: 'line-out-of-range', detail: `lines ${start}-${end} span more than ${MAX_CITED_LINES} lines; cite the lines that hold the quote` };
  }
  const cited: string[] = [];
  for (let n = start; n <= end; n += 1) {
    const text = file.headLines.get(n);
    if (text === undefined) {
      return file.fullContent
        ? { status: 'unverified', reason: 'line-out-of-range', detail: `${path} has no line ${n} at the head` }
        : { status: 'unverified', reason: 'content-omitted', detail: `line ${n} of ${path} is not in the evidence pack (only its hunks are)` };
    }
    cited.push(text);
  }
  const quote = normaliseWhitespace(citation.quote);
  const citedText = normaliseWhitespace(cited.join('\n'));
  if (quote === '') return { status: 'unverified', reason: 'quote-mismatch', detail: 'the quote is empty' };
  if (quote.length < MIN_QUOTE_CHARS && quote !== citedText) {
    return { status: 'unverified', reason: 'quote-mismatch', detail: `the quote is too short to pin the lines (at least ${MIN_QUOTE_CHARS} characters, or the whole cited text)` };
  }
  if (citedText.includes(quote)) return { status: 'verified' };
  const suggestion = findQuote(file, quote);
  return {
    status: 'unverified',
    reason: 'quote-mismatch',
    detail: suggestion
      ? `the quote is not in ${path}:${formatRange(start, end)}; it occurs at ${path}:${formatRange(suggestion.line_start, suggestion.line_end)}`
      : `the quote does not occur in ${path}:${formatRange(start, end)}`,
    ...(suggestion ? { suggestion } : {}),
  };
}

/** Folds every run of whitespace to one space and trims: quotes are compared this way. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The path as the pack names it: a leading `./` or `/` that models sometimes add is dropped. */
export function normalisePath(path: string): string {
  return path.replace(/^\.?\/+/, '');
}

/**
 * Checks a citation and returns it with its verdict; the path of the returned citation is the pack's own
 * spelling, so a link built from it points at the real file.
 */
export function auditCitation<T extends Citation>(citation: T, pack: EvidencePack): T & { check: CitationCheck } {
  return { ...citation, path: normalisePath(citation.path), check: verifyCitation(citation, pack) };
}

/** Smallest window of shown lines, starting at each line, whose text holds the quote. */
function findQuote(file: IndexedFile, quote: string): { line_start: number; line_end: number } | undefined {
  const numbers = [...file.headLines.keys()].sort((a, b) => a - b);
  for (let i = 0; i < numbers.length; i += 1) {
    let text = '';
    for (let j = i; j < numbers.length && j - i < MAX_CITED_LINES; j += 1) {
      if (j > i && numbers[j] !== numbers[j - 1]! + 1) break;
      text = normaliseWhitespace(`${text}\n${file.headLines.get(numbers[j]!)}`);
      if (text.includes(quote)) {
        // Narrow the start: the quote may sit wholly in the later lines of the window.
        for (let k = j; k > i; k -= 1) {
          const tail = normaliseWhitespace(numbers.slice(k, j + 1).map((n) => file.headLines.get(n)).join('\n'));
          if (tail.includes(quote)) return { line_start: numbers[k]!, line_end: numbers[j]! };
        }
        return { line_start: numbers[i]!, line_end: numbers[j]! };
      }
      if (text.length > quote.length * 4 + 400) break;
    }
  }
  return undefined;
}
