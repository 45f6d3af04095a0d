import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import { holdCheck } from '../../src/gate/hold-check.js';
import { createDecisionCheck, createGateSource } from '../../src/github/check-runs.js';
import { describeFailure } from '../../src/pipeline/step-error.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { clientLosingAnswers } from '../support/lost-answers.js';

/**
 * A `pr-debate` check run the gate creates `in_progress` is completed even when the create call's answer
 * is not one the gate can use: GitHub keeps such a check in progress, and a required one blocks merging
 * without saying why (issue #23; found by an attack on the refactor).
 */
describe('a started check whose answer GitHub left incomplete', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  it('completes the check it created, action_required with the reason, when GitHub does not say which app wrote it', async () => {
    scenario = await startGateScenario();
    // GitHub's answer with `app: null` (the schema allows it): the gate could not tell its own records from others.
    const fetchWithoutApp: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'POST' || !String(input).endsWith('/check-runs')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, app: null }), {
        status: response.status,
        headers: response.headers,
      });
    };
    const octokit = getOctokit(TOKENS.bot, { baseUrl: scenario.server.url, request: { fetch: fetchWithoutApp } });
    const source = createGateSource(octokit, { owner: OWNER, repo: REPO }, 'github-actions[bot]');
    let worked = false;
    const held = holdCheck(
      source,
      scenario.pull.head.sha,
      'gate',
      { describe: describeFailure, warn: () => {} },
      async () => {
        worked = true;
      },
    );
    await expect(held).rejects.toThrow(/did not say which app wrote the check run/);
    expect(worked).toBe(false);
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(check.output.summary).toMatch(/^The gate could not evaluate this head: GitHub did not say which app/);
  });
});

/**
 * The debate's check run is created once: GitHub has no idempotency key for a POST, and the retry
 * plugin re-sends one that got no answer, which may have landed (issue #41: no write sent twice).
 */
describe('the decision check run, created once', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());
  const output = {
    conclusion: 'success' as const,
    title: 'Decision recorded',
    summary: 'A decision.',
    text: undefined,
    detailsUrl: undefined,
  };
  const posts = () =>
    scenario.server.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/check-runs')).length;

  it('looks for a run whose answer was lost (by its external_id) instead of posting it again', async () => {
    scenario = await startGateScenario();
    const octokit = clientLosingAnswers(TOKENS.bot, scenario.server.url, [
      { method: 'POST', path: /\/check-runs$/, times: 1 },
    ]);
    const created = await createDecisionCheck(octokit, { owner: OWNER, repo: REPO }, scenario.pull.head.sha, output);
    expect(posts()).toBe(1);
    expect(scenario.server.state.checkRuns).toHaveLength(1);
    expect(created).toMatchObject({
      id: scenario.server.state.checkRuns[0]!.id,
      htmlUrl: scenario.server.state.checkRuns[0]!.html_url,
    });
  });

  it('posts it again when GitHub answered 502 and made none', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push({ method: 'POST', path: `/repos/${OWNER}/${REPO}/check-runs`, status: 502 });
    await createDecisionCheck(
      scenario.octokit(TOKENS.bot),
      { owner: OWNER, repo: REPO },
      scenario.pull.head.sha,
      output,
    );
    expect(posts()).toBe(2);
    expect(scenario.server.state.checkRuns).toHaveLength(1);
  });
});
