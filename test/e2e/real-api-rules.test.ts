import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMetaOf, type ScriptedReply } from '../support/anthropic-server.js';
import { scriptedModel } from '../support/commander-script.js';
import { labeledEvent } from '../support/event-payloads.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { runAction } from '../support/run-action.js';

/**
 * Issue #21, "Done when": a standard debate on a real case (commander 12.1.0 -> 13.0.0) through the
 * bundled action, against a Messages server that behaves as the API documents it in December 2026:
 * adaptive thinking on by default on the default model, its tokens counted toward `max_tokens`
 * (test/support/anthropic-rules.ts); one `overloaded_error` inside a stream that began with 200
 * (streaming, "Error events"); and structured outputs switched off for the project.
 */
describe('a standard debate against the real API rules of December 2026', () => {
  let scenario: RealCaseScenario;
  let overloaded = 0;
  beforeAll(async () => {
    const script = scriptedModel(() => scenario);
    scenario = await startRealCaseScenario(
      'commander-excess-arguments',
      async (request, context) => {
        const reply = (await script(request, context)) as ScriptedReply;
        // The first opening's reply breaks off with an overloaded_error event, once.
        if (context.call?.phase === 'opening' && context.call.positionId === 'A' && overloaded === 0) {
          overloaded += 1;
          return { ...reply, streamError: { type: 'overloaded_error', message: 'Overloaded' } };
        }
        return reply;
      },
      { thinking: true, structuredOutputsOff: 'anthropic' },
    );
  }, 300_000);
  afterAll(async () => scenario?.close());

  it('succeeds with thinking on at the default effort, no reply cut, one mid-stream overload retried, and JSON in text', async () => {
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    const result = await runAction({
      eventName: 'pull_request',
      payload: labeledEvent({ owner, repo, number: SCENARIO.pullNumber, label: 'debate', sender: SCENARIO.maintainer }),
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: {
        'github-token': SCENARIO.githubToken,
        'anthropic-api-key': SCENARIO.anthropicKey,
        'base-url': scenario.anthropic!.url,
        'rfc-path': 'Readme.md',
      },
    });
    expect(result.exitCode, result.stdout).toBe(0);
    // A reply cut at max_tokens would make the run degraded-success with an [INCOMPLETE] turn.
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    const body = scenario.github.state.comments.find((c) => c.body.startsWith('<!-- pr-debate:v1'))!.body;
    expect(body).not.toContain('[INCOMPLETE]');
    expect(body).toContain('Structured outputs are switched off');

    const requests = scenario.anthropic!.requests;
    // Thinking happened and was paid for out of max_tokens: every answered debate call used more output than its text.
    const answered = requests.filter(
      (r) => r.usage && callMetaOf(r.headers)?.phase !== 'preflight' && callMetaOf(r.headers)?.warmUp !== true,
    );
    expect(answered.length).toBeGreaterThanOrEqual(12);
    for (const r of answered) expect(r.body.max_tokens).toBeGreaterThan(16_000);
    expect(answered.every((r) => r.body.output_config?.effort !== undefined)).toBe(true);
    // Once refused, structured outputs are not asked for again: the rest of the run is JSON in text.
    const withFormat = requests.filter((r) => r.body.output_config?.format);
    expect(withFormat.length).toBeLessThanOrEqual(1);
    // The overloaded opening was sent again and answered.
    const openingsA = requests.filter(
      (r) =>
        callMetaOf(r.headers)?.phase === 'opening' &&
        callMetaOf(r.headers)?.positionId === 'A' &&
        callMetaOf(r.headers)?.warmUp !== true,
    );
    expect(overloaded).toBe(1);
    expect(openingsA.length).toBe(2);
    expect(openingsA.at(-1)!.usage).toBeDefined();
  }, 600_000);
});
