import { citationSide, formatCitationRef, type CitationSide } from '../citations/citation.js';
import type { Position } from '../debate/debate-types.js';
import { foldWhitespace } from '../evidence/index-evidence.js';
import type { CommentContext } from '../report/comment-context.js';
import { citationUrl } from '../report/render-citation.js';
import { codeSpan, fencedBlock, revealHiddenCharacters, sanitiseText } from '../report/sanitise.js';
import { statusMeaning, type PlannedThread } from './plan-threads.js';

/**
 * The body of a review comment (issue #34), safe as the verdict comment is: model and PR text goes
 * through the comment's sanitiser (no HTML, mention, autolink or reference fires), the cited lines are
 * the file's own (from the evidence pack) in a fence they cannot close, and two hidden lines carry what
 * a later run needs: which debate and thread it is, and the cited text whose presence keeps it current.
 * Pure.
 */

/** The hidden first line of every review comment pr-debate writes. */
export const THREAD_MARKER_PREFIX = '<!-- pr-debate:thread';

/** Longest cited line shown, in characters; longer ones are cut with an ellipsis. */
const SHOWN_WIDTH = 160;
/** Cited lines shown before "N more lines". */
const SHOWN_LINES = 6;
/** Longest cited text kept in the hidden line, in characters (folded). */
const KEPT_QUOTE = 2_000;

/** The hidden first line: `<!-- pr-debate:thread id=<debate id> key=<key> -->`. */
export function threadMarker(debateId: string, key: string): string {
  return `${THREAD_MARKER_PREFIX} id=${debateId} key=${key} -->`;
}

/** Reads a body's marker back. @returns undefined when the body is not one of ours */
export function readThreadMarker(body: string): { debateId: string; key: string } | undefined {
  const match = /^<!-- pr-debate:thread id=([0-9a-f]+) key=([A-D](?:\.(?:all|defeat)\.\d+)?) -->/.exec(body);
  return match ? { debateId: match[1] ?? '', key: match[2] ?? '' } : undefined;
}

/**
 * The comment of one planned thread.
 * @param verdictUrl the verdict comment's link ('' while unknown: the line is left out)
 */
export function renderThread(
  thread: PlannedThread,
  positions: readonly Position[],
  context: CommentContext,
  verdictUrl: string,
): string {
  const label = positions.find((p) => p.id === thread.positionId)?.label ?? thread.positionId;
  const who = `${thread.role === 'defeating' ? 'Evidence against position' : 'Position'} ${thread.positionId}: ${sanitiseText(label, { inline: true })}`;
  const url = citationUrl(thread.citation, context);
  const where = codeSpan(formatCitationRef(thread.citation));
  const shown = thread.lines
    .slice(0, SHOWN_LINES)
    .map((line) => cut(revealHiddenCharacters(line).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')));
  const more = thread.lines.length - shown.length;
  return [
    threadMarker(context.id, thread.key),
    `**pr-debate · ${who}** (${statusMeaning(thread.status)})`,
    '',
    `${thread.role === 'defeating' ? 'The judge' : 'Claim'}: ${sanitiseText(thread.claim, { inline: true })}`,
    '',
    url === undefined ? where : `[${where}](${url})`,
    fencedBlock(shown.join('\n'), ''),
    ...(more > 0 ? [`and ${more} more line${more === 1 ? '' : 's'}`] : []),
    ...(verdictUrl ? ['', `[The verdict and the whole debate](${verdictUrl})`] : []),
    quoteLine(thread.lines, citationSide(thread.citation)),
  ].join('\n');
}

/**
 * The hidden last line: the cited text, folded, as base64url (so no `-->` or Markdown can hide in it),
 * and its side: `quote` for head lines, `quote-base` for removed lines, which a push to the head does not change.
 */
function quoteLine(lines: readonly string[], side: CitationSide): string {
  const folded = foldWhitespace(lines.join(' ')).slice(0, KEPT_QUOTE);
  return `<!-- pr-debate:${side === 'base' ? 'quote-base' : 'quote'}=${Buffer.from(folded, 'utf8').toString('base64url')} -->`;
}

/** The head-side cited text a body keeps ({@link quoteLine}), or undefined when it keeps none (or cites base lines). */
export function readQuote(body: string): string | undefined {
  const match = /<!-- pr-debate:quote=([A-Za-z0-9_-]*) -->/.exec(body);
  return match ? Buffer.from(match[1] ?? '', 'base64url').toString('utf8') : undefined;
}

/**
 * Whether a thread's cited text still occurs in the file (whitespace folded, as quotes are compared):
 * a thread whose lines are gone no longer says what the file says. A thread on base lines always holds.
 * @param fileText the file at the commit the thread is checked at, or undefined when it is gone
 */
export function quoteHolds(body: string, fileText: string | undefined): boolean {
  const quote = readQuote(body);
  if (quote === undefined || quote === '') return true;
  return fileText !== undefined && foldWhitespace(fileText).includes(quote);
}

/** Marks a body outdated at `headSha`, once (the marker line stays first, so the thread is still found). */
export function markOutdated(body: string, headSha: string): string {
  if (isOutdated(body)) return body;
  const [first, ...rest] = body.split('\n');
  return [
    first,
    `> [!NOTE]\n> **Outdated** at ${headSha.slice(0, 12)}: the cited lines are no longer in the file, so this comment no longer shows what the code says.`,
    '',
    ...rest,
  ].join('\n');
}

/** Whether a body was marked outdated. */
export function isOutdated(body: string): boolean {
  return /^> \*\*Outdated\*\* at [0-9a-f]{7,40}:/m.test(body);
}

function cut(line: string): string {
  return line.length > SHOWN_WIDTH ? `${line.slice(0, SHOWN_WIDTH - 1)}…` : line;
}
