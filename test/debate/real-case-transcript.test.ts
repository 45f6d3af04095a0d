import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDebate } from '../../src/debate/plan.js';
import { describeStop, renderTranscript } from '../../src/debate/render-transcript.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { DebateResult } from '../../src/debate/debate-types.js';
import { debateScript, judgeSays, positionsOf, ruling } from '../support/debate-script.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { attacksToAnswer, scriptedModels } from '../support/scripted-models.js';

/**
 * One full standard debate on a real case (commander 12.1.0 -> 13.0.0: excess arguments became an
 * error by default), evidence gathered through the real pipeline from the local GitHub server,
 * scripted replies citing real lines (one of them wrong). The judge's view of the transcript is
 * snapshotted: every phase, every citation check, every audit tag and the fate of every attack.
 */
const CASE = 'commander-excess-arguments';

describe('a full standard debate on a real case', () => {
  let scenario: RealCaseScenario;
  let outcome: DebateResult;
  let judgeInstructions: string;
  beforeAll(async () => {
    const { scenario: s, evidence } = await realCasePack(CASE);
    scenario = s;
    const head = (file: string) => readFileSync(path.join(scenario.materialised.headDir, file), 'utf8').split('\n');
    const cite = (file: string, needle: string) => {
      const line = head(file).findIndex((l) => l.includes(needle)) + 1;
      if (line === 0) throw new Error(`${needle} not in ${file}`);
      return { path: file, line_start: line, line_end: line, quote: needle };
    };
    const defaultOff = cite('lib/command.js', 'this._allowExcessArguments = false;');
    const readme = cite('Readme.md', 'excess arguments will be reported as an error');
    const optOut = cite('Readme.md', 'You can suppress the excess arguments check with `.allowExcessArguments()`.');
    const check = cite('lib/command.js', 'if (this._allowExcessArguments) return;');
    const thrown = cite('lib/command.js', "this.error(message, { code: 'commander.excessArguments' });");
    const models = scriptedModels(
      debateScript({
        opening: (_call, { position }) =>
          position === 'A'
            ? {
                opening: {
                  thesis:
                    'Commander 13 makes excess arguments an error by default; the code and the Readme agree, so keep it.',
                  arguments: [
                    {
                      claim: 'The constructor now defaults to rejecting excess arguments.',
                      reasoning: 'The default flag is false at the head.',
                      confidence: 0.7,
                      citations: [defaultOff],
                    },
                    {
                      claim: 'The Readme documents excess arguments as an error.',
                      reasoning: 'Users read the Readme first.',
                      confidence: 0.7,
                      citations: [readme],
                    },
                  ],
                  known_weaknesses: ['Programs that passed extra arguments now fail.'],
                  predicted_attacks: ['It breaks existing scripts.'],
                },
              }
            : {
                opening: {
                  thesis: 'Keep excess arguments allowed by default: the flip breaks working programs for little gain.',
                  arguments: [
                    {
                      claim: 'The old default allowed excess arguments.',
                      reasoning: 'Scripts relied on it.',
                      confidence: 0.7,
                      citations: [{ ...defaultOff, quote: 'this._allowExcessArguments = true;' }],
                    },
                    {
                      claim: 'Opting back in is one call per command, a migration cost on every user.',
                      reasoning: 'Each command must change.',
                      confidence: 0.7,
                      citations: [],
                    },
                  ],
                  known_weaknesses: ['The Readme already documents the new default.'],
                  predicted_attacks: ['The Readme says so.'],
                },
              },
        'cross-examination': (call, { position }) => ({
          cross_examination: {
            answers: attacksToAnswer(call).map((id) => ({
              attack_id: id,
              answer: 'refute',
              text: 'Answered.',
              citations: [],
            })),
            weaknesses: position === 'B' ? ['The head code no longer has the old default.'] : [],
            attacks:
              position === 'A'
                ? [
                    {
                      target: 'B',
                      claim_id: null,
                      claim: "B's only code citation does not match the head: the default is false there.",
                      citations: [defaultOff],
                    },
                  ]
                : [
                    {
                      target: 'A',
                      claim_id: null,
                      claim: 'The check throws for every extra argument, including ones scripts forward.',
                      citations: [check],
                    },
                  ],
          },
        }),
        closing: (call, { position }) => ({
          cross_examination: {
            answers: attacksToAnswer(call).map((id) =>
              position === 'A'
                ? {
                    attack_id: id,
                    answer: 'refute',
                    text: 'The Readme shows the one-line opt-out for programs that forward arguments.',
                    citations: [optOut],
                  }
                : {
                    attack_id: id,
                    answer: 'concede',
                    text: 'My citation quoted the old default; the head has false.',
                    citations: [],
                  },
            ),
            weaknesses: [],
            attacks: [],
          },
        }),
        steelman: (_call, { position }) =>
          position === 'A'
            ? {
                steelman: {
                  position: 'B',
                  thesis:
                    'Upgrading turns a silent extra argument into a hard error, so every program that forwards arguments breaks at once.',
                  arguments: [
                    {
                      claim: 'The check raises an error with its own code for any excess argument.',
                      reasoning: 'There is no warning stage.',
                      confidence: 0.7,
                      citations: [check, thrown],
                    },
                  ],
                },
              }
            : {
                steelman: {
                  position: 'A',
                  thesis:
                    'A typo in an argument used to pass silently; now it is caught, and the opt-out is one documented call.',
                  arguments: [
                    {
                      claim: 'The default is strict and the opt-out is documented.',
                      reasoning: 'Safety by default with an escape hatch.',
                      confidence: 0.7,
                      citations: [defaultOff, optOut],
                    },
                  ],
                },
              },
        audit: () => ({
          audit: {
            exaggerated: [
              {
                claim_id: 'O.A.2',
                reason:
                  'The Readme line lists excess arguments among validation errors; it says nothing about what users read first.',
              },
            ],
            out_of_scope: [],
          },
        }),
        judge: (call) =>
          judgeSays(call, {
            positions: [
              {
                id: 'A',
                status: 'survived',
                rationale: 'Its central claim is verified in the code and the Readme.',
                defeating_citations: [],
              },
              {
                id: 'B',
                status: 'falsified',
                rationale: 'Its only code citation contradicts the head.',
                defeating_citations: [defaultOff],
              },
            ],
            summary: 'Keep excess arguments an error by default; document the opt-out.',
          }),
      }),
    );
    const result = await runDebate(models, {
      pack: evidence.pack,
      positions: ['Excess arguments are an error by default', 'Excess arguments stay allowed by default'],
      outOfScope: ['help formatting'],
      command: '/debate',
      moderatorModel: 'claude-sonnet-5-5',
      advocateModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-sonnet-5-5',
      plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
      language: {
        language: 'auto',
        commandText: 'Excess arguments are an error by default vs Excess arguments stay allowed by default',
        prText: evidence.pull.title,
      },
    });
    if (result.kind !== 'debate') throw new Error('expected a debate');
    outcome = result;
    judgeInstructions = models.calls.find((c) => c.role === 'judge')!.instructions;
  }, 120_000);
  afterAll(async () => scenario?.close());

  it('holds every phase and rule, and matches the snapshot of its transcript', async () => {
    expect(outcome.completion).toBe('success');
    expect(outcome.stop).toEqual({ kind: 'max-rounds', rounds: 1 });
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['survived', 'falsified']);
    expect(outcome.ruling?.recommendation).toBe('A');
    expect(outcome.counts.get('B')).toMatchObject({ verified: 1, unverified: 1 });
    expect(judgeInstructions).toContain(
      renderTranscript(outcome.positions, outcome.transcript, { order: ['A', 'B'], judge: true }),
    );
    const transcript = [
      `# ${outcome.topic}`,
      '',
      renderTranscript(outcome.positions, outcome.transcript, { order: ['A', 'B'], judge: true }),
      '',
      `## Stop: ${describeStop(outcome.stop)}`,
      '',
      ...outcome.judgeRuns.map(
        (r, i) =>
          `## Judge run ${i + 1} (order ${r.order.join(', ')}): ${r.ruling?.positions.map((p) => `${p.id} ${p.status}`).join(', ')}; recommendation ${r.ruling?.recommendation}`,
      ),
      '',
    ].join('\n');
    await expect(transcript).toMatchFileSnapshot('__snapshots__/commander-standard-transcript.md');
  });
});
