import type { Price } from '../src/models/prices.js';
import type { FramingRun } from './run-framing-arm.js';
import { pairedDifferences, type PairedDifference } from './compare-arms.js';
import { scoreArms, scoreFraming, type ArmScore, type EvalRun, type FramingScore } from './score-arms.js';

/**
 * `results.json` (issues #32, #43): what ran, every run, and the scores computed from the runs. The
 * report and the plot are rendered from this one object, and a test recomputes their figures from it. Pure.
 */

/**
 * The format id of `results.json`; a change of meaning gets a new one. 3: each run's spend beside its
 * budget and what kept it off; abstentions apart from rulings of neither; paired tests by case.
 */
export const RESULTS_FORMAT = 'pr-debate-eval/3';

/** What the eval ran with. */
export interface EvalSettings {
  casesDir: string;
  /** The cases, with the label facts the report groups by. */
  cases: { id: string; right: string; tags: string[]; packTokens: number }[];
  arms: string[];
  /** The arm every other is compared with. */
  versus: string;
  /** `--budget-usd`, or undefined: each arm was matched to what the default debate spent on the same case and order. */
  budgetUsd: number | undefined;
  /** `--rehearsal`: the rehearsal model answered every call; nothing was paid, and no figure is a model's. */
  rehearsal: boolean;
  repeats: number;
  seed: number;
  models: { moderator: string; advocates: string[]; judge: string };
  /** The two advocate models of the `mixed` arm, when it ran. */
  mixedAdvocates: [string, string] | undefined;
  /** The list price each model was counted at (USD per million tokens), or null when none is known. */
  prices: Record<string, Price | null>;
}

/** `results.json`. */
export interface EvalResults {
  format: typeof RESULTS_FORMAT;
  settings: EvalSettings;
  durationSeconds: number;
  runs: EvalRun[];
  framingRuns: FramingRun[];
  scores: ArmScore[];
  paired: PairedDifference[];
  framing: FramingScore | undefined;
}

/** Scores the runs and assembles `results.json`. */
export function buildResults(
  settings: EvalSettings,
  runs: EvalRun[],
  framingRuns: FramingRun[],
  durationSeconds: number,
): EvalResults {
  return {
    format: RESULTS_FORMAT,
    settings,
    durationSeconds,
    runs,
    framingRuns,
    scores: scoreArms(runs, settings.arms, settings.seed),
    paired: pairedDifferences(runs, settings.arms, settings.versus, settings.seed),
    framing: scoreFraming(framingRuns, settings.seed),
  };
}
