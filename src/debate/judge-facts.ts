import { allClaims } from './claims.js';
import { describeStop, outcomeText } from './render-transcript.js';
import { attackCounts, tallyAttacks, untested, type AttackTally } from './rubric.js';
import type { Attack, AuditResult, Claim, Position, StopReason, Transcript } from './debate-types.js';

/**
 * What the engine recorded about the debate, for the judge (falsification first): per position, the
 * claims attacked and held, the claims attacked and not held, the claims no counted attack reached
 * (each with its tag), the attacks on the position as a whole, the uncited attacks that do not count,
 * and the weaknesses its advocate acknowledged (`[weakness]`); the same weaknesses are forwarded to the
 * opponents. The advocates' own confidences are not shown: they are kept for the eval's calibration. Pure.
 */

/** A weakness a position's advocate acknowledged, and where. */
export interface Weakness {
  /** `opening`, `round N`, `closing`. */
  where: string;
  text: string;
}

/** Every attack of the transcript, rounds and closing turns. */
export function allAttacks(transcript: Transcript): Attack[] {
  return [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing].flatMap((t) => t.attacks);
}

/** The weaknesses a position's own advocate acknowledged: its opening's known weaknesses and each later turn's, in order. */
export function acknowledgedWeaknesses(transcript: Transcript, positionId: string): Weakness[] {
  const found: Weakness[] = [];
  for (const turn of transcript.openings)
    if (turn.positionId === positionId) found.push(...turn.knownWeaknesses.map((text) => ({ where: 'opening', text })));
  for (const round of transcript.rounds) {
    for (const turn of round.turns)
      if (turn.positionId === positionId)
        found.push(...turn.weaknesses.map((text) => ({ where: `round ${round.round}`, text })));
  }
  for (const turn of transcript.closing)
    if (turn.positionId === positionId) found.push(...turn.weaknesses.map((text) => ({ where: 'closing', text })));
  return found;
}

/**
 * Whether each attack of the transcript counts (`rubric.ts` COUNTED_ATTACK_RULE), by attack id: a
 * verified claim, or aimed at a claim of its target the verifier tagged unverified.
 */
export function countedAttacks(transcript: Transcript): (attack: Attack) => boolean {
  const claims = new Map(allClaims(transcript).map((c) => [c.id, c]));
  return (attack) =>
    attackCounts(attack, attack.targetClaim === undefined ? undefined : claims.get(attack.targetClaim));
}

/** The record's `attacks` of every position, by id (`rubric.ts` tallyAttacks). */
export function attackTallies(transcript: Transcript, positions: readonly Position[]): Map<string, AttackTally> {
  const attacks = allAttacks(transcript);
  const claims = new Map(allClaims(transcript).map((c) => [c.id, c]));
  return new Map(positions.map((p) => [p.id, tallyAttacks(attacks, p.id, (id) => claims.get(id))]));
}

/** What the facts need beyond the transcript. */
export interface FactsInput {
  positions: readonly Position[];
  transcript: Transcript;
  stop: StopReason;
  surrendered: ReadonlySet<string>;
  audit: AuditResult;
  /** Claims of each position's support (`claims.ts` verifiedSupport), per position id. */
  support: ReadonlyMap<string, number>;
}

/** The judge's facts list, one line per fact (placeholder `debate_facts` of `judge.md`). */
export function judgeFacts(input: FactsInput): string {
  const { transcript, audit } = input;
  const attacks = allAttacks(transcript);
  const counts = countedAttacks(transcript);
  const tallies = attackTallies(transcript, input.positions);
  const claims = allClaims(transcript).filter((c) => !c.outOfScope);
  const lines = ['Facts the engine recorded:', `- ${describeStop(input.stop)}`];
  for (const p of input.positions) {
    const tally = tallies.get(p.id)!;
    const against = attacks.filter((a) => a.target === p.id && !a.claim.outOfScope);
    const counted = against.filter(counts);
    const reached = untested(tally) ? ' No counted attack reached it: it is untested.' : '';
    lines.push(
      `- Position ${p.id}: ${input.support.get(p.id) ?? 0} claim(s) of its support tagged verified; counted attacks on it: ${counted.length} (${tally.refuted} refuted, ${tally.conceded} conceded, ${tally.unanswered} unanswered); uncited attacks, not counted: ${tally.uncited}.${reached}${input.surrendered.has(p.id) ? ' Its advocate SURRENDERED.' : ''}`,
    );
    const own = claims.filter(
      (c) => c.positionId === p.id && (c.id.startsWith('O.') || against.some((a) => a.targetClaim === c.id)),
    );
    const on = (c: Claim) => counted.filter((a) => a.targetClaim === c.id);
    const held = own.filter((c) => on(c).length > 0 && on(c).every((a) => a.outcome.kind === 'refuted'));
    const fell = own.filter((c) => on(c).length > 0 && !held.includes(c));
    const never = own.filter((c) => on(c).length === 0);
    lines.push(`  - Claims attacked and held: ${listClaims(held, on)}`);
    lines.push(`  - Claims attacked and not held: ${listClaims(fell, on)}`);
    lines.push(`  - Claims no counted attack reached: ${listClaims(never, on)}`);
    const whole = counted.filter((a) => !a.targetClaim || !own.some((c) => c.id === a.targetClaim));
    lines.push(
      `  - Counted attacks on the position as a whole: ${whole.length === 0 ? '(none)' : whole.map(attackText).join('; ')}`,
    );
    const uncited = against.filter((a) => !counts(a));
    lines.push(
      `  - Uncited attacks (not counted): ${uncited.length === 0 ? '(none)' : uncited.map((a) => `${a.id} by ${a.by}`).join('; ')}`,
    );
    const weaknesses = acknowledgedWeaknesses(transcript, p.id);
    lines.push(
      `  - Weaknesses its own advocate acknowledged [weakness]: ${weaknesses.length === 0 ? '(none)' : weaknesses.map((w) => `"${w.text}" (${w.where})`).join('; ')}`,
    );
  }
  const t = audit.tally;
  lines.push(
    `- Evidence audit (${audit.status === 'checked' ? 'verifier and auditor' : 'verifier only'}): ${t.verified} verified, ${t.exaggerated} exaggerated, ${t.irrelevant} irrelevant, ${t.unverified} unverified, ${t['no-citation']} without citation; ${audit.ignored} ignored as out of scope.`,
  );
  return lines.join('\n');
}

function listClaims(claims: Claim[], on: (c: Claim) => Attack[]): string {
  if (claims.length === 0) return '(none)';
  return claims.map((c) => `${c.id} (${[c.tag, ...on(c).map(attackText)].join('; ')})`).join(', ');
}

function attackText(attack: Attack): string {
  return `attack ${attack.id} by ${attack.by}: ${outcomeText(attack.outcome)}`;
}
