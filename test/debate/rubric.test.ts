import { describe, expect, it } from 'vitest';
import type { ModelCall } from '../../src/debate/model-client.js';
import { argumentConfidences } from '../../src/debate/calibration.js';
import { makeClaim } from '../../src/debate/claims.js';
import { planDebate } from '../../src/debate/plan.js';
import { loadPrompt, promptPlaceholders, RULE_PLACEHOLDERS, type PromptName } from '../../src/debate/prompts.js';
import {
  answerOutcome,
  ATTACK_OUTCOME_RULES,
  ATTACKS_PER_OPPONENT,
  CONFIDENCE_RUBRIC,
  CREDIBILITY_RULE,
  FORMAT_RULE,
  AUDIT_ANSWER_RULES,
  COUNTED_ATTACK_RULE,
  mayStall,
  STALLING_PHRASES,
  STALLING_RULE,
  STATUS_RULES,
  SUPPORT_RULE,
} from '../../src/debate/rubric.js';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { STATUS_MEANING } from '../../src/report/render-verdict.js';
import { truncationMarker } from '../../src/debate/word-cap.js';
import type { DebateRequest } from '../../src/debate/debate-request.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { Attack, DebateResult } from '../../src/debate/debate-types.js';
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
 * Issue #28: the falsification rubric, read as a reviewer reads the verdict. A scripted debate where
 * position B refutes one attack without citations, answers another beside the point (with a verified
 * citation; the auditor finds it unresponsive) and leaves a third unanswered; a judge that rules B
 * survived with high confidence is held to the rule.
 */
const pack = fixturePack();

function request(
  positions: string[],
  plan = planDebate({ preset: 'deep', maxRounds: undefined, command: {} }),
): DebateRequest {
  return {
    pack,
    positions,
    outOfScope: [],
    command: '/debate',
    moderatorModel: 'm',
    advocateModels: ['m'],
    judgeModel: 'm-judge',
    plan: { ...plan, pragmatist: false },
    language: { language: 'auto', commandText: positions.join(' vs '), prText: pull.title },
  };
}

async function debate(positions: string[], overrides: Partial<Record<ScriptedPhase, Override>>) {
  const models = scriptedModels(debateScript(overrides));
  const outcome = await runDebate(models, request(positions));
  if (outcome.kind !== 'debate') throw new Error('expected a debate');
  return { outcome, models };
}

const attacksOf = (outcome: DebateResult): Attack[] =>
  [...outcome.transcript.rounds.flatMap((r) => r.turns), ...outcome.transcript.closing].flatMap((t) => t.attacks);
const byId = (outcome: DebateResult, id: string) => attacksOf(outcome).find((a) => a.id === id)!;
const judgeOf = (calls: ModelCall<unknown>[]) =>
  calls.find((c) => describeCall(c).phase === 'judge' && !describeCall(c).retry)!.instructions;

/** B's answers: a bare refute, a stalling refute with a verified citation; in the closing, nothing. */
const evasiveB: Partial<Record<ScriptedPhase, Override>> = {
  'cross-examination': (call, { position, round }) => {
    if (position === 'A') {
      return {
        cross_examination: {
          answers: attacksToAnswer(call).map((id) => ({
            attack_id: id,
            answer: 'refute',
            text: `A refutes ${id}.`,
            citations: [cacheLine(11)],
          })),
          weaknesses: [],
          attacks:
            round === 1
              ? [
                  { target: 'B', claim_id: 'O.B.1', claim: 'B claim is wrong.', citations: [cacheLine(21)] },
                  { target: 'B', claim_id: null, claim: 'B ignores staleness.', citations: [cacheLine(22)] },
                  { target: 'B', claim_id: null, claim: 'A third attack in one turn.', citations: [cacheLine(23)] },
                ]
              : [{ target: 'B', claim_id: null, claim: 'B never measured.', citations: [cacheLine(24)] }],
        },
      };
    }
    const answers = attacksToAnswer(call).map((id, i) =>
      i === 0
        ? { attack_id: id, answer: 'refute', text: 'That is simply wrong.', citations: [] }
        : {
            attack_id: id,
            answer: 'refute',
            text: "It's complicated; this needs more investigation.",
            citations: [cacheLine(12)],
          },
    );
    return {
      cross_examination: {
        answers,
        weaknesses: ['B never benchmarked.'],
        attacks:
          round === 1
            ? [{ target: 'A', claim_id: 'O.A.1', claim: 'A claim is weak.', citations: [cacheLine(25)] }]
            : [],
      },
    };
  },
  closing: (call, { position }) =>
    position === 'B'
      ? { cross_examination: { answers: [], weaknesses: [], attacks: [] } }
      : {
          cross_examination: {
            answers: attacksToAnswer(call).map((id) => ({
              attack_id: id,
              answer: 'refute',
              text: 'Refuted.',
              citations: [cacheLine(11)],
            })),
            weaknesses: [],
            attacks: [],
          },
        },
};

describe('the falsification rubric in the engine (issue #28)', () => {
  it('counts a bare refute and an answer the auditor found unresponsive as conceded, an unanswered attack as unanswered, and says so', async () => {
    // B's support: O.B.1 only (its attack X1.B.1 is not its case). X2.B.a2 cites a real line but, read beside its attack, does not meet it.
    const { outcome, models } = await debate(['keep the cache', 'drop the cache'], {
      ...evasiveB,
      audit: () => ({
        audit: {
          irrelevant: [],
          exaggerated: [],
          out_of_scope: [],
          unresponsive: [
            { answer_id: 'X2.B.a2', reason: 'It says the matter is open instead of meeting the staleness attack.' },
          ],
          stalling: [],
        },
      }),
      judge: (call) =>
        judgeSays(call, {
          positions: positionsOf(call).map((id) => ({
            id,
            status: 'survived',
            rationale: 'r',
            defeating_citations: [],
          })),
          recommendation: 'B',
          confidence: 'high',
        }),
    });
    expect(byId(outcome, 'X1.A.1')).toMatchObject({
      targetClaim: 'O.B.1',
      outcome: { kind: 'conceded', because: 'refute-without-evidence' },
    });
    expect(byId(outcome, 'X1.A.2').outcome).toMatchObject({ kind: 'conceded', because: 'unresponsive' });
    expect(byId(outcome, 'X2.A.1').outcome).toMatchObject({ kind: 'unanswered', countsAsConceded: true });
    // Bounded rounds: the third attack on one opponent in one turn is dropped, with a note.
    expect(attacksOf(outcome).filter((a) => a.by === 'A' && a.id.startsWith('X1.'))).toHaveLength(2);
    expect(outcome.transcript.rounds[0]!.turns[0]!.notes.join(' ')).toContain(
      '1 attack(s) on position B beyond the 2 a turn may make on one position were dropped',
    );
    // A's answers carry verified citations: refuted.
    expect(byId(outcome, 'X1.B.1').outcome).toMatchObject({ kind: 'refuted' });

    const judge = judgeOf(models.calls);
    expect(judge).toContain('refute without verified evidence: counted as conceded');
    expect(judge).toContain('refute the auditor found unresponsive to the attack: counted as conceded');
    expect(judge).toContain(
      'The auditor found it unresponsive: It says the matter is open instead of meeting the staleness attack.',
    );
    expect(judge).toContain(
      'Position B: 1 claim(s) of its support tagged verified; counted attacks on it: 3 (0 refuted, 2 conceded, 1 unanswered); uncited attacks, not counted: 0.',
    );
    expect(judge).toContain(
      'Position A: 2 claim(s) of its support tagged verified; counted attacks on it: 1 (1 refuted, 0 conceded, 0 unanswered); uncited attacks, not counted: 0.',
    );
    expect(judge).toMatch(/- Claims attacked and held: O\.A\.1 \(verified; attack X1\.B\.1 by B: refuted/);
    expect(judge).toMatch(
      /- Claims attacked and not held: O\.B\.1 \(verified; attack X1\.A\.1 by A: conceded \(X2\.B\.a1: refute without verified evidence/,
    );
    expect(judge).toContain(
      '- Weaknesses its own advocate acknowledged [weakness]: "Weakness of B." (opening); "B never benchmarked." (round 1); "B never benchmarked." (round 2)',
    );
    // The opponent is shown B's acknowledged weaknesses, to attack them.
    const roundTwoA = models.calls.find(
      (c) =>
        describeCall(c).phase === 'cross-examination' &&
        describeCall(c).position === 'A' &&
        describeCall(c).round === 2,
    )!;
    expect(roundTwoA.instructions).toContain(
      '## Weaknesses the other positions acknowledged\n- position B (opening): Weakness of B.',
    );

    // The judge ruled B survived and recommended it with high confidence: the engine holds it to the rubric.
    const statuses = Object.fromEntries(outcome.ruling!.positions.map((p) => [p.id, p.status]));
    expect(statuses).toEqual({ A: 'survived', B: 'unresolved' });
    expect(outcome.ruling?.recommendation).toBe('none');
    expect(outcome.enforcement.join(' ')).toContain(
      'Position B was ruled survived, but 1 counted attack(s) on it were left unanswered',
    );
    // The advocates' confidences, beside what became of each argument, for the eval's calibration.
    expect(
      argumentConfidences(outcome).map((c) => `${c.claimId} ${c.confidence} ${c.attacks}/${c.refuted} ${c.holds}`),
    ).toEqual(['O.A.1 0.7 1/1 true', 'O.B.1 0.7 1/0 false']);
    const record = fixtureRecord(pack, outcome);
    expect(record.positions.map((p) => p.attacks)).toEqual([
      { refuted: 1, conceded: 0, unanswered: 0, uncited: 0 },
      { refuted: 0, conceded: 2, unanswered: 1, uncited: 0 },
    ]);
  });

  it('lets high confidence stand for a recommendation that held every counted attack with verified evidence', async () => {
    const high = (id: string) => (call: ModelCall<unknown>) =>
      judgeSays(call, {
        recommendation: id,
        confidence: 'high',
        positions: positionsOf(call).map((p) => ({
          id: p,
          status: p === id ? 'survived' : 'unresolved',
          rationale: 'r',
          defeating_citations: [],
        })),
      });
    const held = await debate(['keep the cache', 'drop the cache'], { ...evasiveB, judge: high('A') });
    expect(held.outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'high' });
  });

  it('takes out a surrendering position only: a 4-position debate goes on for the other three, and their open attacks get answered', async () => {
    const { outcome, models } = await debate(['keep', 'drop', 'shrink', 'shard'], {
      'cross-examination': (call, { position, round }) =>
        position === 'B' && round === 2
          ? {
              cross_examination: {
                answers: attacksToAnswer(call).map((id) => ({
                  attack_id: id,
                  answer: 'surrender',
                  text: 'B gives up.',
                  citations: [],
                })),
                weaknesses: [],
                attacks: [],
              },
            }
          : undefined,
    });
    expect(outcome.surrendered).toEqual(['B']);
    expect(outcome.stop).toEqual({ kind: 'max-rounds', rounds: 2 });
    const phases = models.calls.map((c) => describeCall(c));
    expect(phases.filter((p) => p.phase === 'cross-examination' && p.round === 2).map((p) => p.position)).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    // The closing answers every open attack on the positions still in (the script attacks the next position:
    // in round 2, D attacks A and C attacks D; B, which would have attacked C, surrendered instead).
    expect(phases.filter((p) => p.phase === 'closing').map((p) => p.position)).toEqual(['A', 'D']);
    const round2 = attacksOf(outcome).filter((a) => a.id.startsWith('X2.'));
    for (const attack of round2.filter((a) => a.target !== 'B')) expect(attack.outcome.kind, attack.id).toBe('refuted');
    // The attack on B that came after its surrender cannot be answered, and is not B's concession.
    expect(round2.find((a) => a.target === 'B')?.outcome).toMatchObject({
      kind: 'unanswered',
      countsAsConceded: false,
    });
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual([
      'survived',
      'conceded',
      'unresolved',
      'unresolved',
    ]);
    // Word caps grow with the opponents: 600 + 300 per further opponent (three opponents: 1200).
    expect(models.calls.find((c) => describeCall(c).phase === 'cross-examination')!.instructions).toContain(
      'at most 1200 words',
    );
  });
});

describe('one rubric: the prompts state the constants the engine applies (issue #28)', () => {
  const filled = (name: PromptName) =>
    loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, `<${p}>`])));
  const sentences = {
    judge: [
      SUPPORT_RULE,
      COUNTED_ATTACK_RULE,
      ...Object.values(ATTACK_OUTCOME_RULES),
      STALLING_RULE,
      ...Object.values(STATUS_RULES),
      CREDIBILITY_RULE,
      ...Object.values(CONFIDENCE_RUBRIC),
      FORMAT_RULE,
    ],
    'cross-examination': [
      COUNTED_ATTACK_RULE,
      ...Object.values(ATTACK_OUTCOME_RULES),
      STALLING_RULE,
      STATUS_RULES.survived,
      STATUS_RULES.untested,
    ],
    closing: [
      COUNTED_ATTACK_RULE,
      ...Object.values(ATTACK_OUTCOME_RULES),
      STALLING_RULE,
      STATUS_RULES.survived,
      STATUS_RULES.untested,
    ],
    audit: Object.values(AUDIT_ANSWER_RULES),
  } as const;

  it('fills every rubric sentence into judge.md, audit.md, cross-examination.md and closing.md, once each', () => {
    for (const [name, list] of Object.entries(sentences) as [PromptName, readonly string[]][]) {
      const text = filled(name);
      for (const sentence of list) expect(text.split(sentence), `${name}: ${sentence.slice(0, 60)}`).toHaveLength(2);
    }
    expect(filled('cross-examination')).toContain(`at most ${ATTACKS_PER_OPPONENT} on each position`);
  });

  it('states a rule for every status the record can hold, the new `untested` included, and the comment explains each', () => {
    const recorded = decisionRecordSchema.shape.positions.element.shape.status.options;
    expect(Object.keys(STATUS_RULES).sort()).toEqual([...recorded].sort());
    expect(Object.keys(STATUS_MEANING).sort()).toEqual([...recorded].sort());
    expect(STATUS_RULES.untested).toMatch(/`untested`, not `survived`/);
    expect(STATUS_RULES.untested).toMatch(/`low` confidence at most/);
    for (const name of ['judge', 'cross-examination', 'closing'] as const)
      expect(filled(name)).toContain(STATUS_RULES.untested);
  });

  it('leaves no rubric sentence written by hand in a prompt file, so a prompt cannot drift from the constants', () => {
    // The words that define an outcome, a status or a confidence level appear in the prompt files only through the placeholders.
    const defining = [
      /counts? as conceded/i,
      /may be `survived`/i,
      /is `untested`/i,
      /may be `falsified`/i,
      /^\s*- (high|medium|low):/im,
      /more credible/i,
      /stalling/i,
      /unresponsive/i,
      /attack: not counted/i,
      /costs more/i,
    ];
    for (const name of [
      'judge',
      'judge-retry',
      'audit',
      'cross-examination',
      'closing',
      'opening',
      'steelman',
      'transcript',
    ] as const) {
      const template = loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, ''])))
        .split('\n')
        .filter((line) => !Object.values(RULE_PLACEHOLDERS).some((v) => v.split('\n').includes(line)))
        .join('\n');
      for (const pattern of defining) expect(template, `${name}: ${pattern}`).not.toMatch(pattern);
    }
  });

  it('applies the sentences: each kind of answer counts for what the rubric says', () => {
    const claim = (text: string, tag: 'verified' | 'unverified' | 'no-citation' | 'exaggerated', line = 12) =>
      makeClaim(
        {
          id: 'X2.B.a1',
          positionId: 'B',
          text,
          citations: tag === 'no-citation' ? [] : [tag === 'unverified' ? WRONG : cacheLine(line)],
        },
        pack,
      );
    const tagged = (text: string, tag: 'verified' | 'unverified' | 'no-citation' | 'exaggerated', line = 12) => ({
      ...claim(text, tag, line),
      tag,
    });
    const attack = {
      claim: makeClaim(
        { id: 'X1.A.1', positionId: 'A', text: 'Line 21 shows B is wrong.', citations: [cacheLine(21)] },
        pack,
      ),
    };
    const unresponsive = { kind: 'unresponsive' as const, reason: 'It answers another point.' };
    const stalling = { kind: 'stalling' as const, reason: 'It defers.' };
    const table: [Parameters<typeof answerOutcome>[0], string][] = [
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'verified') }, 'refuted'],
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'unverified') }, 'conceded:refute-without-evidence'],
      [{ answer: 'refute', claim: tagged('No.', 'no-citation') }, 'conceded:refute-without-evidence'],
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'exaggerated') }, 'conceded:refute-exaggerated'],
      [{ answer: 'refute', claim: tagged(truncationMarker(600), 'verified') }, 'conceded:refute-cut'],
      // Quoting the attack's own line back does not refute it.
      [{ answer: 'refute', claim: tagged('Line 21 says otherwise.', 'verified', 21) }, 'conceded:refute-echo'],
      // The phrase list proposes, the auditor decides: a verified refute with a listed phrase still refutes...
      [
        {
          answer: 'refute',
          claim: tagged('It depends on `strict`, which line 12 sets, so the call throws.', 'verified'),
        },
        'refuted',
      ],
      // ...and one the auditor found unresponsive does not, whatever its words.
      [
        { answer: 'refute', claim: tagged('Line 12 shows it.', 'verified'), finding: unresponsive },
        'conceded:unresponsive',
      ],
      [
        {
          answer: 'refute',
          claim: tagged('That needs a closer look; nothing settles it.', 'no-citation'),
          finding: stalling,
        },
        'conceded:stalling',
      ],
      [{ answer: 'concede', claim: tagged('Fair.', 'no-citation') }, 'conceded:concede'],
      [
        { answer: 'concede', claim: tagged('It is complicated.', 'no-citation'), finding: stalling },
        'conceded:stalling',
      ],
      [{ answer: 'surrender', claim: tagged('I give up.', 'no-citation') }, 'surrendered'],
    ];
    for (const [answer, expected] of table) {
      const outcome = answerOutcome(answer, attack);
      expect(outcome.kind === 'conceded' ? `conceded:${outcome.because}` : outcome.kind, answer.claim.text).toBe(
        expected,
      );
    }
    for (const phrase of STALLING_PHRASES) expect(mayStall(`Well, ${phrase.replace("'", '’')}.`), phrase).toBe(true);
  });
});
