import { withCitationCheck } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { confidenceCeiling, type AttackTally } from './rubric.js';
import type { Ruling } from './schemas.js';
import type { FinalRuling, Position, PositionStatus } from './debate-types.js';

/**
 * The rules a ruling must keep, checked in code (issue #4, "Rules enforced in code"; the
 * falsification protocol):
 * - every position of the debate is ruled on once, and only those (the ruling's schema is keyed by
 *   this debate's position ids, each required, so no ruling that breaks this can be written);
 * - a position survives only on at least one of its own claims tagged `verified` (exaggerated,
 *   irrelevant and out-of-scope claims do not count) and with no attack on it left unanswered (the rubric, `rubric.ts` STATUS_RULES);
 * - a position is falsified only with at least one verified counter-citation;
 * - the recommendation is a surviving position, or `none`;
 * - `high` confidence only for a recommendation the rubric's ceiling allows (`rubric.ts` CONFIDENCE_RUBRIC);
 * - at least two irreducible trade-offs; 3 to 5 key reasons (scenarios can only recommend positions of the debate: the schema's enum).
 *   These are rules of form (`format` violations): they are sent back once and then reported as a
 *   degraded run, never turned into a lower confidence (issue #28).
 * A position whose advocate surrendered is `conceded` whatever the judge said. Pure.
 */

/** What the rules need to know about the debate. */
export interface RulingContext {
  positions: Position[];
  /** Per position id: how many of its own claims are tagged `verified` and in scope. */
  support: Map<string, number>;
  /** Per position id: what became of the attacks on it (`rubric.ts`). */
  attacks: Map<string, AttackTally>;
  /** Positions whose advocate surrendered. */
  surrendered: Set<string>;
  pack: EvidencePack;
}

/** A broken rule: what the judge is told on its retry, and what the engine did about it. */
export interface Violation {
  rule: string;
  fix: string;
  /** A rule of the ruling's form (trade-offs, key reasons): what is left of it after the retry makes the run degraded. */
  format?: true;
}

/**
 * Enforces the rules on a ruling.
 * @returns the ruling as enforced (defeating citations checked), the rules it broke with the fix
 *   applied for each, and notes that are not violations (a surrender recorded as conceded)
 */
export function enforceRuling(ruling: Ruling, ctx: RulingContext): { ruling: FinalRuling; violations: Violation[]; notes: string[] } {
  const violations: Violation[] = [];
  const notes: string[] = [];
  const positions: FinalRuling['positions'] = ctx.positions.map((position) => {
    const given = ruling.positions[position.id];
    if (!given) throw new Error(`The ruling has no entry for position ${position.id}: it was validated against another debate's schema.`);
    const defeating = given.defeating_citations.map((c) => withCitationCheck(c, ctx.pack));
    let status: PositionStatus = given.status;
    if (status === 'survived' && (ctx.support.get(position.id) ?? 0) === 0) {
      violations.push({
        rule: `Position ${position.id} was ruled survived, but none of its own claims is tagged verified: it would survive on unverified evidence only.`,
        fix: `Position ${position.id} is recorded as unresolved.`,
      });
      status = 'unresolved';
    }
    const unanswered = ctx.attacks.get(position.id)?.unanswered ?? 0;
    if (status === 'survived' && unanswered > 0) {
      violations.push({
        rule: `Position ${position.id} was ruled survived, but ${unanswered} attack(s) on it were left unanswered: it did not withstand them.`,
        fix: `Position ${position.id} is recorded as unresolved.`,
      });
      status = 'unresolved';
    }
    if (status === 'falsified' && !defeating.some((c) => c.check.status === 'verified')) {
      violations.push({
        rule: `Position ${position.id} was ruled falsified without a verified counter-citation in defeating_citations.`,
        fix: `Position ${position.id} is recorded as unresolved.`,
      });
      status = 'unresolved';
    }
    if (ctx.surrendered.has(position.id)) {
      notes.push(`Position ${position.id}'s advocate surrendered in cross-examination; it is recorded as conceded (the judge ruled it ${given.status}).`);
      status = 'conceded';
    }
    return { id: position.id, status, rationale: given.rationale, defeating_citations: defeating };
  });

  let { recommendation, confidence, confidence_reason: confidenceReason } = ruling;
  const recommended = positions.find((p) => p.id === recommendation);
  if (recommendation !== 'none' && recommended?.status !== 'survived') {
    violations.push({ rule: `The ruling recommends position ${recommendation}, which is not a surviving position.`, fix: 'There is no recommendation, and confidence is low.' });
    recommendation = 'none';
    confidence = 'low';
    confidenceReason = `The recommended position did not survive the engine's rules.`;
  } else if (recommendation === 'none' && !ruling.tied_on_axis && confidence !== 'low') {
    // "No clear winner" with no axis it is tied on says nothing confident: a high confidence would contradict it.
    violations.push({
      rule: `The ruling has no recommendation and names no axis the positions are tied on, yet gives ${confidence} confidence.`,
      fix: 'Confidence is lowered to low.',
    });
    confidence = 'low';
    confidenceReason = `There is no clear winner and no axis the positions are tied on. ${confidenceReason}`;
  }
  const ceiling = recommendation === 'none' ? undefined : confidenceCeiling(ctx.attacks.get(recommendation) ?? { refuted: 0, conceded: 0, unanswered: 0 });
  if (confidence === 'high' && ceiling === 'medium') {
    violations.push({
      rule: `The ruling gives high confidence to position ${recommendation}, but no attack on it was refuted with verified evidence, or one was conceded or left unanswered.`,
      fix: 'Confidence is lowered to medium.',
    });
    confidence = 'medium';
    confidenceReason = `High confidence needs a recommendation that held every attack on it with verified evidence. ${confidenceReason}`;
  }
  if (ruling.trade_offs.length < 2) {
    violations.push({ rule: `The ruling gives ${ruling.trade_offs.length} irreducible trade-off(s); at least two are required.`, fix: 'They are kept as given, and the run is marked degraded.', format: true });
  }
  let keyReasons = ruling.key_reasons;
  if (keyReasons.length < 3 || keyReasons.length > 5) {
    violations.push({
      rule: `The ruling gives ${keyReasons.length} key reasons; 3 to 5 are required.`,
      fix: keyReasons.length > 5 ? 'Only the first five are kept.' : 'They are kept as given, and the run is marked degraded.',
      ...(keyReasons.length > 5 ? {} : { format: true as const }),
    });
    keyReasons = keyReasons.slice(0, 5);
  }
  return {
    ruling: { ...ruling, positions, recommendation, confidence, confidence_reason: confidenceReason, key_reasons: keyReasons },
    violations,
    notes,
  };
}
