import { describe, expect, it } from 'vitest';
import type { ModelCall } from '../../src/debate/model-client.js';
import { planDebate, type PresetName } from '../../src/debate/plan.js';
import { loadPrompt } from '../../src/debate/prompts.js';
import type { DebateRequest } from '../../src/debate/debate-request.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { Attack, DebateResult } from '../../src/debate/debate-types.js';
import { evaluatePolicy } from '../../src/gate/evaluate-policy.js';
import { describeRounds } from '../../src/report/render-plan.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import {
  cacheLine,
  debateScript,
  judgeSays,
  positionsOf,
  ruling,
  WRONG,
  type Override,
} from '../support/debate-script.js';
import { fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack, pull } from '../support/evidence-fixtures.js';
import { attacksToAnswer, describeCall, scriptedModels, type ScriptedPhase } from '../support/scripted-models.js';

/**
 * Issue #39: "survived" means the position withstood attack, an attacker needs evidence as a defender
 * does, the auditor reads each answer beside its attack, honesty is credited, the judge's lean to a
 * place or a letter is measured, and a count in the ruling never blocks a merge. Each test reads the
 * outcome as a reviewer reads the verdict, through the engine's own functions.
 */
const pack = fixturePack();

function request(preset: PresetName, judgeRuns?: 2 | 4): DebateRequest {
  return {
    pack,
    positions: ['keep the cache', 'drop the cache'],
    prPosition: { kind: 'named', id: 'A' },
    outOfScope: [],
    command: '/debate',
    moderatorModel: 'm',
    advocateModels: ['m'],
    judgeModel: 'm-judge',
    plan: planDebate({ preset, maxRounds: undefined, command: {}, ...(judgeRuns ? { judgeRuns } : {}) }),
    language: { language: 'auto', commandText: 'keep the cache vs drop the cache', prText: pull.title },
  };
}

async function debate(
  overrides: Partial<Record<ScriptedPhase, Override>>,
  preset: PresetName = 'standard',
  judgeRuns?: 2 | 4,
) {
  const models = scriptedModels(debateScript(overrides));
  const outcome = await runDebate(models, request(preset, judgeRuns));
  if (outcome.kind !== 'debate') throw new Error('expected a debate');
  return { outcome, models, record: fixtureRecord(pack, outcome) };
}

const attacksOf = (outcome: DebateResult): Attack[] =>
  [...outcome.transcript.rounds.flatMap((r) => r.turns), ...outcome.transcript.closing].flatMap((t) => t.attacks);
const judgeCalls = (calls: ModelCall<unknown>[]) =>
  calls.filter((c) => describeCall(c).phase === 'judge' && !describeCall(c).retry);
const statuses = (outcome: DebateResult) => Object.fromEntries(outcome.ruling!.positions.map((p) => [p.id, p.status]));
const policyFacts = {
  truncated: false,
  unseenAllowed: false,
  unreadAllowed: false,
  authors: [],
  authorMayDecide: false,
};
/** A judge that rules `id` survived and recommends it with `confidence`, the others unresolved. */
const recommends = (id: string, confidence: 'low' | 'medium' | 'high') => (call: ModelCall<unknown>) =>
  judgeSays(call, {
    recommendation: id,
    confidence,
    positions: ['A', 'B'].map((p) => ({
      id: p,
      status: p === id ? 'survived' : 'unresolved',
      rationale: 'r',
      defeating_citations: [],
    })),
  });
/** Cross-examination where B's attack on A carries no citation; A answers as `answer` says. */
const uncitedAttackOnA = (answer: 'refute' | 'concede' | 'none'): Partial<Record<ScriptedPhase, Override>> => ({
  'cross-examination': (_call, { position }) =>
    position === 'B'
      ? {
          cross_examination: {
            answers: [],
            weaknesses: [],
            attacks: [{ target: 'A', claim_id: 'O.A.1', claim: 'A is simply wrong.', citations: [] }],
          },
        }
      : undefined,
  closing: (call, { position }) =>
    position === 'A'
      ? {
          cross_examination: {
            answers:
              answer === 'none'
                ? []
                : attacksToAnswer(call).map((id) => ({
                    attack_id: id,
                    answer,
                    text: 'Line 13 shows it holds.',
                    citations: answer === 'refute' ? [cacheLine(13)] : [],
                  })),
            weaknesses: [],
            attacks: [],
          },
        }
      : undefined,
});

describe('untested is its own status (issue #39, point 1)', () => {
  it('a quick debate records no position survived: the recommendation is untested, low at most, and require-confident never passes it', async () => {
    const { outcome, models, record } = await debate({ judge: recommends('A', 'high') }, 'quick');
    expect(statuses(outcome)).toEqual({ A: 'untested', B: 'unresolved' });
    expect(outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'low' });
    expect(outcome.enforcement.join(' ')).toContain(
      'position A is untested: no counted attack reached it. Confidence is lowered to low.',
    );
    // Not a retry and not a degradation: the engine sets the ceiling itself.
    expect(models.calls.filter((c) => describeCall(c).retry)).toHaveLength(0);
    expect(outcome.completion).toBe('success');
    expect(record.positions.map((p) => p.status)).toEqual(['untested', 'unresolved']);
    expect(evaluatePolicy(record, 'require-confident', policyFacts).conclusion).toBe('action_required');
    expect(evaluatePolicy(record, 'require-decision', policyFacts).conclusion).toBe('success');
    // Even a record that claimed medium for an untested recommendation does not pass require-confident.
    expect(evaluatePolicy({ ...record, confidence: 'medium' }, 'require-confident', policyFacts)).toMatchObject({
      conclusion: 'action_required',
      reason: expect.stringContaining('untested'),
    });
    // The comment's legend says in plain words what untested means; quick's plan says its verdict will be untested.
    const body = renderDebateComment(outcome, record, pack, {
      id: record.id,
      serverUrl: 'https://github.com',
      owner: 'octo',
      repo: 'widgets',
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    }).body;
    expect(body).toContain(
      '🧪 untested: its own evidence checked out, but no attack that cited evidence was made on it, so nothing tested it',
    );
    expect(body).not.toContain('✅ survived');
    expect(describeRounds(outcome.plan)).toContain('the verdict will be untested');
  });

  it('a position whose only attacker cited nothing is untested, not survived, whatever it answered', async () => {
    for (const answer of ['refute', 'concede', 'none'] as const) {
      const { outcome, record } = await debate({ ...uncitedAttackOnA(answer), judge: recommends('A', 'high') });
      expect(statuses(outcome).A, answer).toBe('untested');
      expect(outcome.ruling, answer).toMatchObject({ recommendation: 'A', confidence: 'low' });
      expect(record.positions[0]!.attacks, answer).toEqual({ refuted: 0, conceded: 0, unanswered: 0, uncited: 1 });
    }
  });
});

describe("support is the position's own case (issue #39, point 2)", () => {
  it('a concession, an attack on another position and a steelman written for it never carry a position', async () => {
    // B's opening citation fails; B concedes A's attack citing a real line, attacks A with a real line, and A steelmans B with real lines.
    const { outcome } = await debate({
      opening: (_call, { position }) =>
        position === 'B'
          ? {
              opening: {
                thesis: 't',
                arguments: [{ claim: 'B holds.', reasoning: 'r', confidence: 0.9, citations: [WRONG] }],
                known_weaknesses: [],
                predicted_attacks: [],
              },
            }
          : undefined,
      closing: (call, { position }) =>
        position === 'B'
          ? {
              cross_examination: {
                answers: attacksToAnswer(call).map((id) => ({
                  attack_id: id,
                  answer: 'concede',
                  text: 'Line 14 shows A has a point.',
                  citations: [cacheLine(14)],
                })),
                weaknesses: [],
                attacks: [],
              },
            }
          : undefined,
      judge: (call) =>
        judgeSays(call, {
          positions: ['A', 'B'].map((id) => ({ id, status: 'survived', rationale: 'r', defeating_citations: [] })),
          recommendation: 'B',
        }),
    });
    expect(statuses(outcome)).toEqual({ A: 'survived', B: 'unresolved' });
    expect(outcome.enforcement.join(' ')).toContain(
      'Position B was ruled survived, but no claim of its support (opening arguments, refutes that held) is tagged verified',
    );
    expect(outcome.ruling?.recommendation).toBe('none');
  });
});

describe('an attack must carry evidence to count (issue #39, point 3)', () => {
  it('an uncited attack left unanswered neither bars survival nor shows as counted; the transcript says "uncited attack: not counted"', async () => {
    // Both attack each other; B's attack on A cites nothing and A never answers it; A's attack on B is verified and refuted.
    const { outcome, models, record } = await debate({
      'cross-examination': (_call, { position }) =>
        position === 'B'
          ? {
              cross_examination: {
                answers: [],
                weaknesses: [],
                attacks: [{ target: 'A', claim_id: null, claim: 'A ignores staleness.', citations: [] }],
              },
            }
          : {
              cross_examination: {
                answers: [],
                weaknesses: [],
                attacks: [
                  { target: 'B', claim_id: 'O.B.1', claim: 'Line 24 contradicts B.', citations: [cacheLine(24)] },
                ],
              },
            },
      closing: (call, { position }) =>
        position === 'B'
          ? {
              cross_examination: {
                answers: attacksToAnswer(call).map((id) => ({
                  attack_id: id,
                  answer: 'refute',
                  text: 'Line 12 holds.',
                  citations: [cacheLine(12)],
                })),
                weaknesses: [],
                attacks: [],
              },
            }
          : { cross_examination: { answers: [], weaknesses: [], attacks: [] } },
      judge: recommends('A', 'medium'),
    });
    expect(attacksOf(outcome).find((a) => a.by === 'B')!.outcome).toMatchObject({
      kind: 'unanswered',
      countsAsConceded: true,
    });
    // A: nothing counted reached it, so it is untested (not unresolved for an unanswered attack).
    expect(statuses(outcome)).toEqual({ A: 'untested', B: 'unresolved' });
    expect(record.positions[0]!.attacks).toEqual({ refuted: 0, conceded: 0, unanswered: 0, uncited: 1 });
    const judge = judgeCalls(models.calls)[0]!.instructions;
    expect(judge).toContain(
      '- Attack X1.B.1 on position A [uncited attack: not counted] [no-citation: no structured citation]: A ignores staleness.\n  Outcome: uncited attack: not counted (no answer)',
    );
    expect(judge).toContain('uncited attacks, not counted: 1. No counted attack reached it: it is untested.');
    // The advocate asked to answer it is told it does not count.
    const closingA = models.calls.find((c) => describeCall(c).phase === 'closing' && describeCall(c).position === 'A')!;
    expect(closingA.instructions).toMatch(
      /- attack_id X1\.B\.1, by position B \[uncited attack: not counted\]: A ignores staleness\./,
    );
  });

  it('an uncited attack aimed at a claim whose own citation failed counts: the verifier proved it', async () => {
    const { outcome, record } = await debate({
      opening: (_call, { position }) =>
        position === 'B'
          ? {
              opening: {
                thesis: 't',
                arguments: [
                  { claim: 'B holds.', reasoning: 'r', confidence: 0.5, citations: [WRONG] },
                  { claim: 'B also holds.', reasoning: 'r', confidence: 0.5, citations: [cacheLine(12)] },
                ],
                known_weaknesses: [],
                predicted_attacks: [],
              },
            }
          : undefined,
      'cross-examination': (_call, { position }) =>
        position === 'A'
          ? {
              cross_examination: {
                answers: [],
                weaknesses: [],
                attacks: [{ target: 'B', claim_id: 'O.B.1', claim: "B's quote is not in the file.", citations: [] }],
              },
            }
          : undefined,
      closing: (_call, { position }) =>
        position === 'B' ? { cross_examination: { answers: [], weaknesses: [], attacks: [] } } : undefined,
      judge: recommends('B', 'medium'),
    });
    expect(record.positions[1]!.attacks).toMatchObject({ unanswered: 1, uncited: 0 });
    expect(statuses(outcome).B).toBe('unresolved');
  });
});

describe('the auditor judges each answer against its attack (issue #39, point 4)', () => {
  const answersB = (
    text: string,
    citations: object[],
    kind: 'refute' | 'concede' = 'refute',
  ): Partial<Record<ScriptedPhase, Override>> => ({
    closing: (call, { position }) =>
      position === 'B'
        ? {
            cross_examination: {
              answers: attacksToAnswer(call).map((id) => ({ attack_id: id, answer: kind, text, citations })),
              weaknesses: [],
              attacks: [],
            },
          }
        : undefined,
  });

  it('shows the auditor the attack, its lines, the answer and its lines side by side, and an unresponsive finding turns a refute into a concession', async () => {
    const { outcome, models } = await debate({
      ...answersB('Line 15 shows the cache is small.', [cacheLine(15)]),
      audit: () => ({
        audit: {
          irrelevant: [],
          exaggerated: [],
          out_of_scope: [],
          unresponsive: [{ answer_id: 'C.B.a1', reason: 'The attack is about staleness; the answer is about size.' }],
          stalling: [],
        },
      }),
    });
    const audit = models.calls.find((c) => describeCall(c).phase === 'audit')!.instructions;
    const block = audit
      .split('- Answer C.B.a1 (refute, position B) to attack X1.A.1 (position A on position B):')[1]!
      .split('\n- ')[0]!;
    expect(block).toContain(
      '  - Attack X1.A.1 (verified: 1 structured citation checked out, none failed): A attacks in round 1.\n    - [verified] src/cache.ts:24 "const value24 = \'line 24 of cache\';"',
    );
    expect(block).toContain('> 24 | const value24');
    expect(block).toContain(
      '  - Answer C.B.a1 (verified: 1 structured citation checked out, none failed): Line 15 shows the cache is small.\n    - [verified] src/cache.ts:15',
    );
    expect(block).toContain('> 15 | const value15');
    expect(attacksOf(outcome).find((a) => a.id === 'X1.A.1')!.outcome).toMatchObject({
      kind: 'conceded',
      because: 'unresponsive',
    });
  });

  it('the phrase list only proposes: a cited answer with "it depends" refutes; an uncited dodge the auditor finds stalling does not count as an honest concession', async () => {
    const depends = await debate(
      answersB('No. It depends on `strict`, which line 12 sets to true, so the call throws.', [cacheLine(12)]),
    );
    expect(attacksOf(depends.outcome).find((a) => a.id === 'X1.A.1')!.outcome).toMatchObject({ kind: 'refuted' });
    const dodge = await debate({
      ...answersB('That needs a closer look; nothing in the pack settles it.', [], 'concede'),
      audit: () => ({
        audit: {
          irrelevant: [],
          exaggerated: [],
          out_of_scope: [],
          unresponsive: [],
          stalling: [{ answer_id: 'C.B.a1', reason: 'It defers instead of answering.' }],
        },
      }),
    });
    expect(attacksOf(dodge.outcome).find((a) => a.id === 'X1.A.1')!.outcome).toMatchObject({
      kind: 'conceded',
      because: 'stalling',
    });
    // Stalling is for answers without a verified citation: on a cited one it is ignored, with a note.
    const cited = await debate({
      ...answersB('Line 12 holds.', [cacheLine(12)]),
      audit: () => ({
        audit: {
          irrelevant: [],
          exaggerated: [],
          out_of_scope: [],
          unresponsive: [],
          stalling: [{ answer_id: 'C.B.a1', reason: 'x' }],
        },
      }),
    });
    expect(attacksOf(cited.outcome).find((a) => a.id === 'X1.A.1')!.outcome).toMatchObject({ kind: 'refuted' });
    expect(cited.outcome.audit?.notes.join(' ')).toContain(
      'The auditor found answer C.B.a1 stalling, but it has a verified citation',
    );
  });

  it('a refute that only quotes the line the attack cited does not refute it', async () => {
    const { outcome } = await debate(answersB('Read line 24 again.', [cacheLine(24)]));
    expect(attacksOf(outcome).find((a) => a.id === 'X1.A.1')!.outcome).toMatchObject({
      kind: 'conceded',
      because: 'refute-echo',
    });
  });
});

describe('honesty is credited (issue #39, point 5)', () => {
  // A faces two verified attacks from B: the first refuted, the second answered as `second` says.
  const twoAttacksOnA = (second: 'concede' | 'bare-refute'): Partial<Record<ScriptedPhase, Override>> => ({
    'cross-examination': (_call, { position }) =>
      position === 'B'
        ? {
            cross_examination: {
              answers: [],
              weaknesses: [],
              attacks: [
                { target: 'A', claim_id: 'O.A.1', claim: 'Line 25 contradicts A.', citations: [cacheLine(25)] },
                { target: 'A', claim_id: null, claim: 'Line 26 shows a cost.', citations: [cacheLine(26)] },
              ],
            },
          }
        : { cross_examination: { answers: [], weaknesses: [], attacks: [] } },
    closing: (call, { position }) => {
      if (position !== 'A') return undefined;
      const [first, next] = attacksToAnswer(call);
      const other =
        second === 'concede'
          ? { attack_id: next, answer: 'concede', text: 'True, a small cost.', citations: [] }
          : { attack_id: next, answer: 'refute', text: 'Wrong.', citations: [] };
      return {
        cross_examination: {
          answers: [{ attack_id: first, answer: 'refute', text: 'Line 11 holds.', citations: [cacheLine(11)] }, other],
          weaknesses: [],
          attacks: [],
        },
      };
    },
    judge: recommends('A', 'high'),
  });

  it('an honest concession of a non-fatal point keeps high confidence; a bare refute lowers it', async () => {
    const honest = await debate(twoAttacksOnA('concede'));
    expect(honest.outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'high' });
    const bare = await debate(twoAttacksOnA('bare-refute'));
    expect(bare.outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'medium' });
    expect(bare.outcome.enforcement.join(' ')).toContain('Confidence is lowered to medium');
  });

  it('tells the judge the same, and marks weaknesses an advocate named itself [weakness]', async () => {
    const { models } = await debate({});
    const judge = judgeCalls(models.calls)[0]!.instructions;
    expect(judge).toContain(
      'An honest `concede` of a non-fatal point costs its position nothing beyond the point itself.',
    );
    expect(judge).toContain(
      'weigh a weakness its own advocate named less against the position than one an opponent had to expose',
    );
    expect(judge).toContain('Known weaknesses [weakness]: Weakness of A.');
  });
});

describe('the judge runs are counterbalanced (issue #39, point 6)', () => {
  it('the second run reads the positions under swapped ids and in swapped order everywhere: the listing, the facts and the transcript', async () => {
    const { models } = await debate({});
    const [first, second] = judgeCalls(models.calls).map((c) => c.instructions);
    expect(first).toContain('- A: keep the cache\n- B: drop the cache');
    expect(second).toContain('- A: drop the cache\n- B: keep the cache');
    // The facts: listed in the shown order, under the shown ids.
    expect(second!.indexOf('- Position A: ')).toBeLessThan(second!.indexOf('- Position B: '));
    expect(second).toContain('"Weakness of B." (opening)');
    expect(second!.split('- Position A: ')[1]!.split('- Position B: ')[0]).toContain('"Weakness of B." (opening)');
    // The transcript: B's opening comes first, as position A, its claim renamed.
    expect(second!.indexOf('### Opening of position A: drop the cache')).toBeLessThan(
      second!.indexOf('### Opening of position B: keep the cache'),
    );
    expect(second).toContain('Argument O.A.1 [verified: 1 structured citation checked out, none failed]: Claim of B.');
    expect(second).not.toContain('Opening of position A: keep the cache');
    // Neither run sees the advocates' own confidence, and the opening prompt promises nothing about it.
    for (const text of [first, second]) expect(text).not.toContain('confidence 0.7');
    expect(
      loadPrompt('opening', {
        position_id: 'A',
        position_label: 'x',
        positions: 'x',
        out_of_scope: '',
        word_cap: '1',
        language: '',
      }),
    ).not.toMatch(/costs more/);
  });

  it('maps each ruling back: a judge that rules on the positions agrees with itself, one that favours the first listed flips, and the comment says which', async () => {
    const agree = await debate({});
    expect(agree.outcome.judgeRuns.map((r) => r.ruling?.recommendation)).toEqual(['A', 'A']);
    const firstListed = await debate({
      judge: (call) => ({ ruling: ruling(positionsOf(call), { recommendation: positionsOf(call)[0] }) }),
    });
    expect(firstListed.outcome.judgeRuns.map((r) => r.ruling?.recommendation)).toEqual(['A', 'B']);
    expect(firstListed.outcome.ruling?.recommendation).toBe('none');
    expect(firstListed.record.no_decision_reason).toBe('judge-disagreed');
    const context = {
      id: 'x',
      serverUrl: 'https://github.com',
      owner: 'o',
      repo: 'r',
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    };
    expect(renderDebateComment(agree.outcome, agree.record, pack, context).body).toContain(
      '_Judge runs: 2 of 2 recommended position A. Half the runs read the positions under swapped ids and in swapped order',
    );
    expect(renderDebateComment(firstListed.outcome, firstListed.record, pack, context).body).toContain(
      '**No clear winner: the judge runs disagreed.**',
    );
  });

  it('with judge-runs 4, two runs in each order, and a recommendation needs 3 of 4', async () => {
    // A judge that favours the first listed once in four calls (the first swapped run).
    let swappedCalls = 0;
    const leaning = (flips: number) => (call: ModelCall<unknown>) => {
      const swapped = call.meta?.order?.[0] === 'B';
      if (swapped && !describeCall(call).retry) swappedCalls += 1;
      return swapped && swappedCalls <= flips
        ? {
            ruling: ruling(positionsOf(call), {
              recommendation: 'A',
              positions: ['A', 'B'].map((id) => ({
                id,
                status: id === 'A' ? 'survived' : 'unresolved',
                rationale: 'r',
                defeating_citations: [],
              })),
            }),
          }
        : judgeSays(call);
    };
    const one = await debate({ judge: leaning(1) }, 'standard', 4);
    expect(judgeCalls(one.models.calls).map((c) => c.meta?.order)).toEqual([
      ['A', 'B'],
      ['B', 'A'],
      ['A', 'B'],
      ['B', 'A'],
    ]);
    expect(one.outcome.judgeRuns.map((r) => r.ruling?.recommendation)).toEqual(['A', 'B', 'A', 'A']);
    expect(one.outcome.ruling?.recommendation).toBe('A');
    swappedCalls = 0;
    const two = await debate({ judge: leaning(2) }, 'standard', 4);
    expect(two.outcome.judgeRuns.map((r) => r.ruling?.recommendation)).toEqual(['A', 'B', 'A', 'B']);
    expect(two.outcome.ruling).toMatchObject({ recommendation: 'none', confidence: 'low' });
    expect(two.record.no_decision_reason).toBe('judge-disagreed');
  });
});

describe('a count in the ruling never blocks a merge (issue #39, point 7)', () => {
  it('a ruling with 1 key reason and 1 trade-off, both runs agreeing, is kept as given with a note: no retry, completion success, the gate passes', async () => {
    const { outcome, models, record } = await debate({
      judge: (call) => judgeSays(call, { key_reasons: ['Only one.'], trade_offs: ['Only one.'] }),
    });
    expect(judgeCalls(models.calls)).toHaveLength(2);
    expect(models.calls.filter((c) => describeCall(c).retry)).toHaveLength(0);
    expect(outcome.completion).toBe('success');
    expect(outcome.problems).toEqual([]);
    expect(outcome.ruling).toMatchObject({
      recommendation: 'A',
      confidence: 'medium',
      key_reasons: ['Only one.'],
      trade_offs: ['Only one.'],
    });
    expect(outcome.enforcement.join(' ')).toContain(
      'The ruling gives 1 key reason(s), where 3 to 5 are asked for; they are kept as given.',
    );
    expect(evaluatePolicy(record, 'require-decision', policyFacts).conclusion).toBe('success');
  });
});
