import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, truncationMarker, WordBudget } from '../../src/debate/word-cap.js';

describe('WordBudget', () => {
  it('keeps text within the cap, cuts the field that crosses it with a marker, and drops what follows', () => {
    const budget = new WordBudget(5);
    expect(budget.take('one two three')).toBe('one two three');
    expect(budget.take('four five six seven')).toBe(`four five ${truncationMarker(5)}`);
    expect(budget.take('eight')).toBeUndefined();
    expect(budget.take('nine', { keep: true })).toBe(truncationMarker(5));
    expect(budget).toMatchObject({ cut: true, written: 9 });
  });

  it('counts each Han or kana character as a word', () => {
    expect(countWords('キャッシュ is fast')).toBe(7);
  });

  it('property: what is kept never exceeds the cap, and nothing is cut when the text fits', () => {
    const word = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.array(word, { maxLength: 20 }).map((w) => w.join(' ')), { maxLength: 8 }), (cap, fields) => {
        const budget = new WordBudget(cap);
        const kept = fields.map((f) => budget.take(f)).filter((f) => f !== undefined);
        const words = kept.map((k) => k.replace(truncationMarker(cap), '')).reduce((n, k) => n + countWords(k), 0);
        expect(words).toBeLessThanOrEqual(cap);
        const total = fields.reduce((n, f) => n + countWords(f), 0);
        expect(budget.cut).toBe(total > cap);
        expect(budget.written).toBe(total);
        if (total <= cap) expect(kept).toEqual(fields);
      }),
    );
  });
});
