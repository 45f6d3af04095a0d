import type { LanguageSetting } from '../debate/language.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { RunUsage } from '../usage/price-usage.js';

/**
 * What an arm is given and what it answers (issue #32), the same for every arm. Position ids are those
 * of the order the arm saw: `A` is the first position listed.
 */

/** A ruling's confidence, as the judge schema has it. */
export type Confidence = 'low' | 'medium' | 'high';

/** One arm's answer on one case in one order. */
export interface ArmAnswer {
  /** The position it found right, or none (an abstention). */
  choice: 'A' | 'B' | 'none';
  /** The ruling's confidence; undefined when the arm gave no ruling. */
  confidence: Confidence | undefined;
  usage: RunUsage;
  /** Citations made in support of each position, and how many of them did not verify. */
  citations: Record<'A' | 'B', { total: number; unverified: number }>;
  /** What limited the arm, e.g. fewer voters than asked to stay in the budget, or a repair. */
  note: string | undefined;
  /** Set when the arm produced no usable answer: the first problem. */
  failure: string | undefined;
  /**
   * Debate arms: each opening argument's advocate confidence (0 to 1) and whether the argument held
   * (verified, every attack on it refuted; `src/debate/calibration.ts`), for the advocates' calibration.
   */
  arguments?: { confidence: number; holds: boolean }[];
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
}

/** An answer without any citation yet. */
export function emptyCitations(): ArmAnswer['citations'] {
  return { A: { total: 0, unverified: 0 }, B: { total: 0, unverified: 0 } };
}
