import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CACHE_READ_MULTIPLIER, CACHE_WRITE_MULTIPLIER, chooseFanOut } from '../../src/debate/warm-prompt-cache.js';

describe('chooseFanOut', () => {
  it('sends one call, or calls whose prefix is cached, directly', () => {
    expect(chooseFanOut({ calls: 1, cachedChars: 0, newChars: 300_000, warmUpChars: 100 })).toBe('direct');
    expect(chooseFanOut({ calls: 4, cachedChars: 300_000, newChars: 0, warmUpChars: 100 })).toBe('direct');
  });

  it('warms a new evidence pack, and lets a short transcript after cached evidence follow a leader', () => {
    expect(chooseFanOut({ calls: 2, cachedChars: 0, newChars: 300_000, warmUpChars: 100 })).toBe('warm-up');
    expect(chooseFanOut({ calls: 2, cachedChars: 300_000, newChars: 10_000, warmUpChars: 100 })).toBe('leader');
    expect(chooseFanOut({ calls: 4, cachedChars: 300_000, newChars: 40_000, warmUpChars: 100 })).toBe('warm-up');
  });

  it('property: the strategy it picks never costs more extra, under the worse reading, than the other', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.nat(400_000),
        fc.integer({ min: 1, max: 100_000 }),
        (calls, cachedChars, newChars) => {
          const warm = CACHE_READ_MULTIPLIER * (cachedChars + newChars) + 100;
          const leader = (calls - 1) * (CACHE_WRITE_MULTIPLIER - CACHE_READ_MULTIPLIER) * newChars;
          const picked = chooseFanOut({ calls, cachedChars, newChars, warmUpChars: 100 });
          expect(picked === 'warm-up' ? warm <= leader : leader <= warm).toBe(true);
        },
      ),
    );
  });
});
