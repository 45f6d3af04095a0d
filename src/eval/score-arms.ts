import type { RunUsage } from '../usage/price-usage.js';
import type { Confidence } from './arm-types.js';
import type { FramingRun } from './run-framing-arm.js';
import { mcnemarExact, meanEstimate, ratioEstimate, type Estimate } from './statistics.js';

/**
 * The scores a merge gate needs, per arm (issue #32): accuracy, accuracy when answered, abstention,
 * wrong answers given with medium or high confidence, calibration by confidence level, the judge flip
 * rate (the two position orders disagree), cost per run in dollars with tokens beside, and each arm's
 * paired difference from the default debate with an exact McNemar p-value. Every interval is a 95%
 * bootstrap over cases (`statistics.ts`). Pure.
 */

/** One arm's run on one case, in one order, one repeat, in the case's own terms. */
export interface EvalRun {
  caseId: string;
  arm: string;
  /** 0-based repeat (`--repeats`). */
  repeat: number;
  /** `AB`: the case's positions as written; `BA`: swapped. */
  order: 'AB' | 'BA';
  /** The position the arm found right, by its label in the case, or undefined for none (an abstention). */
  chosen: string | undefined;
  /** The label of the right position, or `none` when neither is right. */
  right: string;
  /** Chose the right position (or none when neither is right) and did not fail. */
  correct: boolean;
  confidence: Confidence | undefined;
  /** Tokens and dollars at the models' list prices (cache reads priced as cache reads). */
  usage: RunUsage;
  /** The dollars a non-debate arm was sized to; undefined for debate arms. */
  budgetUsd: number | undefined;
  /** Citations made for the right position, and for a wrong one (all of them when neither is right). */
  citationsRight: { total: number; unverified: number };
  citationsWrong: { total: number; unverified: number };
  note: string | undefined;
  /** The problem when the arm produced no usable answer (it counts as wrong). */
  failure: string | undefined;
  /** Debate arms: each opening argument's advocate confidence and whether it held (issue #28); absent for other arms. */
  arguments?: { confidence: number; holds: boolean }[];
}

/** The advocates' confidence bands the calibration groups arguments by: [from, to). */
export const ARGUMENT_BANDS: readonly { label: string; from: number; to: number }[] = [
  { label: '0-0.5', from: 0, to: 0.5 },
  { label: '0.5-0.8', from: 0.5, to: 0.8 },
  { label: '0.8-1', from: 0.8, to: 1.000001 },
];

/** Confidence levels, lowest first. */
export const CONFIDENCES: readonly Confidence[] = ['low', 'medium', 'high'];

/** An arm's figures. */
export interface ArmScore {
  arm: string;
  runs: number;
  cases: number;
  /** Share of runs that chose the right position (none, when neither is right). */
  accuracy: Estimate;
  /** Share right of the runs that chose a position. */
  answeredAccuracy: Estimate & { of: number };
  /** Share of runs that chose none (failures are not abstentions). */
  abstention: Estimate;
  /** Share of runs that chose a wrong position with medium or high confidence: the costly error for a gate. */
  wrongConfident: Estimate;
  /** For each confidence level: runs at that level and their accuracy. */
  calibration: Record<Confidence, { runs: number; accuracy: Estimate }>;
  /**
   * Debate arms: per band of the advocates' own confidence ({@link ARGUMENT_BANDS}), how many opening
   * arguments were made and the share that held (undefined with none): a calibrated 0.9 holds more often than a 0.5.
   */
  argumentCalibration: { band: string; arguments: number; held: number | undefined }[];
  /** Share of (case, repeat) pairs whose two orders chose differently (none counts as a choice). */
  flip: Estimate & { of: number };
  /** USD per run (one case in one order). */
  costPerRun: Estimate;
  /** Mean tokens per run, by kind. */
  tokensPerRun: { input: number; output: number; cacheWrite: number; cacheRead: number };
  /** Mean budget per run the arm was sized to (non-debate arms). */
  budgetPerRun: number | undefined;
  unverifiedRight: { rate: number | undefined; of: number };
  unverifiedWrong: { rate: number | undefined; of: number };
  notes: string[];
  failed: number;
  firstFailure: string | undefined;
}

/** An arm against the default debate, on the same runs. */
export interface PairedDifference {
  arm: string;
  versus: string;
  /** Runs paired by case, repeat and order. */
  pairs: number;
  /** Accuracy of the arm minus the debate's: mean over cases of the per-case difference, with its paired bootstrap interval. */
  difference: Estimate;
  /** Pairs where only the arm was right, and only the debate. */
  onlyArm: number;
  onlyVersus: number;
  /** Exact two-sided McNemar p-value over the discordant pairs. */
  pValue: number;
}

/** The framing arm's figures. */
export interface FramingScore {
  cases: number;
  runs: number;
  /** Share of runs whose positions matched the labelled framings. */
  hitRate: Estimate;
  costPerRun: Estimate;
  failed: number;
}

function byCase<T extends { caseId: string }>(runs: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const run of runs) groups.set(run.caseId, [...(groups.get(run.caseId) ?? []), run]);
  return [...groups.values()];
}

const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** The (case, repeat) pairs of an arm's runs in both orders. */
function orderPairs(runs: readonly EvalRun[]): [EvalRun, EvalRun][] {
  const pairs: [EvalRun, EvalRun][] = [];
  for (const ab of runs.filter((r) => r.order === 'AB')) {
    const ba = runs.find((r) => r.order === 'BA' && r.caseId === ab.caseId && r.repeat === ab.repeat);
    if (ba) pairs.push([ab, ba]);
  }
  return pairs;
}

/**
 * @param runs every run of every arm
 * @param arms the arms in the order to report them
 * @param seed the bootstrap's seed (`--seed`)
 */
export function scoreArms(runs: readonly EvalRun[], arms: readonly string[], seed: number): ArmScore[] {
  return arms.map((arm) => {
    const mine = runs.filter((r) => r.arm === arm);
    const cases = byCase(mine);
    const ratio = (num: (r: EvalRun) => boolean, den: (r: EvalRun) => boolean = () => true) => ratioEstimate(cases.map((rs) => [count(rs, (r) => den(r) && num(r)), count(rs, den)] as const), seed);
    const answered = (r: EvalRun) => r.chosen !== undefined && r.failure === undefined;
    const pairsByCase = cases.map(orderPairs);
    const side = (key: 'citationsRight' | 'citationsWrong') => {
      const of = mine.reduce((n, r) => n + r[key].total, 0);
      return { rate: of === 0 ? undefined : mine.reduce((n, r) => n + r[key].unverified, 0) / of, of };
    };
    const budgets = mine.map((r) => r.budgetUsd).filter((b): b is number => b !== undefined);
    return {
      arm,
      runs: mine.length,
      cases: cases.length,
      accuracy: ratio((r) => r.correct),
      answeredAccuracy: { ...ratio((r) => r.correct, answered), of: count(mine, answered) },
      abstention: ratio((r) => r.chosen === undefined && r.failure === undefined),
      wrongConfident: ratio((r) => answered(r) && !r.correct && (r.confidence === 'medium' || r.confidence === 'high')),
      argumentCalibration: ARGUMENT_BANDS.map(({ label, from, to }) => {
        const inBand = mine.flatMap((r) => r.arguments ?? []).filter((a) => a.confidence >= from && a.confidence < to);
        return { band: label, arguments: inBand.length, held: inBand.length === 0 ? undefined : inBand.filter((a) => a.holds).length / inBand.length };
      }),
      calibration: Object.fromEntries(CONFIDENCES.map((level) => [level, { runs: count(mine, (r) => r.confidence === level), accuracy: ratio((r) => r.correct, (r) => r.confidence === level) }])) as ArmScore['calibration'],
      flip: { ...ratioEstimate(pairsByCase.map((ps) => [count(ps, ([ab, ba]) => ab.chosen !== ba.chosen), ps.length] as const), seed), of: pairsByCase.reduce((n, ps) => n + ps.length, 0) },
      costPerRun: ratioEstimate(cases.map((rs) => [rs.reduce((n, r) => n + r.usage.cost_usd, 0), rs.length] as const), seed),
      tokensPerRun: {
        input: Math.round(mean(mine.map((r) => r.usage.input_tokens))),
        output: Math.round(mean(mine.map((r) => r.usage.output_tokens))),
        cacheWrite: Math.round(mean(mine.map((r) => r.usage.cache_creation_input_tokens))),
        cacheRead: Math.round(mean(mine.map((r) => r.usage.cache_read_input_tokens))),
      },
      budgetPerRun: budgets.length === 0 ? undefined : mean(budgets),
      unverifiedRight: side('citationsRight'),
      unverifiedWrong: side('citationsWrong'),
      notes: [...new Set(mine.map((r) => r.note).filter((n): n is string => n !== undefined))],
      failed: count(mine, (r) => r.failure !== undefined),
      firstFailure: mine.find((r) => r.failure !== undefined)?.failure,
    };
  });
}

/**
 * Each arm against `versus` (the default debate) on the runs both made (same case, repeat and order).
 * @returns one entry per arm other than `versus`; none when `versus` did not run
 */
export function pairedDifferences(runs: readonly EvalRun[], arms: readonly string[], versus: string, seed: number): PairedDifference[] {
  const key = (r: EvalRun) => `${r.caseId}\u0000${r.repeat}\u0000${r.order}`;
  const base = new Map(runs.filter((r) => r.arm === versus).map((r) => [key(r), r]));
  if (base.size === 0) return [];
  return arms
    .filter((arm) => arm !== versus)
    .map((arm) => {
      const pairs = runs.filter((r) => r.arm === arm && base.has(key(r))).map((r) => [r, base.get(key(r))!] as const);
      const perCase = new Map<string, number[]>();
      for (const [mine, theirs] of pairs) perCase.set(mine.caseId, [...(perCase.get(mine.caseId) ?? []), Number(mine.correct) - Number(theirs.correct)]);
      const onlyArm = count(pairs, ([a, d]) => a.correct && !d.correct);
      const onlyVersus = count(pairs, ([a, d]) => !a.correct && d.correct);
      return { arm, versus, pairs: pairs.length, difference: meanEstimate([...perCase.values()].map(mean), seed), onlyArm, onlyVersus, pValue: mcnemarExact(onlyArm, onlyVersus) };
    });
}

/** The framing arm's figures; undefined when it did not run. */
export function scoreFraming(runs: readonly FramingRun[], seed: number): FramingScore | undefined {
  if (runs.length === 0) return undefined;
  const cases = byCase(runs);
  return {
    cases: cases.length,
    runs: runs.length,
    hitRate: ratioEstimate(cases.map((rs) => [count(rs, (r) => r.hit), rs.length] as const), seed),
    costPerRun: ratioEstimate(cases.map((rs) => [rs.reduce((n, r) => n + r.usage.cost_usd, 0), rs.length] as const), seed),
    failed: count(runs, (r) => r.failure !== undefined),
  };
}
