import { createHash } from 'node:crypto';

/**
 * The `content_digest` of a decision record (contract section 8): sha256 over the evidence pack
 * exactly as the models saw it, with what a no-op rebase changes normalised away. The pack text names
 * the head and base commits, and its block delimiters carry a tag derived from everything in the pack
 * (SHAs included), so `evidence_digest` changes on every push; this digest changes only when the diff,
 * the files shown, the RFC or the PR text change. The merge gate compares it (contract section 9). Pure.
 */

/** What is normalised away: the pack's commit SHAs (40 hex) and its delimiter tag. */
export interface PackIdentity {
  text: string;
  headSha: string;
  baseSha: string;
  tag: string;
}

/** Placeholders written in place of each normalised value (none can be a SHA or a tag: not hex). */
const HEAD = '<head-sha>';
const BASE = '<base-sha>';
const TAG = '<tag>';

/**
 * The pack text with the head SHA, the base SHA and the delimiter tag (as `EVIDENCE-<tag>`) replaced by
 * fixed placeholders. Only those exact strings are replaced: a SHA quoted inside a file is the same
 * commit's SHA, so it is part of what a rebase moves, not of what the debate weighed.
 */
export function normaliseEvidence(pack: PackIdentity): string {
  let text = pack.text.split(`EVIDENCE-${pack.tag}`).join(`EVIDENCE-${TAG}`);
  if (/^[0-9a-f]{40}$/i.test(pack.headSha)) text = text.split(pack.headSha).join(HEAD);
  if (/^[0-9a-f]{40}$/i.test(pack.baseSha)) text = text.split(pack.baseSha).join(BASE);
  return text;
}

/**
 * @returns `sha256:<64 hex>` of {@link normaliseEvidence}; equal for two packs that differ only in their
 *   commit SHAs and delimiter tag
 */
export function contentDigest(pack: PackIdentity): string {
  return `sha256:${createHash('sha256').update(normaliseEvidence(pack)).digest('hex')}`;
}
