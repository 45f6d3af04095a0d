import { describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/debate/model-client.js';
import type { ArmInput } from '../../eval/arm-types.js';
import { spendLimitOf, SPEND_TOLERANCE } from '../../eval/match-spend.js';
import { citationProblems, runVerifiedArm, runVotingArm } from '../../eval/run-judge-arms.js';
import { createRehearsalModelClient } from '../../src/rehearsal/rehearsal-model-client.js';
import { judgeOnCase, MISQUOTE } from '../../src/rehearsal/rehearsal-rules.js';
import { fixturePack } from '../support/evidence-fixtures.js';

/**
 * The judge arms against the rehearsal model, in process: each arm's own path (voters added to the
 * budget, repairs, the order a case is read in), on cases whose labels put the rehearsal's judge in the
 * behaviour each path needs (`judgeOnCase`: the ruling depends on the case alone).
 */
const MODEL = 'claude-sonnet-5-5';
const pack = fixturePack();

/** The first pair of labels `keep the cache N` / `drop the cache N` on which the rehearsal's judge behaves as asked. */
function caseWhere(
  test: (both: { AB: ReturnType<typeof judgeOnCase>; BA: ReturnType<typeof judgeOnCase> }) => boolean,
): [string, string] {
  for (let n = 1; n < 500; n += 1) {
    const labels: [string, string] = [`keep the cache ${n}`, `drop the cache ${n}`];
    const on = (a: string, b: string) =>
      judgeOnCase(
        [
          { id: 'A', label: a },
          { id: 'B', label: b },
        ],
        { phase: 'judge', order: ['A', 'B'], retry: false },
        `${a} ${b}`,
      );
    if (test({ AB: on(labels[0], labels[1]), BA: on(labels[1], labels[0]) })) return labels;
  }
  throw new Error('no such case among the first 500');
}

const input = (labels: [string, string]): ArmInput => ({
  pack,
  labels,
  topic: undefined,
  models: { moderator: MODEL, advocates: [MODEL], judge: MODEL },
  language: { language: 'auto', commandText: undefined, prText: 'Cache the parsed config' },
});
const swapped = ([a, b]: [string, string]): [string, string] => [b, a];
const labelOf = (labels: [string, string], choice: string) =>
  choice === 'A' ? labels[0] : choice === 'B' ? labels[1] : choice;

describe('the judge arms on the rehearsal model', () => {
  it('single+verify repairs a ruling whose citation does not verify, and keeps the repaired one', async () => {
    const labels = caseWhere(({ AB }) => AB.misquotes && AB.confidence === 'medium');
    // The first ruling, as the rehearsal gives it: the other position falsified, one quote misremembered.
    const answer = await runVerifiedArm(createRehearsalModelClient({ judge: 'by-case' }), input(labels), 10);
    expect(answer).toMatchObject({
      calls: 2,
      note: 'repaired once for its citations',
      limit: 'nothing-to-repair',
      confidence: 'medium',
    });
    expect(['A', 'B']).toContain(answer.choice);
    // With a budget for the first call only, nothing is repaired: the ruling keeps low confidence.
    const first = await runVerifiedArm(createRehearsalModelClient({ judge: 'by-case' }), input(labels), 0.000_001);
    expect(first).toMatchObject({ calls: 1, confidence: 'low', limit: 'first-call-over' });
  });

  it('the misquote the rehearsal makes is one the verifier catches', async () => {
    const labels = caseWhere(({ AB }) => AB.misquotes);
    const client = createRehearsalModelClient({ judge: 'by-case' });
    const answer = await runVotingArm(client, input(labels), 1, 10);
    expect(answer.citations.A.unverified + answer.citations.B.unverified).toBeGreaterThan(0);
    const ruling = {
      positions: {
        A: {
          status: 'falsified',
          rationale: 'r',
          defeating_citations: [
            {
              path: 'src/cache.ts',
              side: 'head',
              line_start: 3,
              line_end: 3,
              quote: `const value3 = 'line 3 of cache'; ${MISQUOTE}`,
            },
          ],
        },
      },
    };
    expect(citationProblems(ruling as never, input(labels))).toEqual([
      expect.stringContaining('- Position A: the citation of src/cache.ts:3-3 did not verify'),
      expect.stringContaining('Position A is ruled falsified'),
    ]);
  });

  it('a settled case gets the same answer in both orders; a case read by its order does not', async () => {
    const settled = caseWhere(({ AB }) => AB.confidence === 'medium');
    const ab = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(settled), 1, 10);
    const ba = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(swapped(settled)), 1, 10);
    expect(labelOf(settled, ab.choice)).toBe(labelOf(swapped(settled), ba.choice));
    const biased = caseWhere(
      ({ AB, BA }) => AB.confidence === 'low' && AB.pick === 'A' && BA.pick === 'A' && !AB.misquotes,
    );
    const first = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(biased), 1, 10);
    const second = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(swapped(biased)), 1, 10);
    expect(first).toMatchObject({ choice: 'A', confidence: 'low', limit: 'one-call' });
    expect(labelOf(biased, first.choice)).not.toBe(labelOf(swapped(biased), second.choice));
  });

  it('vote:K adds voters until the next would pass the budget, or stops at K', async () => {
    const labels = caseWhere(({ AB }) => AB.confidence === 'medium' && !AB.misquotes);
    const one = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(labels), 1, 10);
    // A budget of about ten voters: the arm spends within 10% of it, and the next voter would pass it.
    const budget = one.usage.cost_usd * 10.5;
    const ten = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(labels), 25, budget);
    expect(ten.calls).toBeGreaterThanOrEqual(9);
    expect(ten.calls).toBeLessThanOrEqual(11);
    expect(Math.abs(ten.usage.cost_usd / budget - 1)).toBeLessThanOrEqual(SPEND_TOLERANCE);
    expect(spendLimitOf(ten.usage.cost_usd, budget, ten.limit)).toBeUndefined();
    expect(ten.choice).toBe(one.choice);
    const three = await runVotingArm(createRehearsalModelClient({ judge: 'by-case' }), input(labels), 3, budget);
    expect(three).toMatchObject({ calls: 3, limit: 'all-voters' });
  });

  it('a tied vote is an abstention, never an answer', async () => {
    // The rehearsal, with its voters made to split evenly: A, B, A, B.
    const rehearsal = createRehearsalModelClient({ judge: 'by-case' });
    let voter = 0;
    const split: ModelClient = {
      complete: async (call) => {
        const reply = await rehearsal.complete(call);
        voter += 1;
        return {
          ...reply,
          output: { ...(reply.output as object), recommendation: voter % 2 === 1 ? 'A' : 'B' } as typeof reply.output,
        };
      },
    };
    const labels = caseWhere(({ AB }) => AB.confidence === 'medium' && !AB.misquotes);
    const answer = await runVotingArm(split, input(labels), 4, 10);
    expect(answer).toMatchObject({ choice: 'abstain', confidence: 'low', calls: 4, note: 'the vote tied: no answer' });
  });
});
