import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  casesToDetect,
  meanEstimate,
  minimumDetectableDifference,
  ratioEstimate,
  signFlipTest,
} from '../../eval/statistics.js';

/** The exact McNemar test as the sign-flip test on b cases of +1 and c of -1. */
const mcnemarExact = (b: number, c: number) =>
  signFlipTest([...Array<number>(b).fill(1), ...Array<number>(c).fill(-1)]);

/** C(n, k), exactly, for the hand computations below. */
const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);

describe('exact McNemar test', () => {
  it('matches hand-computed two-sided p-values', () => {
    // b=1, c=5: n=6, P(X<=1) = (C(6,0)+C(6,1))/2^6 = 7/64, p = 14/64.
    expect(mcnemarExact(1, 5)).toBeCloseTo(14 / 64, 12);
    // b=0, c=6: P(X<=0) = 1/64, p = 2/64 = 0.03125 (significant at 5%).
    expect(mcnemarExact(0, 6)).toBeCloseTo(0.03125, 12);
    expect(mcnemarExact(6, 0)).toBeCloseTo(0.03125, 12);
    // b=2, c=8: n=10, (1+10+45)/1024 = 56/1024, p = 112/1024 = 0.109375.
    expect(mcnemarExact(2, 8)).toBeCloseTo(0.109375, 12);
    // b=0, c=5: 2/32 = 0.0625 (not significant: five discordant pairs all one way are not enough).
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    // b=c: the tail passes one half, p is capped at 1.
    expect(mcnemarExact(3, 3)).toBe(1);
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it('is symmetric, in [0, 1], agrees with the binomial sum, and does not underflow for large n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (b, c) => {
        const p = mcnemarExact(b, c);
        expect(p).toBe(mcnemarExact(c, b));
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
        const n = b + c;
        let tail = 0;
        for (let k = 0; k <= Math.min(b, c); k += 1) tail += choose(n, k) / 2 ** n;
        expect(p).toBeCloseTo(n === 0 ? 1 : Math.min(1, 2 * tail), 10);
      }),
      { seed: 5 },
    );
    expect(mcnemarExact(480, 520)).toBeGreaterThan(0.2);
    expect(mcnemarExact(400, 600)).toBeGreaterThan(0);
    expect(mcnemarExact(400, 600)).toBeLessThan(1e-9);
  });
});

describe('bootstrap over cases', () => {
  it('a ratio: the interval holds the value, repeats for the same seed, and is a point when every case agrees', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 }))
            .map(([x, y]) => [Math.min(x, y), y] as const),
          { minLength: 1, maxLength: 15 },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        (perCase, seed) => {
          const e = ratioEstimate(perCase, seed, 300);
          const value = perCase.reduce((n, [x]) => n + x, 0) / perCase.reduce((n, [, y]) => n + y, 0);
          expect(e.value).toBeCloseTo(value, 12);
          expect(e.low!).toBeLessThanOrEqual(value + 1e-9);
          expect(e.high!).toBeGreaterThanOrEqual(value - 1e-9);
          expect(ratioEstimate(perCase, seed, 300)).toEqual(e);
        },
      ),
      { numRuns: 60, seed: 6 },
    );
    expect(
      ratioEstimate(
        [
          [2, 2],
          [1, 1],
          [3, 3],
        ],
        5,
      ),
    ).toEqual({ value: 1, low: 1, high: 1 });
    expect(ratioEstimate([[0, 0]], 5)).toEqual({ value: undefined, low: undefined, high: undefined });
  });

  it('separates a clear difference and does not separate noise', () => {
    const clear = meanEstimate(
      Array.from({ length: 30 }, (_, i) => (i % 10 === 0 ? 0 : 1)),
      1,
    );
    expect(clear.low!).toBeGreaterThan(0.6);
    const noise = meanEstimate([1, -1, 0, 1, -1, 0, 1, -1], 1);
    expect(noise.low!).toBeLessThan(0);
    expect(noise.high!).toBeGreaterThan(0);
  });
});

describe('exact paired permutation test (sign flip)', () => {
  it("gives Fisher's p-value for Darwin's Zea mays data", () => {
    // Fisher, The Design of Experiments (1935), section 21: 15 pairs of crossed and self-fertilised plants, the
    // differences in eighths of an inch; 1,726 of the 2^15 sign assignments are as far from 0 as the observed sum, 314.
    const darwin = [49, -67, 8, 16, 6, 23, 28, 41, 14, 29, 56, 24, 75, 60, -48];
    expect(signFlipTest(darwin)).toBeCloseTo(1726 / 32768, 12);
  });

  it('agrees with enumerating every sign assignment, and is the exact McNemar test on -1, 0 and +1', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -4, max: 4 }), { maxLength: 12 }), (differences) => {
        const observed = Math.abs(differences.reduce((a, b) => a + b, 0));
        let atLeast = 0;
        for (let mask = 0; mask < 2 ** differences.length; mask += 1) {
          const sum = differences.reduce((n, d, i) => n + ((mask >> i) & 1 ? -Math.abs(d) : Math.abs(d)), 0);
          if (Math.abs(sum) >= observed) atLeast += 1;
        }
        expect(signFlipTest(differences)).toBeCloseTo(atLeast / 2 ** differences.length, 12);
      }),
      { numRuns: 150, seed: 9 },
    );
    expect(signFlipTest([1, 1, 1, 1, 1, 1])).toBeCloseTo(mcnemarExact(6, 0), 12);
    expect(signFlipTest([-1, -1, 1, -1, -1, -1, -1, -1, -1, -1, 0, 0])).toBeCloseTo(mcnemarExact(1, 9), 12);
    expect(signFlipTest([])).toBe(1);
    expect(signFlipTest([0, 0, 0])).toBe(1);
    expect(() => signFlipTest([0.5])).toThrow(RangeError);
  });

  it('stays exact for many cases with large differences', () => {
    // 200 cases each +1: p = 2 / 2^200, tiny but above 0.
    const p = signFlipTest(Array.from({ length: 200 }, () => 1));
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-50);
    expect(signFlipTest(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 6 : -6)))).toBe(1);
  });
});

describe('the smallest detectable difference', () => {
  it("solves Connor's paired sample size for the difference, and back", () => {
    // n = (1.96 sqrt(0.3) + 0.8416 sqrt(0.3 - 0.1^2))^2 / 0.1^2 = (1.0735 + 0.4532)^2 / 0.01 = 233.1: 234 cases for 10 points.
    expect(casesToDetect(0.1, 0.3)).toBe(234);
    // The same with 20% discordance: (0.8765 + 0.3668)^2 / 0.01 = 154.6.
    expect(casesToDetect(0.1, 0.2)).toBe(155);
    // 34 cases (the figure): about 21 points at 20% discordance, 29 at 40%.
    expect(minimumDetectableDifference(34, 0.2)).toBeCloseTo(0.2075, 3);
    expect(minimumDetectableDifference(34, 0.4)).toBeCloseTo(0.2935, 3);
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 2_000 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (cases, discordance) => {
          const d = minimumDetectableDifference(cases, discordance)!;
          expect(d).toBeGreaterThan(0);
          expect(d).toBeLessThanOrEqual(1);
          // At that difference, the formula asks for the cases given (to within rounding up).
          if (d < Math.sqrt(discordance) && d < 1)
            expect(Math.abs(casesToDetect(d, discordance)! - cases)).toBeLessThanOrEqual(1);
          // More cases detect smaller differences.
          expect(minimumDetectableDifference(cases + 10, discordance)!).toBeLessThan(d + 1e-12);
        },
      ),
      { numRuns: 200, seed: 13 },
    );
  });

  it('says nothing without cases or discordance, and everything is out of reach for too few cases', () => {
    expect(minimumDetectableDifference(0, 0.3)).toBeUndefined();
    expect(minimumDetectableDifference(30, 0)).toBeUndefined();
    expect(minimumDetectableDifference(1, 0.5)).toBe(1);
    expect(minimumDetectableDifference(3, 0.5)).toBe(1);
    expect(casesToDetect(0.5, 0.1)).toBeUndefined();
  });
});
