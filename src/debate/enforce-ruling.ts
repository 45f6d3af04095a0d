import { auditCitation } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/types.js';
import type { Ruling } from './schemas.js';
import type { FinalRuling, Position, PositionStatus } from './types.js';

/**
 * The rules a ruling must keep, checked in code (issue #4, "Rules enforced in code"; the
 * falsification protocol):
 * - every position of the debate is ruled on once, and only those;
 * - a position survives only on at least one of its own claims tagged `verified` (exaggerated and
 *   out-of-scope claims do not count);
 * - a position is falsified only with at least one verified counter-citation;
 * - the recommendation is a surviving position, or `none`;
 * - at least two irreducible trade-offs; 3 to 5 key reasons; scenarios recommend positions of the debate.
 * A position whose advocate surrendered is `conceded` whatever the judge said. Pure.
 */

/** What the rules need to know about the debate. */
export interface RulingContext {
  positions: Position[];
  /** Per position id: how many of its own claims are tagged `verified` and in scope. */
  support: Map<string, number>;
  /** Positions whose advocate surrendered. */
  surrendered: Set<string>;
  pack: EvidencePack;
}

/** A broken rule: what the judge is told on its retry, and what the engine did about it. */
export interface Violation {
  rule: string;
  fix: string;
}

/**
 * Enforces the rules on a ruling.
 * @returns the ruling as enforced (defeating citations checked), the rules it broke with the fix
 *   applied for each, and notes that are not violations (a surrender recorded as conceded)
 */
export function enforceRuling(ruling: Ruling, ctx: RulingContext): { ruling: FinalRuling; violations: Violation[]; notes: string[] } {
  const violations: Violation[] = [];
  const notes: string[] = [];
  const ids = new Set(ctx.positions.map((p) => p.id));
  for (const given of ruling.positions) {
    if (!ids.has(given.id)) violations.push({ rule: `The ruling covers position ${given.id}, which is not in this debate.`, fix: 'That entry was dropped.' });
  }
  const positions: FinalRuling['positions'] = ctx.positions.map((position) => {
    const entries = ruling.positions.filter((p) => p.id === position.id);
    if (entries.length > 1) violations.push({ rule: `Position ${position.id} was ruled ${entries.length} times.`, fix: 'The first ruling counts.' });
    const given = entries[0];
    if (!given) {
      violations.push({ rule: `The ruling does not cover position ${position.id}.`, fix: `Position ${position.id} is recorded as unresolved.` });
      return { id: position.id, status: ctx.surrendered.has(position.id) ? 'conceded' : 'unresolved', rationale: 'The judge gave no ruling on this position.', defeating_citations: [] };
    }
    const defeating = given.defeating_citations.map((c) => auditCitation(c, ctx.pack));
    let status: PositionStatus = given.status;
    if (status === 'survived' && (ctx.support.get(position.id) ?? 0) === 0) {
      violations.push({
        rule: `Position ${position.id} was ruled survived, but none of its own claims is tagged verified: it would survive on unverified evidence only.`,
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
    violations.push({
      rule: recommended
        ? `The ruling recommends position ${recommendation}, which is not a surviving position.`
        : `The ruling recommends position ${recommendation}, which is not a position of this debate.`,
      fix: 'There is no recommendation, and confidence is low.',
    });
    recommendation = 'none';
    confidence = 'low';
    confidenceReason = recommended ? `The recommended position did not survive the engine's rules.` : 'The judge recommended a position that is not in this debate.';
  } else if (recommendation === 'none' && !ruling.tied_on_axis && confidence !== 'low') {
    // "No clear winner" with no axis it is tied on says nothing confident: a high confidence would contradict it.
    violations.push({
      rule: `The ruling has no recommendation and names no axis the positions are tied on, yet gives ${confidence} confidence.`,
      fix: 'Confidence is lowered to low.',
    });
    confidence = 'low';
    confidenceReason = `There is no clear winner and no axis the positions are tied on. ${confidenceReason}`;
  }
  if (ruling.trade_offs.length < 2) {
    violations.push({ rule: `The ruling gives ${ruling.trade_offs.length} irreducible trade-off(s); at least two are required.`, fix: 'Confidence is lowered to low.' });
    if (confidence !== 'low') confidenceReason = `The judge named fewer than two irreducible trade-offs. ${confidenceReason}`;
    confidence = 'low';
  }
  let keyReasons = ruling.key_reasons;
  if (keyReasons.length < 3 || keyReasons.length > 5) {
    violations.push({
      rule: `The ruling gives ${keyReasons.length} key reasons; 3 to 5 are required.`,
      fix: keyReasons.length > 5 ? 'Only the first five are kept.' : 'They are kept as given.',
    });
    keyReasons = keyReasons.slice(0, 5);
  }
  const scenarios = ruling.scenarios.map((s, i) => {
    if (s.recommendation === 'none' || ids.has(s.recommendation)) return s;
    violations.push({ rule: `Scenario ${i + 1} recommends position ${s.recommendation}, which is not in this debate.`, fix: 'It reads none.' });
    return { ...s, recommendation: 'none' as const };
  });
  return {
    ruling: { ...ruling, positions, recommendation, confidence, confidence_reason: confidenceReason, key_reasons: keyReasons, scenarios },
    violations,
    notes,
  };
}
