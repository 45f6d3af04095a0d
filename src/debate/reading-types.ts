import type { Excerpt } from '../evidence/render-readings.js';

/** The readers' plan and result (issue #40): what reads the changes a pack cannot hold, and what it found. */

/** How many parts readers read, on which model, and what bounds them. */
export interface ReaderPlan {
  /** Input `reader-model` (default: the first advocate's model). */
  model: string;
  /** Parts to read at most: input `max-reader-calls`, or fewer when the spending cap could not hold more. */
  calls: number;
  /** What set `calls`: the input, or the spending cap (`max-cost-usd`). */
  bound: 'max-reader-calls' | 'max-cost-usd';
}

/** What the readers did (the record's `evidence.read`/`unread` are counted from `read` and the pack's coverage). */
export interface ReadingResult {
  /** Parts the overflow was split into. */
  parts: number;
  /** Numbers of the parts a reader read (its reply arrived and was valid). */
  read: number[];
  /** The parts no reader read, and why, in part order. */
  unread: { part: number; why: string }[];
  /** The verified excerpts, as the evidence shows them. */
  excerpts: Excerpt[];
  /** How many excerpts the readers gave in all (verified, dropped or past the cap per position). */
  given: number;
  /** Sentences for the comment's notes: excerpts dropped and why, parts not read and why. */
  notes: string[];
}
