import { citationSide, formatCitationRef } from '../citations/citation.js';
import type { CheckedCitation } from '../citations/verify-citations.js';
import type { CommentContext } from './comment-context.js';
import { codeSpan, sanitiseText } from './sanitise.js';

/**
 * How a checked citation reads in the comment (contract section 7): a verified one is a link to the
 * exact lines, an unverified one is never a link and carries a visible mark with the reason. Pure.
 */

/**
 * A link to lines of a file at a commit: `{server}/{owner}/{repo}/blob/{sha}/{path}#L{a}-L{b}`
 * (contract section 7; GitHub's blob URL with a line anchor). Each path segment is percent-encoded.
 * @param context `headSha` is the commit linked to (pass the base commit for base lines)
 */
export function blobLink(context: Pick<CommentContext, 'serverUrl' | 'owner' | 'repo' | 'headSha'>, path: string, start: number, end: number): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const anchor = start === end ? `#L${start}` : `#L${start}-L${end}`;
  return `${context.serverUrl}/${context.owner}/${context.repo}/blob/${context.headSha}/${encoded}${anchor}`;
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

/**
 * One structured citation: its reference as a link when verified, followed by its quote; when
 * unverified, `⚠️ **unverified**`, the reference and quote as code, and the check's reason.
 */
export function renderCitation(citation: CheckedCitation, context: CommentContext): string {
  const where = codeSpan(formatCitationRef(citation));
  const url = citationUrl(citation, context);
  if (url !== undefined) return `[${where}](${url}) ${codeSpan(citation.quote)}`;
  if (citation.check.status !== 'unverified') return `${where} ${codeSpan(citation.quote)}`;
  return `⚠️ **unverified** ${where} ${codeSpan(citation.quote)} (${sanitiseText(citation.check.detail, { inline: true })})`;
}
