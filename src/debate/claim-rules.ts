import { formatCitationRef } from '../citations/citation.js';
import { UNVERIFIED_REASONS, type CheckedCitation } from '../citations/verify-citations.js';
import type { Claim, ClaimTag } from './debate-types.js';

/**
 * When a claim is verified (issue #20): the one rule, stated here for the models ({@link CLAIM_RULE},
 * {@link TAG_RULES}, filled into the prompts by `prompts.ts`) and applied here by the engine
 * ({@link mechanicalTag}), with the reason each claim got its tag ({@link explainTag}). Pure.
 */

/** The claim rule as every prompt states it (`prompts/system.md`, placeholder `rule_claim`). */
export const CLAIM_RULE =
  'A claim is verified only when at least one of its structured citations checks out (its file and lines are in the evidence pack on the stated side and its quote is found on those lines) and none of its citations or prose references fails its check.';

/** What each tag means, as the auditor's and the judge's prompts list them (placeholders `tag_*`). */
export const TAG_RULES: Record<ClaimTag, string> = {
  verified:
    'at least one of its structured citations checked out, and none of its citations or prose references failed its check',
  unverified:
    'a structured citation or a reference in its prose did not check out, or none of its structured citations did',
  'no-citation': 'it has no structured citation (references in its prose alone never verify a claim)',
  exaggerated: 'its citations checked out, but the auditor found that the cited lines say less than the claim',
  irrelevant:
    'its citations checked out, but the auditor found that the cited lines do not bear on the claim: it supports nothing',
};

/**
 * The verifier's tag of a claim, by {@link CLAIM_RULE}: `unverified` when any structured citation or
 * prose reference failed its check; else `verified` when it has a structured citation (all of them
 * checked out); else `no-citation`.
 * @param citations the claim's structured citations, checked
 * @param references the references in its prose, checked (`located` when written without a quote)
 */
export function mechanicalTag(
  citations: readonly CheckedCitation[],
  references: readonly CheckedCitation[],
): Exclude<ClaimTag, 'exaggerated' | 'irrelevant'> {
  if ([...citations, ...references].some((c) => c.check.status === 'unverified')) return 'unverified';
  return citations.some((c) => c.check.status === 'verified') ? 'verified' : 'no-citation';
}

/**
 * What decided a claim's tag, in one phrase for the auditor, the judge and the comment, e.g.
 * `1 of its 3 references did not check out (in the prose: src/a.ts:21, quote mismatch); 2 structured citations checked out`.
 */
export function explainTag(claim: Pick<Claim, 'tag' | 'tagReason' | 'citations' | 'references'>): string {
  const good = claim.citations.filter((c) => c.check.status === 'verified').length;
  const goodText = `${good} structured citation${good === 1 ? '' : 's'} checked out`;
  const prose = claim.references.filter((r) => r.check.status !== 'unverified').length;
  const proseText =
    prose === 0
      ? ''
      : `; ${prose} reference${prose === 1 ? '' : 's'} in the prose found, which never verif${prose === 1 ? 'ies' : 'y'} a claim`;
  switch (claim.tag) {
    case 'exaggerated':
      return `${goodText}, but the auditor found: ${claim.tagReason ?? 'the cited lines say less'}`;
    case 'irrelevant':
      return `${goodText}, but the auditor found the lines do not bear on the claim: ${claim.tagReason ?? 'they are about something else'}`;
    case 'no-citation':
      return `no structured citation${proseText}`;
    case 'verified':
      return `${goodText}, none failed${proseText}`;
    case 'unverified': {
      const failed = [
        ...claim.citations.filter((c) => c.check.status === 'unverified').map((c) => describeFailure(c, '')),
        ...claim.references
          .filter((r) => r.check.status === 'unverified')
          .map((r) => describeFailure(r, 'in the prose: ')),
      ];
      const all = claim.citations.length + claim.references.length;
      return `${failed.length} of its ${all} reference${all === 1 ? '' : 's'} did not check out (${failed.join('; ')}); ${goodText}`;
    }
  }
}

function describeFailure(citation: CheckedCitation, where: string): string {
  const reason = citation.check.status === 'unverified' ? UNVERIFIED_REASONS[citation.check.reason] : '';
  return `${where}${formatCitationRef(citation)}, ${reason}`;
}
