import { isBareMarker } from './word-cap.js';
import type { Answer, Attack, AttackOutcome, Claim } from './debate-types.js';

/**
 * The falsification rubric (issue #28; the seed protocol's outcomes, contract section 8): what an
 * answer counts for, when a position may survive, what the judge credits and what each confidence
 * means. One source: the sentences below are filled into `judge.md` and `cross-examination.md` by
 * `prompts.ts` (placeholders `rubric_*`), and the functions below apply the same rules in the engine
 * (`build-turns.ts` decides outcomes, `enforce-ruling.ts` holds the judge to them). Pure.
 */

/** New attacks an advocate may make on each other position in one turn; the engine drops the rest and says so. */
export const ATTACKS_PER_OPPONENT = 2;

/**
 * Phrases that mark a stalling answer: one that defers instead of answering. English only; a debate in
 * another language is held to the verified-evidence rule alone. Matched case-insensitively, any apostrophe.
 */
export const STALLING_PHRASES = [
  "it's complicated",
  'it is complicated',
  'it depends',
  'hard to say',
  'needs more investigation',
  'needs further investigation',
  'requires more investigation',
  'more investigation is needed',
  'further investigation is needed',
  'needs more analysis',
  'remains to be seen',
] as const;

/** What "own" means for a position (its support, its record): the claims its own advocate made. */
export const OWN_CLAIMS_RULE =
  "A position's own claims are those its own advocate made: the arguments of its opening, its answers to attacks and its attacks on the other positions. A steelman another advocate wrote for it is not its own claim and never counts as its support.";

/** What each attack outcome means, as the prompts state it and {@link answerOutcome} applies it. */
export const ATTACK_OUTCOME_RULES = {
  refuted:
    'An attack is `refuted` only by a `refute` answer that is itself a verified claim: at least one of its structured citations checked out, none of its references failed, the auditor did not find it exaggerated or irrelevant (its lines real, but not support for what it says), and it is not a stalling answer.',
  conceded:
    'Every other answer counts as `conceded`: a `concede`; a `refute` without verified evidence (no citation, citations that did not check out, or an answer cut to the truncation marker by the word cap); and a stalling answer.',
  unanswered: 'An attack with no answer at all is `unanswered`: it counts as conceded, and a position with an attack left unanswered cannot survive.',
} as const;

/** The stalling rule, with the phrases the engine looks for. */
export const STALLING_RULE = `A stalling answer defers instead of answering (${[STALLING_PHRASES[0], STALLING_PHRASES[2], STALLING_PHRASES[4]].map((p) => `"${p}"`).join(', ')} and the like): it is not an answer, and it counts as conceded whatever it cites.`;

/** What each position status means, as the judge is told and `enforce-ruling.ts` enforces. */
export const STATUS_RULES = {
  survived:
    'A position may be `survived` only when at least one of its own claims is tagged `verified` (not exaggerated or irrelevant, not out of scope, not a stalling answer) and no attack on it was left unanswered; the conceded attacks on it that are not fatal are weighed, not disqualifying.',
  falsified: 'A position may be `falsified` only when verified evidence contradicts its core claim, given in `defeating_citations`.',
  unresolved: 'Any other position is `unresolved`: the evidence neither carries it nor defeats it.',
  conceded: 'A position whose advocate surrendered is recorded as `conceded`, whatever the ruling says.',
} as const;

/** What the judge credits beyond each claim's own evidence. */
export const CREDIBILITY_RULE =
  'A claim that was attacked and held (every attack on it refuted) is more credible than one never challenged: a claim nobody attacked has not been tested, so weigh it for its evidence alone. Acknowledging a weakness (a known weakness, an acknowledged weakness or a `concede`) is honesty to be credited: weigh the weakness on its merits, and do not count the admission against the advocate; a weakness an opponent had to expose weighs more than one its own advocate named.';

/** What each confidence level means; `enforce-ruling.ts` lowers a `high` the recommended position does not earn. */
export const CONFIDENCE_RUBRIC = {
  high: 'high: the recommended position survived, at least one attack on it was refuted with verified evidence, none was conceded or left unanswered, and no other position survived with stronger verified support.',
  medium: 'medium: the recommended position survived, but it conceded a non-fatal attack, or its claims were never attacked, or another position also survived.',
  low: 'low: there is no recommendation, or it rests on little verified evidence, or the verified evidence of the positions is balanced.',
} as const;

/** The format rule: a slip in the ruling's form is repaired or reported, never a confidence. */
export const FORMAT_RULE =
  'Confidence says how well the evidence and the attacks settle the decision, nothing else: a ruling with fewer than two trade-offs or the wrong number of key reasons is sent back once, and then reported as degraded, never lowered to low confidence.';

/** Why an answer counted as conceded (a `concede` included). */
export type ConcessionKind = 'concede' | 'refute-without-evidence' | 'refute-exaggerated' | 'refute-irrelevant' | 'refute-cut' | 'stalling';

/** The transcript's words for each {@link ConcessionKind}, after the answer id. */
export const CONCESSION_NOTES: Record<ConcessionKind, string> = {
  concede: 'the advocate conceded it',
  'refute-without-evidence': 'refute without verified evidence: counted as conceded',
  'refute-exaggerated': 'refute whose evidence the auditor found exaggerated: counted as conceded',
  'refute-irrelevant': 'refute whose lines the auditor found irrelevant to it: counted as conceded',
  'refute-cut': 'refute cut to the truncation marker by the word cap: counted as conceded',
  stalling: 'stalling answer, not an answer: counted as conceded',
};

const STALLING = new RegExp(STALLING_PHRASES.map((p) => p.replace(/'/g, "['’]").replace(/ /g, '\\s+')).join('|'), 'i');

/** True when an answer's text stalls ({@link STALLING_RULE}). */
export function isStalling(text: string): boolean {
  return STALLING.test(text);
}

/**
 * What an answer makes of the attack it answers, by {@link ATTACK_OUTCOME_RULES}: `refuted` only for a
 * `refute` whose claim is tagged `verified`, has words of its own beyond the truncation marker and
 * does not stall; a surrender is `surrendered`; everything else is `conceded`, with the reason.
 * Applied when the answer is given and again after the audit (an exaggerated or irrelevant refute no longer refutes).
 */
export function answerOutcome(answer: Pick<Answer, 'answer' | 'claim'>): AttackOutcome {
  const answerId = answer.claim.id;
  if (answer.answer === 'surrender') return { kind: 'surrendered', answerId };
  if (answer.answer === 'concede') return { kind: 'conceded', answerId, because: 'concede' };
  const because = refuteFault(answer.claim);
  return because ? { kind: 'conceded', answerId, because } : { kind: 'refuted', answerId };
}

function refuteFault(claim: Claim): ConcessionKind | undefined {
  if (isStalling(claim.text)) return 'stalling';
  if (isBareMarker(claim.text)) return 'refute-cut';
  if (claim.tag === 'exaggerated') return 'refute-exaggerated';
  if (claim.tag === 'irrelevant') return 'refute-irrelevant';
  return claim.tag === 'verified' && !claim.outOfScope ? undefined : 'refute-without-evidence';
}

/** An unanswered attack stops its target from surviving, unless it argues an out-of-scope topic (it counts for nothing). */
export function blocksSurvival(attack: Attack): boolean {
  return attack.outcome.kind === 'unanswered' && !attack.claim.outOfScope;
}

/** The record's `attacks` of one position (contract section 8). */
export interface AttackTally {
  refuted: number;
  /** Answers that counted as conceded, surrenders included. */
  conceded: number;
  /** Attacks left without an answer (out-of-scope attacks aside, which count for nothing). */
  unanswered: number;
}

/** Tallies the attacks aimed at one position, by {@link ATTACK_OUTCOME_RULES}. */
export function tallyAttacks(attacks: readonly Attack[], positionId: string): AttackTally {
  const tally: AttackTally = { refuted: 0, conceded: 0, unanswered: 0 };
  for (const attack of attacks) {
    if (attack.target !== positionId || attack.claim.outOfScope) continue;
    if (attack.outcome.kind === 'refuted') tally.refuted += 1;
    else if (attack.outcome.kind === 'conceded' || attack.outcome.kind === 'surrendered') tally.conceded += 1;
    else if (attack.outcome.kind === 'unanswered') tally.unanswered += 1;
  }
  return tally;
}

/**
 * The highest confidence a recommendation of a position with these attacks earns ({@link CONFIDENCE_RUBRIC}):
 * `high` needs a refuted attack and no conceded or unanswered one; otherwise at most `medium`.
 */
export function confidenceCeiling(tally: AttackTally): 'high' | 'medium' {
  return tally.refuted > 0 && tally.conceded === 0 && tally.unanswered === 0 ? 'high' : 'medium';
}

/** The rubric as the judge reads it (placeholder `rubric_judge`), every sentence one of the constants above. */
export function judgeRubricText(): string {
  return [
    `- ${OWN_CLAIMS_RULE}`,
    ...Object.values(ATTACK_OUTCOME_RULES).map((s) => `- ${s}`),
    `- ${STALLING_RULE}`,
    ...Object.values(STATUS_RULES).map((s) => `- ${s}`),
    `- ${CREDIBILITY_RULE}`,
  ].join('\n');
}

/** The confidence rubric as the judge reads it (placeholder `rubric_confidence`). */
export function confidenceRubricText(): string {
  return [...Object.values(CONFIDENCE_RUBRIC).map((s) => `  - ${s}`), `  - ${FORMAT_RULE}`].join('\n');
}

/** The answer and attack rules as an advocate reads them (placeholder `rubric_advocate`). */
export function advocateRubricText(): string {
  return [...Object.values(ATTACK_OUTCOME_RULES).map((s) => `- ${s}`), `- ${STALLING_RULE}`, `- ${STATUS_RULES.survived}`].join('\n');
}
