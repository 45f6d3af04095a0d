import { citationSide } from '../citations/citation.js';
import { isBareMarker } from './word-cap.js';
import type { Answer, Attack, AttackOutcome, Claim, ConcessionKind } from './debate-types.js';

/**
 * The falsification rubric (the seed protocol's outcomes: an attack is refuted only with evidence,
 * unanswered is conceded, a position survives only if it withstood attack): what an attack and an
 * answer count for, when a position survives or stays untested, what the judge credits and what each
 * confidence means. One source: the sentences below are filled into `judge.md`, `audit.md`,
 * `cross-examination.md` and `closing.md` by `prompts.ts` (placeholders `rubric_*`), and the functions
 * below apply the same rules in the engine (`attack-outcomes.ts` and `claims.ts` decide outcomes,
 * `enforce-ruling.ts` holds the judge to them). Pure.
 */

/** New attacks an advocate may make on each other position in one turn; the engine drops the rest and says so. */
export const ATTACKS_PER_OPPONENT = 2;

/**
 * Phrases that may mark a stalling answer: one that defers instead of answering. They only point the
 * auditor to candidates ({@link STALLING_RULE}); the auditor decides. English only.
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

/** What a position's support is: its own case, never what it gave up or said about others. */
export const SUPPORT_RULE =
  "A position's support is its own case: the arguments of its opening and its own `refute` answers that refuted an attack. Its concessions, the steelmans (another advocate's case for it, or its advocate's case for another position) and its attacks on other positions are never its support.";

/** Which attacks count: an attacker needs evidence as a defender does. */
export const COUNTED_ATTACK_RULE =
  'An attack counts only when it is itself a verified claim, or when its `claim_id` names a claim of its target whose own citation failed its check (the verifier proved it). Any other attack is shown as "uncited attack: not counted": answered or not, it neither stops its target from surviving nor lowers the confidence its target can earn.';

/** What each outcome of a counted attack means, as the prompts state it and {@link answerOutcome} applies it. */
export const ATTACK_OUTCOME_RULES = {
  refuted:
    'A counted attack is `refuted` only by a `refute` answer that is itself a verified claim (at least one of its structured citations checked out, none of its references failed, the auditor found it neither exaggerated nor irrelevant), that cites more than the lines the attack itself cited, and that the auditor, reading it beside the attack, found responsive: it meets this attack, not another point.',
  conceded:
    "Every other answer counts as `conceded`. An honest `concede` of a non-fatal point costs its position nothing beyond the point itself. A `refute` without verified evidence (no citation, citations that did not check out, an answer cut to the truncation marker by the word cap), a refute that cites only the attack's own lines, an unresponsive refute and a stalling answer count as conceded and also lower the confidence the position can earn.",
  unanswered:
    'A counted attack with no answer at all is `unanswered`: it counts as conceded, and a position with a counted attack left unanswered cannot survive.',
} as const;

/** The stalling rule: the auditor's finding, the phrase list only a pointer. */
export const STALLING_RULE = `A stalling answer defers instead of answering (${[STALLING_PHRASES[0], STALLING_PHRASES[2], STALLING_PHRASES[4]].map((p) => `"${p}"`).join(', ')} and the like). The auditor decides, reading each answer without a verified citation beside its attack, which ones stall (a list of phrases only points it to candidates); a stalling answer counts as conceded, never as an honest concession.`;

/** What each position status means, as the judge is told and `enforce-ruling.ts` enforces. */
export const STATUS_RULES = {
  survived:
    'A position may be `survived` only when it withstood attack: at least one claim of its support is tagged `verified` and in scope, at least one counted attack on it was refuted, and no counted attack on it was left unanswered; the conceded attacks on it that are not fatal are weighed, not disqualifying.',
  untested:
    'A position with verified support that no counted attack ever reached is `untested`, not `survived`: the engine records as untested a position the judge lets stand when nothing reached it. It may be recommended, at `low` confidence at most, since nothing challenged its evidence.',
  falsified:
    'A position may be `falsified` only when verified evidence contradicts its core claim, given in `defeating_citations`.',
  unresolved: 'Any other position is `unresolved`: the evidence neither carries it nor defeats it.',
  conceded: 'A position whose advocate surrendered is recorded as `conceded`, whatever the ruling says.',
} as const;

/** What the judge credits beyond each claim's own evidence. */
export const CREDIBILITY_RULE =
  'A claim that was attacked and held (every counted attack on it refuted) is more credible than one never challenged: a claim no counted attack reached has not been tested, so weigh it for its evidence alone. Acknowledging a weakness (a known or acknowledged weakness, marked `[weakness]`, or an honest `concede` of a non-fatal point) is honesty to be credited: weigh the weakness on its merits, and weigh a weakness its own advocate named less against the position than one an opponent had to expose.';

/** What each confidence level means; `enforce-ruling.ts` lowers a confidence the recommended position does not earn. */
export const CONFIDENCE_RUBRIC = {
  high: 'high: the recommended position survived: at least one counted attack on it was refuted, none was left unanswered or met with an answer that counts as conceded other than an honest concession of a non-fatal point, and no other position survived with stronger verified support.',
  medium:
    'medium: the recommended position survived, but it met a counted attack with an answer that did not hold (a refute without verified evidence, an unresponsive or a stalling answer), or another position also survived.',
  low: 'low: the recommended position is untested (no counted attack reached it), or there is no recommendation, or it rests on little verified evidence, or the verified evidence of the positions is balanced.',
} as const;

/** The format rule: the ruling's form is reported, never a confidence and never a degraded run. */
export const FORMAT_RULE =
  'Confidence says how well the evidence and the attacks settle the decision, nothing else: the engine lowers a confidence the recommended position did not earn to the highest it earned and says so, and a ruling with fewer than two trade-offs or another number of key reasons than 3 to 5 is kept as given with a note, never sent back and never lowered for it.';

/** The auditor's two findings on answers, read beside the attack each answers (placeholder `rubric_audit`). */
export const AUDIT_ANSWER_RULES = {
  unresponsive:
    "`unresponsive`: a `refute` tagged verified that does not meet its attack: its words and lines answer another point, restate its own position, or say the question is open. It then counts as conceded. Judge it by the attack, the attack's cited lines, the answer and the answer's cited lines side by side; an answer that disputes the attack's premise with lines that bear on it is responsive, even if you find it weak.",
  stalling:
    '`stalling`: an answer without a verified citation (a `refute` or a `concede`) that defers instead of answering: it says the matter is complicated, open or in need of more investigation, and neither disputes nor grants the attack. It then counts as a stalling concession, not an honest one. An answer marked "[phrase list: possibly stalling]" only holds a phrase the engine looks for: decide by what it says.',
} as const;

/** The transcript's words for each {@link ConcessionKind}, after the answer id. */
export const CONCESSION_NOTES: Record<ConcessionKind, string> = {
  concede: 'the advocate conceded it',
  'refute-without-evidence': 'refute without verified evidence: counted as conceded',
  'refute-exaggerated': 'refute whose evidence the auditor found exaggerated: counted as conceded',
  'refute-irrelevant': 'refute whose lines the auditor found irrelevant to it: counted as conceded',
  'refute-cut': 'refute cut to the truncation marker by the word cap: counted as conceded',
  'refute-echo': "refute citing only the attack's own lines: counted as conceded",
  unresponsive: 'refute the auditor found unresponsive to the attack: counted as conceded',
  stalling: 'stalling answer, as the auditor found: counted as conceded',
};

/** The transcript's words for an attack that does not count ({@link COUNTED_ATTACK_RULE}). */
export const UNCITED_ATTACK = 'uncited attack: not counted';

const STALLING = new RegExp(STALLING_PHRASES.map((p) => p.replace(/'/g, "['’]").replace(/ /g, '\\s+')).join('|'), 'i');

/** True when an answer's text holds one of {@link STALLING_PHRASES}: a candidate for the auditor, never a finding. */
export function mayStall(text: string): boolean {
  return STALLING.test(text);
}

/**
 * True when an attack counts ({@link COUNTED_ATTACK_RULE}): in scope, and a verified claim itself or
 * aimed (`claim_id`) at a claim of its target that the verifier tagged `unverified`.
 * @param target the claim the attack names, when it names one of its target's
 */
export function attackCounts(attack: Pick<Attack, 'claim'>, target: Pick<Claim, 'tag'> | undefined): boolean {
  if (attack.claim.outOfScope) return false;
  return attack.claim.tag === 'verified' || target?.tag === 'unverified';
}

/**
 * True when every verified citation of an answer lies within lines its attack cited (same file, side
 * and range): quoting the attack back does not refute it. False for an answer with no verified citation.
 */
export function citesOnlyAttackLines(answer: Pick<Claim, 'citations'>, attack: Pick<Claim, 'citations'>): boolean {
  const own = answer.citations.filter((c) => c.check.status === 'verified');
  return (
    own.length > 0 &&
    own.every((c) =>
      attack.citations.some(
        (a) =>
          a.path === c.path &&
          citationSide(a) === citationSide(c) &&
          a.line_start <= c.line_start &&
          c.line_end <= a.line_end,
      ),
    )
  );
}

/**
 * What an answer makes of the attack it answers, by {@link ATTACK_OUTCOME_RULES}: `refuted` only for a
 * `refute` whose claim is tagged `verified`, has words of its own beyond the truncation marker, cites
 * more than the attack's own lines and was not found unresponsive; a surrender is `surrendered`; every
 * other answer is `conceded`, with the reason. Applied when the answer is given and again after the audit.
 */
export function answerOutcome(
  answer: Pick<Answer, 'answer' | 'claim' | 'finding'>,
  attack: Pick<Attack, 'claim'>,
): AttackOutcome {
  const answerId = answer.claim.id;
  if (answer.answer === 'surrender') return { kind: 'surrendered', answerId };
  if (answer.finding?.kind === 'stalling') return { kind: 'conceded', answerId, because: 'stalling' };
  if (answer.answer === 'concede') return { kind: 'conceded', answerId, because: 'concede' };
  const because = refuteFault(answer, attack.claim);
  return because ? { kind: 'conceded', answerId, because } : { kind: 'refuted', answerId };
}

function refuteFault(answer: Pick<Answer, 'claim' | 'finding'>, attack: Claim): ConcessionKind | undefined {
  const { claim } = answer;
  if (isBareMarker(claim.text)) return 'refute-cut';
  if (claim.tag === 'exaggerated') return 'refute-exaggerated';
  if (claim.tag === 'irrelevant') return 'refute-irrelevant';
  if (claim.tag !== 'verified' || claim.outOfScope) return 'refute-without-evidence';
  if (citesOnlyAttackLines(claim, attack)) return 'refute-echo';
  return answer.finding?.kind === 'unresponsive' ? 'unresponsive' : undefined;
}

/** The record's `attacks` of one position, and what the engine weighs beside them. */
export interface AttackTally {
  /** Counted attacks refuted. */
  refuted: number;
  /** Counted attacks whose answer counted as conceded, surrenders included. */
  conceded: number;
  /** Counted attacks left without an answer. */
  unanswered: number;
  /** Attacks that do not count ({@link COUNTED_ATTACK_RULE}), out-of-scope attacks aside. */
  uncited: number;
  /** Of `conceded`: answers that did not hold (every concession but an honest `concede` and a surrender); they lower the ceiling. */
  unheld: number;
}

/**
 * Tallies the attacks aimed at one position, by {@link COUNTED_ATTACK_RULE} and {@link ATTACK_OUTCOME_RULES}.
 * @param claimOf the debate's claim of an id, to see whether an attack names a failed claim of its target
 */
export function tallyAttacks(
  attacks: readonly Attack[],
  positionId: string,
  claimOf: (id: string) => Claim | undefined,
): AttackTally {
  const tally: AttackTally = { refuted: 0, conceded: 0, unanswered: 0, uncited: 0, unheld: 0 };
  for (const attack of attacks) {
    if (attack.target !== positionId || attack.claim.outOfScope) continue;
    if (!attackCounts(attack, attack.targetClaim === undefined ? undefined : claimOf(attack.targetClaim)))
      tally.uncited += 1;
    else if (attack.outcome.kind === 'refuted') tally.refuted += 1;
    else if (attack.outcome.kind === 'conceded' || attack.outcome.kind === 'surrendered') {
      tally.conceded += 1;
      if (attack.outcome.kind === 'conceded' && attack.outcome.because !== 'concede') tally.unheld += 1;
    } else if (attack.outcome.kind === 'unanswered') tally.unanswered += 1;
  }
  return tally;
}

/** True when no counted attack reached the position ({@link STATUS_RULES} `untested`). */
export function untested(tally: AttackTally): boolean {
  return tally.refuted + tally.conceded + tally.unanswered === 0;
}

/**
 * The highest confidence a recommendation of a position with these attacks earns ({@link CONFIDENCE_RUBRIC}):
 * `low` for an untested one; `high` for a refuted counted attack and no unanswered one or answer that did not hold; else `medium`.
 */
export function confidenceCeiling(tally: AttackTally): 'high' | 'medium' | 'low' {
  if (untested(tally)) return 'low';
  return tally.refuted > 0 && tally.unheld === 0 && tally.unanswered === 0 ? 'high' : 'medium';
}

/** The rubric as the judge reads it (placeholder `rubric_judge`), every sentence one of the constants above. */
export function judgeRubricText(): string {
  return [
    `- ${SUPPORT_RULE}`,
    `- ${COUNTED_ATTACK_RULE}`,
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
  return [
    `- ${COUNTED_ATTACK_RULE}`,
    ...Object.values(ATTACK_OUTCOME_RULES).map((s) => `- ${s}`),
    `- ${STALLING_RULE}`,
    `- ${STATUS_RULES.survived}`,
    `- ${STATUS_RULES.untested}`,
  ].join('\n');
}

/** The auditor's rules for answers (placeholder `rubric_audit`). */
export function auditRubricText(): string {
  return Object.values(AUDIT_ANSWER_RULES)
    .map((s) => `  - ${s}`)
    .join('\n');
}
