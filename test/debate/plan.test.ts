import { describe, expect, it } from 'vitest';
import { planDebate } from '../../src/debate/plan.js';

describe('planDebate', () => {
  it('follows the preset table of issue #4', () => {
    expect(planDebate({ preset: 'quick', maxRounds: undefined, command: {} })).toEqual({ preset: 'quick', rounds: 0, steelman: false, note: undefined });
    expect(planDebate({ preset: 'standard', maxRounds: undefined, command: {} })).toEqual({ preset: 'standard', rounds: 1, steelman: true, note: undefined });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: {} })).toEqual({ preset: 'deep', rounds: 2, steelman: true, note: undefined });
  });

  it('lets the command override the input preset; --rounds=N names its own preset (0 = quick, 3-5 = custom)', () => {
    expect(planDebate({ preset: 'standard', maxRounds: undefined, command: { preset: 'deep' } })).toMatchObject({ preset: 'deep', rounds: 2 });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: { preset: 'quick' } })).toMatchObject({ preset: 'quick', rounds: 0 });
    expect(planDebate({ preset: 'deep', maxRounds: undefined, command: { rounds: 0 } })).toMatchObject({ preset: 'quick', rounds: 0, steelman: false });
    expect(planDebate({ preset: 'quick', maxRounds: undefined, command: { rounds: 4 } })).toMatchObject({ preset: 'custom', rounds: 4, steelman: true });
  });

  it('caps every request at max-rounds and says so', () => {
    expect(planDebate({ preset: 'deep', maxRounds: 1, command: {} })).toEqual({
      preset: 'standard',
      rounds: 1,
      steelman: true,
      note: '2 cross-examination rounds were asked for; input max-rounds caps them at 1.',
    });
    expect(planDebate({ preset: 'standard', maxRounds: 0, command: { rounds: 5 } })).toMatchObject({ preset: 'quick', rounds: 0 });
    expect(planDebate({ preset: 'standard', maxRounds: 3, command: {} })).toMatchObject({ rounds: 1, note: undefined });
    expect(() => planDebate({ preset: 'standard', maxRounds: 6, command: {} })).toThrow(RangeError);
  });
});
