import type { EvidencePack } from '../evidence/evidence-types.js';
import { makeClaim } from './claims.js';
import { ATTACKS_PER_OPPONENT } from './rubric.js';
import type { Argument, CrossExamination, Opening, Steelman } from './schemas.js';
import type { Attack, Claim, CrossTurn, OpeningTurn, SteelmanTurn, TurnBase } from './debate-types.js';
import { crossCap, WORD_CAPS, WordBudget } from './word-cap.js';

/**
 * Turns validated advocate replies into transcript turns: citations checked, claims given ids, the
 * word cap applied with visible truncation, and the cross-examination rules applied in code (issue
 * #4): an answer must name an open attack on the advocate, an attack must target another active
 * position, at most {@link ATTACKS_PER_OPPONENT} new attacks per opponent and turn (issue #28), a
 * closing turn makes no attacks. Pure.
 */

/**
 * An attack id as models write it (issue #20): `X1.B.2` (round 1, position B, attack 2) or `C.B.1`,
 * anywhere in the field, in any case, with `.`, `-`, `_`, `:` or spaces between its parts
 * ("Attack X1-B-2", "x1 b 2").
 */
const ATTACK_ID = /(?<![A-Za-z0-9])(X[\s._:-]*\d+|C)[\s._:-]*([A-D])[\s._:-]*(\d+)(?![0-9])/gi;

/**
 * The open attack an answer's `attack_id` field names: the first id written in it that is one of
 * `open` (keys upper-case, e.g. `X1.B.2`).
 * @returns the attack, or undefined when the field names none of them
 */
function findAttackId<T>(field: string, open: ReadonlyMap<string, T>): T | undefined {
  for (const m of field.matchAll(ATTACK_ID)) {
    const key = `${m[1]!.replace(/[\s._:-]/g, '').toUpperCase()}.${m[2]!.toUpperCase()}.${Number(m[3])}`;
    const attack = open.get(key);
    if (attack) return attack;
  }
  return undefined;
}

/**
 * The answers of a reply that name no open attack on the advocate, while some open attack is left
 * unanswered: worth one repair retry (issue #20), since an unanswered attack counts as conceded.
 * @returns the `attack_id` fields as written; empty when every answer names an open attack, or every open attack is answered
 */
export function strayAnswers(reply: CrossExamination, pending: readonly Attack[]): string[] {
  const open = new Map(pending.map((a) => [a.id.toUpperCase(), a]));
  const answered = new Set(reply.answers.map((a) => findAttackId(a.attack_id, open)).filter((a) => a !== undefined));
  if (pending.every((a) => answered.has(a))) return [];
  return reply.answers.filter((a) => findAttackId(a.attack_id, open) === undefined).map((a) => a.attack_id);
}

/** Who wrote a turn and how the call went. */
export interface TurnContext {
  positionId: string;
  model: string;
  repaired: boolean;
  pack: EvidencePack;
}

/** A turn whose call failed (after its repair retry, when one applied): `[INCOMPLETE]`, with the reason in `error`. */
export function incompleteBase(positionId: string, model: string, error: string): TurnBase {
  // `repaired` means a retry produced the turn; none did here (the error says whether a retry was tried).
  return { positionId, model, status: 'incomplete', error, repaired: false, truncated: undefined };
}

/** An opening statement from its reply. */
export function buildOpening(reply: Opening, ctx: TurnContext): OpeningTurn {
  const budget = new WordBudget(WORD_CAPS.opening);
  const thesis = budget.take(reply.thesis, { keep: true })!;
  const args = takeArguments(reply.arguments, budget, (i) => `O.${ctx.positionId}.${i + 1}`, ctx);
  const knownWeaknesses = takeList(reply.known_weaknesses, budget);
  const predictedAttacks = takeList(reply.predicted_attacks, budget);
  return {
    phase: 'opening',
    ...complete(ctx, budget),
    thesis,
    arguments: args,
    knownWeaknesses,
    predictedAttacks,
  };
}

/** An opening that failed. */
export function incompleteOpening(positionId: string, model: string, error: string): OpeningTurn {
  return {
    phase: 'opening',
    ...incompleteBase(positionId, model, error),
    thesis: '',
    arguments: [],
    knownWeaknesses: [],
    predictedAttacks: [],
  };
}

/**
 * A cross-examination or closing turn from its reply.
 * @param ctx.pending the open attacks aimed at this advocate, which its answers must name
 * @param ctx.targets the positions it may attack (active, not its own); their number sets the word cap ({@link crossCap})
 * @param ctx.claims the own claims an attack's `claim_id` may name, by upper-case id
 */
export function buildCrossTurn(
  reply: CrossExamination,
  ctx: TurnContext & {
    phase: 'cross-examination' | 'closing';
    round: number;
    pending: Attack[];
    targets: string[];
    claims: ReadonlyMap<string, Pick<Claim, 'id' | 'positionId'>>;
  },
): CrossTurn {
  const budget = new WordBudget(crossCap(ctx.phase, ctx.targets.length));
  const notes: string[] = [];
  const open = new Map(ctx.pending.map((a) => [a.id.toUpperCase(), a]));
  const answered = new Set<string>();
  const prefix = ctx.phase === 'closing' ? 'C' : `X${ctx.round}`;
  const answers: CrossTurn['answers'] = [];
  for (const raw of reply.answers) {
    const attack = findAttackId(raw.attack_id, open);
    if (!attack) {
      notes.push(
        `An answer to "${raw.attack_id}", which names no open attack on position ${ctx.positionId}, was ignored.`,
      );
      continue;
    }
    const key = attack.id.toUpperCase();
    if (answered.has(key)) {
      notes.push(`A second answer to ${attack.id} was ignored; the first counts.`);
      continue;
    }
    answered.add(key);
    const text = budget.take(raw.text, { keep: true })!;
    const claim = makeClaim(
      {
        id: `${prefix}.${ctx.positionId}.a${answers.length + 1}`,
        positionId: ctx.positionId,
        text,
        citations: raw.citations,
      },
      ctx.pack,
    );
    answers.push({ attackId: attack.id, answer: raw.answer, claim });
  }
  const weaknesses = takeList(reply.weaknesses, budget);
  const attacks: Attack[] = [];
  if (ctx.phase === 'closing' && reply.attacks.length > 0) {
    notes.push(`${reply.attacks.length} new attack(s) in a closing turn were dropped: nobody could answer them.`);
  }
  const extra = new Map<string, number>();
  for (const raw of ctx.phase === 'closing' ? [] : reply.attacks) {
    if (raw.target === ctx.positionId) {
      notes.push('An attack on its own position was dropped.');
      continue;
    }
    if (!ctx.targets.includes(raw.target)) {
      notes.push(`An attack on position ${raw.target}, which is not an active position of this debate, was dropped.`);
      continue;
    }
    if (attacks.filter((a) => a.target === raw.target).length >= ATTACKS_PER_OPPONENT) {
      extra.set(raw.target, (extra.get(raw.target) ?? 0) + 1);
      continue;
    }
    const text = budget.take(raw.claim);
    if (text === undefined) continue;
    const id = `${prefix}.${ctx.positionId}.${attacks.length + 1}`;
    const targetClaim = claimOf(raw.claim_id, raw.target, ctx.claims);
    if (raw.claim_id !== null && !targetClaim)
      notes.push(
        `Attack ${id} names "${raw.claim_id}", which is no claim of position ${raw.target}; it is read as an attack on the position as a whole.`,
      );
    attacks.push({
      id,
      by: ctx.positionId,
      target: raw.target,
      targetClaim,
      claim: makeClaim({ id, positionId: ctx.positionId, text, citations: raw.citations }, ctx.pack),
      outcome: { kind: 'open' },
    });
  }
  for (const [target, n] of extra)
    notes.push(
      `${n} attack(s) on position ${target} beyond the ${ATTACKS_PER_OPPONENT} a turn may make on one position were dropped.`,
    );
  return { phase: ctx.phase, round: ctx.round, ...complete(ctx, budget), answers, weaknesses, attacks, notes };
}

/** The claim id an attack names, as the engine writes it, when it is a claim of the target; else undefined. */
function claimOf(
  written: string | null,
  target: string,
  claims: ReadonlyMap<string, Pick<Claim, 'id' | 'positionId'>>,
): string | undefined {
  const claim = written === null ? undefined : claims.get(written.trim().toUpperCase());
  return claim?.positionId === target ? claim.id : undefined;
}

/** A cross-examination or closing turn that failed. */
export function incompleteCross(
  positionId: string,
  model: string,
  error: string,
  phase: CrossTurn['phase'],
  round: number,
): CrossTurn {
  return {
    phase,
    round,
    ...incompleteBase(positionId, model, error),
    answers: [],
    weaknesses: [],
    attacks: [],
    notes: [],
  };
}

/** A steelman from its reply; the engine, not the reply, decides whose case it is. */
export function buildSteelman(reply: Steelman, ctx: TurnContext & { target: string }): SteelmanTurn {
  const budget = new WordBudget(WORD_CAPS.steelman);
  const thesis = budget.take(reply.thesis, { keep: true })!;
  const args = takeArguments(reply.arguments, budget, (i) => `S.${ctx.positionId}.${i + 1}`, ctx);
  return { phase: 'steelman', target: ctx.target, ...complete(ctx, budget), thesis, arguments: args };
}

/** A steelman that failed. */
export function incompleteSteelman(positionId: string, model: string, error: string, target: string): SteelmanTurn {
  return { phase: 'steelman', target, ...incompleteBase(positionId, model, error), thesis: '', arguments: [] };
}

function complete(ctx: TurnContext, budget: WordBudget): TurnBase {
  return {
    positionId: ctx.positionId,
    model: ctx.model,
    status: 'complete',
    error: undefined,
    repaired: ctx.repaired,
    truncated: budget.cut ? { capWords: budget.cap, words: budget.written } : undefined,
  };
}

function takeArguments(
  args: (Argument & { confidence?: number })[],
  budget: WordBudget,
  id: (i: number) => string,
  ctx: TurnContext,
): Claim[] {
  const claims: Claim[] = [];
  for (const argument of args) {
    // Every field is offered to the budget, kept or not, so the truncation note counts all the words written.
    const text = budget.take(argument.claim);
    const reasoning = budget.take(argument.reasoning, { keep: true })!;
    if (text === undefined) continue;
    claims.push(
      makeClaim(
        {
          id: id(claims.length),
          positionId: ctx.positionId,
          text,
          reasoning,
          citations: argument.citations,
          confidence: argument.confidence,
        },
        ctx.pack,
      ),
    );
  }
  return claims;
}

function takeList(items: string[], budget: WordBudget): string[] {
  const kept: string[] = [];
  for (const item of items) {
    const text = budget.take(item);
    if (text !== undefined) kept.push(text);
  }
  return kept;
}
