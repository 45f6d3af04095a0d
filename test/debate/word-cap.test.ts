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

  it('finds the words of scripts written without spaces (Thai, Lao, Khmer, Myanmar)', () => {
    // 5,040 characters of Thai with no space in them: one "word" to a whitespace count.
    const thai = 'สวัสดีครับ'.repeat(504);
    expect(thai).toHaveLength(5_040);
    expect(countWords(thai)).toBe(1_008);
    expect(countWords('ສະບາຍດີ ເຈົ້າ')).toBeGreaterThanOrEqual(2);
    expect(countWords('សួស្តីពិភពលោក')).toBe(2);
    expect(countWords('မင်္ဂလာပါ')).toBe(2);
    const budget = new WordBudget(700);
    const kept = budget.take(thai)!;
    expect(budget.cut).toBe(true);
    expect(kept.length).toBeLessThan(4_000);
    expect(countWords(kept.replace(truncationMarker(700), ''))).toBe(700);
  });

  it('does not count punctuation as words', () => {
    expect(countWords('Hello, world — it works!')).toBe(4);
  });

  // Letters of scripts written with spaces between words, beyond [a-z]: accented Latin, Cyrillic, Greek,
  // Armenian, Georgian, Hebrew, Arabic, Devanagari, Hangul, and Han (each character one word).
  const ALPHABETS = ['a-zà-öø-ÿ', 'а-яё', 'α-ω', 'ա-ֆ', 'ა-ჰ', 'א-ת', 'ا-ي', 'क-ह', '가-힣'];
  const word = fc.oneof(...ALPHABETS.map((range) => fc.stringMatching(new RegExp(`^[${range}]{1,6}$`, 'u'))));

  it('property: words of spaced scripts are counted one each, whatever the alphabet', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        expect(countWords(words.join(' '))).toBe(words.length);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[\u4e00-\u9fff]{0,30}$/u), (han) => {
        expect(countWords(han)).toBe([...han].length);
      }),
    );
  });

  it('property: what is kept never exceeds the cap, and nothing is cut when the text fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(
          fc.array(word, { maxLength: 20 }).map((w) => w.join(' ')),
          { maxLength: 8 },
        ),
        (cap, fields) => {
          const budget = new WordBudget(cap);
          const kept = fields.map((f) => budget.take(f)).filter((f) => f !== undefined);
          const words = kept.map((k) => k.replace(truncationMarker(cap), '')).reduce((n, k) => n + countWords(k), 0);
          expect(words).toBeLessThanOrEqual(cap);
          const total = fields.reduce((n, f) => n + countWords(f), 0);
          expect(budget.cut).toBe(total > cap);
          expect(budget.written).toBe(total);
          if (total <= cap) expect(kept).toEqual(fields);
        },
      ),
    );
  });
});
