import { afterEach, describe, expect, it } from 'vitest';
import { importDecisionKeys, signRecord } from '../../src/gate/sign-record.js';
import { labeledEvent } from '../support/event-payloads.js';
import { ed25519Pems, OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { gitBlobSha } from '../support/github-server.js';
import { NODE24_UNAVAILABLE } from '../support/node24.js';
import { debateComment, runOnScenario } from '../support/pipeline-run.js';
import { runAction, spawnAction } from '../support/run-action.js';

/**
 * The gate job of the README's setups (issue #19): the action with `mode: gate` on a `pull_request`
 * `synchronize`, signing key and public key as Setup 1 with signing sets them, against the local GitHub
 * server. The first gate is the bundled action as the runner runs it (Node 24, from action.yml: the
 * multi-line public key as an `INPUT_*` variable, the output file); the second runs in process.
 */
describe('the gate job', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const addWasm = (bytes: Buffer) => (pull: GateScenario['pull']) => {
    pull.files = [
      ...pull.files,
      {
        sha: gitBlobSha(bytes),
        filename: 'lib/native.wasm',
        status: 'modified',
        additions: 0,
        deletions: 0,
        changes: 0,
      },
    ];
    pull.diff +=
      'diff --git a/lib/native.wasm b/lib/native.wasm\nindex 3333333..4444444 100644\nBinary files a/lib/native.wasm and b/lib/native.wasm differ\n';
  };

  it('after a signed decision, a push of other wasm bytes under the same text is stale; a no-op rebase passes', async () => {
    // The models never see the wasm's bytes (issue 30): the config file says such files may go unseen.
    scenario = await startGateScenario({ config: 'allow-unseen: ["lib/*.wasm"]\n' });
    const pems = ed25519Pems();
    const keys = await importDecisionKeys(pems);
    addWasm(Buffer.from('wasm v1'))(scenario.pull);
    await scenario.postRecord(await signRecord(await scenario.record(), keys.signing!));
    const gate = async (before: string, spawned: boolean) => {
      const event = labeledEvent({
        owner: OWNER,
        repo: REPO,
        number: 12,
        label: 'debate',
        action: 'synchronize',
        headSha: scenario.pull.head.sha,
      });
      event.repository.default_branch = 'main';
      const payload = { ...event, before };
      const step = {
        eventName: 'pull_request',
        payload,
        repository: `${OWNER}/${REPO}`,
        apiUrl: scenario.server.url,
        inputs: { 'github-token': TOKENS.bot, mode: 'gate', 'decision-public-key': pems.publicKey },
      };
      const run = spawned ? await spawnAction(step) : await runAction(step);
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      return run;
    };
    const swapped = await gate(
      scenario.move('rebase', addWasm(Buffer.from('wasm v2'))),
      NODE24_UNAVAILABLE === undefined,
    );
    expect(swapped.outputs['gate-conclusion']).toBe('action_required');
    expect(scenario.checkOn(scenario.pull.head.sha)!.output.summary).toMatch(/^Stale: the decision was made for/);
    // Back to the debated bytes on a new base: the evidence is the debate's again, so the record carries forward.
    const [debated] = scenario.server.state.checkRuns;
    const rebased = await gate(scenario.move('rebase', addWasm(Buffer.from('wasm v1'))), false);
    expect(rebased.outputs['gate-conclusion']).toBe('success');
    expect(scenario.checkOn(scenario.pull.head.sha)!.output.summary).toMatch(
      new RegExp(`Carried forward from ${debated!.head_sha}`),
    );
  }, 120_000);

  it('a debate on a PR whose unseen wasm the config allows says so in its notice, and its check passes', async () => {
    scenario = await startGateScenario({ config: 'allow-unseen: ["lib/*.wasm"]\n' });
    addWasm(Buffer.from('wasm v1'))(scenario.pull);
    await runOnScenario(scenario, {
      kind: 'comment',
      body: '/debate keep the cache (this PR) vs drop the cache',
      user: 'maria',
    });
    expect(debateComment(scenario)).toContain(
      "`lib/native.wasm`. The config file's `allow-unseen` names these files, so the gate follows its policy for this decision.",
    );
    expect(debateComment(scenario)).not.toContain('Merge blocked');
    expect(scenario.checkOn(scenario.pull.head.sha)!.conclusion).toBe('success');
  }, 60_000);
});
