import { afterEach, describe, expect, it } from 'vitest';
import { runTrigger } from '../support/run-trigger.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';
import { ed25519Pems, OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #19: a decision key or a handed-over record that cannot be used is found before the first
 * model call, with a reply that names the input; and the gate path never throws past the pipeline.
 */
describe('decision inputs are checked before the debate is paid for', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const clientsFor = (models: ReturnType<typeof scriptedModels>, warnings: string[] = []): PipelineClients => {
    const octokit = scenario.octokit();
    return {
      github: { writes: octokit, reads: octokit },
      models,
      log: { info: () => {}, warning: (m) => warnings.push(m), notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
  };
  const settingsWith = (inputs: Record<string, string>, eventName = 'issue_comment') =>
    parseSettings(
      (name) => ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-inputs-suite', ...inputs })[name],
      {
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: '/dev/null',
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_API_URL: scenario.server.url,
      },
      { purpose: inputs.mode === 'gate' ? 'gate' : 'debate' },
    );

  const debate = async (inputs: Record<string, string>) => {
    const settings = await settingsWith(inputs);
    const body = '/debate keep the cache vs drop the cache';
    const { data } = await scenario
      .octokit(TOKENS.writer)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({ owner: OWNER, repo: REPO, number: 12, body, user: 'maria', commentId: data.id }),
      settings.run,
    );
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const models = scriptedModels(() => new Error('no model may be called'));
    const result = await runTrigger(clientsFor(models), settings, trigger);
    return { result, models };
  };

  it('a public key pasted into decision-signing-key: a reply naming the input, no model call', async () => {
    scenario = await startGateScenario();
    const { result, models } = await debate({ 'decision-signing-key': ed25519Pems().publicKey });
    expect(models.calls).toHaveLength(0);
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^Input 'decision-signing-key': expected an Ed25519 private key in PKCS#8 PEM/),
    });
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@maria pr-debate could not start: Input 'decision-signing-key'.*Fix `decision-signing-key:` under `with:`/,
    );
  });

  it('a `decision` input that is no record: a reply naming the input, no model call', async () => {
    scenario = await startGateScenario();
    const { result, models } = await debate({ decision: '{"signature": "[redacted secret]"}' });
    expect(models.calls).toHaveLength(0);
    expect(result.failure).toMatch(/^Input 'decision': expected a pr-debate\/decision@1 record as JSON/);
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(/Fix `decision:` under `with:`/);
  });

  it('mode: gate never throws past the pipeline: a GitHub failure is the step’s failure, said in the log', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push({
      method: 'GET',
      path: `/repos/${OWNER}/${REPO}/pulls/12`,
      status: 404,
      times: Infinity,
    });
    const warnings: string[] = [];
    const result = await runTrigger(
      clientsFor(
        scriptedModels(() => new Error('no model')),
        warnings,
      ),
      await settingsWith({ mode: 'gate' }, 'pull_request'),
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
    );
    expect(result).toMatchObject({ status: 'aborted', failure: expect.stringMatching(/^The merge gate failed: /) });
    expect(warnings).toEqual([result.failure]);
  });
});
