import { describe, expect, it } from 'vitest';
import { planDebate, plannedWarmUps } from '../../src/debate/plan.js';

describe('planDebate', () => {
  it('follows the preset table of issue #4', () => {
    expect(planDebate({ preset: 'quick', maxRounds: undefined, command: {} })).toEqual({
      preset: 'quick',
      rounds: 0,
      steelman: false,
      note: undefined,
    });
    expect(planDebate({ preset: 'standard', maxRounds: undefined, command: {} })).toEqual({
      preset: 'standard',
      rounds: 1,
      steelman: true,
      note: undefined,
    });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: {} })).toEqual({
      preset: 'deep',
      rounds: 2,
      steelman: true,
      note: undefined,
    });
  });

  it('lets the command override the input preset; --rounds=N names its own preset (0 = quick, 3-5 = custom)', () => {
    expect(planDebate({ preset: 'standard', maxRounds: undefined, command: { preset: 'deep' } })).toMatchObject({
      preset: 'deep',
      rounds: 2,
    });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: { preset: 'quick' } })).toMatchObject({
      preset: 'quick',
      rounds: 0,
    });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: { rounds: 0 } })).toMatchObject({
      preset: 'quick',
      rounds: 0,
      steelman: false,
    });
    expect(planDebate({ preset: 'quick', maxRounds: undefined, command: { rounds: 4 } })).toMatchObject({
      preset: 'custom',
      rounds: 4,
      steelman: true,
    });
  });

  it('caps every request at max-rounds and says so', () => {
    expect(planDebate({ preset: 'deep', maxRounds: 1, command: {} })).toEqual({
      preset: 'standard',
      rounds: 1,
      steelman: true,
      note: '2 cross-examination rounds were asked for; input max-rounds caps them at 1.',
    });
    expect(planDebate({ preset: 'standard', maxRounds: 0, command: { rounds: 5 } })).toMatchObject({
      preset: 'quick',
      rounds: 0,
    });
    expect(planDebate({ preset: 'standard', maxRounds: 3, command: {} })).toMatchObject({ rounds: 1, note: undefined });
    expect(() => planDebate({ preset: 'standard', maxRounds: 6, command: {} })).toThrow(RangeError);
  });
});

describe('plannedWarmUps', () => {
  const standard = planDebate({ preset: 'standard', maxRounds: undefined, command: {} });
  const quick = planDebate({ preset: 'quick', maxRounds: undefined, command: {} });
  it('counts one per advocate fan-out and model that speaks twice, and one before the two judge runs', () => {
    // Standard: openings, 1 round, closing answers, steelman swap = 4 fan-outs on one shared model, + the judge.
    expect(plannedWarmUps(standard, ['m', 'm'])).toBe(5);
    expect(plannedWarmUps(quick, ['m', 'm', 'm'])).toBe(2);
    // Two families, one position each: no advocate group shares a prefix; the judge still runs twice.
    expect(plannedWarmUps(standard, ['claude', 'openai:gpt-6.2-sol'])).toBe(1);
    expect(plannedWarmUps(standard, ['a', 'b', 'a', 'b'])).toBe(9);
  });
});
