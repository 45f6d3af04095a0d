/**
 * Makes model and PR text safe to place in our comment: it cannot open HTML, forge our marker,
 * ping anyone, or start a line with a command. Pure.
 */

/** The hidden first line of every debate comment (contract section 7). */
export const MARKER_PREFIX = '<!-- pr-debate:v1';

/** Bidirectional controls (Trojan Source) and invisible characters a reader should see, not be fooled by. */
const HIDDEN_CHARACTERS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g;

/** Shows each hidden character as its code point, e.g. `⟨U+202E⟩`. */
export function revealHiddenCharacters(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** Escapes the characters HTML gives meaning to. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Text from a model or the PR, for Markdown paragraphs and list items.
 * - HTML is escaped, so no tag, comment or marker can be formed; brackets too, so no link or image;
 * - every `@` gets a zero-width space after it, so no one is mentioned;
 * - a line starting with `/` gets a zero-width space first, so it is never a command line;
 * - a line starting with a fence or `#`/`>`/`|`/`---` loses its block meaning (it stays visible).
 * @param text any text
 * @param options `inline` folds newlines to spaces (table cells, headings)
 */
export function sanitiseText(text: string, options: { inline?: boolean } = {}): string {
  let out = escapeHtml(revealHiddenCharacters(text))
    .replace(/[[\]]/g, '\\$&') // no links or images of the text's own making
    // Every `@` not glued to a letter or digit before it, not only one before a name: emphasis markers
    // between `@` and a name vanish when the Markdown is rendered (`@*x*` reads `@x`). After a letter or
    // digit (`lib/a.js@base`, an e-mail address) GitHub sees no mention, and the text stays copyable.
    .replace(/(?<![A-Za-z0-9])@/g, '@\u200b')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  out = out
    .split(/\r?\n/)
    .map((line) => line.replace(/^(\s*)([/`~#>|]|-{3,}|={3,})/, '$1\u200b$2'))
    .join(options.inline ? ' ' : '\n');
  if (options.inline) out = out.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  return out;
}

/**
 * A quote shown verbatim as code. Markdown still parses between HTML tags, so every character it gives
 * meaning to is written as a character reference (CommonMark decodes those as plain text): no link,
 * emphasis, code span or mention can form, and the quote reads exactly as written.
 */
export function codeSpan(text: string): string {
  const escaped = escapeHtml(revealHiddenCharacters(text).replace(/\r?\n/g, ' ')).replace(/[\\`*_[\]()!~|#@:]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<code>${escaped}</code>`;
}

/**
 * A fenced code block whose fence is longer than any backtick run inside, so the content can never
 * close it (CommonMark: a closing fence needs at least as many backticks as the opening one).
 */
export function fencedBlock(content: string, language: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}
