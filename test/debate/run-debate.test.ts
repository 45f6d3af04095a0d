import { describe, expect, it } from 'vitest';
import { ModelReplyError, type ModelCall, type ModelClient } from '../../src/debate/model-client.js';
import { planDebate, type PresetName } from '../../src/debate/plan.js';
import type { DebateRequest } from '../../src/debate/debate-request.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { DebateResult } from '../../src/debate/debate-types.js';
import { SpendingCapReached } from '../../src/llm/spending-cap.js';
import { RunStopped } from '../../src/llm/stop-signal.js';
import {
  cacheLine,
  debateScript,
  defaults,
  judgeSays,
  positionsOf,
  ruling,
  WRONG,
  type Override,
} from '../support/debate-script.js';
import { cacheContent, fixturePack, pull } from '../support/evidence-fixtures.js';
import {
  attacksToAnswer,
  describeCall,
  scriptedModels,
  truncatedReply,
  type ScriptedPhase,
} from '../support/scripted-models.js';

const pack = fixturePack();
expect(cacheContent).toContain(cacheLine(12).quote);

function request(overrides: Partial<DebateRequest> & { preset?: PresetName; rounds?: number } = {}): DebateRequest {
  const { preset = 'standard', rounds, ...rest } = overrides;
  return {
    pack,
    positions: ['keep the cache', 'drop the cache'],
    // A plan framed at this head named the PR's position, so the moderator is not called (its naming is tested on its own).
    prPosition: { kind: 'named', id: 'A' },
    outOfScope: [],
    command: '/debate',
    moderatorModel: 'm-mod',
    advocateModels: ['m-adv'],
    judgeModel: 'm-judge',
    plan: planDebate({ preset, maxRounds: undefined, command: rounds === undefined ? {} : { rounds } }),
    language: {
      language: 'auto',
      commandText: 'keep the cache vs drop the cache',
      prText: `${pull.title}\n\n${pull.body}`,
    },
    ...rest,
  };
}

async function debate(overrides: Partial<Record<ScriptedPhase, Override>>, req: Parameters<typeof request>[0] = {}) {
  const models = scriptedModels(debateScript(overrides));
  const outcome = await runDebate(models, request(req));
  if (outcome.kind !== 'debate') throw new Error('expected a debate');
  return { outcome, models, phases: models.calls.map((c) => describeCall(c)) };
}

const judgeCalls = (models: { calls: ModelCall<unknown>[] }) =>
  models.calls.filter((c) => describeCall(c).phase === 'judge');

describe('runDebate: the phases', () => {
  it('runs a standard debate: openings, a round, closing answers, the steelman swap, the audit and two judge runs', async () => {
    const { outcome, models, phases } = await debate({});
    expect(phases.map((p) => `${p.phase}${p.position ?? ''}`)).toEqual([
      'openingA',
      'openingB',
      'cross-examinationA',
      'cross-examinationB',
      'closingA',
      'closingB',
      'steelmanA',
      'steelmanB',
      'audit',
      'judge',
      'judge',
    ]);
    // Every call starts with the same bytes and sends the same output schema: one cached prefix.
    expect(new Set(models.calls.map((c) => c.system + c.evidence)).size).toBe(1);
    expect(new Set(models.calls.map((c) => c.format)).size).toBe(1);
    // Openings see no other opening; the round sees every opening verbatim.
    const [openA, , crossA] = models.calls;
    expect(openA!.instructions).not.toContain('Claim of B.');
    expect(openA!.transcript).toBeUndefined();
    expect(crossA!.transcript).toContain('Claim of B.');
    // Every speaker of a phase reads the same transcript block, so it is cached once.
    expect(models.calls[3]!.transcript).toBe(crossA!.transcript);
    expect(crossA!.transcript).toContain('[verified] src/cache.ts:12 "const value12 = \'line 12 of cache\';"');
    // The closing answers name the attacks of round 1.
    expect(models.calls[4]!.instructions).toContain('attack_id X1.B.1, by position B');
    expect(
      outcome.transcript.rounds[0]!.turns.flatMap((t) => t.attacks.map((a) => `${a.id}:${a.outcome.kind}`)),
    ).toEqual(['X1.A.1:refuted', 'X1.B.1:refuted']);
    expect(outcome.stop).toEqual({ kind: 'max-rounds', rounds: 1 });
    expect(outcome.roundsHeld).toBe(1);
    expect(outcome.plan.preset).toBe('standard');
    expect(outcome.transcript.steelmans.map((s) => `${s.positionId}->${s.target}`)).toEqual(['A->B', 'B->A']);
    // The neutral roles run on the judge model, the advocates on theirs.
    expect(models.calls.filter((c) => c.role === 'advocate').every((c) => c.model === 'm-adv')).toBe(true);
    expect(
      models.calls.filter((c) => c.role === 'auditor' || c.role === 'judge').every((c) => c.model === 'm-judge'),
    ).toBe(true);
    // The judge runs twice: the second reads the positions under swapped ids and in swapped order; both see the audit tags and the attack outcomes.
    expect(judgeCalls(models).map((c) => c.meta?.order)).toEqual([
      ['A', 'B'],
      ['B', 'A'],
    ]);
    expect(judgeCalls(models)[1]!.instructions).toContain('- A: drop the cache\n- B: keep the cache');
    expect(outcome.judgeRuns.map((r) => r.swapped)).toEqual([false, true]);
    expect(judgeCalls(models)[0]!.instructions).toContain(
      'Attack X1.A.1 on position B [verified: 1 structured citation checked out, none failed]: A attacks in round 1.',
    );
    expect(judgeCalls(models)[0]!.instructions).toContain('Outcome: refuted (C.B.a1)');
    expect(outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'medium' });
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['survived', 'unresolved']);
    expect(outcome.completion).toBe('success');
    expect(outcome.counts.get('A')).toEqual({ verified: 3, unverified: 0, reasons: {} });
  });

  it('runs quick as openings, the audit and the judge; deep as two rounds', async () => {
    const quick = await debate({}, { preset: 'quick' });
    expect(quick.phases.map((p) => p.phase)).toEqual(['opening', 'opening', 'audit', 'judge', 'judge']);
    expect(quick.outcome).toMatchObject({
      stop: { kind: 'no-rounds' },
      roundsHeld: 0,
      plan: { preset: 'quick', steelman: false },
    });

    // Deep: two rounds, and a two-position debate gains the pragmatist as position C (issue #28).
    const deep = await debate({}, { preset: 'deep' });
    expect(deep.phases.filter((p) => p.phase === 'cross-examination').map((p) => p.round)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(deep.outcome).toMatchObject({ stop: { kind: 'max-rounds', rounds: 2 }, roundsHeld: 2 });
    expect(deep.outcome.positions.map((p) => p.label)).toEqual([
      'keep the cache',
      'drop the cache',
      'Middle ground (the pragmatist): only what the evidence supports of "keep the cache" and of "drop the cache", and no more',
    ]);
    expect(deep.outcome.topic).toBe('keep the cache vs drop the cache');
    expect(deep.outcome.notes.join(' ')).toContain('the pragmatist (position C)');
    // The pragmatist is pinned like the others: its own opening, its own turns, ruled on by the judge.
    expect(deep.phases.filter((p) => p.position === 'C').map((p) => p.phase)).toEqual([
      'opening',
      'cross-examination',
      'cross-examination',
      'closing',
      'steelman',
    ]);
    expect(deep.outcome.ruling?.positions.map((p) => p.id)).toEqual(['A', 'B', 'C']);
    // Round 2 answers round 1's attacks; the closing answers round 2's (the script attacks the next position: C attacks A).
    expect(deep.outcome.transcript.rounds[1]!.turns[0]!.answers.map((a) => a.attackId)).toEqual(['X1.C.1']);
    expect(deep.outcome.transcript.closing[0]!.answers.map((a) => a.attackId)).toEqual(['X2.C.1']);
    // Switched off, or with three positions given, there is no pragmatist.
    const plain = await debate(
      {},
      { plan: { ...planDebate({ preset: 'deep', maxRounds: undefined, command: {} }), pragmatist: false } },
    );
    expect(plain.outcome.positions).toHaveLength(2);
    const three = await debate({}, { preset: 'deep', positions: ['keep', 'drop', 'shrink'] });
    expect(three.outcome.positions.map((p) => p.label)).toEqual(['keep', 'drop', 'shrink']);

    const custom = await debate({}, { rounds: 3 });
    expect(custom.outcome.plan).toMatchObject({ preset: 'custom', rounds: 3 });
    expect(custom.outcome.roundsHeld).toBe(3);
  });

  it('ends cross-examination early when an advocate surrenders; the position is conceded and cannot be recommended', async () => {
    const { outcome, phases } = await debate(
      {
        'cross-examination': (call, info) => {
          if (info.position !== 'B' || info.round !== 2) return undefined;
          return {
            cross_examination: {
              answers: [{ attack_id: 'X1.A.1', answer: 'surrender', text: 'The evidence defeats B.', citations: [] }],
              weaknesses: ['B ignored staleness.'],
              attacks: [],
            },
          };
        },
        judge: (call) =>
          judgeSays(call, {
            positions: positionsOf(call).map((id) => ({
              id,
              status: 'survived',
              rationale: 'r',
              defeating_citations: [],
            })),
            recommendation: 'B',
          }),
      },
      { preset: 'deep', rounds: 5 },
    );
    expect(outcome.stop).toEqual({ kind: 'surrender', round: 2, positionIds: ['B'] });
    expect(outcome.surrendered).toEqual(['B']);
    expect(phases.filter((p) => p.phase === 'cross-examination')).toHaveLength(4);
    expect(phases.some((p) => p.phase === 'closing')).toBe(false);
    // A's round-2 attack on B could never be answered: not a concession.
    const late = outcome.transcript.rounds[1]!.turns[0]!.attacks[0]!;
    expect(late.outcome).toMatchObject({ kind: 'unanswered', countsAsConceded: false });
    expect(outcome.transcript.rounds[0]!.turns[0]!.attacks[0]!.outcome).toMatchObject({ kind: 'surrendered' });
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['survived', 'conceded']);
    expect(outcome.ruling?.recommendation).toBe('none');
    expect(outcome.enforcement.join(' ')).toContain(
      'recommends position B, which is not a surviving or untested position',
    );
    // The reason shown beside "no position recommended" says what the judge did and what the engine found.
    expect(outcome.ruling?.confidence_reason).toBe(
      "The judge recommended position B, but by the engine's rules it is conceded, so nothing is recommended.",
    );
    // Issue #20: nobody steelmans a surrendered position, and its advocate argues no more, so with one
    // position left arguing there is no swap.
    expect(outcome.transcript.steelmans).toHaveLength(0);
    expect(phases.some((p) => p.phase === 'steelman')).toBe(false);
  });

  it('stops when a round brings no new verified citation and no new attack', async () => {
    const { outcome, phases } = await debate(
      {
        // Round 2 only answers, citing lines already cited: nothing new.
        'cross-examination': (call, info) =>
          info.round === 2
            ? {
                cross_examination: {
                  answers: attacksToAnswer(call).map((id) => ({
                    attack_id: id,
                    answer: 'refute',
                    text: 'Again.',
                    citations: [cacheLine(11)],
                  })),
                  weaknesses: [],
                  attacks: [],
                },
              }
            : undefined,
      },
      { preset: 'deep' },
    );
    expect(outcome.stop).toEqual({ kind: 'converged', round: 2 });
    expect(phases.some((p) => p.phase === 'closing')).toBe(false);
    expect(
      outcome.transcript.rounds[0]!.turns.flatMap((t) => t.attacks).every((a) => a.outcome.kind === 'refuted'),
    ).toBe(true);
  });
});

describe('runDebate: rules enforced in code', () => {
  it('counts an attack left unanswered as conceded, and tells the judge', async () => {
    const { outcome, models } = await debate({
      closing: (_call, info) =>
        info.position === 'B' ? { cross_examination: { answers: [], weaknesses: [], attacks: [] } } : undefined,
    });
    const attack = outcome.transcript.rounds[0]!.turns[0]!.attacks[0]!;
    expect(attack).toMatchObject({
      id: 'X1.A.1',
      target: 'B',
      outcome: { kind: 'unanswered', countsAsConceded: true },
    });
    const judge = judgeCalls(models)[0]!.instructions;
    expect(judge).toContain('Outcome: unanswered, so counted as conceded (position B did not answer it)');
    expect(judge).toMatch(/Position B: .*counted attacks on it: 1 \(0 refuted, 0 conceded, 1 unanswered\)/);
  });

  it('ignores answers to attacks that do not exist, attacks on oneself, and attacks in a closing turn', async () => {
    const { outcome } = await debate({
      'cross-examination': (_call, info) =>
        info.position === 'A'
          ? {
              cross_examination: {
                answers: [{ attack_id: 'X9.Z.9', answer: 'refute', text: 't', citations: [] }],
                weaknesses: [],
                attacks: [
                  { target: 'A', claim_id: null, claim: 'self', citations: [] },
                  { target: 'B', claim_id: null, claim: 'real', citations: [] },
                ],
              },
            }
          : undefined,
      closing: (call, info) =>
        info.position === 'B'
          ? {
              cross_examination: {
                answers: [],
                weaknesses: [],
                attacks: [{ target: 'A', claim_id: null, claim: 'late', citations: [] }],
              },
            }
          : undefined,
    });
    const turnA = outcome.transcript.rounds[0]!.turns[0]!;
    expect(turnA.answers).toEqual([]);
    expect(turnA.attacks.map((a) => a.claim.text)).toEqual(['real']);
    expect(turnA.notes.join(' ')).toMatch(/names no open attack.*own position/);
    expect(outcome.transcript.closing.find((t) => t.positionId === 'B')!.notes.join(' ')).toContain(
      'dropped: nobody could answer them',
    );
  });

  it('reads an attack id wherever and however it is written in the field (issue #20)', async () => {
    const written = ['Attack X1-A-1', 'x1 a 1', 'answering X1.a.1 above', 'X1_A_01'];
    for (const id of written) {
      const { outcome, models } = await debate({
        closing: (_call, info) =>
          info.position === 'B'
            ? {
                cross_examination: {
                  answers: [{ attack_id: id, answer: 'refute', text: 'No.', citations: [cacheLine(12)] }],
                  weaknesses: [],
                  attacks: [],
                },
              }
            : undefined,
      });
      expect(outcome.transcript.rounds[0]!.turns[0]!.attacks[0]!.outcome, id).toMatchObject({ kind: 'refuted' });
      expect(
        models.calls.filter((c) => c.meta?.phase === 'closing' && c.meta.retry),
        id,
      ).toHaveLength(0);
    }
  });

  it('asks once again when an answer names no open attack, instead of conceding it silently (issue #20)', async () => {
    const { outcome, models } = await debate({
      closing: (call, info) => {
        if (info.position !== 'B') return undefined;
        const answer = info.retry ? 'X1.A.1' : 'the attack on my cache claim';
        return {
          cross_examination: {
            answers: [{ attack_id: answer, answer: 'refute', text: 'No.', citations: [cacheLine(12)] }],
            weaknesses: [],
            attacks: [],
          },
        };
      },
    });
    const retries = models.calls.filter(
      (c) => c.meta?.phase === 'closing' && c.meta.positionId === 'B' && c.meta.retry,
    );
    expect(retries).toHaveLength(1);
    expect(retries[0]!.instructions).toContain(
      '`attack_id` "the attack on my cache claim" names none of the open attacks (X1.A.1)',
    );
    expect(outcome.transcript.rounds[0]!.turns[0]!.attacks[0]!.outcome).toMatchObject({ kind: 'refuted' });
    // Asked once only: a second stray answer is ignored and the attack counts as conceded, as before.
    const stubborn = await debate({
      closing: (_call, info) =>
        info.position === 'B'
          ? {
              cross_examination: {
                answers: [{ attack_id: 'none of them', answer: 'refute', text: 'No.', citations: [] }],
                weaknesses: [],
                attacks: [],
              },
            }
          : undefined,
    });
    expect(stubborn.models.calls.filter((c) => c.meta?.phase === 'closing' && c.meta.positionId === 'B')).toHaveLength(
      2,
    );
    expect(stubborn.outcome.transcript.rounds[0]!.turns[0]!.attacks[0]!.outcome).toMatchObject({
      kind: 'unanswered',
      countsAsConceded: true,
    });
  });

  it('gives "no clear winner" when the two judge runs, in different orders, disagree', async () => {
    const { outcome, models } = await debate({
      judge: (call) => {
        const order = positionsOf(call);
        // A judge that favours whichever position it reads first.
        return {
          ruling: ruling(order, {
            positions: order.map((id) => ({ id, status: 'survived', rationale: 'r', defeating_citations: [] })),
            recommendation: order[0],
          }),
        };
      },
    });
    expect(judgeCalls(models).map((c) => c.meta?.order)).toEqual([
      ['A', 'B'],
      ['B', 'A'],
    ]);
    // Mapped back, the second run's "A" is the debate's B.
    expect(outcome.judgeRuns.map((r) => r.ruling?.recommendation)).toEqual(['A', 'B']);
    expect(outcome.ruling).toMatchObject({ recommendation: 'none', confidence: 'low' });
    expect(outcome.ruling?.confidence_reason).toBe(
      'The two judge runs, one with the positions under swapped ids and in swapped order, disagreed after mapping back: one recommended A, the other B.',
    );
    expect(outcome.ruling?.summary).toMatch(/^No clear winner/);
    expect(outcome.completion).toBe('success');
  });

  it('lowers to low the confidence of "no clear winner" that names no axis, and of a recommendation outside the debate', async () => {
    const tie = await debate({
      judge: (call) =>
        judgeSays(call, {
          recommendation: 'none',
          tied_on_axis: null,
          confidence: 'high',
          confidence_reason: 'Verified evidence supports A.',
        }),
    });
    expect(tie.outcome.ruling).toMatchObject({ recommendation: 'none', confidence: 'low' });
    expect(tie.outcome.ruling?.confidence_reason).toMatch(/^There is no clear winner and no axis/);
    const axis = await debate({
      judge: (call) =>
        judgeSays(call, { recommendation: 'none', tied_on_axis: 'latency versus safety', confidence: 'high' }),
    });
    expect(axis.outcome.ruling).toMatchObject({
      recommendation: 'none',
      confidence: 'high',
      tied_on_axis: 'latency versus safety',
    });
    // A recommendation outside the debate cannot be written: the schema's enum holds only this debate's ids.
    const stranger = await debate({
      judge: (call, info) => judgeSays(call, { recommendation: info.retry ? 'A' : 'C' }),
    });
    const repair = judgeCalls(stranger.models).find((c) => describeCall(c).retry)!;
    expect(repair.instructions).toMatch(/ruling\.recommendation: Invalid option: expected one of "none"\|"A"\|"B"/);
    expect(stranger.outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'medium' });
  });

  it('closes the steelman rotation over the advocates still in the debate', async () => {
    const { outcome } = await debate(
      {
        opening: (call, info, i) => (info.position === 'B' ? new Error('overloaded') : defaults.opening(call, info, i)),
      },
      { positions: ['keep', 'drop', 'cap'] },
    );
    expect(outcome.transcript.steelmans.map((t) => `${t.positionId}->${t.target}`)).toEqual(['A->C', 'C->A']);
    expect(outcome.transcript.openings.find((t) => t.positionId === 'B')).toMatchObject({
      status: 'incomplete',
      repaired: false,
    });
  });

  it('repairs a truncated reply once, then marks the turn incomplete and goes on degraded', async () => {
    let bOpenings = 0;
    const { outcome, models } = await debate({
      opening: (_call, info) => (info.position === 'B' ? (bOpenings++, truncatedReply()) : undefined),
    });
    expect(bOpenings).toBe(2);
    const retry = models.calls.filter(
      (c) => describeCall(c).phase === 'opening' && describeCall(c).position === 'B',
    )[1]!;
    expect(retry.instructions).toContain('# Your previous reply could not be used');
    expect(retry.instructions).toContain('cut off at the output limit');
    expect(outcome.transcript.openings[1]).toMatchObject({ status: 'incomplete', positionId: 'B' });
    expect(outcome.completion).toBe('degraded-success');
    expect(outcome.problems.join(' ')).toMatch(
      /opening of position B is incomplete: .*cut at max_tokens; after one repair retry/,
    );
    // With one advocate left there is no cross-examination; the judge still rules.
    expect(outcome.stop).toEqual({ kind: 'too-few-advocates', round: 0 });
    expect(outcome.ruling).toBeDefined();
    expect(outcome.calls.filter((c) => c.retry).length).toBe(1);
  });

  it('keeps a turn whose repair retry succeeded, marked as repaired, with the validation errors in the retry', async () => {
    const { outcome, models } = await debate({
      opening: (call, info) =>
        info.position === 'A' && !info.retry
          ? { opening: { thesis: 'x', arguments: [], known_weaknesses: [], predicted_attacks: [] } }
          : undefined,
    });
    const retry = models.calls.find((c) => describeCall(c).retry)!;
    expect(retry.instructions).toContain('opening.arguments: Too small');
    expect(outcome.transcript.openings[0]).toMatchObject({ status: 'complete', repaired: true });
    expect(outcome.completion).toBe('success');
  });

  it('rotates the steelman over four positions: A for B, B for C, C for D, D for A', async () => {
    const { outcome, models } = await debate(
      { judge: (call) => judgeSays(call) },
      { positions: ['one', 'two', 'three', 'four'] },
    );
    expect(outcome.transcript.steelmans.map((s) => `${s.positionId}->${s.target}`)).toEqual([
      'A->B',
      'B->C',
      'C->D',
      'D->A',
    ]);
    const asked = models.calls
      .filter((c) => describeCall(c).phase === 'steelman')
      .map((c) => `${describeCall(c).position}->${/best case for position ([A-D])/.exec(c.instructions)![1]}`);
    expect(asked).toEqual(['A->B', 'B->C', 'C->D', 'D->A']);
    expect(judgeCalls(models).map((c) => c.meta?.order)).toEqual([
      ['A', 'B', 'C', 'D'],
      ['D', 'C', 'B', 'A'],
    ]);
    // The swapped run shows D's label as A, and names D's claims as A's.
    expect(judgeCalls(models)[1]!.instructions).toContain('- A: four\n- B: three\n- C: two\n- D: one');
    expect(judgeCalls(models)[1]!.instructions).toContain('### Opening of position A: four');
    expect(outcome.ruling?.recommendation).toBe('A');
  });

  it('ignores an out-of-scope argument: the judge never reads it and it counts for nothing', async () => {
    const { outcome, models } = await debate(
      {
        opening: (_call, info) =>
          info.position === 'B'
            ? {
                opening: {
                  thesis: 'Thesis of B.',
                  arguments: [
                    { claim: 'Claim of B.', reasoning: 'r', confidence: 0.7, citations: [cacheLine(12)] },
                    {
                      claim: 'The variable naming in this file is ugly.',
                      reasoning: 'Style.',
                      confidence: 0.7,
                      citations: [cacheLine(15)],
                    },
                  ],
                  known_weaknesses: [],
                  predicted_attacks: [],
                },
              }
            : undefined,
        audit: () => ({
          audit: {
            exaggerated: [],
            out_of_scope: [
              { claim_id: 'O.B.2', topic: 'Naming' },
              { claim_id: 'O.A.1', topic: 'not a listed topic' },
            ],
          },
        }),
      },
      { outOfScope: ['naming'] },
    );
    expect(
      models.calls
        .filter((c) => c.role === 'advocate')
        .every((c) =>
          c.instructions.includes('Out of scope (do not argue about these; arguments about them are ignored): naming'),
        ),
    ).toBe(true);
    // The second run reads B under the id A, and its claims under A's ids.
    for (const [judge, id] of judgeCalls(models).map((c, i) => [c, i === 0 ? 'O.B.2' : 'O.A.2'] as const)) {
      expect(judge.instructions).not.toContain('The variable naming in this file is ugly.');
      expect(judge.instructions).toContain(
        `Argument ${id}: [IGNORED by the engine: it argues an out-of-scope topic (naming)]`,
      );
    }
    // O.B.1, its attack and its closing answer; not the out-of-scope O.B.2.
    expect(outcome.counts.get('B')).toEqual({ verified: 3, unverified: 0, reasons: {} });
    expect(outcome.audit).toMatchObject({ status: 'checked', ignored: 1 });
    expect(outcome.audit?.notes.join(' ')).toContain('not a listed topic');
  });

  it('tags exaggerated claims from the auditor only when they were verified', async () => {
    const { outcome, models } = await debate({
      audit: () => ({
        audit: {
          exaggerated: [
            { claim_id: 'O.A.1', reason: 'Line 11 is one constant, not a policy.' },
            { claim_id: 'X1.B.9', reason: 'x' },
          ],
          out_of_scope: [],
        },
      }),
    });
    expect(outcome.transcript.openings[0]!.arguments[0]).toMatchObject({
      tag: 'exaggerated',
      tagReason: 'Line 11 is one constant, not a policy.',
    });
    expect(judgeCalls(models)[0]!.instructions).toContain(
      'Argument O.A.1 [exaggerated: 1 structured citation checked out, but the auditor found: Line 11 is one constant, not a policy.]: Claim of A.',
    );
    expect(outcome.audit?.notes.join(' ')).toContain('unknown claim X1.B.9');
    expect(outcome.audit?.tally.exaggerated).toBe(1);
  });

  it('rejects a ruling that breaks the rules once, then corrects it conservatively and says so', async () => {
    const bad = (call: ModelCall<unknown>) =>
      judgeSays(call, {
        positions: [
          { id: 'A', status: 'falsified', rationale: 'r', defeating_citations: [WRONG] },
          { id: 'B', status: 'survived', rationale: 'r', defeating_citations: [] },
        ],
        recommendation: 'B',
        trade_offs: ['Only one.'],
      });
    const { outcome, models } = await debate({
      // B's only citation is wrong: it has no verified support and cannot survive.
      opening: (_call, info) =>
        info.position === 'B'
          ? {
              opening: {
                thesis: 't',
                arguments: [{ claim: 'c', reasoning: 'r', confidence: 0.7, citations: [WRONG] }],
                known_weaknesses: [],
                predicted_attacks: [],
              },
            }
          : undefined,
      'cross-examination': (_call, info) =>
        info.position === 'B' ? { cross_examination: { answers: [], weaknesses: [], attacks: [] } } : undefined,
      closing: (_call, info) =>
        info.position === 'B'
          ? {
              cross_examination: {
                answers: [{ attack_id: 'X1.A.1', answer: 'refute', text: 'no', citations: [WRONG] }],
                weaknesses: [],
                attacks: [],
              },
            }
          : undefined,
      judge: bad,
    });
    const judge = judgeCalls(models);
    expect(judge).toHaveLength(4);
    const retry = judge.find((c) => c.instructions.includes('# Your ruling broke the rules'))!;
    expect(retry.instructions).toContain('Position A was ruled falsified without a verified counter-citation');
    expect(retry.instructions).toContain('Position B was ruled survived, but no claim of its support');
    // A count is not a rule to retry for: it is kept, with a note.
    expect(retry.instructions.split('# Your ruling broke the rules')[1]).not.toContain('trade-off');
    expect(outcome.enforcement.join('\n')).toContain(
      'The ruling gives 1 irreducible trade-off(s), where at least two are asked for; they are kept as given.',
    );
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['unresolved', 'unresolved']);
    expect(outcome.ruling).toMatchObject({ recommendation: 'none', confidence: 'low' });
    expect(outcome.enforcement.join('\n')).toContain(
      'The retried ruling broke this rule, so the engine corrected it: Position B is recorded as unresolved.',
    );
    expect(outcome.judgeRuns.every((r) => r.retried)).toBe(true);
  });

  it('accepts a retried ruling that keeps the rules, and says the first was rejected', async () => {
    const unresolvedA = {
      positions: [
        { id: 'A', status: 'falsified', rationale: 'r', defeating_citations: [] },
        { id: 'B', status: 'unresolved', rationale: 'r', defeating_citations: [] },
      ],
      recommendation: 'none',
      tied_on_axis: 'speed',
    };
    const { outcome } = await debate({
      judge: (call, info) => (info.retry ? undefined : judgeSays(call, unresolvedA)),
    });
    expect(outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'medium' });
    expect(outcome.enforcement.join(' ')).toContain(
      'The first ruling broke a rule (Position A was ruled falsified without a verified counter-citation in defeating_citations.) and was rejected',
    );
  });

  it('aborts with the transcript kept when the judge fails twice', async () => {
    const { outcome } = await debate({ judge: () => ({ ruling: null }) });
    expect(outcome.completion).toBe('aborted');
    expect(outcome.ruling).toBeUndefined();
    expect(outcome.transcript.rounds).toHaveLength(1);
    expect(outcome.judgeRuns.map((r) => r.error)).toEqual([
      expect.stringContaining('after one repair retry'),
      expect.stringContaining('after one repair retry'),
    ]);
    expect(outcome.calls.filter((c) => c.role === 'judge')).toHaveLength(4);
  });

  it('caps a turn at its word limit, visibly, and drops what follows the cut', async () => {
    const long = Array.from({ length: 800 }, (_, i) => `word${i}`).join(' ');
    const { outcome, models } = await debate({
      opening: (_call, info) =>
        info.position === 'A'
          ? {
              opening: {
                thesis: 'Short.',
                arguments: [
                  { claim: long, reasoning: 'r', confidence: 0.7, citations: [cacheLine(11)] },
                  { claim: 'dropped', reasoning: 'r', confidence: 0.7, citations: [cacheLine(13)] },
                ],
                known_weaknesses: ['w'],
                predicted_attacks: [],
              },
            }
          : undefined,
    });
    const opening = outcome.transcript.openings[0]!;
    expect(opening.truncated).toEqual({ capWords: 700, words: 1 + 800 + 1 + 1 + 1 + 1 });
    expect(opening.arguments).toHaveLength(1);
    expect(opening.arguments[0]!.text).toMatch(/word698 \[… truncated: the turn passed its 700-word cap\]$/);
    expect(opening.knownWeaknesses).toEqual([]);
    expect(models.calls[2]!.transcript).toContain(
      '[This turn was cut at its 700-word cap; the advocate wrote 805 words.]',
    );
  });

  it('asks for the language of the command, and repairs a reply in the wrong script', async () => {
    const command = 'キャッシュを残す vs キャッシュをやめる';
    const { outcome, models } = await debate(
      {
        opening: (_call, info) =>
          info.position === 'A' && !info.retry
            ? {
                opening: {
                  thesis:
                    'This reply is written in English although the maintainer wrote the command in Japanese, which the rule forbids.',
                  arguments: [
                    {
                      claim: 'An English claim.',
                      reasoning: 'English reasoning.',
                      confidence: 0.7,
                      citations: [cacheLine(11)],
                    },
                  ],
                  known_weaknesses: [],
                  predicted_attacks: [],
                },
              }
            : info.phase === 'opening'
              ? {
                  opening: {
                    thesis: 'キャッシュは設定の解析を速くするので残すべきです。期限は六十秒で十分に短いです。',
                    arguments: [
                      {
                        claim: '十一行目が値を保持します。',
                        reasoning: '引用の通りです。',
                        confidence: 0.7,
                        citations: [cacheLine(11)],
                      },
                    ],
                    known_weaknesses: [],
                    predicted_attacks: [],
                  },
                }
              : undefined,
      },
      {
        preset: 'quick',
        positions: ['キャッシュを残す', 'キャッシュをやめる'],
        language: { language: 'auto', commandText: command, prText: pull.title },
      },
    );
    expect(
      models.calls.every((c) =>
        c.instructions.includes(`the language the maintainer wrote the debate command in: "${command}"`),
      ),
    ).toBe(true);
    const retry = models.calls.find((c) => describeCall(c).retry)!;
    expect(retry.instructions).toContain('not written in the language the rule asks for (expected cjk script');
    expect(outcome.transcript.openings[0]).toMatchObject({ repaired: true });
    // The judge's and the auditor's English replies fail the check too, are retried, then kept with a problem noted.
    expect(outcome.problems.join(' ')).toMatch(/language/);
    expect(outcome.completion).toBe('degraded-success');
  });
});

describe('runDebate: a run stopped early returns why (stoppedBy)', () => {
  const deadline = () =>
    new RunStopped(
      'deadline',
      'the run deadline was reached (deadline-minutes: 1); calls still in flight were stopped',
      'The run deadline (deadline-minutes: 1) was reached before the debate finished; model calls still in flight were stopped.',
    );
  const firstOrder = (call: ModelCall<unknown>) => call.meta?.order?.[0];

  it('a call the spending cap refused: the cap, its figures from the refusal, and the run degraded', async () => {
    const { outcome } = await debate({
      judge: (call) => (firstOrder(call) === 'B' ? new SpendingCapReached(0.5, 0.4123, 0.1877) : undefined),
    });
    expect(outcome.stoppedBy).toEqual({ kind: 'spending-cap', capUsd: 0.5, spentUsd: 0.4123, callUsd: 0.1877 });
    expect(outcome.completion).toBe('degraded-success');
    expect(outcome.judgeRuns.map((r) => r.error)).toEqual([
      undefined,
      expect.stringMatching(/^the spending cap was reached \(max-cost-usd: 0\.5\)/),
    ]);
  });

  it("calls the stop signal aborted: the signal's reason and its sentence, every later call stopped the same way", async () => {
    const { outcome } = await debate({
      'cross-examination': () => deadline(),
      closing: () => deadline(),
      steelman: () => deadline(),
      audit: () => deadline(),
      judge: () => deadline(),
    });
    expect(outcome.stoppedBy).toEqual({
      kind: 'deadline',
      summary:
        'The run deadline (deadline-minutes: 1) was reached before the debate finished; model calls still in flight were stopped.',
    });
    expect(outcome.completion).toBe('aborted');
  });

  it('the cap wins over the signal: a run the cap stopped needs a higher cap, whatever stopped the calls in flight', async () => {
    const { outcome } = await debate({
      judge: (call) =>
        firstOrder(call) === 'A'
          ? new RunStopped(
              'cancelled',
              'the job was cancelled (SIGINT)',
              'The job was cancelled (SIGINT) before the debate finished.',
            )
          : new SpendingCapReached(1, 0.9, 0.2),
    });
    expect(outcome.stoppedBy).toEqual({ kind: 'spending-cap', capUsd: 1, spentUsd: 0.9, callUsd: 0.2 });
  });

  it('a debate that ran its course, or whose calls failed on their own, was stopped by nothing', async () => {
    expect((await debate({})).outcome.stoppedBy).toBeUndefined();
    const failed = await debate({ judge: () => new Error('529 overloaded_error') });
    expect(failed.outcome.completion).toBe('aborted');
    expect(failed.outcome.stoppedBy).toBeUndefined();
  });
});

describe('runDebate: framing', () => {
  const framing = (overrides: object) => () => ({
    framing: {
      ...(defaults.moderator(undefined as never, undefined as never, 0) as { framing: object }).framing,
      ...overrides,
    },
  });

  it('asks the moderator when no positions were given, and keeps at most four distinct positions', async () => {
    const { outcome, models } = await debate(
      {
        moderator: framing({
          positions: ['Cache', 'No cache', 'cache ', 'TTL', 'LRU', 'Disk'].map((label) => ({ label })),
          out_of_scope: ['naming'],
        }),
      },
      { positions: [] },
    );
    expect(outcome.positions.map((p) => `${p.id}:${p.label}`)).toEqual(['A:Cache', 'B:No cache', 'C:TTL', 'D:LRU']);
    expect(outcome.notes[0]).toContain('framed 5 positions; the first 4 are debated');
    expect(outcome.outOfScope).toEqual(['naming']);
    expect(models.calls[0]!.model).toBe('m-mod');
  });

  it('asks for the strongest counter-position when the moderator finds only one side', async () => {
    const { outcome, models } = await debate(
      {
        moderator: (_call, info) => (info.retry ? undefined : framing({ positions: [{ label: 'Keep the cache' }] })()),
      },
      { positions: [] },
    );
    expect(models.calls[1]!.instructions).toContain('Write the strongest counter-position as the second');
    expect(outcome.positions).toHaveLength(2);
  });

  it('keeps the position the moderator named as this PR through repeats it drops; its "none is" is unknown, and only --no-pr-position is null (issue #38)', async () => {
    const framed = await debate(
      {
        moderator: framing({
          positions: [{ label: 'Keep the cache' }, { label: 'keep  the cache' }, { label: 'Drop the cache' }],
          pr_position: 'C',
        }),
      },
      { positions: [] },
    );
    expect(framed.outcome.kind === 'debate' && framed.outcome.positions.map((p) => p.label)).toEqual([
      'Keep the cache',
      'Drop the cache',
    ]);
    expect(framed.outcome.kind === 'debate' && framed.outcome.prPosition).toBe('B');
    const none = await debate({ moderator: framing({ pr_position: null }) }, { positions: [] });
    expect(none.outcome.prPosition).toBeUndefined();
    expect(none.outcome.notes.join(' ')).toMatch(
      /framed the positions found no position to be this PR as written, so the record leaves which one is unknown\. The merge gate passes this decision only when a maintainer other than the PR's author accepts one/,
    );
    const said = await debate(
      { moderator: framing({ pr_position: 'A' }) },
      { positions: [], prPosition: { kind: 'none' } },
    );
    expect(said.outcome.prPosition).toBeNull();
    const planned = await debate({}, { positions: ['keep it', 'drop it'], prPosition: { kind: 'named', id: null } });
    expect(planned.outcome.prPosition).toBeUndefined();
    expect(planned.models.calls.some((c) => c.role === 'moderator')).toBe(false);
  });

  it('checks a `(this PR)` mark in the one moderator call: confirmed only when it names the marked position, else kept as a claim (issue #38)', async () => {
    const confirmed = await debate(
      { moderator: framing({ pr_position: 'B' }) },
      { positions: ['keep it', 'drop it'], prPosition: { kind: 'claim', id: 'B' } },
    );
    expect(confirmed.outcome.prPosition).toBe('B');
    expect(confirmed.outcome.prPositionClaimed).toBeUndefined();
    expect(confirmed.models.calls.filter((c) => c.role === 'moderator')).toHaveLength(1);
    // Asked blind: the labels it reads carry no mark.
    expect(confirmed.models.calls.find((c) => c.role === 'moderator')!.instructions).toContain(
      '- A: keep it\n- B: drop it',
    );
    for (const reply of [
      framing({ pr_position: 'A' }),
      framing({ pr_position: null }),
      () => new ModelReplyError('bad', undefined),
    ]) {
      const denied = await debate(
        { moderator: reply },
        { positions: ['keep it', 'drop it'], prPosition: { kind: 'claim', id: 'B' } },
      );
      expect(denied.outcome.prPosition).toBeUndefined();
      expect(denied.outcome.prPositionClaimed).toBe('B');
      expect(denied.outcome.notes.join(' ')).toMatch(
        /Position B was marked `\(this PR\)`, but the moderator .*, so the mark is not confirmed: the record keeps it as `pr_position_claimed`/,
      );
    }
  });

  it("asks the moderator which named position is the PR when none was marked, after the openings, and keeps the maintainer's labels", async () => {
    const told: string[] = [];
    const named = await debate(
      { moderator: framing({ positions: [{ label: 'something else' }, { label: 'reworded' }], pr_position: 'B' }) },
      { prPosition: { kind: 'ask' }, onPrPosition: (id) => told.push(id) },
    );
    expect(named.outcome.prPosition).toBe('B');
    expect(told).toEqual(['B']);
    expect(named.outcome.positions.map((p) => p.label)).toEqual(['keep the cache', 'drop the cache']);
    const moderatorCalls = named.models.calls.filter((c) => c.role === 'moderator');
    expect(moderatorCalls).toHaveLength(1);
    expect(moderatorCalls[0]!.instructions).toContain('- A: keep the cache\n- B: drop the cache');
    // After the openings: it reads the prompt cache they wrote, and no advocate waits for it.
    const first = named.models.calls.findIndex((c) => c.role === 'moderator');
    expect(
      named.models.calls.slice(0, first).filter((c) => describeCall(c).phase === 'opening' && !describeCall(c).warmUp),
    ).toHaveLength(2);
    expect(named.outcome.notes.join(' ')).toMatch(
      /moderator found that position B is this PR as written\. If that is wrong, debate again with `\(this PR\)`/,
    );
    expect(named.outcome.completion).toBe('success');

    // "None is the PR" would pass any decision; for positions a maintainer named for this PR it stays unknown (only an accept passes).
    const none = await debate({ moderator: framing({ pr_position: null }) }, { prPosition: { kind: 'ask' } });
    expect(none.outcome.prPosition).toBeUndefined();
    expect(none.outcome.notes.join(' ')).toMatch(
      /found that no position is this PR as written, so the record leaves it unknown/,
    );
    const beyond = await debate({ moderator: framing({ pr_position: 'C' }) }, { prPosition: { kind: 'ask' } });
    expect(beyond.outcome.prPosition).toBeUndefined();
    expect(beyond.outcome.notes.join(' ')).toMatch(/named position C, which this debate does not have/);
    // A moderator that fails leaves it unknown (the gate then passes only an accept); the debate itself is whole.
    const failed = await debate(
      { moderator: () => new ModelReplyError('bad', undefined) },
      { prPosition: { kind: 'ask' } },
    );
    expect(failed.outcome.prPosition).toBeUndefined();
    expect(failed.outcome.completion).toBe('success');
    expect(failed.outcome.notes.join(' ')).toMatch(/moderator could not say which position is this PR/);
  });

  it('replies without a debate when the topic is not contested, or stays one-sided', async () => {
    const quiet = scriptedModels(
      debateScript({ moderator: framing({ contested: false, positions: [], suggested_command: '/debate a vs b' }) }),
    );
    expect((await runDebate(quiet, request({ positions: [] }))).kind).toBe('not-contested');
    expect(quiet.calls).toHaveLength(1);
    const oneSided = scriptedModels(debateScript({ moderator: framing({ positions: [{ label: 'Only this' }] }) }));
    const outcome = await runDebate(oneSided, request({ positions: [] }));
    expect(outcome.kind).toBe('not-contested');
    if (outcome.kind === 'not-contested') expect(outcome.framing.reason).toContain('found only one side');
  });

  it('throws when the moderator fails twice: there is nothing to debate', async () => {
    const models = scriptedModels(() => new ModelReplyError('bad', undefined));
    await expect(runDebate(models, request({ positions: [] }))).rejects.toThrow(
      /moderator could not frame the debate: bad; after one repair retry: bad/,
    );
  });
});

describe('runDebate: models and the prompt cache', () => {
  it('cycles advocate-models over the positions', async () => {
    const { outcome, models } = await debate({}, { positions: ['one', 'two', 'three'], advocateModels: ['m1', 'm2'] });
    expect(outcome.positions.map((p) => p.model)).toEqual(['m1', 'm2', 'm1']);
    const openings = models.calls.filter((c) => describeCall(c).phase === 'opening');
    expect(['A', 'B', 'C'].map((id) => openings.find((c) => describeCall(c).position === id)!.model)).toEqual([
      'm1',
      'm2',
      'm1',
    ]);
  });

  it('warms the cache before a fan-out, lets a short transcript follow a leader, and sends the judge runs together after the audit', async () => {
    const events: string[] = [];
    // The closing's new transcript must stay long next to the cached system prompt and evidence, which grew
    // with the quote rule's limits and examples (issue #29): each round turn acknowledges a weakness.
    const inner = scriptedModels(
      debateScript({
        'cross-examination': (call, info, index) => {
          const reply = defaults['cross-examination'](call, info, index) as {
            cross_examination: { weaknesses: string[] };
          };
          reply.cross_examination.weaknesses = [
            `${info.position} grants that a cached value may be stale for up to a minute.`,
          ];
          return reply;
        },
      }),
    );
    let release: (() => void) | undefined;
    let held: (() => void) | undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const client: ModelClient = {
      async complete(call) {
        const info = describeCall(call as ModelCall<unknown>);
        const who = `${info.warmUp ? 'warm-up ' : ''}${info.phase}${info.position ?? ''}`;
        events.push(`send ${who}`);
        if (who === 'warm-up openingA') {
          held!();
          await new Promise<void>((resolve) => (release = resolve));
        }
        if (info.phase === 'cross-examination' && info.position === 'A') call.onStart?.();
        return inner.complete(call);
      },
    };
    const running = runDebate(client, request({ preset: 'standard' }));
    await holding;
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    // Nothing goes out until the warm-up with the evidence prefix has completed.
    expect(events).toEqual(['send warm-up openingA']);
    release!();
    const outcome = await running;
    expect(events.slice(1, 3).sort()).toEqual(['send openingA', 'send openingB']);
    // The round's transcript is short next to the cached evidence: A leads, B follows once A's reply has begun.
    expect(events.slice(3, 5)).toEqual(['send cross-examinationA', 'send cross-examinationB']);
    // The fixture's evidence pack is small, so the longer transcripts of the closing and the steelman swap are warmed.
    expect(events.filter((e) => e.startsWith('send warm-up'))).toEqual([
      'send warm-up openingA',
      'send warm-up closingA',
      'send warm-up steelmanA',
    ]);
    expect(events.indexOf('send warm-up closingA')).toBe(events.indexOf('send closingA') - 1);
    // The auditor wrote the judge model's prefix, so both judge runs go out together.
    expect(events.slice(-3)).toEqual(['send audit', 'send judge', 'send judge']);
    expect(inner.warmUps.map((c) => c.maxTokens)).toEqual([1, 1, 1]);
    expect(inner.warmUps[1]!.transcript).toBe(inner.calls.find((c) => describeCall(c).phase === 'closing')!.transcript);
    expect(outcome.calls.find((c) => c.purpose.startsWith('prompt-cache warm-up'))).toMatchObject({
      ok: true,
      retry: false,
    });
    expect((outcome as DebateResult).completion).toBe('success');
  });
});
