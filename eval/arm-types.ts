import type { ReaderPlan } from '../src/debate/debate-types.js';
import type { LanguageSetting } from '../src/debate/language.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import type { RunUsage } from '../src/models/price-usage.js';
import type { SpendLimit } from './match-spend.js';

/**
 * What an arm is given and what it answers (issues #32, #43), the same for every arm. Position ids are
 * those of the order the arm saw: `A` is the first position listed.
 */

/** A ruling's confidence, as the judge schema has it. */
export type Confidence = 'low' | 'medium' | 'high';

/** One arm's answer on one case in one order. */
export interface ArmAnswer {
  /**
   * The position it found right; `none`: it ruled that neither is; `abstain`: it gave no answer, because
   * its rulings disagreed (the judge runs of a debate split, a vote tied) or its ruling contradicted itself.
   * An abstention is never right, also on a case where neither position is.
   */
  choice: 'A' | 'B' | 'none' | 'abstain';
  /** The ruling's confidence; undefined when the arm gave no ruling. */
  confidence: Confidence | undefined;
  /** Tokens, and their dollars at the price each model is counted at (cache reads and writes as such). */
  usage: RunUsage;
  /** Model calls made (prompt-cache warm-ups and repairs included). */
  calls: number;
  /** Citations made in support of each position, and how many of them did not verify. */
  citations: Record<'A' | 'B', { total: number; unverified: number }>;
  /** What limited the arm, e.g. a repair, an escalation. */
  note: string | undefined;
  /** What stopped the arm from spending more, when something other than the budget did. */
  limit: SpendLimit | undefined;
  /** Set when the arm produced no usable answer: the first problem. */
  failure: string | undefined;
  /**
   * Debate arms: each opening argument's advocate confidence (0 to 1), whether any attack named it, and
   * whether it held (verified, every attack on it refuted; `src/debate/calibration.ts`).
   */
  arguments?: ArgumentOutcome[];
}

/** An opening argument as the advocates' calibration counts it. */
export interface ArgumentOutcome {
  confidence: number;
  /** An attack named it: only a tested argument can be said to have held. */
  tested: boolean;
  holds: boolean;
}

/** What every arm of one case in one order gets. */
export interface ArmInput {
  pack: EvidencePack;
  /** Position A then B, as this order presents them. */
  labels: [string, string];
  /** The case's question: the debate's topic. */
  topic: string | undefined;
  models: { moderator: string; advocates: string[]; judge: string };
  language: LanguageSetting;
  /**
   * The debate arms' readers of what the pack cannot hold (`reader-model`, `max-reader-calls`), as the
   * action plans them; undefined when every changed hunk fits the pack (then no reader is called).
   */
  readers?: ReaderPlan;
}

/** An answer without any citation yet. */
export function emptyCitations(): ArmAnswer['citations'] {
  return { A: { total: 0, unverified: 0 }, B: { total: 0, unverified: 0 } };
}
