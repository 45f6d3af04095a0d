import type { CitationTally } from '../citations/tally-citations.js';
import type { CheckedCitation } from '../citations/verify-citations.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { RunUsage } from '../models/price-usage.js';
import type { EarlyStop, ModelRole, TokenUsage } from './model-client.js';
import type { DebatePlan } from './plan.js';
import type { ReadingResult } from './reading-types.js';
import type { Framing, Ruling } from './schemas.js';

/** Why an answer counted as conceded (a `concede` included). */
export type ConcessionKind =
  | 'concede'
  | 'refute-without-evidence'
  | 'refute-exaggerated'
  | 'refute-irrelevant'
  | 'refute-cut'
  | 'refute-echo'
  | 'unresponsive'
  | 'stalling';

/** A position of the debate; ids are A..D in the order given (docs/how-a-debate-runs.md). */
export interface Position {
  id: string;
  label: string;
  /** The advocate's model (input `advocate-models`, cycled over the positions). */
  model: string;
}

/**
 * How the evidence audit (issue #4, phase 5) tags a factual claim: `verified` (every reference it holds,
 * structured citations and references in its prose alike, checks out; issue #11), `unverified` (one
 * or more does not) and `no-citation` (none at all) come from the verifier;
 * `exaggerated` (verified lines that say less than the claim) and `irrelevant` (real lines that do not
 * bear on the claim at all, issue #29) from the auditor.
 */
export type ClaimTag = 'verified' | 'unverified' | 'no-citation' | 'exaggerated' | 'irrelevant';

/** A factual claim of the transcript, with its evidence and its audit tag. */
export interface Claim {
  /** Stable within the debate: `O.A.1` (opening argument), `X1.A.1` (attack), `X2.B.a1` (answer), `C.B.a1` (closing answer), `S.A.1` (steelman). */
  id: string;
  /** The advocate who made the claim. */
  positionId: string;
  text: string;
  /** The reasoning from evidence to claim, for arguments. */
  reasoning: string | undefined;
  citations: CheckedCitation[];
  /** References the claim's text and reasoning hold (`path:N` and the like, issue #11), checked without a quote (`quote` is ''). */
  references: CheckedCitation[];
  tag: ClaimTag;
  /** The auditor's reason for `exaggerated` or `irrelevant`. */
  tagReason: string | undefined;
  /** Set when the claim argues an out-of-scope topic: the judge never sees it and it counts for nothing. */
  outOfScope: string | undefined;
  /** The advocate's confidence that the claim holds, 0 to 1 (opening arguments; issue #28, for the eval's calibration). */
  confidence?: number | undefined;
}

/** What a turn lost to its word cap (issue #4: turn length caps with visible truncation). */
export interface Truncation {
  /** The cap, in words. */
  capWords: number;
  /** Words the advocate wrote. */
  words: number;
}

/** Fields every advocate turn has. An `incomplete` turn failed twice (reply and repair) and holds no content. */
export interface TurnBase {
  positionId: string;
  model: string;
  status: 'complete' | 'incomplete';
  /** Why the turn is incomplete. */
  error: string | undefined;
  /** True when the first reply was unusable and the repair retry produced this turn. */
  repaired: boolean;
  truncated: Truncation | undefined;
}

/** An opening statement (phase 1). */
export interface OpeningTurn extends TurnBase {
  phase: 'opening';
  thesis: string;
  arguments: Claim[];
  knownWeaknesses: string[];
  predictedAttacks: string[];
}

/** What became of an attack. */
export type AttackOutcome =
  /** Answered by a `refute` that is a verified claim (`rubric.ts`). */
  | { kind: 'refuted' | 'surrendered'; answerId: string }
  /** Answered, but the answer counts as conceded (`rubric.ts`): `because` says why. */
  | { kind: 'conceded'; answerId: string; because: ConcessionKind }
  /** Unanswered although the target was asked to answer: counts as conceded (issue #4). */
  | { kind: 'unanswered'; countsAsConceded: true; why: string }
  /** Unanswered for a reason not the target's choice (its turn failed, or the debate stopped first). */
  | { kind: 'unanswered'; countsAsConceded: false; why: string }
  /** Not answered yet (only while the debate runs). */
  | { kind: 'open' };

/** An attack made in cross-examination. `id` equals `claim.id`. */
export interface Attack {
  id: string;
  by: string;
  target: string;
  /** The id of the target's claim it attacks (`O.B.1`), or undefined for an attack on the position as a whole. */
  targetClaim?: string | undefined;
  claim: Claim;
  outcome: AttackOutcome;
}

/** An answer to an attack. */
export interface Answer {
  attackId: string;
  answer: 'refute' | 'concede' | 'surrender';
  claim: Claim;
  /**
   * What the auditor found reading the answer beside its attack (`rubric.ts`): `unresponsive`, a refute
   * with verified lines that does not meet the attack; `stalling`, an answer without a verified citation
   * that defers instead of answering. Undefined when it found neither, or did not run.
   */
  finding?: { kind: 'unresponsive' | 'stalling'; reason: string } | undefined;
}

/** A cross-examination turn (phase 2), or a closing turn that only answers the last round's attacks. */
export interface CrossTurn extends TurnBase {
  phase: 'cross-examination' | 'closing';
  /** 1-based round; a closing turn carries the number of the round whose attacks it answers. */
  round: number;
  answers: Answer[];
  weaknesses: string[];
  attacks: Attack[];
  /** What the engine did with parts of the reply it could not use (unknown attack ids, self-attacks). */
  notes: string[];
}

/** A steelman (phase 4): the advocate of `positionId` writes the best case for `target`. */
export interface SteelmanTurn extends TurnBase {
  phase: 'steelman';
  target: string;
  thesis: string;
  arguments: Claim[];
}

/** Any advocate turn. */
export type Turn = OpeningTurn | CrossTurn | SteelmanTurn;

/** Every advocate turn of the debate, phase by phase. */
export interface Transcript {
  openings: OpeningTurn[];
  /** Cross-examination rounds in order; `turns` in position order. */
  rounds: { round: number; turns: CrossTurn[] }[];
  /** Answers to the last round's attacks (empty when no attack was left open). */
  closing: CrossTurn[];
  steelmans: SteelmanTurn[];
}

/** Why cross-examination stopped (issue #4, convergence). */
export type StopReason =
  | { kind: 'no-rounds' }
  | { kind: 'max-rounds'; rounds: number }
  | { kind: 'surrender'; round: number; positionIds: string[] }
  | { kind: 'converged'; round: number }
  | { kind: 'too-few-advocates'; round: number };

/** The evidence audit (phase 5). */
export interface AuditResult {
  /** `checked`: the auditor ran; `mechanical`: only the verifier's tags (the auditor failed or there was nothing to check). */
  status: 'checked' | 'mechanical';
  model: string;
  /** Claims tagged, by tag. */
  tally: Record<ClaimTag, number>;
  /** Claims the judge will not see because they argue an out-of-scope topic. */
  ignored: number;
  notes: string[];
}

/** Verified and unverified citation counts of one position's own advocate (openings, cross-examination), with the unverified ones by reason (`src/citations/tally-citations.ts`). */
export interface CitationCounts {
  verified: number;
  unverified: number;
  reasons?: CitationTally['reasons'];
}

/**
 * Position statuses after the engine's rules (`rubric.ts` STATUS_RULES): the judge's three; `untested` for
 * a standing position no verified attack reached (the engine's, from the judge's `survived`); `conceded`
 * for a surrender.
 */
export type PositionStatus = 'survived' | 'untested' | 'falsified' | 'conceded' | 'unresolved';

/** The judge's ruling after the engine enforced the rules, with its citations checked. */
export interface FinalRuling extends Omit<Ruling, 'positions'> {
  positions: { id: string; status: PositionStatus; rationale: string; defeating_citations: CheckedCitation[] }[];
}

/**
 * One judge run (issue #4, phase 6). Runs alternate between the debate's ids and order and the swapped
 * ones (`relabel-positions.ts`); everything here is in the debate's own ids, mapped back by the engine.
 */
export interface JudgeRun {
  /** The debate's position ids in the order the run listed them (`B, A`: position B was listed first). */
  order: string[];
  /** True when the run read the positions under swapped ids (position B was shown as A) and in swapped order. */
  swapped: boolean;
  /** Undefined when the judge failed twice. */
  ruling: FinalRuling | undefined;
  /** Rules the first ruling broke (it was retried once when there were any). */
  violations: string[];
  retried: boolean;
  /** What the engine changed in the ruling it kept, and why. */
  fixes: string[];
  /** Problems with a ruling that was kept anyway (written in the wrong language after a repair retry). */
  warnings: string[];
  error: string | undefined;
}

/** One entry of the run's call log (one model call), for the footer and the decision record's usage. */
export interface CallLogEntry {
  role: ModelRole;
  /** What the call was for, e.g. `opening`, `cross-examination 1`, `judge (order B, A)`. */
  purpose: string;
  positionId: string | undefined;
  model: string;
  usage: TokenUsage;
  /** Wall time of the call in milliseconds. */
  durationMs: number;
  ok: boolean;
  /** True for the one repair retry of an unusable reply, or the retry of a ruling that broke the rules. */
  retry: boolean;
}

/** How the run ended (docs/how-a-debate-runs.md, `completion`). */
export type Completion = 'success' | 'degraded-success' | 'aborted';

/** A finished debate (or one that was aborted after the positions were known). */
export interface DebateResult {
  kind: 'debate';
  topic: string;
  positions: Position[];
  /**
   * The id of the position that is the change as written (record `pr_position`), as a moderator named or
   * confirmed it from the diff; null only for `--no-pr-position`; undefined when unknown.
   */
  prPosition: string | null | undefined;
  /** A `(this PR)` mark the moderator did not confirm (record `pr_position_claimed`); set only while `prPosition` is undefined. */
  prPositionClaimed?: string;
  outOfScope: string[];
  framing: Framing | undefined;
  plan: DebatePlan;
  /** The language rule every call was given. */
  language: string;
  transcript: Transcript;
  stop: StopReason;
  /** Positions whose advocate surrendered: `conceded` in the record, with or without a ruling. */
  surrendered: string[];
  /** Cross-examination rounds actually held (decision record `rounds`). */
  roundsHeld: number;
  audit: AuditResult | undefined;
  judgeRuns: JudgeRun[];
  /** Undefined when the judge failed (`aborted`). */
  ruling: FinalRuling | undefined;
  counts: Map<string, CitationCounts>;
  judgeModel: string;
  /** What the engine changed in the judges' rulings, and why; shown in the comment. */
  enforcement: string[];
  /**
   * What the comment should say about how the run went that is not a correction of the judge: a cap
   * on the rounds, positions cut to four, a pre-flight fallback, the confirmed plan it ran.
   */
  notes: string[];
  completion: Completion;
  /** What went wrong, for a degraded or aborted run. */
  problems: string[];
  calls: CallLogEntry[];
  /** Token totals and cost of `calls`, computed once when the debate ends. */
  usage: RunUsage;
  /** Why the run stopped making calls before the debate finished (the spending cap, the stop signal); undefined when nothing stopped it. */
  stoppedBy?: EarlyStop | undefined;
  /**
   * What readers read of the changed hunks the pack could not hold (issue #40), and the pack with their
   * readings, as every call after them read it; absent when the pack held every changed hunk or no reader was planned.
   */
  reading?: { result: ReadingResult; pack: EvidencePack };
}

/** What the debate stage produced. */
export type DebateOutcome =
  { kind: 'not-contested'; framing: Framing; calls: CallLogEntry[]; usage: RunUsage } | DebateResult;
