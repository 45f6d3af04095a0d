import { allClaims } from './claims.js';
import { describeStop, outcomeText } from './render-transcript.js';
import { tallyAttacks, type AttackTally } from './rubric.js';
import type { Attack, AuditResult, Claim, Position, StopReason, Transcript } from './debate-types.js';

/**
 * What the engine recorded about the debate, for the judge (issue #28, falsification first): per
 * position, the claims attacked and held, the claims attacked and not held, the claims never attacked
 * (each with its tag and its advocate's confidence), the attacks on the position as a whole, and the
 * weaknesses its advocate acknowledged; the same weaknesses are forwarded to the opponents. Pure.
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
  for (const turn of transcript.openings) if (turn.positionId === positionId) found.push(...turn.knownWeaknesses.map((text) => ({ where: 'opening', text })));
  for (const round of transcript.rounds) {
    for (const turn of round.turns) if (turn.positionId === positionId) found.push(...turn.weaknesses.map((text) => ({ where: `round ${round.round}`, text })));
  }
  for (const turn of transcript.closing) if (turn.positionId === positionId) found.push(...turn.weaknesses.map((text) => ({ where: 'closing', text })));
  return found;
}

/** The record's `attacks` of every position (contract section 8), by id. */
export function attackTallies(transcript: Transcript, positions: readonly Position[]): Map<string, AttackTally> {
  const attacks = allAttacks(transcript);
  return new Map(positions.map((p) => [p.id, tallyAttacks(attacks, p.id)]));
}

/** What the facts need beyond the transcript. */
export interface FactsInput {
  positions: readonly Position[];
  transcript: Transcript;
  stop: StopReason;
  surrendered: ReadonlySet<string>;
  audit: AuditResult;
  /** Own claims tagged verified and in scope, per position id. */
  support: ReadonlyMap<string, number>;
}

/** The judge's facts list, one line per fact (placeholder `debate_facts` of `judge.md`). */
export function judgeFacts(input: FactsInput): string {
  const { transcript, audit } = input;
  const attacks = allAttacks(transcript);
  const claims = allClaims(transcript).filter((c) => !c.outOfScope);
  const lines = ['Facts the engine recorded:', `- ${describeStop(input.stop)}`];
  for (const p of input.positions) {
    const tally = tallyAttacks(attacks, p.id);
    const against = attacks.filter((a) => a.target === p.id && !a.claim.outOfScope);
    lines.push(
      `- Position ${p.id}: ${input.support.get(p.id) ?? 0} own claim(s) tagged verified; attacks on it: ${against.length} (${tally.refuted} refuted with verified evidence, ${tally.conceded} conceded, ${tally.unanswered} unanswered)${input.surrendered.has(p.id) ? '; its advocate SURRENDERED' : ''}.`,
    );
    const own = claims.filter((c) => c.positionId === p.id && (c.id.startsWith('O.') || against.some((a) => a.targetClaim === c.id)));
    const on = (c: Claim) => against.filter((a) => a.targetClaim === c.id);
    const held = own.filter((c) => on(c).length > 0 && on(c).every((a) => a.outcome.kind === 'refuted'));
    const fell = own.filter((c) => on(c).length > 0 && !held.includes(c));
    const never = own.filter((c) => on(c).length === 0);
    lines.push(`  - Claims attacked and held: ${listClaims(held, on)}`);
    lines.push(`  - Claims attacked and not held: ${listClaims(fell, on)}`);
    lines.push(`  - Claims never attacked: ${listClaims(never, on)}`);
    const whole = against.filter((a) => !a.targetClaim || !own.some((c) => c.id === a.targetClaim));
    lines.push(`  - Attacks on the position as a whole: ${whole.length === 0 ? '(none)' : whole.map(attackText).join('; ')}`);
    const weaknesses = acknowledgedWeaknesses(transcript, p.id);
    lines.push(`  - Weaknesses its advocate acknowledged: ${weaknesses.length === 0 ? '(none)' : weaknesses.map((w) => `"${w.text}" (${w.where})`).join('; ')}`);
  }
  const t = audit.tally;
  lines.push(`- Evidence audit (${audit.status === 'checked' ? 'verifier and auditor' : 'verifier only'}): ${t.verified} verified, ${t.exaggerated} exaggerated, ${t.irrelevant} irrelevant, ${t.unverified} unverified, ${t['no-citation']} without citation; ${audit.ignored} ignored as out of scope.`);
  return lines.join('\n');
}

function listClaims(claims: Claim[], on: (c: Claim) => Attack[]): string {
  if (claims.length === 0) return '(none)';
  return claims.map((c) => `${c.id} (${[c.tag, ...(c.confidence === undefined ? [] : [`confidence ${c.confidence}`]), ...on(c).map(attackText)].join('; ')})`).join(', ');
}

function attackText(attack: Attack): string {
  return `attack ${attack.id} by ${attack.by}: ${outcomeText(attack.outcome)}`;
}
