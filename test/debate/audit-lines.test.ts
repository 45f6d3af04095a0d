import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_LINES } from '../../src/citations/cited-context.js';
import type { ModelCall } from '../../src/debate/model-client.js';
import { planDebate } from '../../src/debate/plan.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { Claim, DebateResult } from '../../src/debate/debate-types.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { buildDecisionRecord } from '../../src/report/build-decision-record.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { debateScript, judgeSays, positionsOf, ruling } from '../support/debate-script.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #29, the auditor sees the lines: on a real case (commander 12 to 13), every citation of a
 * verified claim reaches the audit prompt with its lines and two lines of context on each side, read
 * from the pack; and a scripted auditor that finds a claim `irrelevant` changes that claim's tag, takes
 * it out of its position's verified support (so the position cannot survive on it) and out of the counts.
 */
const CASE = 'commander-excess-arguments';

describe('the audit on a real case: the cited lines, and an irrelevant finding', () => {
  let scenario: RealCaseScenario;
  let pack: EvidencePack;
  let at: { flag: number; readme: number };
  const run = async (irrelevant: string[]) => {
    const flag = {
      path: 'lib/command.js',
      side: 'head',
      line_start: at.flag,
      line_end: at.flag,
      quote: 'this._allowExcessArguments = false;',
    };
    const readme = {
      path: 'Readme.md',
      side: 'head',
      line_start: at.readme,
      line_end: at.readme + 1,
      quote: 'By default, the argument processing does not display an error',
    };
    const models = scriptedModels(
      debateScript({
        opening: (_call, { position }) => ({
          opening: {
            thesis: `Thesis of ${position}.`,
            arguments:
              position === 'A'
                ? [
                    {
                      claim: 'The constructor turns the check on.',
                      reasoning: 'It sets the flag.',
                      confidence: 0.8,
                      citations: [flag],
                    },
                  ]
                : [
                    {
                      claim: 'Excess arguments are harmless.',
                      reasoning: 'The Readme says so.',
                      confidence: 0.6,
                      citations: [readme],
                    },
                  ],
            known_weaknesses: [],
            predicted_attacks: [],
          },
        }),
        audit: () => ({
          audit: {
            irrelevant: irrelevant.map((id) => ({
              claim_id: id,
              reason: 'The lines describe the help option, not the check.',
            })),
            exaggerated: [],
            out_of_scope: [],
          },
        }),
        judge: (call) =>
          judgeSays(call, {
            positions: positionsOf(call).map((id) => ({
              id,
              status: 'survived',
              rationale: `${id} is argued.`,
              defeating_citations: [],
            })),
          }),
      }),
    );
    const outcome = await runDebate(models, {
      pack,
      positions: ['Error by default', 'Allowed by default'],
      outOfScope: [],
      command: '/debate',
      moderatorModel: 'claude-sonnet-5-5',
      advocateModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-sonnet-5-5',
      plan: planDebate({ preset: 'quick', maxRounds: undefined, command: {} }),
      language: { language: 'auto', commandText: 'Error by default vs Allowed by default', prText: 'Excess arguments' },
    });
    if (outcome.kind !== 'debate') throw new Error('expected a debate');
    return { outcome, calls: models.calls };
  };
  let plain: { outcome: DebateResult; calls: ModelCall<unknown>[] };
  let found: { outcome: DebateResult; calls: ModelCall<unknown>[] };
  const claimOf = (outcome: DebateResult, id: string): Claim =>
    outcome.transcript.openings.flatMap((t) => t.arguments).find((c) => c.id === id)!;

  beforeAll(async () => {
    const loaded = await realCasePack(CASE);
    scenario = loaded.scenario;
    pack = loaded.evidence.pack;
    const head = (path: string) => scenario.pull.readFile(scenario.pull.head.sha, path)!.toString('utf8').split('\n');
    at = {
      flag: head('lib/command.js').findIndex((l) => l.includes('this._allowExcessArguments = false;')) + 1,
      readme:
        head('Readme.md').findIndex((l) =>
          l.startsWith('By default, the argument processing does not display an error'),
        ) + 1,
    };
    plain = await run([]);
    found = await run(['O.B.1']);
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('shows the auditor each cited line with two lines of context on each side, as the file has them', () => {
    const audit = plain.calls.find((c) => c.meta?.phase === 'audit')!.instructions;
    const file = (path: string) => scenario.pull.readFile(scenario.pull.head.sha, path)!.toString('utf8').split('\n');
    for (const [path, start, end] of [
      ['lib/command.js', at.flag, at.flag],
      ['Readme.md', at.readme, at.readme + 1],
    ] as const) {
      const lines = file(path);
      expect(audit).toContain(`head lines ${start - CONTEXT_LINES}-${end + CONTEXT_LINES} (> marks the cited lines):`);
      for (let n = start - CONTEXT_LINES; n <= end + CONTEXT_LINES; n += 1) {
        const mark = n >= start && n <= end ? '>' : ' ';
        expect(audit, `${path}:${n}`).toContain(
          `${mark} ${String(n).padStart(String(end + CONTEXT_LINES).length)} | ${lines[n - 1]}`,
        );
      }
    }
    expect(audit).toContain('`irrelevant`');
  });

  it("an irrelevant finding changes the claim's tag, its position's support and the counts, and the comment marks it", () => {
    expect(claimOf(plain.outcome, 'O.B.1').tag).toBe('verified');
    expect(claimOf(found.outcome, 'O.B.1')).toMatchObject({
      tag: 'irrelevant',
      tagReason: 'The lines describe the help option, not the check.',
    });
    // The judge ruled both survived; a quick debate attacks nothing, so the engine records them untested;
    // B has no verified support left, so the engine records it unresolved.
    expect(plain.outcome.ruling?.positions.map((p) => [p.id, p.status])).toEqual([
      ['A', 'untested'],
      ['B', 'untested'],
    ]);
    expect(found.outcome.ruling?.positions.map((p) => [p.id, p.status])).toEqual([
      ['A', 'untested'],
      ['B', 'unresolved'],
    ]);
    expect(found.outcome.enforcement.join(' ')).toContain('Position B was ruled survived, but no claim of its support');
    // The judge reads the tag and the facts count no verified claim for B.
    const judge = found.calls.find((c) => c.meta?.phase === 'judge')!.instructions;
    expect(judge).toContain(
      '[irrelevant: 1 structured citation checked out, but the auditor found the lines do not bear on the claim: The lines describe the help option, not the check.]',
    );
    expect(judge).toContain('- Position B: 0 claim(s) of its support tagged verified');
    expect(judge).toMatch(/0 exaggerated, 1 irrelevant/);
    // The counts: B's citation no longer counts as verified support.
    expect(plain.outcome.counts.get('B')).toMatchObject({ verified: 1, unverified: 0 });
    expect(found.outcome.counts.get('B')).toMatchObject({ verified: 0, unverified: 0 });
    expect(found.outcome.audit?.tally).toMatchObject({ verified: 1, irrelevant: 1 });
    const record = buildDecisionRecord(found.outcome, {
      id: '0123456789abcdef',
      repo: scenario.repository,
      pullNumber: 1,
      headSha: pack.headSha,
      evidenceDigest: pack.digest,
      contentDigest: pack.contentDigest,
      date: new Date(0),
      trigger: 'comment',
      requestedBy: 'maintainer',
      preset: 'quick',
      evidence: pack,
    });
    expect(record.positions.find((p) => p.id === 'B')).toMatchObject({ verified_citations: 0 });
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    const body = renderDebateComment(found.outcome, record, pack, {
      id: record.id,
      serverUrl: 'https://github.com',
      owner,
      repo,
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    }).body;
    expect(body).toContain('_(O.B.1, irrelevant: The lines describe the help option, not the check.)_');
  });
});
