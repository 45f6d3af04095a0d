import { seeded } from '../src/rehearsal/seeded.js';

/**
 * The eval's statistics (issues #13, #32, #43): percentile bootstrap intervals over
 * cases (each case's runs stay together, so both orders and all repeats of a case are one unit), the
 * paired bootstrap of a difference, the exact paired permutation test on per-case differences (the exact
 * McNemar test when each case is one right-or-wrong pair), and the smallest difference a paired test on
 * a given number of cases can detect. Pure.
 */

/** Resamples of every bootstrap. */
export const BOOTSTRAP_RESAMPLES = 2_000;

/** A figure with its 95% interval; `value` undefined (and the interval with it) when nothing was measured. */
export interface Estimate {
  value: number | undefined;
  low: number | undefined;
  high: number | undefined;
}

function percentiles(sorted: readonly number[]): [number, number] {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
  return [at(0.025), at(0.975)];
}

/**
 * A ratio of sums over cases, with its 95% percentile bootstrap interval (cases resampled with
 * replacement; resamples whose denominator is 0 are left out).
 * @param perCase each case's numerator and denominator, e.g. [right runs, runs]
 * @returns value undefined when every denominator is 0
 */
export function ratioEstimate(
  perCase: readonly (readonly [number, number])[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): Estimate {
  const num = perCase.reduce((n, [x]) => n + x, 0);
  const den = perCase.reduce((n, [, y]) => n + y, 0);
  if (den === 0) return { value: undefined, low: undefined, high: undefined };
  const random = seeded(seed);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let x = 0;
    let y = 0;
    for (let i = 0; i < perCase.length; i += 1) {
      const [a, b] = perCase[Math.floor(random() * perCase.length)]!;
      x += a;
      y += b;
    }
    if (y > 0) ratios.push(x / y);
  }
  ratios.sort((a, b) => a - b);
  const [low, high] = percentiles(ratios);
  return { value: num / den, low, high };
}

/**
 * The mean of per-case values with its 95% percentile bootstrap interval: for a paired difference,
 * each value is one case's difference between two arms on the same runs (paired bootstrap).
 * @returns value undefined for no cases
 */
export function meanEstimate(values: readonly number[], seed: number, resamples = BOOTSTRAP_RESAMPLES): Estimate {
  return ratioEstimate(
    values.map((v) => [v, 1] as const),
    seed,
    resamples,
  );
}

/**
 * Exact paired permutation test (Fisher's sign-flip test), two-sided, on one difference per case. Under
 * the null hypothesis the two arms are exchangeable within each case, so each case's difference is as
 * likely to carry either sign; the p-value is the share of the 2^n sign assignments whose sum is at least
 * as far from 0 as the observed sum. The null distribution is built exactly by convolution over the
 * integer sums, not sampled. With differences of -1, 0 and +1 only (one right-or-wrong pair per case) it
 * is the exact McNemar test: p = min(1, 2 P(X <= min(b, c))), X ~ Binomial(b + c, 1/2), for b cases of +1
 * and c of -1. On Darwin's Zea mays data (15 differences, in eighths of an inch) it gives Fisher's 1726/32768.
 * @param differences one integer per case, e.g. the arm's right runs minus the other arm's right runs on that case
 * @returns the p-value in (0, 1]; 1 when every difference is 0
 * @throws RangeError for a difference that is not a safe integer
 */
export function signFlipTest(differences: readonly number[]): number {
  const sizes = differences.map((d) => {
    if (!Number.isSafeInteger(d)) throw new RangeError(`signFlipTest takes integer differences, got ${d}`);
    return Math.abs(d);
  });
  const total = sizes.reduce((n, d) => n + d, 0);
  const observed = Math.abs(differences.reduce((n, d) => n + d, 0));
  if (total === 0) return 1;
  // probability[s + total] = P(sum of the signed differences = s), over the cases convolved so far.
  let probability = new Float64Array(2 * total + 1);
  probability[total] = 1;
  for (const d of sizes) {
    if (d === 0) continue;
    const next = new Float64Array(probability.length);
    for (let s = 0; s < probability.length; s += 1) {
      const p = probability[s]!;
      if (p === 0) continue;
      next[s - d] = (next[s - d] ?? 0) + p / 2;
      next[s + d] = (next[s + d] ?? 0) + p / 2;
    }
    probability = next;
  }
  let tail = 0;
  for (let s = 0; s < probability.length; s += 1) if (Math.abs(s - total) >= observed) tail += probability[s]!;
  return Math.min(1, tail);
}

/** The two-sided 5% level and 80% power of every paired test the report states: standard normal quantiles. */
const Z_ALPHA = 1.959963984540054; // z of 0.975
const Z_POWER = 0.8416212335729143; // z of 0.80

/**
 * The smallest difference in accuracy a paired test on `cases` cases detects with 80% power at the
 * two-sided 5% level, by the normal approximation for paired proportions (Connor 1987, "Sample size for
 * testing differences in proportions for the paired-sample design", Biometrics 43:207-211):
 * n = (z_a sqrt(psi) + z_b sqrt(psi - d^2))^2 / d^2, solved for d. For paired right-or-wrong outcomes psi
 * is the discordance, the share of cases on which the two arms differ; for per-case accuracies over
 * several runs it is the mean square of the per-case differences, which the sign-flip test's variance
 * rests on in the same way.
 * @param discordance psi, in [0, 1]: observed on the run being read
 * @returns the difference as a share (0.25 = 25 points); 1 when the cases are too few to detect any
 *   difference at that discordance; undefined for no case or no discordance (then nothing in the run says
 *   how far apart the arms could be)
 */
export function minimumDetectableDifference(cases: number, discordance: number): number | undefined {
  if (cases <= 0 || !(discordance > 0)) return undefined;
  const a = Z_ALPHA * Math.sqrt(discordance);
  const b = Z_POWER;
  const inner = discordance * (cases + b * b) - a * a;
  if (inner < 0) return 1;
  return Math.min(1, (a * Math.sqrt(cases) + b * Math.sqrt(inner)) / (cases + b * b));
}

/**
 * The cases a paired test needs to detect `difference` with 80% power at the two-sided 5% level, by the
 * same formula as {@link minimumDetectableDifference} (Connor 1987).
 * @param difference the difference in accuracy as a share (0.10 = 10 points), above 0
 * @param discordance psi: at least difference^2 (two arms a share d apart disagree on at least that much)
 * @returns whole cases, rounded up; undefined when the discordance cannot hold the difference
 */
export function casesToDetect(difference: number, discordance: number): number | undefined {
  if (!(difference > 0) || discordance < difference * difference) return undefined;
  const n =
    (Z_ALPHA * Math.sqrt(discordance) + Z_POWER * Math.sqrt(discordance - difference * difference)) ** 2 /
    (difference * difference);
  return Math.ceil(n - 1e-9);
}
