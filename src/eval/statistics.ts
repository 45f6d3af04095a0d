/**
 * The eval's statistics (issues #13, #32): a seeded generator, percentile bootstrap intervals over
 * cases (each case's runs stay together, so both orders and all repeats of a case are one unit), the
 * paired bootstrap of a difference, and the exact McNemar test. Pure.
 */

/** Resamples of every bootstrap. */
export const BOOTSTRAP_RESAMPLES = 2_000;

/**
 * mulberry32: a small seeded generator, so the intervals are the same on every run with the same seed.
 * @returns a function of uniform numbers in [0, 1)
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
export function ratioEstimate(perCase: readonly (readonly [number, number])[], seed: number, resamples = BOOTSTRAP_RESAMPLES): Estimate {
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
  return ratioEstimate(values.map((v) => [v, 1] as const), seed, resamples);
}

/**
 * Exact McNemar test, two-sided: under the null hypothesis each discordant pair falls either way with
 * probability 1/2, so p = min(1, 2 P(X <= min(b, c))) with X ~ Binomial(b + c, 1/2).
 * @param b pairs where only the first arm was right
 * @param c pairs where only the second arm was right
 * @returns the p-value; 1 when there is no discordant pair
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  // Binomial(n, 1/2) probabilities in log space, so large n does not underflow before the sum.
  let logPmf = -n * Math.LN2;
  let tail = Math.exp(logPmf);
  for (let i = 0; i < k; i += 1) {
    logPmf += Math.log((n - i) / (i + 1));
    tail += Math.exp(logPmf);
  }
  return Math.min(1, 2 * tail);
}
