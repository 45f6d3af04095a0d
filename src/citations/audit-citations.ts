import { formatCitationRef } from './citation.js';
import { UNVERIFIED_REASONS, type CheckedCitation, type CitationCheck, type UnverifiedReason } from './verify-citations.js';

/**
 * The citation audit (issue #3): per position, how many citations verified, how many did not, and why.
 * It is part of the debate's result: the comment shows it next to each position, and the judge and the
 * advocates read every citation tagged with its check.
 */

/** Verified and unverified counts of one position, with the unverified ones counted by reason. */
export interface CitationAudit {
  verified: number;
  unverified: number;
  /** Unverified citations by reason; reasons with none are absent. */
  reasons: Partial<Record<UnverifiedReason, number>>;
}

/**
 * Counts a position's checked citations.
 * @param citations every citation the position's advocate wrote, each with its check
 */
export function auditCitations(citations: readonly { check: CitationCheck }[]): CitationAudit {
  const audit: CitationAudit = { verified: 0, unverified: 0, reasons: {} };
  for (const { check } of citations) {
    if (check.status === 'verified') {
      audit.verified += 1;
    } else {
      audit.unverified += 1;
      audit.reasons[check.reason] = (audit.reasons[check.reason] ?? 0) + 1;
    }
  }
  return audit;
}

/**
 * The reasons of an audit in words, e.g. `2 quote mismatch, 1 no such file`; '' when none.
 * @param reasons the `reasons` of a {@link CitationAudit} (or undefined for counts without reasons)
 */
export function describeReasons(reasons: Partial<Record<UnverifiedReason, number>> | undefined): string {
  if (reasons === undefined) return '';
  return (Object.keys(UNVERIFIED_REASONS) as UnverifiedReason[])
    .filter((reason) => (reasons[reason] ?? 0) > 0)
    .map((reason) => `${reasons[reason]} ${UNVERIFIED_REASONS[reason]}`)
    .join(', ');
}

/**
 * A checked citation as the models read it in later turns (the judge, the next round): tagged
 * `[verified]` or `[UNVERIFIED: <the check's sentence>]`, then the reference and the quote.
 * e.g. `[UNVERIFIED: the quote is not in lib/a.js:12; it occurs at lib/a.js:40] lib/a.js:12 "retry()"`
 */
export function tagCitationForModels(citation: CheckedCitation): string {
  const tag = citation.check.status === 'verified' ? '[verified]' : `[UNVERIFIED: ${citation.check.detail}]`;
  return `${tag} ${formatCitationRef(citation)} ${JSON.stringify(citation.quote)}`;
}

/**
 * A reference from a claim's prose (issue #11) as the models read it: tagged like a citation, without
 * a quote. e.g. `[UNVERIFIED: "lib/x.js" is not a file of this pull request or its RFC] lib/x.js:3 (in the prose)`
 */
export function tagReferenceForModels(reference: CheckedCitation): string {
  const tag = reference.check.status === 'verified' ? '[verified]' : `[UNVERIFIED: ${reference.check.detail}]`;
  return `${tag} ${formatCitationRef(reference)} (in the prose)`;
}
