import { auditCitation } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/types.js';
import type { Ruling } from './schemas.js';
import type { CitationCounts, FinalRuling, Position } from './types.js';

/**
 * Enforces in code the rules the judge is asked to follow (issue #2 step 4; the falsification protocol):
 * - a position whose arguments rest only on unverified citations cannot survive: it becomes `unresolved`;
 * - a position is `falsified` only with at least one verified counter-citation, else `unresolved`;
 * - a position the judge did not rule on is `unresolved`;
 * - the recommendation must be a surviving position, else it becomes `none` with low confidence.
 * Pure.
 * @returns the ruling as enforced and one sentence per change made
 */
export function enforceRuling(
  ruling: Ruling,
  positions: Position[],
  counts: Map<string, CitationCounts>,
  pack: EvidencePack,
): { ruling: FinalRuling; notes: string[] } {
  const notes: string[] = [];
  const finalPositions: FinalRuling['positions'] = positions.map((position) => {
    const given = ruling.positions.find((p) => p.id === position.id);
    if (!given) {
      notes.push(`The judge gave no ruling on position ${position.id}; it is recorded as unresolved.`);
      return { id: position.id, status: 'unresolved', rationale: 'The judge gave no ruling on this position.', defeating_citations: [] };
    }
    const defeating = given.defeating_citations.map((c) => auditCitation(c, pack));
    let status = given.status;
    if (status === 'survived' && (counts.get(position.id)?.verified ?? 0) === 0) {
      status = 'unresolved';
      notes.push(`Position ${position.id} was ruled surviving, but none of its citations verified; it is recorded as unresolved.`);
    }
    if (status === 'falsified' && !defeating.some((c) => c.check.status === 'verified')) {
      status = 'unresolved';
      notes.push(`Position ${position.id} was ruled falsified without a verified counter-citation; it is recorded as unresolved.`);
    }
    return { ...given, status, defeating_citations: defeating };
  });

  let { recommendation, confidence, confidence_reason: confidenceReason } = ruling;
  if (recommendation !== 'none') {
    const chosen = finalPositions.find((p) => p.id === recommendation);
    if (chosen?.status !== 'survived') {
      notes.push(`The judge recommended position ${recommendation}, which did not survive the citation rules; there is no recommendation.`);
      recommendation = 'none';
      confidence = 'low';
      confidenceReason = 'The recommended position did not survive the mechanical citation check.';
    }
  }
  return {
    ruling: { ...ruling, positions: finalPositions, recommendation, confidence, confidence_reason: confidenceReason },
    notes,
  };
}
