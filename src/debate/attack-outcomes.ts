/** What an attack of the cross-examination comes to once its target's turn is in, by the rubric. Pure. */
import { answerOutcome } from './rubric.js';
import type { Attack, AttackOutcome, CrossTurn } from './debate-types.js';

/**
 * What became of an open attack once its target's turn is in: what its answer counts for by the
 * rubric (`rubric.ts`, {@link answerOutcome}); unanswered counts as conceded (issue #4), unless the target's turn failed.
 * @param turn the target's turn, or undefined when the target had dropped out before it could answer
 */
export function outcomeOfAttack(attack: Attack, turn: CrossTurn | undefined): AttackOutcome {
  if (!turn)
    return {
      kind: 'unanswered',
      countsAsConceded: false,
      why: `the advocate of position ${attack.target} had dropped out after a failed turn`,
    };
  if (turn.status === 'incomplete')
    return {
      kind: 'unanswered',
      countsAsConceded: false,
      why: `the advocate of position ${attack.target} failed its turn`,
    };
  const answer = turn.answers.find((a) => a.attackId === attack.id);
  if (!answer)
    return { kind: 'unanswered', countsAsConceded: true, why: `position ${attack.target} did not answer it` };
  return answerOutcome(answer, attack);
}

/** The turns with each still-open attack given `outcome(attack)`; new turns and attacks, the inputs unchanged. */
export function withOutcomes(turns: CrossTurn[], outcome: (attack: Attack) => AttackOutcome): CrossTurn[] {
  return turns.map((turn) => ({
    ...turn,
    attacks: turn.attacks.map((a) => (a.outcome.kind === 'open' ? { ...a, outcome: outcome(a) } : a)),
  }));
}
