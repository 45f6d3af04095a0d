import type { Ruling } from './schemas.js';
import type {
  AttackOutcome,
  Claim,
  CrossTurn,
  OpeningTurn,
  Position,
  StopReason,
  SteelmanTurn,
  Transcript,
} from './debate-types.js';

/**
 * The counterbalanced judge run (Coin Flip Judge 2026: pairwise verdicts flip 13.6% of the time with
 * the order): the positions under swapped ids and in swapped order everywhere the judge reads them. The
 * swap reverses the ids, so the first position is shown as the last id and listed last (two positions:
 * A is shown as B and B as A). Everything the judge reads is relabelled here (the positions, the
 * transcript's turns, claim and attack ids, and the ids the advocates wrote in their prose), and its
 * ruling is mapped back. Pure.
 */

/** A relabelling of position ids: the debate's id to the id shown, and back. */
export interface Relabel {
  shown: (id: string) => string;
  original: (id: string) => string;
}

/** The swap of {@link ids}: the i-th id shown as the (n-1-i)-th. */
export function swapIds(ids: readonly string[]): Relabel {
  const to = new Map(ids.map((id, i) => [id, ids[ids.length - 1 - i]!]));
  const back = new Map([...to].map(([a, b]) => [b, a]));
  return { shown: (id) => to.get(id) ?? id, original: (id) => back.get(id) ?? id };
}

/** The identity relabelling. */
export const SAME_IDS: Relabel = { shown: (id) => id, original: (id) => id };

// Claim and attack ids as the engine writes them (`O.A.1`, `X2.B.a1`, `C.B.a1`, `S.A.1`), and a position named in prose ("position A", "positions A and B").
const CLAIM_ID = /\b(O|S|C|X\d+)\.([A-D])\.(a?\d+)\b/g;
const POSITION_REF = /\b(positions?)(\s+)([A-D](?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)[A-D])*)\b/gi;

/**
 * Rewrites the ids a text names: claim and attack ids, and positions named as "position X" (a bare
 * letter is left alone: it may be anything).
 * @param map the id each id becomes
 */
export function relabelText(text: string, map: (id: string) => string): string {
  return text
    .replace(CLAIM_ID, (_m, kind: string, id: string, n: string) => `${kind}.${map(id)}.${n}`)
    .replace(
      POSITION_REF,
      (_m, word: string, space: string, ids: string) => `${word}${space}${ids.replace(/[A-D]/g, (id) => map(id))}`,
    );
}

/**
 * The positions as a relabelled run lists them: each under its shown id, in the order of the shown ids.
 * @returns new positions; the labels and models are the debate's
 */
export function relabelPositions(positions: readonly Position[], relabel: Relabel): Position[] {
  return positions.map((p) => ({ ...p, id: relabel.shown(p.id) })).sort((a, b) => a.id.localeCompare(b.id));
}

/** The transcript with every position id, claim id and id written in prose relabelled; citations are left as they are. */
export function relabelTranscript(transcript: Transcript, relabel: Relabel): Transcript {
  const id = relabel.shown;
  const text = (t: string) => relabelText(t, id);
  const optional = (t: string | undefined) => (t === undefined ? undefined : text(t));
  const claim = (c: Claim): Claim => ({
    ...c,
    id: text(c.id),
    positionId: id(c.positionId),
    text: text(c.text),
    reasoning: optional(c.reasoning),
    tagReason: optional(c.tagReason),
  });
  const outcome = (o: AttackOutcome): AttackOutcome =>
    o.kind === 'unanswered' ? { ...o, why: text(o.why) } : o.kind === 'open' ? o : { ...o, answerId: text(o.answerId) };
  const base = <T extends OpeningTurn | CrossTurn | SteelmanTurn>(turn: T): T => ({
    ...turn,
    positionId: id(turn.positionId),
    error: optional(turn.error),
  });
  const opening = (t: OpeningTurn): OpeningTurn => ({
    ...base(t),
    thesis: text(t.thesis),
    arguments: t.arguments.map(claim),
    knownWeaknesses: t.knownWeaknesses.map(text),
    predictedAttacks: t.predictedAttacks.map(text),
  });
  const cross = (t: CrossTurn): CrossTurn => ({
    ...base(t),
    answers: t.answers.map((a) => ({
      ...a,
      attackId: text(a.attackId),
      claim: claim(a.claim),
      ...(a.finding ? { finding: { ...a.finding, reason: text(a.finding.reason) } } : {}),
    })),
    weaknesses: t.weaknesses.map(text),
    attacks: t.attacks.map((a) => ({
      ...a,
      id: text(a.id),
      by: id(a.by),
      target: id(a.target),
      targetClaim: optional(a.targetClaim),
      claim: claim(a.claim),
      outcome: outcome(a.outcome),
    })),
    notes: t.notes.map(text),
  });
  return {
    openings: transcript.openings.map(opening),
    rounds: transcript.rounds.map((r) => ({ round: r.round, turns: r.turns.map(cross) })),
    closing: transcript.closing.map(cross),
    steelmans: transcript.steelmans.map((t) => ({
      ...base(t),
      target: id(t.target),
      thesis: text(t.thesis),
      arguments: t.arguments.map(claim),
    })),
  };
}

/** A stop reason with its position ids relabelled. */
export function relabelStop(stop: StopReason, relabel: Relabel): StopReason {
  return stop.kind === 'surrender' ? { ...stop, positionIds: stop.positionIds.map(relabel.shown) } : stop;
}

/**
 * A ruling written under relabelled ids, in the debate's own ids: its entries, recommendation and
 * scenarios' recommendations, and the ids its prose names. Defeating citations are left as they are.
 */
export function rulingInOriginalIds(ruling: Ruling, relabel: Relabel): Ruling {
  const back = relabel.original;
  const text = (t: string) => relabelText(t, back);
  const original = (id: string) => (id === 'none' ? id : back(id));
  return {
    ...ruling,
    positions: Object.fromEntries(
      Object.entries(ruling.positions).map(([id, entry]) => [back(id), { ...entry, rationale: text(entry.rationale) }]),
    ),
    recommendation: original(ruling.recommendation),
    tied_on_axis: ruling.tied_on_axis === null ? null : text(ruling.tied_on_axis),
    confidence_reason: text(ruling.confidence_reason),
    key_reasons: ruling.key_reasons.map(text),
    trade_offs: ruling.trade_offs.map(text),
    what_would_change: ruling.what_would_change.map(text),
    dissent: text(ruling.dissent),
    consensus: ruling.consensus.map(text),
    open_questions: ruling.open_questions.map(text),
    scenarios: ruling.scenarios.map((s) => ({
      scenario: text(s.scenario),
      recommendation: original(s.recommendation),
      rationale: text(s.rationale),
    })),
    blind_spots: ruling.blind_spots.map(text),
    summary: text(ruling.summary),
  };
}
