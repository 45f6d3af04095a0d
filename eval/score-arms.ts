import type { RunUsage } from '../src/models/price-usage.js';
import type { ArgumentOutcome, Confidence } from './arm-types.js';
import type { SpendLimit } from './match-spend.js';
import type { FramingRun } from './run-framing-arm.js';
import { ratioEstimate, type Estimate } from './statistics.js';

/**
 * The scores a merge gate needs, per arm (issues #32, #43): accuracy, accuracy when answered,
 * abstention (the arm's rulings disagreed: never right), wrong answers given with medium or high
 * confidence and with high confidence, calibration by confidence level, the advocates' calibration on
 * the arguments that were attacked (the untested ones apart), the judge flip rate (the two position
 * orders disagree), and what each arm spent against its budget. Every interval is a 95% bootstrap over
 * cases (`statistics.ts`). Pure.
 */

/** One arm's run on one case, in one order, one repeat, in the case's own terms. */
export interface EvalRun {
  caseId: string;
  arm: string;
  /** 0-based repeat (`--repeats`). */
  repeat: number;
  /** `AB`: the case's positions as written; `BA`: swapped. */
  order: 'AB' | 'BA';
  /** The position the arm found right, by its label in the case; undefined when it found neither right or gave no answer. */
  chosen: string | undefined;
  /** The arm gave no answer: its rulings disagreed (judge runs split, a tied vote) or contradicted themselves. Never right. */
  abstained: boolean;
  /** The label of the right position, or `none` when neither is right. */
  right: string;
  /** Chose the right position (or ruled neither right when neither is), without abstaining or failing. */
  correct: boolean;
  confidence: Confidence | undefined;
  /** Tokens, and the dollars paid at the models' list prices (cache reads priced as cache reads); 0 in a rehearsal. */
  usage: RunUsage;
  /** The run's tokens at the price each model is counted at: what the arms are matched on (a rehearsal's, though it paid nothing). */
  spendUsd: number;
  /** Model calls the run made (escalate: half of its checked calls in both orders, and the debate's where it escalated). */
  calls: number;
  /** What the arm was matched to: `--budget-usd`, or the default debate's spend on the same case, order and repeat; undefined for that debate itself. */
  budgetUsd: number | undefined;
  /** Why the spend is more than 10% off the budget; undefined when it is within. */
  spendLimit: SpendLimit | undefined;
  /** Citations made for the right position, and for a wrong one (all of them when neither is right). */
  citationsRight: { total: number; unverified: number };
  citationsWrong: { total: number; unverified: number };
  note: string | undefined;
  /** The problem when the arm produced no usable answer (it counts as wrong). */
  failure: string | undefined;
  /** Debate arms: each opening argument's advocate confidence, whether it was attacked, and whether it held; absent for other arms. */
  arguments?: ArgumentOutcome[];
}

/** The advocates' confidence bands the calibration groups the attacked arguments by: [from, to). */
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
  /** Share of runs that chose the right position (ruled neither, when neither is right). */
  accuracy: Estimate;
  /** Share right of the runs that gave an answer (neither abstained nor failed). */
  answeredAccuracy: Estimate & { of: number };
  /** Share of runs that gave no answer (failures are not abstentions). */
  abstention: Estimate;
  /** Share of runs that chose a wrong position with medium or high confidence: what a gate that asks for confidence lets through. */
  wrongConfident: Estimate;
  /** Share of runs that chose a wrong position with high confidence: confident-wrong. */
  confidentWrong: Estimate;
  /** For each confidence level: runs at that level and their accuracy. */
  calibration: Record<Confidence, { runs: number; accuracy: Estimate }>;
  /**
   * Debate arms: per band of the advocates' own confidence ({@link ARGUMENT_BANDS}), the opening arguments
   * an attack named and the share of them that held (undefined with none): a calibrated 0.9 holds more often than a 0.5.
   */
  argumentCalibration: { band: string; arguments: number; held: number | undefined }[];
  /** Debate arms: the opening arguments no attack named, which neither held nor failed, and their advocates' mean confidence. */
  untestedArguments: { arguments: number; meanConfidence: number | undefined };
  /** Share of (case, repeat) pairs whose two orders answered differently (none and an abstention are answers here). */
  flip: Estimate & { of: number };
  /** USD paid per run (one case in one order); 0 in a rehearsal. */
  costPerRun: Estimate;
  /** The run's tokens at list price, per run: what the arms are matched on. */
  spendPerRun: Estimate;
  /** The arm's spend as a share of its budget (sum over sum, by case); undefined without one. */
  spendShare: Estimate & { min: number | undefined; max: number | undefined };
  /** Mean model calls per run. */
  callsPerRun: number;
  /** Runs with a budget, and those within 10% of it. */
  sized: number;
  matched: number;
  /** Runs more than 10% off their budget, by what kept them off. */
  limits: Partial<Record<SpendLimit, number>>;
  /** Mean tokens per run, by kind. */
  tokensPerRun: { input: number; output: number; cacheWrite: number; cacheRead: number };
  unverifiedRight: { rate: number | undefined; of: number };
  unverifiedWrong: { rate: number | undefined; of: number };
  /** What limited the arm's runs (a repair, an escalation, a split), each with how many runs it was said of. */
  notes: { text: string; runs: number }[];
  failed: number;
  firstFailure: string | undefined;
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

/** Runs grouped by case, in the order the cases first appear. */
export function byCase<T extends { caseId: string }>(runs: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const run of runs) groups.set(run.caseId, [...(groups.get(run.caseId) ?? []), run]);
  return [...groups.values()];
}

const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : sum(values) / values.length);

/** What a run answered, for the flip rate: the label, `none`, or an abstention. */
const answerOf = (r: EvalRun) => (r.abstained ? '\u0000abstained' : (r.chosen ?? '\u0000none'));

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
    const ratio = (num: (r: EvalRun) => boolean, den: (r: EvalRun) => boolean = () => true) =>
      ratioEstimate(
        cases.map((rs) => [count(rs, (r) => den(r) && num(r)), count(rs, den)] as const),
        seed,
      );
    const perRun = (value: (r: EvalRun) => number) =>
      ratioEstimate(
        cases.map((rs) => [sum(rs.map(value)), rs.length] as const),
        seed,
      );
    const answered = (r: EvalRun) => !r.abstained && r.failure === undefined;
    const wrongAt = (levels: readonly Confidence[]) => (r: EvalRun) =>
      answered(r) &&
      r.chosen !== undefined &&
      !r.correct &&
      r.confidence !== undefined &&
      levels.includes(r.confidence);
    const pairsByCase = cases.map(orderPairs);
    const side = (key: 'citationsRight' | 'citationsWrong') => {
      const of = sum(mine.map((r) => r[key].total));
      return { rate: of === 0 ? undefined : sum(mine.map((r) => r[key].unverified)) / of, of };
    };
    const sizedRuns = mine.filter((r) => r.budgetUsd !== undefined);
    const shares = sizedRuns.filter((r) => r.budgetUsd! > 0).map((r) => r.spendUsd / r.budgetUsd!);
    const limits: ArmScore['limits'] = {};
    for (const r of sizedRuns) if (r.spendLimit) limits[r.spendLimit] = (limits[r.spendLimit] ?? 0) + 1;
    const args = mine.flatMap((r) => r.arguments ?? []);
    const untested = args.filter((a) => !a.tested);
    return {
      arm,
      runs: mine.length,
      cases: cases.length,
      accuracy: ratio((r) => r.correct),
      answeredAccuracy: { ...ratio((r) => r.correct, answered), of: count(mine, answered) },
      abstention: ratio((r) => r.abstained),
      wrongConfident: ratio(wrongAt(['medium', 'high'])),
      confidentWrong: ratio(wrongAt(['high'])),
      argumentCalibration: ARGUMENT_BANDS.map(({ label, from, to }) => {
        const inBand = args.filter((a) => a.tested && a.confidence >= from && a.confidence < to);
        return {
          band: label,
          arguments: inBand.length,
          held: inBand.length === 0 ? undefined : count(inBand, (a) => a.holds) / inBand.length,
        };
      }),
      untestedArguments: {
        arguments: untested.length,
        meanConfidence: untested.length === 0 ? undefined : mean(untested.map((a) => a.confidence)),
      },
      calibration: Object.fromEntries(
        CONFIDENCES.map((level) => [
          level,
          {
            runs: count(mine, (r) => r.confidence === level),
            accuracy: ratio(
              (r) => r.correct,
              (r) => r.confidence === level,
            ),
          },
        ]),
      ) as ArmScore['calibration'],
      flip: {
        ...ratioEstimate(
          pairsByCase.map((ps) => [count(ps, ([ab, ba]) => answerOf(ab) !== answerOf(ba)), ps.length] as const),
          seed,
        ),
        of: sum(pairsByCase.map((ps) => ps.length)),
      },
      costPerRun: perRun((r) => r.usage.cost_usd),
      spendPerRun: perRun((r) => r.spendUsd),
      spendShare: {
        ...ratioEstimate(
          byCase(sizedRuns).map((rs) => [sum(rs.map((r) => r.spendUsd)), sum(rs.map((r) => r.budgetUsd!))] as const),
          seed,
        ),
        min: shares.length === 0 ? undefined : Math.min(...shares),
        max: shares.length === 0 ? undefined : Math.max(...shares),
      },
      callsPerRun: mean(mine.map((r) => r.calls)),
      sized: sizedRuns.length,
      matched: count(sizedRuns, (r) => r.spendLimit === undefined),
      limits,
      tokensPerRun: {
        input: Math.round(mean(mine.map((r) => r.usage.input_tokens))),
        output: Math.round(mean(mine.map((r) => r.usage.output_tokens))),
        cacheWrite: Math.round(mean(mine.map((r) => r.usage.cache_creation_input_tokens))),
        cacheRead: Math.round(mean(mine.map((r) => r.usage.cache_read_input_tokens))),
      },
      unverifiedRight: side('citationsRight'),
      unverifiedWrong: side('citationsWrong'),
      notes: [...new Set(mine.flatMap((r) => (r.note === undefined ? [] : [r.note])))].map((text) => ({
        text,
        runs: count(mine, (r) => r.note === text),
      })),
      failed: count(mine, (r) => r.failure !== undefined),
      firstFailure: mine.find((r) => r.failure !== undefined)?.failure,
    };
  });
}

/** The framing arm's figures; undefined when it did not run. */
export function scoreFraming(runs: readonly FramingRun[], seed: number): FramingScore | undefined {
  if (runs.length === 0) return undefined;
  const cases = byCase(runs);
  return {
    cases: cases.length,
    runs: runs.length,
    hitRate: ratioEstimate(
      cases.map((rs) => [count(rs, (r) => r.hit), rs.length] as const),
      seed,
    ),
    costPerRun: ratioEstimate(
      cases.map((rs) => [sum(rs.map((r) => r.usage.cost_usd)), rs.length] as const),
      seed,
    ),
    failed: count(runs, (r) => r.failure !== undefined),
  };
}
