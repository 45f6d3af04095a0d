import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeOnCase } from '../../src/rehearsal/rehearsal-rules.js';

/** The rehearsal judge's ruling depends on the case alone, the same in either order, so each eval arm's path runs. */
describe('the rehearsal judge on a case', () => {
  const rule = (a: string, b: string, retry = false, text = `${a}|${b}`) =>
    judgeOnCase(
      [
        { id: 'A', label: a },
        { id: 'B', label: b },
      ],
      { phase: 'judge', order: ['A', 'B'], retry },
      text,
    );
  const label = (a: string, b: string, pick: string) => (pick === 'A' ? a : b);

  it('rules a case alike in both orders, except where it goes by the order', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), (a, b) => {
        fc.pre(a !== b);
        const ab = rule(a, b);
        const ba = rule(b, a);
        expect([ab.confidence, ab.misquotes]).toEqual([ba.confidence, ba.misquotes]);
        if (ab.confidence === 'medium') expect(label(a, b, ab.pick)).toBe(label(b, a, ba.pick));
        // A retry never misquotes: told which citation failed, the judge rules the position unresolved.
        expect(rule(a, b, true).misquotes).toBe(false);
      }),
      { numRuns: 300, seed: 43 },
    );
  });

  it('shows every behaviour among a hundred cases: settled, by the order, unsure, and misquoting', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 100; n += 1) {
      const [a, b] = [`keep the cache ${n}`, `drop the cache ${n}`];
      const ab = rule(a, b);
      const ba = rule(b, a);
      if (ab.confidence === 'medium') seen.add('settled');
      else if (ab.pick === 'A' && ba.pick === 'A') seen.add('by the order');
      const picks = new Set(
        ['first', 'second', 'third', 'fourth', 'fifth'].map((request) => rule(a, b, false, `${request} request`).pick),
      );
      if (ab.confidence === 'low' && picks.size > 1) seen.add('unsure');
      if (ab.misquotes) seen.add('misquoting');
    }
    expect([...seen].sort()).toEqual(['by the order', 'misquoting', 'settled', 'unsure']);
  });
});
