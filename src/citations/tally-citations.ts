import { formatCitationRef } from './citation.js';
import {
  UNVERIFIED_REASONS,
  type CheckedCitation,
  type CitationCheck,
  type UnverifiedReason,
} from './verify-citations.js';

/**
 * The citation tally (issue #3): per position, how many citations verified, how many did not, and why.
 * It is part of the debate's result: the comment shows it next to each position, and the judge and the
 * advocates read every citation tagged with its check.
 */

/**
 * Verified and unverified counts of one position, with the unverified ones counted by reason. A
 * reference checked without a quote (`located`) is neither: it proves nothing and failed nothing.
 */
export interface CitationTally {
  verified: number;
  unverified: number;
  /** Unverified citations by reason; reasons with none are absent. */
  reasons: Partial<Record<UnverifiedReason, number>>;
}

/**
 * Counts a position's checked citations.
 * @param citations every citation the position's advocate wrote, each with its check
 */
export function tallyCitations(citations: readonly { check: CitationCheck }[]): CitationTally {
  const tally: CitationTally = { verified: 0, unverified: 0, reasons: {} };
  for (const { check } of citations) {
    if (check.status === 'verified') {
      tally.verified += 1;
    } else if (check.status === 'unverified') {
      tally.unverified += 1;
      tally.reasons[check.reason] = (tally.reasons[check.reason] ?? 0) + 1;
    }
  }
  return tally;
}

/**
 * The reasons of a tally in words, e.g. `2 quote mismatch, 1 no such file`; '' when none.
 * @param reasons the `reasons` of a {@link CitationTally} (or undefined for counts without reasons)
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
  const check = citation.check;
  const tag = check.status === 'unverified' ? `[UNVERIFIED: ${check.detail}]` : '[verified]';
  return `${tag} ${formatCitationRef(citation)} ${JSON.stringify(citation.quote)}`;
}

/**
 * A reference from a claim's prose (issues #11, #20) as the models read it: what its check found, and
 * that a reference in the prose can only lower a claim. e.g.
 * `[in the prose, UNVERIFIED: "lib/x.js" is not a file of this pull request or its RFC] lib/x.js:3`,
 * `[in the prose, lines found but nothing quoted: proves nothing] lib/a.js:3`,
 * `[in the prose, quote found] lib/a.js:3 "retry()"`.
 */
export function tagReferenceForModels(reference: CheckedCitation): string {
  const check = reference.check;
  const quote = reference.quote === '' ? '' : ` ${JSON.stringify(reference.quote)}`;
  const tag =
    check.status === 'unverified'
      ? `[in the prose, UNVERIFIED: ${check.detail}]`
      : check.status === 'located'
        ? '[in the prose, lines found but nothing quoted: proves nothing]'
        : '[in the prose, quote found]';
  return `${tag} ${formatCitationRef(reference)}${quote}`;
}
