import { foldWhitespace } from '../evidence/index-evidence.js';
import type { EvidencePack, IndexedFile, IndexedSide } from '../evidence/evidence-types.js';
import { citationSide, formatCitationRef, parseCitationRef, type Citation, type CitationRef } from './citation.js';
import { describeMiss } from './quote-rule.js';
import { matchQuote, MAX_CITED_LINES, MIN_QUOTE_CHARS } from './match-quote.js';
import type { QuoteReading } from './quote-readings.js';
import { findQuote, findQuoteAnywhere, type CitationSuggestion } from './find-quote.js';

/**
 * Why a citation did not check out (issue #3): the file is not in the evidence, its cited lines were left
 * out of the pack, the lines do not exist on the stated side, or the quote is not in them.
 */
export type UnverifiedReason = 'no-such-file' | 'content-omitted' | 'line-out-of-range' | 'quote-mismatch';

/** The reasons in the order the tally lists them, with the words people read. */
export const UNVERIFIED_REASONS: Record<UnverifiedReason, string> = {
  'no-such-file': 'no such file',
  'content-omitted': 'lines left out of the pack',
  'line-out-of-range': 'line out of range',
  'quote-mismatch': 'quote mismatch',
};

/**
 * The verifier's verdict on one citation. `verified` means a quote was found on the cited lines;
 * `located` is a reference written without a quote (in a claim's prose, issue #11) whose file and
 * lines are in the pack: it can be linked, but it proves nothing, so it never makes a claim verified
 * (issue #20).
 */
export type CitationCheck =
  | {
      status: 'verified' | 'located';
      /** The file's path at the cited commit: a renamed file's base lines live under its old name there (for links). */
      sidePath: string;
      /**
       * The cited lines as the file has them at that commit, from the evidence pack, in order: what the
       * comment shows for the citation (docs/how-a-debate-runs.md, issue #29), never the model's quote.
       */
      lines: string[];
    }
  | {
      status: 'unverified';
      reason: UnverifiedReason;
      /** One sentence for the models and the comment. */
      detail: string;
      /** Where the quote does occur in the evidence, when it occurs elsewhere. */
      suggestion?: CitationSuggestion;
    };

/** A citation with the verifier's verdict: the one checked-citation type of the pipeline. */
export interface CheckedCitation extends Citation {
  check: CitationCheck;
}

/**
 * Checks a citation mechanically against the lines the models were shown (issue #3): verified iff
 * the file is in the evidence pack (a changed file or an RFC), the range exists on the stated side
 * (`side` absent means head, by the citation grammar), those lines were shown, and the quote is found
 * within the cited lines by the rule of `match-quote.ts` (`QUOTE_RULE`: whitespace runs equal; the pack's
 * gutter and diff markers ignored when they are the line's own; contiguous within a line, an ellipsis
 * only for whole lines between quoted lines or a line's start or end). A quote found elsewhere in
 * the evidence is not verified, but the right place is suggested.
 * A reference without a quote (one a model wrote in its prose, issue #11) is checked by the same rules
 * up to the quote: it is `located` (never `verified`) when the file, the side and the lines check out.
 * Pure; never throws.
 * @param citation as written by a model (`quote` absent for a reference in prose)
 * @param pack the evidence pack the model saw
 * @returns `verified`, or `unverified` with the reason, a sentence, and where the quote is when it is elsewhere
 */
export function verifyCitation(citation: CitationRef & { quote?: string }, pack: EvidencePack): CitationCheck {
  const side = citationSide(citation);
  const { line_start: start, line_end: end } = citation;
  const quote = foldWhitespace(citation.quote ?? '') === '' ? '' : (citation.quote ?? '');
  const file = findFile(pack, citation.path);
  const ref = (s: number, e: number) =>
    formatCitationRef({ path: file?.path ?? citation.path, side, line_start: s, line_end: e });
  const unverified = (reason: UnverifiedReason, detail: string, suggestion?: CitationSuggestion): CitationCheck => ({
    status: 'unverified',
    reason,
    detail,
    ...(suggestion ? { suggestion } : {}),
  });

  if (!file) {
    const elsewhere = quote === '' ? undefined : findQuoteAnywhere(pack, quote, undefined);
    const asRef = parseCitationRef(citation.path.trim());
    const hint =
      asRef.ok && findFile(pack, asRef.ref.path)
        ? ` (the path field holds a whole reference; write the path alone: ${JSON.stringify(asRef.ref.path)})`
        : '';
    const unlisted =
      pack.fileCount.listed < pack.fileCount.total
        ? ` (GitHub listed ${pack.fileCount.listed} of the PR's ${pack.fileCount.total} files; the others are not in the evidence)`
        : '';
    return unverified(
      'no-such-file',
      `${JSON.stringify(citation.path)} is not a file of this pull request or its RFC${unlisted}${hint}${elsewhere ? `; the quote occurs at ${formatCitationRef(elsewhere)}` : ''}`,
      elsewhere,
    );
  }
  const path = file.path;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 1 || end < start) {
    return unverified(
      'line-out-of-range',
      `${start}-${end} is not a range of lines (they start at 1 and the range must not end before it starts)`,
    );
  }
  const lines = side === 'head' ? file.head : file.base;
  if (lines === undefined) {
    const other = side === 'head' ? 'base' : 'head';
    const why =
      side === 'head'
        ? `${JSON.stringify(path)} was removed by this pull request, so it has no head lines; cite removed lines at the base (${formatCitationRef({ path, side: 'base', line_start: start, line_end: end })})`
        : file.role === 'rfc' && file.status === undefined
          ? `${JSON.stringify(path)} is an RFC read at the head only; cite it at the head (${formatCitationRef({ path, side: 'head', line_start: start, line_end: end })})`
          : `${JSON.stringify(path)} was added by this pull request, so it has no base lines; cite it at the head`;
    const suggestion = quote === '' ? undefined : findQuote(file, other, quote, start);
    return unverified('line-out-of-range', why, suggestion);
  }
  if (lines.lineCount !== undefined && end > lines.lineCount) {
    return unverified(
      'line-out-of-range',
      `${JSON.stringify(path)} has ${lines.lineCount} lines at the ${side}; line ${end} does not exist there`,
      quote === '' ? undefined : findQuote(file, side, quote, start),
    );
  }
  if (end - start + 1 > MAX_CITED_LINES) {
    return unverified(
      'line-out-of-range',
      `${ref(start, end)} spans more than ${MAX_CITED_LINES} lines; cite the lines that hold the quote`,
      quote === '' ? undefined : findQuote(file, side, quote, start),
    );
  }
  if (file.kind === 'binary' && lines.lines.size === 0) {
    return unverified('line-out-of-range', `${JSON.stringify(path)} is a binary file: it has no lines to cite`);
  }
  const cited: string[] = [];
  for (let n = start; n <= end; n += 1) {
    const text = lines.lines.get(n);
    if (text === undefined) {
      const shownAll = lines.lineCount !== undefined && lines.lines.size >= lines.lineCount;
      if (shownAll) return unverified('line-out-of-range', `${JSON.stringify(path)} has no line ${n} at the ${side}`);
      const suggestion =
        quote === ''
          ? undefined
          : (findQuote(file, side, quote, start) ?? findQuote(file, side === 'head' ? 'base' : 'head', quote, start));
      return unverified(
        'content-omitted',
        `line ${n} of ${JSON.stringify(path)} at the ${side} is not in the evidence pack (${side === 'head' && file.head?.lineCount === undefined ? 'only its hunks are' : 'only the lines of its hunks are shown on this side'})${suggestion ? `; the quote occurs at ${formatCitationRef(suggestion)}` : ''}`,
        suggestion,
      );
    }
    cited.push(text);
  }
  const sidePath = side === 'base' ? (file.basePath ?? path) : path;
  if (citation.quote === undefined) return { status: 'located', sidePath, lines: cited };
  if (quote === '') return unverified('quote-mismatch', 'the quote is empty');
  const match = matchQuote(quote, { side, start, texts: cited });
  if (match.found) {
    const { reading } = match;
    if (
      reading.length < MIN_QUOTE_CHARS &&
      reading.parts[0]!.text !== normaliseWhitespace(cited.join('\n')) &&
      !occursOnOneLine(lines, reading)
    ) {
      return unverified(
        'quote-mismatch',
        `the quote is too short to pin the lines: it occurs on several lines of ${JSON.stringify(path)} (quote at least ${MIN_QUOTE_CHARS} characters, or text found on one line only)`,
      );
    }
    return { status: 'verified', sidePath, lines: cited };
  }
  const suggestion =
    findQuote(file, side, quote, start) ??
    findQuote(file, side === 'head' ? 'base' : 'head', quote, start) ??
    findQuoteAnywhere(pack, quote, path);
  return unverified(
    'quote-mismatch',
    suggestion
      ? `the quote is not in ${ref(start, end)}; it occurs at ${formatCitationRef(suggestion)}`
      : describeMiss(match.miss, ref(start, end)),
    suggestion,
  );
}

/** True when a short quote without an ellipsis (one part) occurs on exactly one shown line of the side. */
function occursOnOneLine(side: IndexedSide, reading: QuoteReading): boolean {
  const text = reading.parts[0]!.text;
  let found = 0;
  for (const line of side.search.folded) {
    if (line.includes(text)) found += 1;
    if (found > 1) return false;
  }
  return found === 1;
}

/** Folds every run of whitespace to one space and trims: quotes are compared this way (the pack's quote index folds lines alike). */
export const normaliseWhitespace = foldWhitespace;

/**
 * Checks a citation and returns it with its verdict; the returned citation's path is the pack's own
 * spelling of the file (a model may add `./`, spaces or another Unicode form), so a link built from it
 * points at the real file.
 */
export function withCitationCheck<T extends Citation>(citation: T, pack: EvidencePack): T & CheckedCitation {
  return {
    ...citation,
    path: findFile(pack, citation.path)?.path ?? citation.path,
    check: verifyCitation(citation, pack),
  };
}

/**
 * The pack's file for a path as a model wrote it: exactly, else without a leading `./` or `/` and
 * surrounding whitespace, else under Unicode normalisation NFC (a model may write `é` either way).
 */
export function findFile(pack: EvidencePack, path: string): IndexedFile | undefined {
  const exact = pack.files.get(path);
  if (exact) return exact;
  const clean = path.trim().replace(/^\.?\/+/, '');
  const cleaned = pack.files.get(clean);
  if (cleaned) return cleaned;
  const nfc = clean.normalize('NFC');
  for (const [key, file] of pack.files) if (key.normalize('NFC') === nfc) return file;
  return undefined;
}
