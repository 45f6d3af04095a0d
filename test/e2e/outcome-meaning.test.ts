import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createGateSource } from '../../src/github/check-runs.js';
import { DO_NOT_RETRY } from '../../src/github/octokit-options.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { rebuildEvidence } from '../../src/gate/rebuild-evidence.js';
import { runGate } from '../../src/gate/run-gate.js';
import { describeFailure } from '../../src/pipeline/step-error.js';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { callMetaOf, type Responder } from '../support/anthropic-server.js';
import { scriptedModel } from '../support/commander-script.js';
import { labeledEvent } from '../support/event-payloads.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { ROOT, runAction } from '../support/run-action.js';
import { runCli } from '../support/run-cli.js';

/**
 * Issue #39, as a reviewer meets it on a real change (commander 12.1.0 -> 13.0.0, the Readme as the
 * design document): a quick debate's verdict is untested and passes no `require-confident` check; a
 * ruling whose only fault is a count is a passing decision with a note; and the outcome is one sentence,
 * the same on the CLI's last line as on the comment's first, on every real case.
 */
const CASE = 'commander-excess-arguments';

/** The action on the PR, labelled by the maintainer (in process, `test/support/run-action.ts`). */
function runLabelled(scenario: RealCaseScenario, inputs: Record<string, string>) {
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  return runAction({
    eventName: 'pull_request',
    payload: labeledEvent({ owner, repo, number: SCENARIO.pullNumber, label: 'debate', sender: SCENARIO.maintainer }),
    repository: scenario.repository,
    apiUrl: scenario.github.url,
    inputs: {
      'github-token': SCENARIO.githubToken,
      'anthropic-api-key': SCENARIO.anthropicKey,
      'base-url': scenario.anthropic!.url,
      'rfc-path': 'Readme.md',
      ...inputs,
    },
  });
}

const checksOn = (scenario: RealCaseScenario) =>
  scenario.github.state.checkRuns.filter((c) => c.name === 'pr-debate' && c.head_sha === scenario.pull.head.sha);
const commentOf = (scenario: RealCaseScenario) =>
  scenario.github.state.comments.find((c) => c.body.startsWith('<!-- pr-debate:v1'))!.body;

describe('a quick debate under require-confident (issue #39, point 1)', () => {
  let scenario: RealCaseScenario;
  beforeAll(async () => {
    scenario = await startRealCaseScenario(
      CASE,
      scriptedModel(() => scenario),
    );
  }, 300_000);
  afterAll(async () => scenario?.close());

  it("records no position survived, and neither the debate's check nor the gate's is success", async () => {
    const run = await runLabelled(scenario, { preset: 'quick', 'gate-policy': 'require-confident' });
    expect(run.exitCode, run.stderr).toBe(0);
    const record = decisionRecordSchema.parse(JSON.parse(run.outputs.decision!));
    expect(record.positions.map((p) => p.status)).not.toContain('survived');
    expect(record).toMatchObject({ recommendation: 'A', confidence: 'low', completion: 'success' });
    expect(record.positions.find((p) => p.id === 'A')!.status).toBe('untested');
    const debateCheck = checksOn(scenario).at(-1)!;
    expect(debateCheck.conclusion).not.toBe('success');
    expect(debateCheck.output.summary).toContain('untested');
    // The comment's legend says what untested means.
    expect(commentOf(scenario)).toContain(
      '🧪 untested: its own evidence checked out, but no attack that cited evidence was made on it',
    );

    // The gate, as `mode: gate` runs it on the PR's next event: the real gate over the local GitHub server.
    const octokit = getOctokit(
      SCENARIO.githubToken,
      { baseUrl: scenario.github.url, retry: { doNotRetry: DO_NOT_RETRY } },
      retry,
    );
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    const gate = await runGate(
      {
        source: createGateSource(octokit, { owner, repo }, SCENARIO.botLogin),
        rebuildEvidence: (pullNumber, rec) =>
          rebuildEvidence(createPullRequestSource(octokit, { owner, repo }), {
            pullNumber,
            inputRfc: 'Readme.md',
            maxTokens: rec.evidence?.budget?.max_tokens ?? 104_000,
            record: rec,
          }),
        log: () => {},
        describe: describeFailure,
      },
      () =>
        Promise.resolve({
          repo: scenario.repository,
          policy: 'require-confident',
          requiredLabel: undefined,
          exemptLabel: 'debate-exempt',
          publicKey: undefined,
          handedOver: undefined,
          allowUnseen: [],
          authorMayDecide: false,
        }),
      { kind: 'pull', pullNumber: SCENARIO.pullNumber, before: undefined },
    );
    expect(gate.verdict.conclusion).not.toBe('success');
    expect(gate.verdict.summary).toContain('untested');
  });
});

describe('a ruling whose only fault is a count (issue #39, point 8)', () => {
  let scenario: RealCaseScenario;
  let overloaded = 0;
  beforeAll(async () => {
    // Every ruling gives 1 key reason and 1 trade-off; the first judge call meets a 529 the SDK retries.
    const model = scriptedModel(
      () => scenario,
      (field, reply) => {
        if (field !== 'ruling') return;
        const ruling = reply['ruling'] as Record<string, unknown>;
        ruling['key_reasons'] = ['The code and the Readme agree on the new default.'];
        ruling['trade_offs'] = ['Safety for compatibility.'];
      },
    );
    const responder: Responder = (request, context) => {
      if (context.call?.phase === 'judge' && !context.call.warmUp && overloaded === 0) {
        overloaded += 1;
        return { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };
      }
      return model(request, context);
    };
    scenario = await startRealCaseScenario(CASE, responder);
  }, 300_000);
  afterAll(async () => scenario?.close());

  it("is kept as given with a note: completion success, a passing check, both judge runs on the PR's position", async () => {
    const run = await runLabelled(scenario, {});
    expect(run.exitCode, run.stderr).toBe(0);
    expect(overloaded).toBe(1);
    expect(run.outputs).toMatchObject({
      status: 'success',
      recommendation: 'A',
      'no-decision-reason': '',
      'gate-conclusion': 'success',
    });
    const judged = (scenario.anthropic?.requests ?? [])
      .map((r) => callMetaOf(r.headers))
      .filter((m) => m?.phase === 'judge' && !m.warmUp);
    // Two runs (one of them retried by the SDK after the 529), none retried by the engine for the count.
    expect(judged.filter((m) => m!.retry)).toEqual([]);
    expect(judged.map((m) => m!.order)).toEqual(
      expect.arrayContaining([
        ['A', 'B'],
        ['B', 'A'],
      ]),
    );
    const record = decisionRecordSchema.parse(JSON.parse(run.outputs.decision!));
    expect(record.completion).toBe('success');
    expect(checksOn(scenario).at(-1)!.conclusion).toBe('success');
    const body = commentOf(scenario);
    expect(body.split('\n')[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    expect(body).toContain('The ruling gives 1 key reason(s), where 3 to 5 are asked for; they are kept as given.');
    expect(body).toContain(
      'The ruling gives 1 irreducible trade-off(s), where at least two are asked for; they are kept as given.',
    );
    expect(body).toContain('_Judge runs: 2 of 2 recommended position A.');
    expect(body).not.toContain('Degraded run');
    // The log ends on the same outcome as the comment's first line.
    expect(run.stdout).toContain('::notice::pr-debate: merge as written. Position A (this PR) won');
  });
});

describe("the CLI's last line is the comment's first line, on every real case (issue #39, point 9)", () => {
  const ids = (JSON.parse(readFileSync(path.join(ROOT, 'real-cases', 'cases.json'), 'utf8')) as { id: string }[]).map(
    (c) => c.id,
  );
  /** The comment's first line without its `## icon `, and the CLI's last line up to its run figures. */
  const outcomes = (stdout: string, stderr: string) => {
    const heading = stdout.split('\n')[1] ?? '';
    const last = stderr.trimEnd().split('\n').at(-1) ?? '';
    return { comment: heading.replace(/^## \S+ /, ''), cli: last.slice(0, last.indexOf(' (status ')), heading };
  };
  const rehearse = async (id: string) => {
    const scenario = await startRealCaseScenario(id, undefined);
    try {
      const args = [
        'run',
        '--rehearsal',
        `${scenario.repository}#${SCENARIO.pullNumber}`,
        '--api-url',
        scenario.github.url,
      ];
      const env = { GITHUB_TOKEN: SCENARIO.githubToken };
      return await runCli(args, { env });
    } finally {
      await scenario.close();
    }
  };

  it("in the engine's own process, case by case", async () => {
    for (const id of ids) {
      const { exitCode, stdout, stderr } = await rehearse(id);
      expect(exitCode, `${id}: ${stderr}`).toBe(0);
      const { comment, cli, heading } = outcomes(stdout, stderr);
      // A rehearsal says it is one in that line too (issue #42).
      expect(heading, id).toMatch(/^## \S+ pr-debate rehearsal: /);
      expect(cli, id).toBe(comment);
      // What the record says agrees: no decision exactly when the line says so.
      const record = decisionRecordSchema.parse(parse(/```yaml\n([\s\S]*?)\n```/.exec(stdout)![1]!));
      expect(cli.startsWith('pr-debate rehearsal: no decision.'), id).toBe(record.no_decision_reason !== null);
    }
  }, 600_000);
});
