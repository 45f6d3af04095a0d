import { foldWhitespace } from '../evidence/index-evidence.js';

/**
 * How a quote is compared with the lines it cites (issue #20): the one rule, stated in
 * {@link QUOTE_RULE} for the models and applied by {@link quotePatterns} / {@link matchesQuote} for
 * the verifier. What the evidence pack itself added to a line when it showed it may be copied along
 * with the line: the `N | ` gutter of a FILE row (`show-lines.ts`, `renderFileBlock`), and the number
 * columns and the `+`/`-`/space marker of a DIFF row (`renderHunk`). Runs of whitespace compare equal,
 * and an ellipsis (`...` or `…`) stands for an elided middle: the parts around it must each occur, in
 * order, within the cited lines. Nothing else is forgiven: a paraphrase or one changed word is not
 * found. Pure.
 */

/** The quote rule as every prompt states it (`prompts/system.md`, placeholder `rule_quote`). */
export const QUOTE_RULE =
  'A quote is found when it occurs on the cited lines as the evidence pack shows them. What the pack adds to a line may be copied with it and is ignored: the `N | ` line number of a FILE row, the line numbers and the `+`, `-` or space marker of a DIFF row. Runs of whitespace compare equal. An ellipsis (`...` or `…`) stands for an elided middle: the parts around it must each occur, in order, within the cited lines. Nothing else is forgiven: a paraphrase or one changed word is not found.';

/**
 * One way of reading a quote: parts that must occur in order (one part for a quote without an
 * ellipsis), each with whitespace folded, none empty.
 */
export interface QuotePattern {
  parts: string[];
  /** Characters in the parts together: what pins the quote to its lines. */
  length: number;
}

/** A FILE row's gutter: the head line number and `|` (`renderFileBlock`: `${n} | ${line}`). */
const FILE_GUTTER = /^\s*\d+ \|(?: |$)/;
/** A DIFF row's number columns (one or both) and its `+`/`-` marker (`renderHunk`). */
const DIFF_MARKER = /^\s*(?:\d+\s+){0,2}[+-](?: |$)/;
/** A DIFF context row copied with both number columns: base, head, the space marker and its separators. */
const DIFF_CONTEXT = /^\s*\d+\s+\d+ {3,}/;
/** An ellipsis a model writes for an elided middle. */
const ELLIPSIS = /\.{3,}|…/;

/**
 * The ways a quote may be read, in order: as written (whitespace folded), then with what the pack added
 * to each line removed and every ellipsis read as a gap. Empty when the quote holds nothing to find.
 */
export function quotePatterns(quote: string): QuotePattern[] {
  const exact = foldWhitespace(quote);
  const patterns: QuotePattern[] = exact === '' ? [] : [{ parts: [exact], length: exact.length }];
  const stripped = quote
    .split(/\r?\n/)
    // One decoration per line at most: a line's own text may start with `- ` (a Markdown list) after its gutter.
    .map((line) => [FILE_GUTTER, DIFF_CONTEXT, DIFF_MARKER].reduce((shown, decoration) => (shown === line ? line.replace(decoration, '') : shown), line))
    .join('\n');
  const parts = stripped.split(ELLIPSIS).map(foldWhitespace).filter((part) => part !== '');
  if (parts.length > 0 && !(parts.length === 1 && parts[0] === exact)) {
    patterns.push({ parts, length: parts.reduce((n, part) => n + part.length, 0) });
  }
  return patterns;
}

/**
 * True when every part of the pattern occurs in `text` (folded lines), in order, without overlap.
 * @param text cited lines, whitespace folded and joined by a space
 */
function matchesPattern(text: string, pattern: QuotePattern): boolean {
  let at = 0;
  for (const part of pattern.parts) {
    const found = text.indexOf(part, at);
    if (found === -1) return false;
    at = found + part.length;
  }
  return true;
}

/** The first of the patterns found in `text`, or undefined. */
export function matchesQuote(text: string, patterns: readonly QuotePattern[]): QuotePattern | undefined {
  return patterns.find((pattern) => matchesPattern(text, pattern));
}

/**
 * One example of each form a quote may take (issue #20), over one head line, for `prompts/system.md`
 * (placeholder `rule_examples`); the prompt test checks each against {@link matchesQuote}.
 */
export const QUOTE_EXAMPLES = {
  path: 'src/cache.ts',
  line: 12,
  text: '    return cache.get(key) ?? load(key);',
  found: [
    ['copied exactly', 'return cache.get(key) ?? load(key);'],
    ['with the FILE row gutter', '12 |     return cache.get(key) ?? load(key);'],
    ['with the DIFF row marker of an added line', '+     return cache.get(key) ?? load(key);'],
    ['with whitespace runs changed', 'return  cache.get(key)\n    ?? load(key);'],
    ['with an elided middle', 'return cache.get(key) ... load(key);'],
  ],
  notFound: [
    ['one word changed', 'return cache.fetch(key) ?? load(key);'],
    ['a paraphrase', 'returns the cached value, else loads it'],
  ],
} as const;

/** {@link QUOTE_EXAMPLES} as the system prompt shows them: one line per form. */
export function quoteExamplesText(): string {
  const { path, line, text, found, notFound } = QUOTE_EXAMPLES;
  return [
    `  Examples, for head line ${line} of \`${path}\`, which reads \`${text}\` (a FILE block shows it as \`${line} | ${text}\`):`,
    ...found.map(([form, quote]) => `  - ${form}: ${JSON.stringify(quote)} is found;`),
    `  - a reference in the prose with its quote beside it: \`${path}:${line}\` ("return cache.get(key)") is checked like a structured citation;`,
    ...notFound.map(([form, quote], i) => `  - ${form}: ${JSON.stringify(quote)} is not found${i === notFound.length - 1 ? '.' : ';'}`),
  ].join('\n');
}
