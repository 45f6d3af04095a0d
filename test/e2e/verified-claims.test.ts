import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDebate } from '../../src/debate/plan.js';
import { runDebate } from '../../src/debate/run-debate.js';
import type { Claim, DebateResult } from '../../src/debate/debate-types.js';
import { contentDigest } from '../../src/evidence/content-digest.js';
import { buildDecisionRecord } from '../../src/report/build-decision-record.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { SHOWN_WIDTH } from '../../src/report/render-citation.js';
import { codeSpan } from '../../src/report/sanitise.js';
import { debateScript, judgeSays, positionsOf, ruling } from '../support/debate-script.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #20 end to end on a real PR (commander 12.1.0 -> 13.0.0, served by the local GitHub server and
 * read through Octokit and the evidence stage): the scripted advocates write what real models write on
 * a first run: a claim whose only evidence is a `path:N` in its prose, a claim with a good citation and
 * a prose reference whose quote beside it is wrong, quotes copied with the gutter, a diff marker or an
 * ellipsis, a paraphrase and one changed word. The debate, the record and the comment are checked.
 * Issue #29: an ellipsis that drops words inside a line does not verify, a cut end does, and the comment
 * shows every verified citation's line as the file has it at the head, never the model's quote.
 */
const CASE = 'commander-excess-arguments';
const SERVER = 'https://github.com';

describe("what counts as verified, on a real case, from the advocates' replies to the comment", () => {
  let scenario: RealCaseScenario;
  let outcome: DebateResult;
  let record: DecisionRecord;
  let body: string;
  let at: { flag: number; readme: number };
  const claims = () =>
    new Map<string, Claim>(outcome.transcript.openings.flatMap((t) => t.arguments).map((c) => [c.id, c]));
  beforeAll(async () => {
    const { scenario: s, evidence } = await realCasePack(CASE);
    scenario = s;
    const head = (path: string) => scenario.pull.readFile(scenario.pull.head.sha, path)!.toString('utf8').split('\n');
    const lineOf = (path: string, needle: string) => head(path).findIndex((l) => l.includes(needle)) + 1;
    at = {
      flag: lineOf('lib/command.js', 'this._allowExcessArguments = false;'),
      readme: lineOf('Readme.md', 'excess arguments will be reported as an error'),
    };
    const flagLine = head('lib/command.js')[at.flag - 1]!;
    const readmeLine = head('Readme.md')[at.readme - 1]!;
    const flag = (quote: string) => ({
      path: 'lib/command.js',
      side: 'head',
      line_start: at.flag,
      line_end: at.flag,
      quote,
    });
    const readme = (quote: string) => ({
      path: 'Readme.md',
      side: 'head',
      line_start: at.readme,
      line_end: at.readme,
      quote,
    });
    const models = scriptedModels(
      debateScript({
        opening: (_call, { position }) => ({
          opening:
            position === 'A'
              ? {
                  thesis: 'Excess arguments are an error by default now; keep it.',
                  arguments: [
                    // Prose only: the reference checks out, but nothing is quoted.
                    {
                      claim: `\`lib/command.js:${at.flag}\` turns the check on by default.`,
                      reasoning: 'The constructor sets the flag.',
                      confidence: 0.7,
                      citations: [],
                    },
                    // Mixed: a good structured citation, and a prose reference whose quote is not on its line.
                    {
                      claim: `The flag is false at the head, and \`lib/command.js:${at.flag}\` ("this._allowExcessArguments = true;") shows it.`,
                      reasoning: 'Read the constructor.',
                      confidence: 0.7,
                      citations: [flag('this._allowExcessArguments = false;')],
                    },
                    // Quote slips on the right lines: the gutter, and the end of the line cut.
                    {
                      claim: 'Both the code and the Readme say so.',
                      reasoning: 'Two sources agree.',
                      confidence: 0.7,
                      citations: [
                        flag(`${at.flag} | ${flagLine}`),
                        readme(`${readmeLine.split(' ').slice(0, 6).join(' ')} ...`),
                      ],
                    },
                    // Words dropped inside a line (issue #29): not a quote.
                    {
                      claim: 'The Readme says so again.',
                      reasoning: 'Elided.',
                      confidence: 0.7,
                      citations: [
                        readme(
                          `${readmeLine.split(' ').slice(0, 3).join(' ')} ... ${readmeLine.split(' ').slice(-3).join(' ')}`,
                        ),
                      ],
                    },
                  ],
                  known_weaknesses: ['Scripts that pass extra arguments break.'],
                  predicted_attacks: ['It breaks scripts.'],
                }
              : {
                  thesis: 'Excess arguments should stay allowed.',
                  arguments: [
                    // A diff marker slip verifies; a changed word does not.
                    {
                      claim: 'The default did change.',
                      reasoning: 'The diff shows it.',
                      confidence: 0.7,
                      citations: [flag(`+ ${flagLine}`), flag('this._allowExcessArguments = maybe;')],
                    },
                    // A paraphrase in quotes is not a quote; a prose reference alone proves nothing.
                    {
                      claim: `As \`Readme.md:${at.readme}\` admits, nobody wants the error.`,
                      reasoning: 'Paraphrased.',
                      confidence: 0.7,
                      citations: [readme('excess args are reported as errors')],
                    },
                  ],
                  known_weaknesses: [],
                  predicted_attacks: [],
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
    const result = await runDebate(models, {
      pack: evidence.pack,
      positions: ['Excess arguments are an error by default', 'Excess arguments stay allowed by default'],
      outOfScope: [],
      command: '/debate',
      moderatorModel: 'claude-sonnet-5-5',
      advocateModels: ['claude-sonnet-5-5'],
      judgeModel: 'claude-sonnet-5-5',
      plan: planDebate({ preset: 'quick', maxRounds: undefined, command: {} }),
      language: {
        language: 'auto',
        commandText: 'Excess arguments are an error by default vs Excess arguments stay allowed by default',
        prText: evidence.pull.title,
      },
    });
    if (result.kind !== 'debate') throw new Error('expected a debate');
    outcome = result;
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    record = buildDecisionRecord(outcome, {
      id: '0123456789abcdef',
      repo: scenario.repository,
      pullNumber: 1,
      headSha: evidence.pack.headSha,
      evidenceDigest: evidence.pack.digest,
      contentDigest: evidence.pack.contentDigest,
      date: new Date(0),
      trigger: 'comment',
      requestedBy: 'maintainer',
      preset: 'quick',
      evidence: evidence.pack,
    });
    body = renderDebateComment(outcome, record, evidence.pack, {
      id: record.id,
      serverUrl: SERVER,
      owner,
      repo,
      headSha: evidence.pack.headSha,
      baseSha: evidence.pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: evidence.pack.headSha,
    }).body;
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('tags each claim by the one rule: no prose reference raises a claim, a bad one lowers it, slips on the right lines verify', () => {
    expect(Object.fromEntries([...claims()].map(([id, c]) => [id, c.tag]))).toEqual({
      'O.A.1': 'no-citation',
      'O.A.2': 'unverified',
      'O.A.3': 'verified',
      'O.A.4': 'unverified',
      'O.B.1': 'unverified',
      'O.B.2': 'unverified',
    });
    expect(
      claims()
        .get('O.A.2')!
        .references.map((r) => r.check),
    ).toMatchObject([{ status: 'unverified', reason: 'quote-mismatch' }]);
    expect(
      claims()
        .get('O.B.1')!
        .citations.map((c) => c.check.status),
    ).toEqual(['verified', 'unverified']);
  });

  it('keeps only the position with a verified structured quote alive, and counts what the record says', () => {
    // A quick debate: A stands, untested (no attack); B has no verified support.
    expect(outcome.ruling?.positions.map((p) => [p.id, p.status])).toEqual([
      ['A', 'untested'],
      ['B', 'unresolved'],
    ]);
    expect(outcome.enforcement.join(' ')).toContain('Position B was ruled survived, but no claim of its support');
    // A: 3 structured citations found; the prose reference with the wrong quote and the elided quote not; the quoteless prose reference counts for nothing.
    expect(record.positions.map((p) => [p.id, p.verified_citations, p.unverified_citations])).toEqual([
      ['A', 3, 2],
      ['B', 1, 2],
    ]);
    expect(claims().get('O.A.4')!.citations[0]!.check).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('leaves out words inside a line'),
    });
  });

  it('links in the comment only what checked out, and marks the rest where it stands', () => {
    const link = (path: string, line: number) =>
      `](${SERVER}/${scenario.repository}/blob/${scenario.pull.head.sha}/${path}#L${line})`;
    const lineOf = (id: string) => body.split('\n').find((l) => l.includes(`(${id}, `))!;
    // Every verified citation is a link followed by its line as the file has it at the head (read from the
    // repository, not the pack), and never by the model's quote where the quote differs (issue #29).
    const verified = [...claims().values()].flatMap((c) => c.citations).filter((c) => c.check.status === 'verified');
    expect(verified.length).toBe(4);
    const fileLine = (path: string, n: number) =>
      scenario.pull.readFile(scenario.pull.head.sha, path)!.toString('utf8').split('\n')[n - 1]!;
    for (const c of verified) {
      // The line, cut to the comment's width (SHOWN_WIDTH characters) with a mark after the code when longer.
      const line = [...fileLine(c.path, c.line_start).trim()];
      const shown = `[\`${c.path}:${c.line_start}\`${link(c.path, c.line_start)} ${codeSpan(line.slice(0, SHOWN_WIDTH).join('').trimEnd())}${line.length > SHOWN_WIDTH ? '…' : ''}`;
      expect(body, c.quote).toContain(shown);
      if (c.quote.trim() !== fileLine(c.path, c.line_start).trim())
        expect(body, c.quote).not.toContain(`${link(c.path, c.line_start)} ${codeSpan(c.quote)}`);
    }
    // The slips (a gutter, a diff marker, a cut end) are among them, and none of their spellings is shown.
    expect(verified.map((c) => c.quote)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+ \| /),
        expect.stringMatching(/^\+ /),
        expect.stringMatching(/ \.\.\.$/),
      ]),
    );
    expect(body).not.toContain(`${at.flag} &#124; `);
    // The prose reference with a wrong quote beside it is marked, not linked; the claim says unverified.
    expect(lineOf('O.A.2')).toContain(`\`lib/command.js:${at.flag}\` (⚠️ **unverified**: quote mismatch)`);
    expect(lineOf('O.A.2')).toContain('_(O.A.2, unverified)_');
    // The prose-only claim may point at its line, but it is not verified.
    expect(lineOf('O.A.1')).toContain('_(O.A.1, no-citation)_');
    // The changed word and the paraphrase are marked unverified.
    expect(body).toMatch(/⚠️ \*\*unverified\*\* `lib\/command\.js:\d+` `this\._allowExcessArguments = maybe;`/);
    expect(body).toMatch(/⚠️ \*\*unverified\*\* `Readme\.md:\d+` `excess args are reported as errors`/);
  });
});
