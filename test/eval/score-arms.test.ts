import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_CALL_OUTPUT_TOKENS, parseArms, splitBudget } from '../../src/eval/run-arms.js';
import { bootstrapInterval, renderEvalTable, scoreArms, type EvalRun } from '../../src/eval/score-arms.js';

const usage = (tokens: number, cost = 0.01) => ({ input_tokens: tokens, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cost_usd: cost, unpricedCalls: 0 });
const run = (caseId: string, arm: string, order: 'AB' | 'BA', chosen: string | undefined, correct: boolean, extra: Partial<EvalRun> = {}): EvalRun => ({
  caseId, arm, order, chosen, correct, usage: usage(1000), right: { total: 2, unverified: 0 }, wrong: { total: 2, unverified: 1 }, note: undefined, failure: undefined, ...extra,
});

describe('eval statistics', () => {
  it('scores accuracy, order consistency, tokens, cost and unverified rates per side', () => {
    const runs = [
      run('a', 'single', 'AB', 'keep', true), run('a', 'single', 'BA', 'keep', true),
      run('b', 'single', 'AB', 'drop', false), run('b', 'single', 'BA', 'keep', true),
      run('c', 'single', 'AB', undefined, false, { failure: 'HTTP 529' }), run('c', 'single', 'BA', undefined, false),
    ];
    const [score] = scoreArms(runs, ['single'], 1);
    expect(score).toMatchObject({ arm: 'single', runs: 6, cases: 3, consistent: 2, consistentOf: 3, tokensPerRun: 1000, tokens: 6000, costUsd: 0.06, failed: 1, firstFailure: 'HTTP 529' });
    expect(score!.accuracy).toBeCloseTo(0.5);
    expect(score!.unverifiedRight).toEqual({ rate: 0, of: 12 });
    expect(score!.unverifiedWrong).toEqual({ rate: 0.5, of: 12 });
    const table = renderEvalTable([score!], ['header']);
    expect(table).toContain('| single | 50% (6 runs) |');
    expect(table).toContain('- single: 1 run(s) failed, counted as wrong; the first: HTTP 529');
  });

  it('bootstrap: the interval holds the mean, is the same for the same seed, and is a point when every case agrees', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<number>(0, 0.5, 1), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 1000 }), (values, seed) => {
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const [low, high] = bootstrapInterval(values, seed, 400);
        expect(low).toBeLessThanOrEqual(mean + 1e-9);
        expect(high).toBeGreaterThanOrEqual(mean - 1e-9);
        expect(bootstrapInterval(values, seed, 400)).toEqual([low, high]);
      }),
      { numRuns: 50 },
    );
    expect(bootstrapInterval([1, 1, 1], 3)).toEqual([1, 1]);
    expect(bootstrapInterval([], 3)).toEqual([0, 0]);
  });

  it('splits a token budget among voters, dropping voters that do not fit', () => {
    expect(splitBudget(100_000, 1, 20_000)).toEqual({ voters: 1, maxTokens: 16_000 });
    expect(splitBudget(100_000, 4, 20_000)).toEqual({ voters: 4, maxTokens: 5_000 });
    expect(splitBudget(100_000, 5, 30_000)).toEqual({ voters: 3, maxTokens: 3_333 });
    expect(splitBudget(1_000, 5, 30_000)).toEqual({ voters: 1, maxTokens: MIN_CALL_OUTPUT_TOKENS });
    fc.assert(
      fc.property(fc.integer({ min: 40_000, max: 2_000_000 }), fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1_000, max: 30_000 }), (budget, voters, prompt) => {
        const split = splitBudget(budget, voters, prompt);
        expect(split.voters).toBeGreaterThanOrEqual(1);
        expect(split.voters).toBeLessThanOrEqual(voters);
        if (budget >= prompt + MIN_CALL_OUTPUT_TOKENS) expect(split.voters * (prompt + split.maxTokens)).toBeLessThanOrEqual(budget);
      }),
    );
  });

  it('reads --arms, and names what is not an arm', () => {
    expect(parseArms('debate,single,vote:5')).toEqual([{ kind: 'debate' }, { kind: 'single' }, { kind: 'vote', k: 5 }]);
    expect(() => parseArms('debate,vote:1')).toThrow('"vote:1" is not an arm');
    expect(() => parseArms('single,single')).toThrow('single is listed twice');
  });
});
