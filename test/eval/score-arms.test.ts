import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armName, familyOf, mixedAdvocates, parseArms, planOf } from '../../eval/arms.js';
import { pairedDifferences } from '../../eval/compare-arms.js';
import { callsThatFit, nextCallUsd, spendLimitOf } from '../../eval/match-spend.js';
import { majorityConfidence } from '../../eval/run-judge-arms.js';
import { matchFraming } from '../../eval/run-framing-arm.js';
import { scoreArms, type EvalRun } from '../../eval/score-arms.js';

const usage = (cost: number) => ({
  input_tokens: 1000,
  output_tokens: 200,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 5000,
  cost_usd: cost,
  unpricedCalls: 0,
});
const run = (
  caseId: string,
  arm: string,
  order: 'AB' | 'BA',
  chosen: string | undefined,
  right: string,
  extra: Partial<EvalRun> = {},
): EvalRun => ({
  caseId,
  arm,
  repeat: 0,
  order,
  chosen,
  abstained: false,
  right,
  correct: extra.failure === undefined && !extra.abstained && (chosen ?? 'none') === right,
  confidence: 'medium',
  usage: usage(0.01),
  spendUsd: 0.01,
  calls: 1,
  budgetUsd: undefined,
  spendLimit: undefined,
  citationsRight: { total: 2, unverified: 0 },
  citationsWrong: { total: 2, unverified: 1 },
  note: undefined,
  failure: undefined,
  ...extra,
});

describe('eval scores', () => {
  it('scores accuracy, answered accuracy, abstention, confident errors, calibration, flips and cost', () => {
    const runs = [
      run('a', 'single', 'AB', 'keep', 'keep', { confidence: 'high' }),
      run('a', 'single', 'BA', 'keep', 'keep', { confidence: 'high' }),
      run('b', 'single', 'AB', 'drop', 'keep', { confidence: 'high' }),
      run('b', 'single', 'BA', 'keep', 'keep', { confidence: 'low' }),
      // Neither position is right: a ruling of neither is right, a choice is wrong.
      run('c', 'single', 'AB', undefined, 'none', { confidence: 'low' }),
      run('c', 'single', 'BA', 'x', 'none', { confidence: 'low' }),
      run('d', 'single', 'AB', undefined, 'keep', { failure: 'HTTP 529', confidence: undefined, usage: usage(0) }),
      run('d', 'single', 'BA', undefined, 'keep', { confidence: 'low' }),
      // Neither position is right, and the arm gave no answer (its rulings disagreed): an abstention, never right.
      run('e', 'single', 'AB', undefined, 'none', { confidence: 'low', abstained: true }),
      run('e', 'single', 'BA', 'x', 'none', { confidence: 'medium' }),
    ];
    const [s] = scoreArms(runs, ['single'], 1);
    expect(s).toMatchObject({ arm: 'single', runs: 10, cases: 5, failed: 1, firstFailure: 'HTTP 529' });
    expect(s!.accuracy.value).toBeCloseTo(4 / 10);
    // Answered (neither abstained nor failed): all but d AB and e AB; right: a, a, b BA, c AB.
    expect(s!.answeredAccuracy).toMatchObject({ of: 8 });
    expect(s!.answeredAccuracy.value).toBeCloseTo(4 / 8);
    // Abstained: e AB only (a ruling of neither is an answer; a failure is no abstention).
    expect(s!.abstention.value).toBeCloseTo(1 / 10);
    // Wrong with medium or high confidence: b AB (high) and e BA (medium); with high: b AB.
    expect(s!.wrongConfident.value).toBeCloseTo(2 / 10);
    expect(s!.confidentWrong.value).toBeCloseTo(1 / 10);
    expect(s!.calibration.high).toMatchObject({ runs: 3 });
    expect(s!.calibration.high.accuracy.value).toBeCloseTo(2 / 3);
    expect(s!.calibration.low.runs).toBe(5);
    expect(s!.calibration.low.accuracy.value).toBeCloseTo(2 / 5);
    // Flips: b (drop vs keep), c (none vs x) and e (no answer vs x); d's two orders both gave none.
    expect(s!.flip).toMatchObject({ of: 5 });
    expect(s!.flip.value).toBeCloseTo(3 / 5);
    expect(s!.costPerRun.value).toBeCloseTo(0.09 / 10);
    expect(s!.tokensPerRun).toEqual({ input: 1000, output: 200, cacheWrite: 0, cacheRead: 5000 });
    expect(s!.unverifiedWrong).toEqual({ rate: 0.5, of: 20 });
  });

  it("reports each arm's spend against its budget, and what kept the runs more than 10% off it", () => {
    const sized = (
      caseId: string,
      order: 'AB' | 'BA',
      spendUsd: number,
      budgetUsd: number,
      spendLimit?: EvalRun['spendLimit'],
    ) => run(caseId, 'single', order, 'keep', 'keep', { spendUsd, budgetUsd, spendLimit });
    const runs = [
      sized('a', 'AB', 0.1, 1, 'one-call'),
      sized('a', 'BA', 0.1, 1, 'one-call'),
      sized('b', 'AB', 0.95, 1),
      sized('b', 'BA', 2, 1, 'first-call-over'),
    ];
    const [s] = scoreArms(runs, ['single'], 1);
    expect(s!.spendShare.value).toBeCloseTo(3.15 / 4);
    expect([s!.spendShare.min, s!.spendShare.max]).toEqual([0.1, 2]);
    expect(s).toMatchObject({ sized: 4, matched: 1, limits: { 'one-call': 2, 'first-call-over': 1 } });
    expect(scoreArms([run('a', 'debate', 'AB', 'keep', 'keep')], ['debate'], 1)[0]).toMatchObject({
      sized: 0,
      matched: 0,
      spendShare: { value: undefined },
    });
  });
});

describe('paired tests by case', () => {
  it('pairs each arm with the debate on the same case, repeat and order; tests the per-case differences', () => {
    const runs: EvalRun[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      for (const order of ['AB', 'BA'] as const) {
        runs.push(run(id, 'debate', order, 'keep', 'keep'));
        // single is wrong on a, b, c in both orders: 6 pairs where only the debate was right, on 3 cases.
        runs.push(run(id, 'single', order, ['a', 'b', 'c'].includes(id) ? 'drop' : 'keep', 'keep'));
      }
    }
    const [paired] = pairedDifferences(runs, ['debate', 'single'], 'debate', 1);
    expect(paired).toMatchObject({
      arm: 'single',
      versus: 'debate',
      cases: 6,
      pairs: 12,
      onlyArm: 0,
      onlyVersus: 6,
      casesArmAhead: 0,
      casesVersusAhead: 3,
    });
    // By case: three cases of -2 each; of the 2^3 sign assignments, 2 are as far from 0: p = 1/4 (per run, McNemar would say 2/64).
    expect(paired!.pValue).toBeCloseTo(0.25, 12);
    expect(paired!.difference.value).toBeCloseTo(-0.5);
    expect(paired!.difference.high!).toBeLessThan(0);
    // Half the cases differ by a whole 1: the discordance is 0.5. Six cases at it detect 66 points (Connor's formula by
    // hand: (1.96 sqrt(0.5) sqrt(6) + 0.8416 sqrt(0.5 (6 + 0.8416^2) - 1.96^2 0.5)) / (6 + 0.8416^2) = 0.656); -50 is below.
    expect(paired!.discordance).toBeCloseTo(0.5, 12);
    expect(paired!.minimumDetectable).toBeCloseTo(0.656, 3);
    expect(paired!.reading).toBe('not-enough-cases');
    expect(pairedDifferences(runs, ['single'], 'debate:deep', 1)).toEqual([]);
  });

  it('counts cases, not runs: repeating every run three times changes neither the case count nor the p-value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }),
        (cases) => {
          const runsOf = (repeats: number) =>
            cases.flatMap(([d1, d2, a1, a2], i) =>
              Array.from({ length: repeats }, (_, repeat) => [
                run(`c${i}`, 'debate', 'AB', d1 ? 'k' : 'x', 'k', { repeat }),
                run(`c${i}`, 'debate', 'BA', d2 ? 'k' : 'x', 'k', { repeat }),
                run(`c${i}`, 'vote:3', 'AB', a1 ? 'k' : 'x', 'k', { repeat }),
                run(`c${i}`, 'vote:3', 'BA', a2 ? 'k' : 'x', 'k', { repeat }),
              ]).flat(),
            );
          const [once] = pairedDifferences(runsOf(1), ['debate', 'vote:3'], 'debate', 2);
          const [thrice] = pairedDifferences(runsOf(3), ['debate', 'vote:3'], 'debate', 2);
          expect(thrice!.cases).toBe(cases.length);
          expect(thrice!.pairs).toBe(3 * once!.pairs);
          expect(thrice!.pValue).toBeCloseTo(once!.pValue, 12);
          expect(thrice!.difference.value).toBeCloseTo(once!.difference.value!, 12);
          expect(thrice!.minimumDetectable).toBe(once!.minimumDetectable);
        },
      ),
      { numRuns: 60, seed: 43 },
    );
  });

  it('gives the same p on the same evidence with one repeat or three: 4 of 10 cases lost in both orders is p = 2/16', () => {
    const runsOf = (repeats: number) =>
      Array.from({ length: 10 }, (_, i) =>
        (['AB', 'BA'] as const).flatMap((order) =>
          Array.from({ length: repeats }, (_, repeat) => [
            run(`c${i}`, 'debate', order, 'k', 'k', { repeat }),
            run(`c${i}`, 'single', order, i < 4 ? 'x' : 'k', 'k', { repeat }),
          ]).flat(),
        ),
      ).flat();
    // Counted per run this was 0.0078 (8 discordant pairs) and 1.2e-7 with three repeats (24): the runs of a case are not independent.
    for (const repeats of [1, 3])
      expect(pairedDifferences(runsOf(repeats), ['debate', 'single'], 'debate', 1)[0]).toMatchObject({
        cases: 10,
        pValue: 0.125,
      });
  });

  it('paired difference equals the difference of accuracies when both arms ran every pair', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 10 }),
        (cases) => {
          const runs = cases.flatMap(([d1, d2, a1, a2], i) => [
            run(`c${i}`, 'debate', 'AB', d1 ? 'k' : 'x', 'k'),
            run(`c${i}`, 'debate', 'BA', d2 ? 'k' : 'x', 'k'),
            run(`c${i}`, 'vote:3', 'AB', a1 ? 'k' : 'x', 'k'),
            run(`c${i}`, 'vote:3', 'BA', a2 ? 'k' : 'x', 'k'),
          ]);
          const [debate, vote] = scoreArms(runs, ['debate', 'vote:3'], 2);
          const [paired] = pairedDifferences(runs, ['debate', 'vote:3'], 'debate', 2);
          expect(paired!.difference.value).toBeCloseTo(vote!.accuracy.value! - debate!.accuracy.value!, 12);
          expect(paired!.onlyArm - paired!.onlyVersus).toBe(
            runs.filter((r) => r.arm === 'vote:3' && r.correct).length -
              runs.filter((r) => r.arm === 'debate' && r.correct).length,
          );
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it('reads a clear difference on many cases as shown, and a small one as not enough cases to tell', () => {
    const many = (n: number, armRight: (i: number) => boolean) =>
      Array.from({ length: n }, (_, i) =>
        (['AB', 'BA'] as const).flatMap((order) => [
          run(`c${i}`, 'debate', order, 'k', 'k'),
          run(`c${i}`, 'single', order, armRight(i) ? 'k' : 'x', 'k'),
        ]),
      ).flat();
    // 40 cases, the arm wrong on 12: -30 points, p far below 5%.
    const [clear] = pairedDifferences(
      many(40, (i) => i >= 12),
      ['debate', 'single'],
      'debate',
      1,
    );
    expect(clear).toMatchObject({ cases: 40, reading: 'versus-better' });
    expect(clear!.minimumDetectable!).toBeLessThan(0.3);
    // 40 cases, the arm wrong on 2: -5 points, below what 40 cases detect.
    const [small] = pairedDifferences(
      many(40, (i) => i >= 2),
      ['debate', 'single'],
      'debate',
      1,
    );
    expect(small!.reading).toBe('not-enough-cases');
    expect(small!.minimumDetectable!).toBeGreaterThan(0.05);
    // Identical on every case: nothing tells them apart.
    const [same] = pairedDifferences(
      many(10, () => true),
      ['debate', 'single'],
      'debate',
      1,
    );
    expect(same).toMatchObject({
      reading: 'no-case-differs',
      minimumDetectable: undefined,
      casesForTarget: undefined,
      pValue: 1,
    });
  });
});

describe('arms', () => {
  it('reads every arm name, keeps the order, refuses unknown and repeated arms', () => {
    const arms = parseArms(
      'debate,debate:quick,debate:deep,debate:no-steelman,debate+pragmatist,mixed,judge-runs:4,reader-model:claude-haiku-4-5,single,single+verify,vote:3,vote:25,escalate',
    );
    expect(arms.map(armName)).toEqual([
      'debate',
      'debate:quick',
      'debate:deep',
      'debate:no-steelman',
      'debate+pragmatist',
      'mixed',
      'judge-runs:4',
      'reader-model:claude-haiku-4-5',
      'single',
      'single+verify',
      'vote:3',
      'vote:25',
      'escalate',
    ]);
    expect(arms[7]).toEqual({ kind: 'debate', variant: 'standard', readerModel: 'claude-haiku-4-5' });
    expect(() => parseArms('reader-model:')).toThrow('is not an arm');
    expect(() => parseArms('debate,poll:3')).toThrow('"poll:3" is not an arm');
    expect(() => parseArms('vote:1')).toThrow('is not an arm');
    expect(() => parseArms('vote:26')).toThrow('is not an arm');
    expect(() => parseArms('debate:standard')).toThrow('is not an arm');
    expect(() => parseArms('debate:pragmatist')).toThrow('is not an arm');
    expect(() => parseArms('single,single')).toThrow('single is listed twice');
  });

  it("plans each debate arm: the default is the action's standard preset; only debate+pragmatist has the third advocate", () => {
    expect(planOf('standard', undefined)).toMatchObject({
      preset: 'standard',
      rounds: 1,
      steelman: true,
      pragmatist: false,
    });
    expect(planOf('quick', undefined)).toMatchObject({
      preset: 'quick',
      rounds: 0,
      steelman: false,
      pragmatist: false,
    });
    expect(planOf('deep', undefined)).toMatchObject({ preset: 'deep', rounds: 2, steelman: true, pragmatist: false });
    expect(planOf('no-steelman', undefined)).toMatchObject({ rounds: 1, steelman: false });
    expect(planOf('pragmatist', undefined)).toMatchObject({
      preset: 'standard',
      rounds: 1,
      steelman: true,
      pragmatist: true,
    });
    expect(planOf('deep', 1)).toMatchObject({ rounds: 1 });
  });

  it("puts mixed's advocates on two model families, or refuses it when only one can be called", () => {
    expect(familyOf('claude-sonnet-5-5')).toBe('claude');
    expect(familyOf('bedrock:global.anthropic.claude-sonnet-5-5')).toBe('claude');
    expect(familyOf('openai:gpt-6.2-sol')).toBe('openai');
    // advocate-models naming the other family wins; else that family's partner, when its provider is configured.
    expect(mixedAdvocates(['claude-sonnet-5-5', 'openai:llama3.1:8b'], [])).toEqual([
      'claude-sonnet-5-5',
      'openai:llama3.1:8b',
    ]);
    expect(mixedAdvocates(['claude-sonnet-5-5'], ['claude', 'openai'])).toEqual([
      'claude-sonnet-5-5',
      'openai:gpt-6.2-sol',
    ]);
    expect(mixedAdvocates(['openai:gpt-6.2-sol'], ['claude', 'openai'])).toEqual([
      'openai:gpt-6.2-sol',
      'claude-sonnet-5-5',
    ]);
    expect(() => mixedAdvocates(['claude-sonnet-5-5'], ['claude'])).toThrow(
      /only Claude is configured: set OPENAI_API_KEY .* --input advocate-models=claude-sonnet-5-5,openai:gpt-6.2-sol/,
    );
  });

  it("a vote's confidence is at most its agreement", () => {
    expect(majorityConfidence(['high', 'high', 'high'], 3)).toBe('high');
    expect(majorityConfidence(['high', 'high'], 3)).toBe('medium');
    expect(majorityConfidence(['high', 'high', 'low'], 5)).toBe('low');
    expect(majorityConfidence(['medium'], 1)).toBe('medium');
  });
});

describe('equal dollars by what the calls are billed', () => {
  // claude-sonnet-5-5: input $2, cache write $2.50, cache read $0.10, output $10 per million tokens.
  const call = (input: number, write: number, read: number, output: number) => ({
    input_tokens: input,
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
    output_tokens: output,
  });

  it('expects the next call to read from the cache what the dearest call so far wrote to it', () => {
    // The first voter wrote 100k of evidence ($0.25) and wrote 2k output ($0.02) on 1k of instructions ($0.002); the next reads the 100k ($0.01).
    expect(nextCallUsd([call(1_000, 100_000, 0, 2_000)], 'claude-sonnet-5-5')).toBeCloseTo(0.002 + 0.01 + 0.02, 9);
    // A call that only read the cache is expected to cost as much again; the dearest call sets the figure.
    expect(
      nextCallUsd([call(1_000, 0, 100_000, 2_000), call(1_000, 0, 100_000, 3_000)], 'claude-sonnet-5-5'),
    ).toBeCloseTo(0.002 + 0.01 + 0.03, 9);
    expect(() => nextCallUsd([call(1, 0, 0, 1)], 'no-such-model-9')).toThrow(/no price is known/);
  });

  it('adds calls until the next would pass the budget', () => {
    expect(callsThatFit(0.4, 0.28, 0.03, 24)).toBe(4);
    expect(callsThatFit(0.4, 0.28, 0.03, 2)).toBe(2);
    expect(callsThatFit(0.4, 0.41, 0.03, 24)).toBe(0);
    // A model priced at 0 (given 0/0): every call left fits, and the arm's own cap bounds them.
    expect(callsThatFit(0, 0, 0, 24)).toBe(24);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0.0001, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 25 }),
        (budget, spent, next, left) => {
          const n = callsThatFit(budget, spent, next, left);
          expect(n).toBeGreaterThanOrEqual(0);
          expect(n).toBeLessThanOrEqual(left);
          if (n > 0) expect(spent + n * next).toBeLessThanOrEqual(budget + 1e-6);
          if (n < left) expect(spent + (n + 1) * next).toBeGreaterThan(budget - 1e-6);
        },
      ),
      { seed: 17 },
    );
  });

  it('names why a run is more than 10% off its budget, and nothing when it is within', () => {
    expect(spendLimitOf(0.95, 1, 'all-voters')).toBeUndefined();
    expect(spendLimitOf(1.1, 1, undefined)).toBeUndefined();
    expect(spendLimitOf(0.05, 1, 'one-call')).toBe('one-call');
    expect(spendLimitOf(0.85, 1, undefined)).toBe('next-call-over');
    expect(spendLimitOf(1.2, 1, undefined)).toBe('dearer-than-expected');
    expect(spendLimitOf(3, 1, 'escalated')).toBe('escalated');
  });
});

describe('framing arm', () => {
  it("matches the moderator's topic and positions to a labelled framing by its content words", () => {
    const acceptable = [
      'Are excess command-arguments an error by default in 13.0.0?',
      'Does 13.0.0 change the default for excess command-arguments from allowed to an error?',
    ];
    const framed = {
      topic: 'Excess command-arguments in 13.0.0',
      positions: ['Report excess arguments as an error by default', 'Keep accepting them'],
    };
    expect(matchFraming(framed, acceptable)).toMatchObject({ matched: 0, hit: true });
    // The same words with one position is nothing to debate; another subject is no match.
    expect(matchFraming({ ...framed, positions: framed.positions.slice(0, 1) }, acceptable)).toMatchObject({
      matched: 0,
      hit: false,
    });
    expect(
      matchFraming(
        { topic: 'Logging', positions: ['Switch the logger to pino', 'Keep the console logger'] },
        acceptable,
      ),
    ).toMatchObject({ matched: -1, hit: false });
    expect(matchFraming({ topic: '', positions: [] }, acceptable).hit).toBe(false);
  });
});

describe('advocate calibration', () => {
  it("groups the attacked opening arguments by the advocate's own confidence, and counts the untested ones apart, never as held", () => {
    const runs = [
      run('a', 'debate', 'AB', 'keep', 'keep', {
        arguments: [
          { confidence: 0.9, tested: true, holds: true },
          { confidence: 0.85, tested: true, holds: false },
          { confidence: 0.3, tested: true, holds: false },
        ],
      }),
      run('a', 'debate', 'BA', 'keep', 'keep', {
        arguments: [
          { confidence: 0.95, tested: true, holds: true },
          { confidence: 0.6, tested: false, holds: true },
          { confidence: 1, tested: false, holds: true },
        ],
      }),
      run('a', 'single', 'AB', 'keep', 'keep'),
    ];
    const [debate, single] = scoreArms(runs, ['debate', 'single'], 1);
    expect(debate!.argumentCalibration).toEqual([
      { band: '0-0.5', arguments: 1, held: 0 },
      { band: '0.5-0.8', arguments: 0, held: undefined },
      { band: '0.8-1', arguments: 3, held: 2 / 3 },
    ]);
    expect(debate!.untestedArguments).toEqual({ arguments: 2, meanConfidence: 0.8 });
    expect(single!.argumentCalibration.every((b) => b.arguments === 0 && b.held === undefined)).toBe(true);
    expect(single!.untestedArguments).toEqual({ arguments: 0, meanConfidence: undefined });
  });
});
