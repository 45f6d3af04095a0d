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
  isStalling,
  OWN_CLAIMS_RULE,
  STALLING_PHRASES,
  STALLING_RULE,
  STATUS_RULES,
} from '../../src/debate/rubric.js';
import { truncationMarker } from '../../src/debate/word-cap.js';
import { runDebate, type DebateRequest } from '../../src/debate/run-debate.js';
import type { Attack, DebateResult } from '../../src/debate/debate-types.js';
import { cacheLine, debateScript, positionsOf, ruling, WRONG, type Override } from '../support/debate-script.js';
import { fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack, pull } from '../support/evidence-fixtures.js';
import { attacksToAnswer, describeCall, scriptedModels, type ScriptedPhase } from '../support/scripted-models.js';

/**
 * Issue #28: the falsification rubric, read as a reviewer reads the verdict. A scripted debate where
 * position B refutes one attack without citations, stalls on another (with a verified citation) and
 * leaves a third unanswered; a judge that rules B survived with high confidence is held to the rule.
 */
const pack = fixturePack();

function request(positions: string[], plan = planDebate({ preset: 'deep', maxRounds: undefined, command: {} })): DebateRequest {
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

const attacksOf = (outcome: DebateResult): Attack[] => [...outcome.transcript.rounds.flatMap((r) => r.turns), ...outcome.transcript.closing].flatMap((t) => t.attacks);
const byId = (outcome: DebateResult, id: string) => attacksOf(outcome).find((a) => a.id === id)!;
const judgeOf = (calls: ModelCall<unknown>[]) => calls.find((c) => describeCall(c).phase === 'judge' && !describeCall(c).retry)!.instructions;

/** B's answers: a bare refute, a stalling refute with a verified citation; in the closing, nothing. */
const evasiveB: Partial<Record<ScriptedPhase, Override>> = {
  'cross-examination': (call, { position, round }) => {
    if (position === 'A') {
      return {
        cross_examination: {
          answers: attacksToAnswer(call).map((id) => ({ attack_id: id, answer: 'refute', text: `A refutes ${id}.`, citations: [cacheLine(11)] })),
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
        : { attack_id: id, answer: 'refute', text: "It's complicated; this needs more investigation.", citations: [cacheLine(12)] },
    );
    return { cross_examination: { answers, weaknesses: ['B never benchmarked.'], attacks: round === 1 ? [{ target: 'A', claim_id: 'O.A.1', claim: 'A claim is weak.', citations: [cacheLine(25)] }] : [] } };
  },
  closing: (call, { position }) =>
    position === 'B'
      ? { cross_examination: { answers: [], weaknesses: [], attacks: [] } }
      : { cross_examination: { answers: attacksToAnswer(call).map((id) => ({ attack_id: id, answer: 'refute', text: 'Refuted.', citations: [cacheLine(11)] })), weaknesses: [], attacks: [] } },
};

describe('the falsification rubric in the engine (issue #28)', () => {
  it('counts a bare refute and a stalling answer as conceded, an unanswered attack as unanswered, and says so', async () => {
    // B's own verified support: O.B.1 and its attack X1.B.1; the stalling answer X2.B.a2 cites a real line but is not an answer.
    const { outcome, models } = await debate(['keep the cache', 'drop the cache'], {
      ...evasiveB,
      judge: (call) => ({ ruling: ruling(positionsOf(call), { positions: positionsOf(call).map((id) => ({ id, status: 'survived', rationale: 'r', defeating_citations: [] })), recommendation: 'B', confidence: 'high' }) }),
    });
    expect(byId(outcome, 'X1.A.1')).toMatchObject({ targetClaim: 'O.B.1', outcome: { kind: 'conceded', because: 'refute-without-evidence' } });
    expect(byId(outcome, 'X1.A.2').outcome).toMatchObject({ kind: 'conceded', because: 'stalling' });
    expect(byId(outcome, 'X2.A.1').outcome).toMatchObject({ kind: 'unanswered', countsAsConceded: true });
    // Bounded rounds: the third attack on one opponent in one turn is dropped, with a note.
    expect(attacksOf(outcome).filter((a) => a.by === 'A' && a.id.startsWith('X1.'))).toHaveLength(2);
    expect(outcome.transcript.rounds[0]!.turns[0]!.notes.join(' ')).toContain('1 attack(s) on position B beyond the 2 a turn may make on one position were dropped');
    // A's answers carry verified citations: refuted.
    expect(byId(outcome, 'X1.B.1').outcome).toMatchObject({ kind: 'refuted' });

    const judge = judgeOf(models.calls);
    expect(judge).toContain('refute without verified evidence: counted as conceded');
    expect(judge).toContain('stalling answer, not an answer: counted as conceded');
    expect(judge).toContain('Position B: 2 own claim(s) tagged verified; attacks on it: 3 (0 refuted with verified evidence, 2 conceded, 1 unanswered).');
    expect(judge).toContain('Position A: 5 own claim(s) tagged verified; attacks on it: 1 (1 refuted with verified evidence, 0 conceded, 0 unanswered).');
    expect(judge).toMatch(/- Claims attacked and held: O\.A\.1 \(verified; confidence 0\.7; attack X1\.B\.1 by B: refuted/);
    expect(judge).toMatch(/- Claims attacked and not held: O\.B\.1 \(verified; confidence 0\.7; attack X1\.A\.1 by A: conceded \(X2\.B\.a1: refute without verified evidence/);
    expect(judge).toContain('- Weaknesses its advocate acknowledged: "Weakness of B." (opening); "B never benchmarked." (round 1); "B never benchmarked." (round 2)');
    // The opponent is shown B's acknowledged weaknesses, to attack them.
    const roundTwoA = models.calls.find((c) => describeCall(c).phase === 'cross-examination' && describeCall(c).position === 'A' && describeCall(c).round === 2)!;
    expect(roundTwoA.instructions).toContain('## Weaknesses the other positions acknowledged\n- position B (opening): Weakness of B.');

    // The judge ruled B survived and recommended it with high confidence: the engine holds it to the rubric.
    const statuses = Object.fromEntries(outcome.ruling!.positions.map((p) => [p.id, p.status]));
    expect(statuses).toEqual({ A: 'survived', B: 'unresolved' });
    expect(outcome.ruling?.recommendation).toBe('none');
    expect(outcome.enforcement.join(' ')).toContain('Position B was ruled survived, but 1 attack(s) on it were left unanswered');
    // The advocates' confidences, beside what became of each argument, for the eval's calibration.
    expect(argumentConfidences(outcome).map((c) => `${c.claimId} ${c.confidence} ${c.attacks}/${c.refuted} ${c.holds}`)).toEqual(['O.A.1 0.7 1/1 true', 'O.B.1 0.7 1/0 false']);
    const record = fixtureRecord(pack, outcome);
    expect(record.positions.map((p) => p.attacks)).toEqual([
      { refuted: 1, conceded: 0, unanswered: 0 },
      { refuted: 0, conceded: 2, unanswered: 1 },
    ]);
  });

  it('lets high confidence stand only for a recommendation that held every attack with verified evidence', async () => {
    const high = (id: string) => (call: ModelCall<unknown>) => ({ ruling: ruling(positionsOf(call), { recommendation: id, confidence: 'high', positions: positionsOf(call).map((p) => ({ id: p, status: p === id ? 'survived' : 'unresolved', rationale: 'r', defeating_citations: [] })) }) });
    const held = await debate(['keep the cache', 'drop the cache'], { ...evasiveB, judge: high('A') });
    expect(held.outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'high' });
    // In the default script B's attacks are refuted too, but B concedes one of A's: medium at most for B.
    const conceding = await debate(['keep the cache', 'drop the cache'], {
      closing: (call, { position }) =>
        position === 'B' ? { cross_examination: { answers: attacksToAnswer(call).map((id) => ({ attack_id: id, answer: 'concede', text: 'Fair point.', citations: [] })), weaknesses: [], attacks: [] } } : undefined,
      judge: high('B'),
    });
    expect(conceding.outcome.ruling).toMatchObject({ recommendation: 'B', confidence: 'medium' });
    expect(conceding.outcome.enforcement.join(' ')).toContain('Confidence is lowered to medium');
  });

  it('marks a ruling still out of form after its retry as degraded, and leaves its confidence alone', async () => {
    const { outcome } = await debate(['keep the cache', 'drop the cache'], { judge: (call) => ({ ruling: ruling(positionsOf(call), { trade_offs: ['Only one.'] }) }) });
    expect(outcome.ruling).toMatchObject({ recommendation: 'A', confidence: 'medium' });
    expect(outcome.completion).toBe('degraded-success');
    expect(outcome.problems.join(' ')).toContain('the ruling is out of form after its retry');
  });

  it('takes out a surrendering position only: a 4-position debate goes on for the other three, and their open attacks get answered', async () => {
    const { outcome, models } = await debate(['keep', 'drop', 'shrink', 'shard'], {
      'cross-examination': (call, { position, round }) =>
        position === 'B' && round === 2
          ? { cross_examination: { answers: attacksToAnswer(call).map((id) => ({ attack_id: id, answer: 'surrender', text: 'B gives up.', citations: [] })), weaknesses: [], attacks: [] } }
          : undefined,
    });
    expect(outcome.surrendered).toEqual(['B']);
    expect(outcome.stop).toEqual({ kind: 'max-rounds', rounds: 2 });
    const phases = models.calls.map((c) => describeCall(c));
    expect(phases.filter((p) => p.phase === 'cross-examination' && p.round === 2).map((p) => p.position)).toEqual(['A', 'B', 'C', 'D']);
    // The closing answers every open attack on the positions still in (the script attacks the next position:
    // in round 2, D attacks A and C attacks D; B, which would have attacked C, surrendered instead).
    expect(phases.filter((p) => p.phase === 'closing').map((p) => p.position)).toEqual(['A', 'D']);
    const round2 = attacksOf(outcome).filter((a) => a.id.startsWith('X2.'));
    for (const attack of round2.filter((a) => a.target !== 'B')) expect(attack.outcome.kind, attack.id).toBe('refuted');
    // The attack on B that came after its surrender cannot be answered, and is not B's concession.
    expect(round2.find((a) => a.target === 'B')?.outcome).toMatchObject({ kind: 'unanswered', countsAsConceded: false });
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['survived', 'conceded', 'unresolved', 'unresolved']);
    // Word caps grow with the opponents: 600 + 300 per further opponent (three opponents: 1200).
    expect(models.calls.find((c) => describeCall(c).phase === 'cross-examination')!.instructions).toContain('at most 1200 words');
  });
});

describe('one rubric: the prompts state the constants the engine applies (issue #28)', () => {
  const filled = (name: PromptName) => loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, `<${p}>`])));
  const sentences = {
    judge: [OWN_CLAIMS_RULE, ...Object.values(ATTACK_OUTCOME_RULES), STALLING_RULE, ...Object.values(STATUS_RULES), CREDIBILITY_RULE, ...Object.values(CONFIDENCE_RUBRIC), FORMAT_RULE],
    'cross-examination': [...Object.values(ATTACK_OUTCOME_RULES), STALLING_RULE, STATUS_RULES.survived],
    closing: [...Object.values(ATTACK_OUTCOME_RULES), STALLING_RULE, STATUS_RULES.survived],
  } as const;

  it('fills every rubric sentence into judge.md, cross-examination.md and closing.md, once each', () => {
    for (const [name, list] of Object.entries(sentences) as [PromptName, readonly string[]][]) {
      const text = filled(name);
      for (const sentence of list) expect(text.split(sentence), `${name}: ${sentence.slice(0, 60)}`).toHaveLength(2);
    }
    expect(filled('cross-examination')).toContain(`at most ${ATTACKS_PER_OPPONENT} on each position`);
  });

  it('leaves no rubric sentence written by hand in a prompt file, so a prompt cannot drift from the constants', () => {
    // The words that define an outcome, a status or a confidence level appear in the prompt files only through the placeholders.
    const defining = [/counts? as conceded/i, /may be `survived`/i, /may be `falsified`/i, /^\s*- (high|medium|low):/im, /more credible/i, /stalling/i];
    for (const name of ['judge', 'judge-retry', 'cross-examination', 'closing', 'opening', 'steelman', 'transcript'] as const) {
      const template = loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, ''])))
        .split('\n')
        .filter((line) => !Object.values(RULE_PLACEHOLDERS).some((v) => v.split('\n').includes(line)))
        .join('\n');
      for (const pattern of defining) expect(template, `${name}: ${pattern}`).not.toMatch(pattern);
    }
  });

  it('applies the sentences: each kind of answer counts for what the rubric says', () => {
    const claim = (text: string, tag: 'verified' | 'unverified' | 'no-citation' | 'exaggerated') => makeClaim({ id: 'X2.B.a1', positionId: 'B', text, citations: tag === 'no-citation' ? [] : [tag === 'unverified' ? WRONG : cacheLine(12)] }, pack);
    const tagged = (text: string, tag: 'verified' | 'unverified' | 'no-citation' | 'exaggerated') => ({ ...claim(text, tag), tag });
    const table: [Parameters<typeof answerOutcome>[0], string][] = [
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'verified') }, 'refuted'],
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'unverified') }, 'conceded:refute-without-evidence'],
      [{ answer: 'refute', claim: tagged('No.', 'no-citation') }, 'conceded:refute-without-evidence'],
      [{ answer: 'refute', claim: tagged('Line 12 shows it.', 'exaggerated') }, 'conceded:refute-exaggerated'],
      [{ answer: 'refute', claim: tagged(truncationMarker(600), 'verified') }, 'conceded:refute-cut'],
      [{ answer: 'refute', claim: tagged('It depends on the load.', 'verified') }, 'conceded:stalling'],
      [{ answer: 'refute', claim: tagged('This NEEDS   further investigation.', 'verified') }, 'conceded:stalling'],
      [{ answer: 'concede', claim: tagged('Fair.', 'verified') }, 'conceded:concede'],
      [{ answer: 'surrender', claim: tagged('I give up.', 'no-citation') }, 'surrendered'],
    ];
    for (const [answer, expected] of table) {
      const outcome = answerOutcome(answer);
      expect(outcome.kind === 'conceded' ? `conceded:${outcome.because}` : outcome.kind, answer.claim.text).toBe(expected);
    }
    for (const phrase of STALLING_PHRASES) expect(isStalling(`Well, ${phrase.replace("'", '’')}.`), phrase).toBe(true);
  });
});
