import { withCitationCheck } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { confidenceCeiling, untested, type AttackTally } from './rubric.js';
import type { Ruling } from './schemas.js';
import type { FinalRuling, Position, PositionStatus } from './debate-types.js';

/**
 * The rules a ruling must keep, checked in code (the falsification protocol; `rubric.ts` states each
 * rule to the judge in the same words):
 * - every position of the debate is ruled on once, and only those (the ruling's schema is keyed by
 *   this debate's position ids, each required, so no ruling that breaks this can be written);
 * - a position survives only on verified support, with at least one counted attack on it refuted and
 *   none left unanswered; a standing position no counted attack reached is recorded as `untested`;
 * - a position is falsified only with at least one verified counter-citation;
 * - the recommendation is a surviving or untested position, or `none`.
 * Those are violations: the judge is asked once more. What the engine can set exactly itself is a note,
 * never a retry: a confidence above the recommended position's ceiling (`low` for an untested one) is
 * lowered to it; "no clear winner" without an axis has low confidence; a surrender is recorded as
 * conceded; and the ruling's counts (at least two trade-offs, 3 to 5 key reasons) are kept as given
 * (more than five key reasons: the first five). A count never makes the run degraded. Pure.
 */

/** What the rules need to know about the debate. */
export interface RulingContext {
  positions: Position[];
  /** Per position id: how many claims of its support are tagged `verified` and in scope (`claims.ts` verifiedSupport). */
  support: Map<string, number>;
  /** Per position id: what became of the attacks on it (`rubric.ts`). */
  attacks: Map<string, AttackTally>;
  /** Positions whose advocate surrendered. */
  surrendered: Set<string>;
  pack: EvidencePack;
}

/** A broken rule: what the judge is told on its retry, and what the engine does about it if the retry breaks it too. */
export interface Violation {
  rule: string;
  fix: string;
}

const NO_ATTACKS: AttackTally = { refuted: 0, conceded: 0, unanswered: 0, uncited: 0, unheld: 0 };

/**
 * Enforces the rules on a ruling.
 * @returns the ruling as enforced (defeating citations checked), the rules it broke with the fix
 *   applied for each, and notes on what the engine set without a retry (see the module comment)
 */
export function enforceRuling(
  ruling: Ruling,
  ctx: RulingContext,
): { ruling: FinalRuling; violations: Violation[]; notes: string[] } {
  const violations: Violation[] = [];
  const notes: string[] = [];
  const unresolved = (id: string, rule: string) => {
    violations.push({ rule, fix: `Position ${id} is recorded as unresolved.` });
    return 'unresolved' as const;
  };
  const positions: FinalRuling['positions'] = ctx.positions.map((position) => {
    const given = ruling.positions[position.id];
    if (!given)
      throw new Error(
        `The ruling has no entry for position ${position.id}: it was validated against another debate's schema.`,
      );
    const defeating = given.defeating_citations.map((c) => withCitationCheck(c, ctx.pack));
    const tally = ctx.attacks.get(position.id) ?? NO_ATTACKS;
    let status: PositionStatus = given.status;
    if (status === 'survived' && (ctx.support.get(position.id) ?? 0) === 0) {
      status = unresolved(
        position.id,
        `Position ${position.id} was ruled survived, but no claim of its support (opening arguments, refutes that held) is tagged verified: it would survive on unverified evidence only.`,
      );
    } else if (status === 'survived' && tally.unanswered > 0) {
      status = unresolved(
        position.id,
        `Position ${position.id} was ruled survived, but ${tally.unanswered} counted attack(s) on it were left unanswered: it did not withstand them.`,
      );
    } else if (status === 'survived' && untested(tally)) {
      status = 'untested';
    } else if (status === 'survived' && tally.refuted === 0) {
      status = unresolved(
        position.id,
        `Position ${position.id} was ruled survived, but none of the ${tally.conceded} counted attack(s) on it was refuted: it withstood no attack.`,
      );
    }
    if (status === 'falsified' && !defeating.some((c) => c.check.status === 'verified')) {
      status = unresolved(
        position.id,
        `Position ${position.id} was ruled falsified without a verified counter-citation in defeating_citations.`,
      );
    }
    if (ctx.surrendered.has(position.id)) {
      notes.push(
        `Position ${position.id}'s advocate surrendered in cross-examination; it is recorded as conceded (the judge ruled it ${given.status}).`,
      );
      status = 'conceded';
    }
    return { id: position.id, status, rationale: given.rationale, defeating_citations: defeating };
  });

  let { recommendation, confidence, confidence_reason: confidenceReason } = ruling;
  const recommended = positions.find((p) => p.id === recommendation);
  if (recommendation !== 'none' && recommended?.status !== 'survived' && recommended?.status !== 'untested') {
    violations.push({
      rule: `The ruling recommends position ${recommendation}, which is not a surviving or untested position.`,
      fix: 'There is no recommendation, and confidence is low.',
    });
    confidenceReason = `The judge recommended position ${recommendation}, but by the engine's rules it is ${recommended?.status ?? 'not one of the positions'}, so nothing is recommended.`;
    recommendation = 'none';
    confidence = 'low';
  } else if (recommendation === 'none' && !ruling.tied_on_axis && confidence !== 'low') {
    // "No clear winner" with no axis it is tied on says nothing confident: a higher confidence would contradict it.
    notes.push(
      `The ruling has no recommendation and names no axis the positions are tied on, yet gave ${confidence} confidence; the engine lowered it to low.`,
    );
    confidence = 'low';
    confidenceReason = `There is no clear winner and no axis the positions are tied on. ${confidenceReason}`;
  }
  const ceiling =
    recommendation === 'none' ? undefined : confidenceCeiling(ctx.attacks.get(recommendation) ?? NO_ATTACKS);
  const rank = { low: 0, medium: 1, high: 2 } as const;
  if (ceiling && rank[confidence] > rank[ceiling]) {
    const why =
      ceiling === 'low'
        ? `position ${recommendation} is untested: no counted attack reached it`
        : `no counted attack on position ${recommendation} was refuted, or one was left unanswered or met with an answer that did not hold`;
    notes.push(`The ruling gave ${confidence} confidence, but ${why}. Confidence is lowered to ${ceiling}.`);
    confidenceReason = `${ceiling === 'low' ? 'An untested recommendation has low confidence at most' : 'High confidence needs a recommendation that held every counted attack on it'}. ${confidenceReason}`;
    confidence = ceiling;
  }
  if (ruling.trade_offs.length < 2)
    notes.push(
      `The ruling gives ${ruling.trade_offs.length} irreducible trade-off(s), where at least two are asked for; they are kept as given.`,
    );
  const keyReasons = ruling.key_reasons.slice(0, 5);
  if (ruling.key_reasons.length < 3)
    notes.push(
      `The ruling gives ${ruling.key_reasons.length} key reason(s), where 3 to 5 are asked for; they are kept as given.`,
    );
  if (ruling.key_reasons.length > 5)
    notes.push(
      `The ruling gives ${ruling.key_reasons.length} key reasons, where 3 to 5 are asked for; the first five are kept.`,
    );
  return {
    ruling: {
      ...ruling,
      positions,
      recommendation,
      confidence,
      confidence_reason: confidenceReason,
      key_reasons: keyReasons,
    },
    violations,
    notes,
  };
}
