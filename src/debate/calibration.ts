import { allAttacks, countedAttacks } from './judge-facts.js';
import type { DebateResult } from './debate-types.js';

/**
 * The advocates' confidences beside what became of their arguments (issue #28; seed debate-research),
 * for the eval's calibration: does a claim rated 0.9 hold more often than one rated 0.5? Pure.
 */

/** One opening argument, its advocate's confidence, and how it fared. */
export interface ArgumentConfidence {
  claimId: string;
  /** The advocate's confidence that the claim holds, 0 to 1. */
  confidence: number;
  /** How many counted attacks (`rubric.ts` COUNTED_ATTACK_RULE) named this claim (`claim_id`), and how many of them were refuted. */
  attacks: number;
  refuted: number;
  /** True when at least one counted attack named the claim: an untested claim's `holds` says only that it verified. */
  tested: boolean;
  /** True when the claim is tagged `verified` and every counted attack on it was refuted: what a calibrated confidence predicts. */
  holds: boolean;
}

/**
 * Every opening argument of a debate that carries a confidence, in transcript order; out-of-scope claims left out.
 * @returns an empty list for a debate whose openings carry none (a record written before issue #28)
 */
export function argumentConfidences(result: Pick<DebateResult, 'transcript'>): ArgumentConfidence[] {
  const counts = countedAttacks(result.transcript);
  const attacks = allAttacks(result.transcript).filter(counts);
  return result.transcript.openings.flatMap((turn) =>
    turn.arguments.flatMap((claim) => {
      if (claim.confidence === undefined || claim.outOfScope) return [];
      const on = attacks.filter((a) => a.targetClaim === claim.id);
      const refuted = on.filter((a) => a.outcome.kind === 'refuted').length;
      return [
        {
          claimId: claim.id,
          confidence: claim.confidence,
          attacks: on.length,
          refuted,
          tested: on.length > 0,
          holds: claim.tag === 'verified' && refuted === on.length,
        },
      ];
    }),
  );
}
