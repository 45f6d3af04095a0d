import { MAX_CITED_LINES, MIN_QUOTE_CHARS, type QuoteMiss } from './match-quote.js';

/**
 * The quote rule of `match-quote.ts` in words: as every prompt states it, with one example of each form,
 * and the sentence a quote not found is refused with. Pure.
 */

/** The quote rule as every prompt states it (`prompts/system.md`, placeholder `rule_quote`), built from the limits the verifier applies. */
export const QUOTE_RULE = [
  'A quote is found when it is copied from the cited lines as the evidence pack shows them.',
  "The `N | ` of a FILE row and the numbers and marker of a DIFF row may be copied with a line when they are that line's own (`+` only on head lines, `-` only on base lines); runs of whitespace compare equal.",
  'Within a line a quote is one contiguous piece, starting and ending between words (not inside a name or a number, not just after a `!`).',
  'An ellipsis (`...` or `…`) may stand only for whole lines left out between quoted lines, or for the cut start or end of a line, never for words inside a line.',
  `Each part between ellipses must be at least ${MIN_QUOTE_CHARS} characters, and the parts together at least half of the text from the first quoted character to the last.`,
  `A quote without an ellipsis may be shorter than ${MIN_QUOTE_CHARS} characters only if it is all of the cited text or occurs on one line of the file only.`,
  `A citation spans at most ${MAX_CITED_LINES} lines.`,
  'Nothing else is forgiven: a paraphrase, a changed word or a left-out word is not found.',
].join(' ');

/** The sentence the models and the comment read for a quote not found on `where` (a reference such as `a.ts:3-5`). */
export function describeMiss(miss: QuoteMiss, where: string): string {
  switch (miss) {
    case 'absent':
      return `the quote does not occur in ${where}`;
    case 'inside-line':
      return `the quote leaves out words inside a line of ${where}: an ellipsis may stand only for whole lines between quoted lines or for the start or end of a line; quote the line whole or one contiguous piece of it`;
    case 'short-part':
      return `a part of the quote between ellipses is shorter than ${MIN_QUOTE_CHARS} characters, so it does not pin ${where}`;
    case 'sparse':
      return `the parts of the quote are less than half of the text they stand for in ${where}: quote more of the lines, or cite them separately`;
    case 'wrong-number':
      return `a line number copied with the quote is not the number of the line that holds that text in ${where}`;
    case 'wrong-marker':
      return `a diff marker copied with the quote is not of the cited side (${where}): \`+\` marks head lines, \`-\` base lines`;
  }
}

/**
 * One example of each form a quote may take, over three head lines, for `prompts/system.md`
 * (placeholder `rule_examples`); the prompt test checks each against `matchQuote`.
 */
export const QUOTE_EXAMPLES = {
  path: 'src/cache.ts',
  start: 10,
  lines: ['export function read(key: string): Value {', '  const hit = cache.get(key);', '  return hit ?? load(key);'],
  /** Form, quote, and the lines it cites. */
  found: [
    ['copied exactly', 'return hit ?? load(key);', 12, 12],
    ['with the FILE row gutter', '12 |   return hit ?? load(key);', 12, 12],
    ['with the DIFF marker of an added line', '+   return hit ?? load(key);', 12, 12],
    ['with the start of the line cut', '... hit ?? load(key);', 12, 12],
    ['with the end of the line cut', 'export function read(key: string) ...', 10, 10],
    ['with a whole line left out', 'export function read(key: string): Value { ... return hit ?? load(key);', 10, 12],
  ],
  notFound: [
    ['with words left out inside a line', 'const hit ... cache.get(key);', 11, 11],
    ['with the gutter of another line', '11 |   return hit ?? load(key);', 11, 12],
    ['with a base marker on a head line', '-   return hit ?? load(key);', 12, 12],
    ['with one word changed', 'return hit ?? fetch(key);', 12, 12],
    ['as a paraphrase', 'returns the cached value, else loads it', 10, 12],
  ],
} as const satisfies {
  path: string;
  start: number;
  lines: readonly string[];
  found: readonly (readonly [string, string, number, number])[];
  notFound: readonly (readonly [string, string, number, number])[];
};

/** {@link QUOTE_EXAMPLES} as the system prompt shows them: the lines, then one line per form. */
export function quoteExamplesText(): string {
  const { path, start, lines, found, notFound } = QUOTE_EXAMPLES;
  const range = (a: number, b: number) => (a === b ? `${a}` : `${a}-${b}`);
  return [
    `  Examples, for head lines of \`${path}\` that a FILE block shows as:`,
    ...lines.map((text, i) => `      ${start + i} | ${text}`),
    ...found.map(([form, quote, a, b]) => `  - ${form}: ${JSON.stringify(quote)} citing ${range(a, b)} is found;`),
    ...notFound.map(
      ([form, quote, a, b], i) =>
        `  - ${form}: ${JSON.stringify(quote)} citing ${range(a, b)} is not found${i === notFound.length - 1 ? '.' : ';'}`,
    ),
  ].join('\n');
}
