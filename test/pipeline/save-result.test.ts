import { afterEach, describe, expect, it } from 'vitest';
import { SpendingCapReached } from '../../src/llm/spending-cap.js';
import { runTrigger } from '../support/run-trigger.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { RunStopped } from '../../src/llm/stop-signal.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { debateScript, type Override } from '../support/debate-script.js';
import type { ScriptedPhase } from '../support/scripted-models.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { scriptedModels, truncatedReply } from '../support/scripted-models.js';

/**
 * Issue #23: why a debate stopped early is what its engine returned (`DebateResult.stoppedBy`), from the
 * error that stopped its calls, not what global state says when the run is recorded; a run that failed
 * outright says the stop its failure carries (`earlyStopOf`).
 */
describe('the recorded debate says what stopped it, as the engine returned it', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const CAP =
    'The spending cap (max-cost-usd: 0.5) was reached: $0.4123 was spent, and the next call could have cost up to $0.1877, so it was not made and the debate stopped there.';
  const DEADLINE =
    'The run deadline (deadline-minutes: 1) was reached before the debate finished; model calls still in flight were stopped.';

  /** A quick debate on the local GitHub server, its calls scripted (`overrides` by phase). */
  async function debate(
    overrides: Partial<Record<ScriptedPhase, Override>>,
    body = '/debate keep the cache vs drop the cache --quick',
  ) {
    scenario = await startGateScenario();
    const settings = await parseSettings(
      (name) =>
        ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-record-suite', 'max-cost-usd': '0.5' })[name],
      {
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_EVENT_PATH: '/dev/null',
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_API_URL: scenario.server.url,
      },
    );
    const { data } = await scenario
      .octokit(TOKENS.writer)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({ owner: OWNER, repo: REPO, number: 12, body, user: 'maria', commentId: data.id }),
      settings.run,
    );
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const models = scriptedModels(debateScript(overrides));
    const octokit = scenario.octokit();
    const clients: PipelineClients = {
      github: { writes: octokit, reads: octokit },
      models,
      log: { info: () => {}, warning: () => {}, notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const result = await runTrigger(clients, settings, trigger);
    // The debate's comment: the bot's only comment on the PR (the progress, then the verdict in its place).
    const comment = scenario.server.state.comments.filter((c) => c.user.login === 'github-actions[bot]').at(-1)!.body;
    return { result, comment };
  }

  it("a call the spending cap refused: the cap sentence, with the refusal's figures, though no cap or stop signal is handed to the pipeline", async () => {
    const { result, comment } = await debate({
      judge: (call) => (call.meta?.order?.[0] === 'B' ? new SpendingCapReached(0.5, 0.4123, 0.1877) : undefined),
    });
    expect(result.status).toBe('degraded-success');
    expect(comment).toContain(CAP);
    expect(comment).not.toMatch(/run deadline/i);
  });

  it('a judge run that failed on its own is not said as a stop', async () => {
    const { result, comment } = await debate({
      judge: (call) => (call.meta?.order?.[0] === 'B' ? truncatedReply() : undefined),
    });
    expect(result.status).toBe('degraded-success');
    expect(comment).toContain('Judge run 2');
    expect(comment).not.toMatch(/run deadline/i);
    expect(comment).not.toContain('The spending cap');
  });

  it("a moderator the deadline stopped: the failure comment says the deadline first, from the reason the engine's failure carries (no signal is handed to the pipeline)", async () => {
    const { result, comment } = await debate(
      {
        moderator: () =>
          new RunStopped(
            'deadline',
            'the run deadline was reached (deadline-minutes: 1); calls still in flight were stopped',
            DEADLINE,
          ),
      },
      '/debate --quick',
    );
    expect(result.status).toBe('aborted');
    expect(result.failure).toMatch(new RegExp(`^${DEADLINE.replace(/[.()]/g, '\\$&')} `));
    expect(comment).toContain(DEADLINE);
  });
});
