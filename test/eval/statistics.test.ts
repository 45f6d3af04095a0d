import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mcnemarExact, meanEstimate, ratioEstimate } from '../../src/eval/statistics.js';

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
    );
    expect(mcnemarExact(480, 520)).toBeGreaterThan(0.2);
    expect(mcnemarExact(400, 600)).toBeGreaterThan(0);
    expect(mcnemarExact(400, 600)).toBeLessThan(1e-9);
  });
});

describe('bootstrap over cases', () => {
  it('a ratio: the interval holds the value, repeats for the same seed, and is a point when every case agrees', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 })).map(([x, y]) => [Math.min(x, y), y] as const), { minLength: 1, maxLength: 15 }), fc.integer({ min: 0, max: 10_000 }), (perCase, seed) => {
        const e = ratioEstimate(perCase, seed, 300);
        const value = perCase.reduce((n, [x]) => n + x, 0) / perCase.reduce((n, [, y]) => n + y, 0);
        expect(e.value).toBeCloseTo(value, 12);
        expect(e.low!).toBeLessThanOrEqual(value + 1e-9);
        expect(e.high!).toBeGreaterThanOrEqual(value - 1e-9);
        expect(ratioEstimate(perCase, seed, 300)).toEqual(e);
      }),
      { numRuns: 60 },
    );
    expect(ratioEstimate([[2, 2], [1, 1], [3, 3]], 5)).toEqual({ value: 1, low: 1, high: 1 });
    expect(ratioEstimate([[0, 0]], 5)).toEqual({ value: undefined, low: undefined, high: undefined });
  });

  it('separates a clear difference and does not separate noise', () => {
    const clear = meanEstimate(Array.from({ length: 30 }, (_, i) => (i % 10 === 0 ? 0 : 1)), 1);
    expect(clear.low!).toBeGreaterThan(0.6);
    const noise = meanEstimate([1, -1, 0, 1, -1, 0, 1, -1], 1);
    expect(noise.low!).toBeLessThan(0);
    expect(noise.high!).toBeGreaterThan(0);
  });
});
