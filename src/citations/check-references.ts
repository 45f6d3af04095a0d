import type { EvidencePack } from '../evidence/evidence-types.js';
import { findCitationRefs, type FoundRef, type RepositoryUrl } from './citation.js';
import { verifyCitation, type CheckedCitation, type CitationCheck } from './verify-citations.js';

/**
 * References that models write in their prose (issue #11): found with the one citation grammar and
 * checked against the evidence pack by the same verifier as structured citations, without a quote.
 * Pure.
 */

/** A reference found in prose, with the verifier's verdict. `ref` is where it points once read. */
export interface CheckedReference extends FoundRef {
  check: CitationCheck;
}

/**
 * Finds and checks every reference in a text. A blob link names its side by its commit: the base
 * commit (or a prefix of it, 7 or more hex digits) means the base; any other commit is read as the
 * head, the only other side the models were shown, and its lines are checked there.
 * @param repository the repository whose blob links count as references at any commit; without it,
 *   blob links count only at the head or base commit of the pack
 * @returns the references in text order, each with its check
 */
export function checkReferences(text: string, pack: EvidencePack, repository?: RepositoryUrl): CheckedReference[] {
  const scope = { ...(repository ? { repository } : {}), commits: [pack.headSha, pack.baseSha], paths: new Set(pack.files.keys()) };
  return findCitationRefs(text, scope).map((found) => {
    const base = found.commit !== undefined && /^[0-9a-f]{7,40}$/i.test(found.commit) && pack.baseSha.toLowerCase().startsWith(found.commit.toLowerCase());
    const ref = base ? { ...found.ref, side: 'base' as const } : found.ref;
    return { ...found, ref, check: verifyCitation(ref, pack) };
  });
}

/**
 * The references of several texts as citations without a quote, for tags and counts: a claim's text and
 * reasoning, say. The path is the pack's spelling when the file is in the pack.
 */
export function referencesAsCitations(texts: readonly (string | undefined)[], pack: EvidencePack, repository?: RepositoryUrl): CheckedCitation[] {
  return texts.flatMap((text) => (text ? checkReferences(text, pack, repository) : [])).map((r) => ({ ...r.ref, quote: '', check: r.check }));
}
