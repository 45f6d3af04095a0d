import { tagCitationForModels } from '../../citations/tally-citations.js';
import { outcomeOfAttack, withOutcomes } from '../attack-outcomes.js';
import { buildCrossTurn, incompleteCross, strayAnswers } from '../build-turns.js';
import type { Attempt, CallSpec } from '../caller-types.js';
import { allClaims, verifiedKeys } from '../claims.js';
import { acknowledgedWeaknesses, countedAttacks } from '../judge-facts.js';
import { loadPrompt } from '../prompts.js';
import { renderTranscript } from '../render-transcript.js';
import type { CrossExamination as CrossReply } from '../schemas.js';
import type { Attack, AttackOutcome, CrossTurn, OpeningTurn, StopReason, Transcript } from '../debate-types.js';
import { UNCITED_ATTACK } from '../rubric.js';
import { crossCap } from '../word-cap.js';
import { MAX_TOKENS, warningsOf, type DebateContext } from './debate-context.js';

/**
 * Phases 2-3, cross-examination and convergence (issue #4): in each round every advocate still in
 * the debate reads every turn so far verbatim, answers every attack on it (`refute`, `concede`,
 * `surrender`; unanswered counts as conceded), names its weaknesses and attacks the others. The
 * rounds stop at the plan's cap, on a surrender, or on a round with no new verified citation and no
 * new attack; the last round's attacks then get closing answers. A failed turn drops its advocate.
 */

/** What cross-examination produced. Every attack in it carries its final outcome. */
export interface CrossExamination {
  rounds: Transcript['rounds'];
  /** Answers to the last round's attacks (empty when none was left open, or after a surrender). */
  closing: CrossTurn[];
  stop: StopReason;
  /** Positions whose advocate surrendered, in the order they did. */
  surrendered: string[];
  /** Positions whose advocate is still in the debate. */
  active: Set<string>;
  problems: string[];
}

/**
 * Runs the rounds and the closing answers.
 * @param onPhaseEnd told `round-N` after each round and `closing` after the closing answers
 */
export async function crossExamine(
  ctx: DebateContext,
  openings: OpeningTurn[],
  onPhaseEnd: (phase: string) => void,
): Promise<CrossExamination> {
  let active = new Set(openings.filter((t) => t.status === 'complete').map((t) => t.positionId));
  const problems: string[] = [];
  const surrendered: string[] = [];
  const seenVerified = verifiedKeys(openings.flatMap((t) => t.arguments));
  let rounds: Transcript['rounds'] = [];
  let stop: StopReason = { kind: 'no-rounds' };
  for (let round = 1; round <= ctx.plan.rounds; round += 1) {
    if (active.size < 2) {
      stop = { kind: 'too-few-advocates', round: round - 1 };
      break;
    }
    const held = await takeTurns(ctx, {
      phase: 'cross-examination',
      round,
      active,
      transcript: { openings, rounds, closing: [], steelmans: [] },
    });
    rounds = [...answerLastRound(rounds, held.turns, active, surrendered), { round, turns: held.turns }];
    onPhaseEnd(`round-${round}`);
    problems.push(...held.problems);
    const quitters = surrenderersOf(held.turns);
    surrendered.push(...quitters);
    // A surrender takes that position out and no other (issue #28): the rest argue on while two remain.
    active = new Set([...held.active].filter((id) => !quitters.includes(id)));
    const claims = held.turns.flatMap((t) => [...t.answers.map((a) => a.claim), ...t.attacks.map((a) => a.claim)]);
    const fresh = [...verifiedKeys(claims)].filter((k) => !seenVerified.has(k));
    fresh.forEach((k) => seenVerified.add(k));
    if (quitters.length > 0 && active.size < 2) {
      stop = { kind: 'surrender', round, positionIds: quitters };
      break;
    }
    if (held.turns.every((t) => t.attacks.length === 0) && fresh.length === 0) {
      stop = { kind: 'converged', round };
      break;
    }
    stop = { kind: 'max-rounds', rounds: round };
  }
  const last = rounds.at(-1);
  // The last round's open attacks on the positions still in get closing answers; the others are decided without.
  const open = last?.turns.flatMap((t) => t.attacks).filter((a) => a.outcome.kind === 'open') ?? [];
  if (!open.some((a) => active.has(a.target)))
    return {
      rounds: answerLastRound(rounds, [], active, surrendered),
      closing: [],
      stop,
      surrendered,
      active,
      problems,
    };
  const closing = await takeTurns(ctx, {
    phase: 'closing',
    round: last!.round,
    active,
    transcript: { openings, rounds, closing: [], steelmans: [] },
  });
  onPhaseEnd('closing');
  return {
    rounds: answerLastRound(rounds, closing.turns, active, surrendered),
    closing: closing.turns,
    stop,
    surrendered: [...surrendered, ...surrenderersOf(closing.turns)],
    active: closing.active,
    problems: [...problems, ...closing.problems],
  };
}

/** The rounds with the last one's open attacks decided by the answering turns (issue #4: unanswered = conceded). */
function answerLastRound(
  rounds: Transcript['rounds'],
  answers: CrossTurn[],
  active: Set<string>,
  surrendered: readonly string[],
): Transcript['rounds'] {
  const last = rounds.at(-1);
  if (!last) return rounds;
  // Attacks on an advocate that has dropped out or surrendered cannot be answered; they are not its concession.
  const outcome = (attack: Attack): AttackOutcome =>
    surrendered.includes(attack.target)
      ? {
          kind: 'unanswered',
          countsAsConceded: false,
          why: `position ${attack.target} had surrendered before it could answer`,
        }
      : outcomeOfAttack(
          attack,
          active.has(attack.target) ? answers.find((t) => t.positionId === attack.target) : undefined,
        );
  return [...rounds.slice(0, -1), { ...last, turns: withOutcomes(last.turns, outcome) }];
}

function surrenderersOf(turns: CrossTurn[]): string[] {
  return turns.filter((t) => t.answers.some((a) => a.answer === 'surrender')).map((t) => t.positionId);
}

/**
 * One cross-examination round (or the closing answers): every active advocate in parallel (in a
 * closing, only those with attacks to answer).
 * @returns the turns in position order, the advocates still in after them, and the problems
 */
async function takeTurns(
  ctx: DebateContext,
  input: { phase: CrossTurn['phase']; round: number; active: Set<string>; transcript: Transcript },
): Promise<{ turns: CrossTurn[]; active: Set<string>; problems: string[] }> {
  const { phase, round, active } = input;
  const open =
    input.transcript.rounds
      .at(-1)
      ?.turns.flatMap((t) => t.attacks)
      .filter((a) => a.outcome.kind === 'open') ?? [];
  const counts = countedAttacks(input.transcript);
  const rendered = loadPrompt('transcript', {
    transcript: renderTranscript(ctx.positions, input.transcript, {
      order: ctx.positions.map((p) => p.id),
      judge: false,
      counts,
    }),
  });
  const speakers = ctx.positions.filter(
    (p) => active.has(p.id) && (phase === 'cross-examination' || open.some((a) => a.target === p.id)),
  );
  const closing = phase === 'closing';
  const pendingOf = (id: string) => open.filter((a) => a.target === id);
  const claims = new Map(allClaims(input.transcript).map((c) => [c.id.toUpperCase(), c]));
  const opponentsOf = (id: string) => ctx.positions.filter((p) => active.has(p.id) && p.id !== id).map((p) => p.id);
  const specs = speakers.map((position): CallSpec<CrossReply> => ({
    role: 'advocate' as const,
    purpose: closing ? 'closing answers' : `cross-examination ${round}`,
    meta: { phase, positionId: position.id, round },
    model: position.model,
    field: 'cross_examination',
    transcript: rendered,
    instructions: loadPrompt(closing ? 'closing' : 'cross-examination', {
      position_id: position.id,
      position_label: position.label,
      positions: ctx.positionList,
      out_of_scope: ctx.scopeText,
      attacks_on_you: renderAttacks(pendingOf(position.id), counts),
      word_cap: String(crossCap(phase, opponentsOf(position.id).length)),
      language: ctx.language,
      ...(closing
        ? {}
        : {
            round: String(round),
            rounds: String(ctx.plan.rounds),
            acknowledged_weaknesses: renderWeaknesses(input.transcript, opponentsOf(position.id)),
          }),
    }),
    format: ctx.schemas.format,
    schema: ctx.schemas.replyOf('cross_examination'),
    maxTokens: MAX_TOKENS.advocate,
  }));
  const first = await ctx.caller.attemptAll(specs);
  const replies = await Promise.all(
    first.map((reply, i) => answerEveryAttack(ctx, specs[i]!, reply, pendingOf(speakers[i]!.id))),
  );
  const taken = speakers.map((position, i) => {
    const reply = replies[i]!;
    const pending = pendingOf(position.id);
    if (!reply.ok)
      return { turn: incompleteCross(position.id, position.model, reply.error, phase, round), warnings: [] };
    const turn = buildCrossTurn(reply.output, {
      positionId: position.id,
      model: reply.model,
      repaired: reply.repaired,
      pack: ctx.pack,
      phase,
      round,
      pending,
      targets: opponentsOf(position.id),
      claims,
    });
    return {
      turn,
      warnings: warningsOf(
        `Position ${position.id}'s ${closing ? 'closing answers' : `turn in round ${round}`}`,
        reply.warnings,
      ),
    };
  });
  const turns = taken.map((t) => t.turn);
  // Failed turns drop their advocate from later phases (issue #4: the debate goes on with the rest).
  const failed = turns.filter((t) => t.status === 'incomplete');
  const where = closing ? 'the closing answers' : `cross-examination round ${round}`;
  return {
    turns,
    active: new Set([...active].filter((id) => !failed.some((t) => t.positionId === id))),
    problems: [
      ...taken.flatMap((t) => t.warnings),
      ...failed.map((t) => `Position ${t.positionId}'s turn in ${where} is incomplete: ${t.error}`),
    ],
  };
}

/**
 * One repair retry for a reply whose answers name no open attack while some attack is left unanswered
 * (issue #20: an id written "Attack X1-B-1" is read, but one that names no attack at all would
 * silently concede). The retried reply replaces the first when it comes back usable.
 */
async function answerEveryAttack(
  ctx: DebateContext,
  spec: CallSpec<CrossReply>,
  reply: Attempt<CrossReply>,
  pending: Attack[],
): Promise<Attempt<CrossReply>> {
  if (!reply.ok) return reply;
  const stray = strayAnswers(reply.output, pending);
  if (stray.length === 0) return reply;
  const open = pending.map((a) => a.id).join(', ');
  const retried = await ctx.caller.retryWith(
    spec,
    loadPrompt('repair', {
      what: 'An answer named no attack that is open against your position, so an attack on it is left unanswered, and an unanswered attack counts as conceded.',
      issues: [
        ...stray.map((id) => `- \`attack_id\` ${JSON.stringify(id)} names none of the open attacks (${open})`),
        `- write each \`attack_id\` exactly as listed: ${open}`,
      ].join('\n'),
      field: spec.field,
    }),
  );
  return retried.ok ? { ...retried, repaired: true, warnings: [...reply.warnings, ...retried.warnings] } : reply;
}

/** The weaknesses the opponents acknowledged so far, for the advocate to attack (issue #28). */
function renderWeaknesses(transcript: Transcript, opponents: string[]): string {
  const lines = opponents.flatMap((id) =>
    acknowledgedWeaknesses(transcript, id).map((w) => `- position ${id} (${w.where}): ${w.text}`),
  );
  return lines.length === 0 ? '(none acknowledged yet)' : lines.join('\n');
}

/** The open attacks on an advocate, each with its citations' checks; an uncited one is marked as not counted. */
function renderAttacks(attacks: Attack[], counts: (attack: Attack) => boolean): string {
  if (attacks.length === 0) return '(none: no attack is open against your position; leave `answers` empty)';
  return attacks
    .map((a) =>
      [
        `- attack_id ${a.id}, by position ${a.by}${counts(a) ? '' : ` [${UNCITED_ATTACK}]`}: ${a.claim.text}`,
        ...a.claim.citations.map((c) => `  - ${tagCitationForModels(c)}`),
      ].join('\n'),
    )
    .join('\n');
}
