import { byCase, type EvalRun } from './score-arms.js';
import { casesToDetect, meanEstimate, minimumDetectableDifference, signFlipTest, type Estimate } from './statistics.js';

/**
 * Each arm against the default debate, by case (issue #43). The runs of one case (both orders, every
 * repeat) are not independent, so they are first averaged into the case's accuracy, and the case is the
 * unit of every figure: the paired bootstrap interval of the difference, the exact paired permutation
 * test, and the smallest difference the case count could detect. More repeats make each case's accuracy
 * finer; they never add cases. Pure.
 */

/** The difference a team would want to see: 10 points of accuracy. */
export const TARGET_DIFFERENCE = 0.1;

/** The p-value below which a difference is called shown. */
export const SIGNIFICANCE = 0.05;

/**
 * What a paired comparison says, as the report words it:
 * - `no-case-differs`: the two arms were right on the same runs of every case, so the run cannot say how far apart they could be;
 * - `arm-better` / `versus-better`: the permutation test's p is below {@link SIGNIFICANCE};
 * - `not-enough-cases`: not shown, and the observed difference is below the smallest this case count detects with 80% power;
 * - `no-difference-shown`: not shown, though a difference of the observed size would have been detected 80% of the time.
 */
export type PairedReading =
  'no-case-differs' | 'not-enough-cases' | 'arm-better' | 'versus-better' | 'no-difference-shown';

/** An arm against the default debate, on the same runs. */
export interface PairedDifference {
  arm: string;
  versus: string;
  /** Cases both arms ran: the unit of the test and the interval. */
  cases: number;
  /** Runs paired by case, repeat and order. */
  pairs: number;
  /** Mean over cases of the arm's accuracy minus the debate's, with its paired bootstrap interval over cases. */
  difference: Estimate;
  /** Cases where the arm's accuracy was higher, and where the debate's was. */
  casesArmAhead: number;
  casesVersusAhead: number;
  /** Paired runs where only the arm was right, and only the debate (for reading; the test counts cases). */
  onlyArm: number;
  onlyVersus: number;
  /** Exact two-sided paired permutation (sign-flip) test on the per-case differences; the exact McNemar test when each case has one pair. */
  pValue: number;
  /** Mean square of the per-case accuracy differences: for one pair per case, the share of discordant cases. */
  discordance: number;
  /** Smallest difference these cases detect with 80% power at the 5% level, at this discordance (Connor 1987); undefined when no case differs. */
  minimumDetectable: number | undefined;
  /**
   * Cases needed to detect {@link TARGET_DIFFERENCE} with 80% power at this discordance (at least the
   * discordance such a difference needs); undefined when no case differs.
   */
  casesForTarget: number | undefined;
  reading: PairedReading;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Each arm against `versus` (the default debate) on the runs both made (same case, repeat and order).
 * @returns one entry per arm other than `versus`; none when `versus` did not run
 */
export function pairedDifferences(
  runs: readonly EvalRun[],
  arms: readonly string[],
  versus: string,
  seed: number,
): PairedDifference[] {
  const key = (r: EvalRun) => `${r.caseId}\u0000${r.repeat}\u0000${r.order}`;
  const base = new Map(runs.filter((r) => r.arm === versus).map((r) => [key(r), r]));
  if (base.size === 0) return [];
  return arms
    .filter((arm) => arm !== versus)
    .map((arm): PairedDifference => {
      const pairs = runs
        .filter((r) => r.arm === arm && base.has(key(r)))
        .map((r) => ({ caseId: r.caseId, mine: Number(r.correct), theirs: Number(base.get(key(r))!.correct) }));
      // Per case: right runs of the arm minus right runs of the debate (an integer, for the exact test), and over the case's pairs (its accuracy difference).
      const perCase = byCase(pairs).map((ps) => ({ right: sum(ps.map((p) => p.mine - p.theirs)), of: ps.length }));
      const accuracy = perCase.map((c) => c.right / c.of);
      const difference = meanEstimate(accuracy, seed);
      const pValue = signFlipTest(perCase.map((c) => c.right));
      const discordance = accuracy.length === 0 ? 0 : sum(accuracy.map((d) => d * d)) / accuracy.length;
      const minimumDetectable = minimumDetectableDifference(perCase.length, discordance);
      return {
        arm,
        versus,
        cases: perCase.length,
        pairs: pairs.length,
        difference,
        casesArmAhead: perCase.filter((c) => c.right > 0).length,
        casesVersusAhead: perCase.filter((c) => c.right < 0).length,
        onlyArm: pairs.filter((p) => p.mine > p.theirs).length,
        onlyVersus: pairs.filter((p) => p.mine < p.theirs).length,
        pValue,
        discordance,
        minimumDetectable,
        casesForTarget:
          discordance > 0 ? casesToDetect(TARGET_DIFFERENCE, Math.max(discordance, TARGET_DIFFERENCE ** 2)) : undefined,
        reading: readingOf(difference.value ?? 0, pValue, minimumDetectable),
      };
    });
}

/** {@link PairedReading} of an observed difference. */
export function readingOf(difference: number, pValue: number, minimumDetectable: number | undefined): PairedReading {
  if (minimumDetectable === undefined) return 'no-case-differs';
  if (pValue < SIGNIFICANCE) return difference > 0 ? 'arm-better' : 'versus-better';
  return Math.abs(difference) < minimumDetectable ? 'not-enough-cases' : 'no-difference-shown';
}
