import { citationSide, formatCitationRef } from '../citations/citation.js';
import { quoteReadings } from '../citations/quote-readings.js';
import type { CheckedCitation } from '../citations/verify-citations.js';
import type { CommentContext } from './comment-context.js';
import { codeSpan, sanitiseText } from './sanitise.js';

/**
 * How a checked citation reads in the comment (docs/how-a-debate-runs.md): a verified one is a link to the
 * exact lines, an unverified one is never a link and carries a visible mark with the reason. Pure.
 */

/**
 * A link to lines of a file at a commit: `{server}/{owner}/{repo}/blob/{sha}/{path}#L{a}-L{b}`
 * (docs/how-a-debate-runs.md; GitHub's blob URL with a line anchor). Each path segment is percent-encoded
 * ({@link encodePathSegment}), so a file name can neither end the Markdown link the URL sits in nor start
 * one of its own: the URL leads to that file and nowhere else.
 * @param context `headSha` is the commit linked to (pass the base commit for base lines)
 */
export function blobLink(
  context: Pick<CommentContext, 'serverUrl' | 'owner' | 'repo' | 'headSha'>,
  path: string,
  start: number,
  end: number,
): string {
  const encoded = path.split('/').map(encodePathSegment).join('/');
  const anchor = start === end ? `#L${start}` : `#L${start}-L${end}`;
  return `${context.serverUrl}/${context.owner}/${context.repo}/blob/${context.headSha}/${encoded}${anchor}`;
}

/**
 * A path segment as a URL in Markdown holds it: `encodeURIComponent`, which leaves `( ) ! * '` as they
 * are, and those too. CommonMark ends a link destination at an unbalanced `)` ("Links": a destination
 * "includes parentheses only if (a) they are backslash-escaped or (b) they are part of a balanced pair"),
 * so a file named `a)(www.evil.example.md` would end the link early and leave a GFM `www.` autolink after
 * it. With every character but `A-Z a-z 0-9 - _ . ~` percent-encoded, a segment can neither end the
 * destination, nor open a link, nor hold a scheme (`:` is encoded too); it is data, and data that would
 * read as a delimiter "must be percent-encoded" (RFC 3986, 2.2 "Reserved Characters"), so the URL still
 * names that file.
 */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Where a verified citation (or a reference whose lines were located without a quote) links to: the
 * head commit for head lines, the base commit for base lines (a removed line exists only there), under
 * the file's name at that commit.
 * @returns undefined when the citation is unverified, or cites base lines and the base commit is unknown
 */
export function citationUrl(citation: CheckedCitation, context: CommentContext): string | undefined {
  if (citation.check.status === 'unverified') return undefined;
  const base = citationSide(citation) === 'base';
  if (base && context.baseSha === undefined) return undefined;
  const at = base ? { ...context, headSha: context.baseSha ?? context.headSha } : context;
  return blobLink(at, citation.check.sidePath, citation.line_start, citation.line_end);
}

/** How many of a citation's lines the comment shows, at most; it says how many more there are. */
export const SHOWN_LINES = 3;
/** How many characters of a line the comment shows, at most (a readable width; the link has the rest). */
export const SHOWN_WIDTH = 100;

/**
 * The lines of a checked citation as the comment shows them: the first {@link SHOWN_LINES} lines that
 * are not blank, each without its indentation and, when longer than {@link SHOWN_WIDTH} characters
 * (whole code points), cut to that width around the first quoted text it holds (else from its start),
 * and how many of the cited lines come after the last one shown. The text is always the line's own.
 * @param lines the cited lines as the file has them at that commit (the check's `lines`)
 * @param focus text the quote pins (its parts, whitespace folded), to keep in view on a long line
 */
export function shownLines(
  lines: readonly string[],
  focus: readonly string[] = [],
): { shown: { text: string; before: boolean; after: boolean }[]; more: number } {
  const shown: { text: string; before: boolean; after: boolean }[] = [];
  let last = -1;
  for (let i = 0; i < lines.length && shown.length < SHOWN_LINES; i += 1) {
    const text = lines[i]!.trim();
    if (text === '') continue;
    const chars = [...text];
    let start = 0;
    if (chars.length > SHOWN_WIDTH) {
      const at = focus.map((part) => text.indexOf(part)).find((n) => n > 0);
      // Code points before the quoted text, less a little lead-in, within the line's last full window.
      if (at !== undefined)
        start = Math.max(0, Math.min([...text.slice(0, at)].length - 12, chars.length - SHOWN_WIDTH));
      // Start at a word: after the last blank at or before the start (the quoted text itself starts after one).
      while (start > 0 && !/\s/.test(chars[start - 1]!)) start -= 1;
    }
    const end = Math.min(chars.length, start + SHOWN_WIDTH);
    shown.push({ text: chars.slice(start, end).join('').trim(), before: start > 0, after: end < chars.length });
    last = i;
  }
  return { shown, more: lines.length - (last + 1) };
}

/** The cited lines as code spans on one line (the comment's body holds no fence, `fit-comment.ts`), ` ⏎ ` between lines. */
function renderLines(lines: readonly string[], focus: readonly string[]): string {
  const { shown, more } = shownLines(lines, focus);
  const code =
    shown.length === 0
      ? '_(blank)_'
      : shown.map((l) => `${l.before ? '…' : ''}${codeSpan(l.text)}${l.after ? '…' : ''}`).join(' ⏎ ');
  return more === 0 ? code : `${code} _(${more} more line${more === 1 ? '' : 's'})_`;
}

/**
 * One structured citation. A verified one (docs/how-a-debate-runs.md, issue #29): its reference as a link to
 * the lines, then the cited lines as the file has them at that commit (from the evidence pack, never
 * the model's quote), the first {@link SHOWN_LINES} of them and how many more. An unverified one:
 * `⚠️ **unverified**`, the reference and the model's quote as code, and the check's reason.
 */
export function renderCitation(citation: CheckedCitation, context: CommentContext): string {
  const where = codeSpan(formatCitationRef(citation));
  const check = citation.check;
  if (check.status === 'unverified')
    return `⚠️ **unverified** ${where} ${codeSpan(citation.quote)} (${sanitiseText(check.detail, { inline: true })})`;
  const url = citationUrl(citation, context);
  const focus = quoteReadings(citation.quote, citationSide(citation)).flatMap((r) => r.parts.map((p) => p.text));
  return `${url === undefined ? where : `[${where}](${url})`} ${renderLines(check.lines, focus)}`;
}
