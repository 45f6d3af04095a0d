import type { EvidencePack } from '../evidence/evidence-types.js';
import { findCitationRefs, type FoundRef, type RepositoryUrl } from './citation.js';
import { verifyCitation, type CheckedCitation, type CitationCheck } from './verify-citations.js';

/**
 * References that models write in their prose (issue #11): found with the one citation grammar and
 * checked against the evidence pack by the same verifier as structured citations. A quote written
 * right after a reference, in parentheses (`` `path:12` ("return x") ``), is checked like the quote of
 * a structured citation (issue #20); a reference without one is only located. Pure.
 */

/**
 * What every prompt says about references in prose (`prompts/system.md`, placeholder `rule_prose_references`),
 * in one sentence, as the engine applies it: {@link checkReferences} checks each one (with the quote
 * beside it, if any), `mechanicalTag` makes a claim with a failed one unverified, and a reference that
 * checks out neither verifies a claim nor counts as a verified citation (`countCitations`).
 */
export const PROSE_REFERENCE_RULE =
  'Never write `path:line`, `path@base:line` or a link to lines in your prose (claims, reasoning, theses, answers, rulings), refer to a citation by what it shows; a reference written there anyway is checked, and one that fails makes its claim unverified while one that passes adds nothing.';

/** A reference found in prose, with the verifier's verdict. `ref` is where it points once read. */
export interface CheckedReference extends FoundRef {
  /** The quote written beside it in parentheses, when there is one. */
  quote: string | undefined;
  check: CitationCheck;
}

/**
 * A quote in parentheses right after a reference (after the backtick that closes its code span, if
 * any): `("…")`, `(“…”)` or `` (`…`) ``.
 */
const QUOTE_BESIDE = /^`?[ \t]*\([ \t]*(?:"((?:[^"\\\n]|\\.)+)"|\u201c([^\u201d\n]+)\u201d|`([^`\n]+)`)[ \t]*\)/;

/** The quote written in parentheses right after `end` in `text`, or undefined. */
function quoteBeside(text: string, end: number): string | undefined {
  const m = QUOTE_BESIDE.exec(text.slice(end));
  if (!m) return undefined;
  if (m[1] === undefined) return m[2] ?? m[3];
  try {
    return String(JSON.parse(`"${m[1]}"`));
  } catch {
    return m[1];
  }
}

/**
 * Finds and checks every reference in a text. A blob link names its side by its commit: the base
 * commit (or a prefix of it, 7 or more hex digits) means the base; any other commit is read as the
 * head, the only other side the models were shown, and its lines are checked there.
 * @param repository the repository whose blob links count as references at any commit; without it,
 *   blob links count only at the head or base commit of the pack
 * @returns the references in text order, each with its quote (when one is written beside it) and its check
 */
export function checkReferences(text: string, pack: EvidencePack, repository?: RepositoryUrl): CheckedReference[] {
  const scope = {
    ...(repository ? { repository } : {}),
    commits: [pack.headSha, pack.baseSha],
    paths: new Set(pack.files.keys()),
  };
  return findCitationRefs(text, scope).map((found) => {
    const base =
      found.commit !== undefined &&
      /^[0-9a-f]{7,40}$/i.test(found.commit) &&
      pack.baseSha.toLowerCase().startsWith(found.commit.toLowerCase());
    const ref = base ? { ...found.ref, side: 'base' as const } : found.ref;
    const quote = quoteBeside(text, found.end);
    return { ...found, ref, quote, check: verifyCitation(quote === undefined ? ref : { ...ref, quote }, pack) };
  });
}

/**
 * The references of several texts as checked citations, for tags and counts: a claim's text and
 * reasoning, say. `quote` is the quote written beside the reference, or '' when there is none (then
 * the check is at best `located`).
 */
export function referencesAsCitations(
  texts: readonly (string | undefined)[],
  pack: EvidencePack,
  repository?: RepositoryUrl,
): CheckedCitation[] {
  return texts
    .flatMap((text) => (text ? checkReferences(text, pack, repository) : []))
    .map((r) => ({ ...r.ref, quote: r.quote ?? '', check: r.check }));
}
