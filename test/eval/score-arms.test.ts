import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armName, parseArms, planOf } from '../../src/eval/arms.js';
import { majorityConfidence } from '../../src/eval/run-judge-arms.js';
import { matchFraming } from '../../src/eval/run-framing-arm.js';
import { pairedDifferences, scoreArms, type EvalRun } from '../../src/eval/score-arms.js';
import { MIN_CALL_OUTPUT_TOKENS, splitBudget } from '../../src/eval/split-budget.js';
import { mcnemarExact } from '../../src/eval/statistics.js';

const usage = (cost: number) => ({ input_tokens: 1000, output_tokens: 200, cache_creation_input_tokens: 0, cache_read_input_tokens: 5000, cost_usd: cost, unpricedCalls: 0 });
const run = (caseId: string, arm: string, order: 'AB' | 'BA', chosen: string | undefined, right: string, extra: Partial<EvalRun> = {}): EvalRun => ({
  caseId, arm, repeat: 0, order, chosen, right, correct: extra.failure === undefined && (chosen ?? 'none') === right, confidence: 'medium', usage: usage(0.01), budgetUsd: undefined,
  citationsRight: { total: 2, unverified: 0 }, citationsWrong: { total: 2, unverified: 1 }, note: undefined, failure: undefined, ...extra,
});

describe('eval scores', () => {
  it('scores accuracy, answered accuracy, abstention, confident errors, calibration, flips and cost', () => {
    const runs = [
      run('a', 'single', 'AB', 'keep', 'keep', { confidence: 'high' }), run('a', 'single', 'BA', 'keep', 'keep', { confidence: 'high' }),
      run('b', 'single', 'AB', 'drop', 'keep', { confidence: 'high' }), run('b', 'single', 'BA', 'keep', 'keep', { confidence: 'low' }),
      // Neither position is right: an abstention is right, a choice is wrong.
      run('c', 'single', 'AB', undefined, 'none', { confidence: 'low' }), run('c', 'single', 'BA', 'x', 'none', { confidence: 'low' }),
      run('d', 'single', 'AB', undefined, 'keep', { failure: 'HTTP 529', confidence: undefined, usage: usage(0) }), run('d', 'single', 'BA', undefined, 'keep', { confidence: 'low' }),
    ];
    const [s] = scoreArms(runs, ['single'], 1);
    expect(s).toMatchObject({ arm: 'single', runs: 8, cases: 4, failed: 1, firstFailure: 'HTTP 529' });
    expect(s!.accuracy.value).toBeCloseTo(4 / 8);
    // Answered: a AB, a BA, b AB, b BA, c BA; right: 3.
    expect(s!.answeredAccuracy).toMatchObject({ of: 5 });
    expect(s!.answeredAccuracy.value).toBeCloseTo(3 / 5);
    // Abstained: c AB and d BA (d AB failed: a failure is no abstention).
    expect(s!.abstention.value).toBeCloseTo(2 / 8);
    // Wrong with medium or high confidence: b AB only (c BA was wrong at low).
    expect(s!.wrongConfident.value).toBeCloseTo(1 / 8);
    expect(s!.calibration.high).toMatchObject({ runs: 3 });
    expect(s!.calibration.high.accuracy.value).toBeCloseTo(2 / 3);
    expect(s!.calibration.low.runs).toBe(4);
    expect(s!.calibration.low.accuracy.value).toBeCloseTo(2 / 4);
    expect(s!.calibration.medium).toMatchObject({ runs: 0, accuracy: { value: undefined } });
    // Flips: b (drop vs keep) and c (none vs x); d's two orders both chose none.
    expect(s!.flip).toMatchObject({ of: 4 });
    expect(s!.flip.value).toBeCloseTo(2 / 4);
    expect(s!.costPerRun.value).toBeCloseTo(0.07 / 8);
    expect(s!.tokensPerRun).toEqual({ input: 1000, output: 200, cacheWrite: 0, cacheRead: 5000 });
    expect(s!.unverifiedWrong).toEqual({ rate: 0.5, of: 16 });
  });

  it('pairs each arm with the debate on the same case, repeat and order, and counts the discordant pairs', () => {
    const runs: EvalRun[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      for (const order of ['AB', 'BA'] as const) {
        runs.push(run(id, 'debate', order, 'keep', 'keep'));
        // single is wrong on a, b, c in both orders: 6 pairs where only the debate was right.
        runs.push(run(id, 'single', order, ['a', 'b', 'c'].includes(id) ? 'drop' : 'keep', 'keep'));
      }
    }
    const [paired] = pairedDifferences(runs, ['debate', 'single'], 'debate', 1);
    expect(paired).toMatchObject({ arm: 'single', versus: 'debate', pairs: 12, onlyArm: 0, onlyVersus: 6 });
    expect(paired!.pValue).toBeCloseTo(mcnemarExact(0, 6));
    expect(paired!.difference.value).toBeCloseTo(-0.5);
    expect(paired!.difference.high!).toBeLessThan(0);
    expect(pairedDifferences(runs, ['single'], 'debate:deep', 1)).toEqual([]);
  });

  it('paired difference equals the difference of accuracies when both arms ran every pair', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 10 }), (cases) => {
        const runs = cases.flatMap(([d1, d2, a1, a2], i) => [
          run(`c${i}`, 'debate', 'AB', d1 ? 'k' : 'x', 'k'), run(`c${i}`, 'debate', 'BA', d2 ? 'k' : 'x', 'k'),
          run(`c${i}`, 'vote:3', 'AB', a1 ? 'k' : 'x', 'k'), run(`c${i}`, 'vote:3', 'BA', a2 ? 'k' : 'x', 'k'),
        ]);
        const [debate, vote] = scoreArms(runs, ['debate', 'vote:3'], 2);
        const [paired] = pairedDifferences(runs, ['debate', 'vote:3'], 'debate', 2);
        expect(paired!.difference.value).toBeCloseTo(vote!.accuracy.value! - debate!.accuracy.value!, 12);
        expect(paired!.onlyArm - paired!.onlyVersus).toBe(runs.filter((r) => r.arm === 'vote:3' && r.correct).length - runs.filter((r) => r.arm === 'debate' && r.correct).length);
      }),
      { numRuns: 40 },
    );
  });
});

describe('arms', () => {
  it('reads every arm name, keeps the order, refuses unknown and repeated arms', () => {
    const arms = parseArms('debate,debate:quick,debate:deep,debate:no-steelman,single,single+verify,vote:3,vote:5,escalate');
    expect(arms.map(armName)).toEqual(['debate', 'debate:quick', 'debate:deep', 'debate:no-steelman', 'single', 'single+verify', 'vote:3', 'vote:5', 'escalate']);
    expect(() => parseArms('debate,poll:3')).toThrow('"poll:3" is not an arm');
    expect(() => parseArms('vote:1')).toThrow('is not an arm');
    expect(() => parseArms('debate:standard')).toThrow('is not an arm');
    expect(() => parseArms('single,single')).toThrow('single is listed twice');
  });

  it('plans each debate arm: the default is the action\'s standard preset; no-steelman is standard without the swap', () => {
    expect(planOf('standard', undefined)).toMatchObject({ preset: 'standard', rounds: 1, steelman: true });
    expect(planOf('quick', undefined)).toMatchObject({ preset: 'quick', rounds: 0, steelman: false });
    expect(planOf('deep', undefined)).toMatchObject({ preset: 'deep', rounds: 2, steelman: true });
    expect(planOf('no-steelman', undefined)).toMatchObject({ rounds: 1, steelman: false });
    expect(planOf('deep', 1)).toMatchObject({ rounds: 1 });
  });

  it('a vote\'s confidence is at most its agreement', () => {
    expect(majorityConfidence(['high', 'high', 'high'], 3)).toBe('high');
    expect(majorityConfidence(['high', 'high'], 3)).toBe('medium');
    expect(majorityConfidence(['high', 'high', 'low'], 5)).toBe('low');
    expect(majorityConfidence(['medium'], 1)).toBe('medium');
  });
});

describe('equal dollars', () => {
  const price = { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 };
  it('sizes the calls to the budget at list price, dropping voters that do not fit', () => {
    // One call of 20k input ($0.04) with 16k output ($0.16) fits $1.
    expect(splitBudget(1, 1, 20_000, price)).toMatchObject({ calls: 1, maxTokens: 16_000 });
    // $0.30 for 5 voters of 20k input: each at the 2k minimum costs $0.06, so all 5 fit with 2k each.
    expect(splitBudget(0.3, 5, 20_000, price)).toMatchObject({ calls: 5, maxTokens: 2_000 });
    // $0.20: three fit at the minimum ($0.18); each gets (0.2/3 - 0.04) / $10 per M = 2,666 tokens.
    expect(splitBudget(0.2, 5, 20_000, price)).toMatchObject({ calls: 3, maxTokens: 2_666 });
    expect(splitBudget(0.001, 5, 20_000, price)).toMatchObject({ calls: 1, maxTokens: MIN_CALL_OUTPUT_TOKENS, fits: false });
    expect(splitBudget(0.06, 5, 20_000, price)).toMatchObject({ calls: 1, maxTokens: MIN_CALL_OUTPUT_TOKENS, fits: true });
  });

  it('never plans more than the budget when one call at the minimum fits', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 5, noNaN: true }), fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1_000, max: 150_000 }), (budget, calls, prompt) => {
        const split = splitBudget(budget, calls, prompt, price);
        const minimum = (prompt * price.input + MIN_CALL_OUTPUT_TOKENS * price.output) / 1e6;
        expect(split.calls).toBeGreaterThanOrEqual(1);
        expect(split.calls).toBeLessThanOrEqual(calls);
        if (budget >= minimum) expect(split.estimateUsd).toBeLessThanOrEqual(budget + 1e-9);
      }),
    );
  });
});

describe('framing arm', () => {
  it('matches the moderator\'s topic and positions to a labelled framing by its content words', () => {
    const acceptable = ['Are excess command-arguments an error by default in 13.0.0?', 'Does 13.0.0 change the default for excess command-arguments from allowed to an error?'];
    const framed = { topic: 'Excess command-arguments in 13.0.0', positions: ['Report excess arguments as an error by default', 'Keep accepting them'] };
    expect(matchFraming(framed, acceptable)).toMatchObject({ matched: 0, hit: true });
    // The same words with one position is nothing to debate; another subject is no match.
    expect(matchFraming({ ...framed, positions: framed.positions.slice(0, 1) }, acceptable)).toMatchObject({ matched: 0, hit: false });
    expect(matchFraming({ topic: 'Logging', positions: ['Switch the logger to pino', 'Keep the console logger'] }, acceptable)).toMatchObject({ matched: -1, hit: false });
    expect(matchFraming({ topic: '', positions: [] }, acceptable).hit).toBe(false);
  });

  it('groups the advocates\' opening arguments by their own confidence, and says how many held (issue #28)', () => {
    const runs = [
      run('a', 'debate', 'AB', 'keep', 'keep', { arguments: [{ confidence: 0.9, holds: true }, { confidence: 0.85, holds: false }, { confidence: 0.3, holds: false }] }),
      run('a', 'debate', 'BA', 'keep', 'keep', { arguments: [{ confidence: 0.95, holds: true }, { confidence: 0.6, holds: true }, { confidence: 1, holds: true }] }),
      run('a', 'single', 'AB', 'keep', 'keep'),
    ];
    const [debate, single] = scoreArms(runs, ['debate', 'single'], 1);
    expect(debate!.argumentCalibration).toEqual([
      { band: '0-0.5', arguments: 1, held: 0 },
      { band: '0.5-0.8', arguments: 1, held: 1 },
      { band: '0.8-1', arguments: 4, held: 3 / 4 },
    ]);
    expect(single!.argumentCalibration.every((b) => b.arguments === 0 && b.held === undefined)).toBe(true);
  });
});
