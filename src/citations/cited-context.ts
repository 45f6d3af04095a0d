import type { EvidencePack } from '../evidence/evidence-types.js';
import { citationSide, formatRange } from './citation.js';
import { findFile, type CheckedCitation } from './verify-citations.js';

/**
 * The lines a citation points at, with the lines around them, as the auditor reads them (issue #29:
 * "each claim in the audit prompt carries its cited lines with two lines of context on each side"), so
 * it judges what the lines say without finding them in the evidence pack. Pure.
 */

/** Lines of context shown before and after the cited lines. */
export const CONTEXT_LINES = 2;

/**
 * A checked citation's lines with {@link CONTEXT_LINES} lines of context on each side, as far as the
 * evidence pack shows them on that side, e.g.
 * `head lines 26-30 (> marks the cited lines):`, `  27 | …`, `> 28 | …`.
 * @param indent put before every line
 * @returns the lines of text, or [] when the citation did not check out (its lines may not exist)
 */
export function citedContext(citation: CheckedCitation, pack: EvidencePack, indent: string): string[] {
  if (citation.check.status === 'unverified') return [];
  const side = citationSide(citation);
  const file = findFile(pack, citation.path);
  const lines = side === 'head' ? file?.head : file?.base;
  if (!lines) return [];
  let first = citation.line_start;
  while (first > citation.line_start - CONTEXT_LINES && lines.lines.has(first - 1)) first -= 1;
  let last = citation.line_end;
  while (last < citation.line_end + CONTEXT_LINES && lines.lines.has(last + 1)) last += 1;
  const width = String(last).length;
  const rows = [`${indent}${side} lines ${formatRange(first, last)} (> marks the cited lines):`];
  for (let n = first; n <= last; n += 1) {
    const cited = n >= citation.line_start && n <= citation.line_end;
    rows.push(`${indent}${cited ? '>' : ' '} ${String(n).padStart(width)} | ${lines.lines.get(n) ?? ''}`);
  }
  return rows;
}
