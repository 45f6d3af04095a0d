import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import { runTrigger } from '../support/run-trigger.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { markerLine } from '../../src/report/comment-context.js';
import { recordToYaml } from '../../src/report/decision-record.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { purposeOf } from '../../src/settings/settings.js';
import { detectTrigger, type Trigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import type { Fault } from '../support/github-server.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #23: one error contract for every mode. A GitHub endpoint the mode needs answers 500 after the
 * trigger; `runPipeline` resolves (never throws) with `failure` set, a run a person started with a
 * comment or a label gets a reply on the PR saying what failed, and every check run that was started
 * is completed (a required check left in progress blocks merging without saying why).
 */
describe('every mode: a failure after the trigger is said, returned, and leaves no check in progress', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const repoPath = `/repos/${OWNER}/${REPO}`;
  /** GitHub failing: HTTP 500 with GitHub's error body, every time. */
  const fail = (method: string, path: string | RegExp): Fault => ({
    method,
    path,
    status: 500,
    body: { message: 'Server Error', status: '500' },
    times: Infinity,
  });

  const run = async (
    trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>,
    inputs: Record<string, string> = {},
    eventName = 'issue_comment',
  ) => {
    // Lenient, as the action parses: a bad input is named in `problem` and replaced by its default.
    const settings = await parseSettings(
      (name) => ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-contract-suite', ...inputs })[name],
      {
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: '/dev/null',
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_API_URL: scenario.server.url,
      },
      { lenient: true, purpose: purposeOf(trigger) },
    );
    // The real Octokit without the retry plugin: a 500 fails at once rather than after GitHub's backoff.
    const octokit = getOctokit(TOKENS.bot, { baseUrl: scenario.server.url });
    const warnings: string[] = [];
    const models = scriptedModels(() => new Error('no model may be called before the failure'));
    const clients: PipelineClients = {
      github: { writes: octokit, reads: octokit },
      models,
      log: { info: () => {}, warning: (m) => warnings.push(m), notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const result = await runTrigger(clients, settings, trigger);
    expect(models.calls).toHaveLength(0);
    // (c) No check run is left in progress.
    expect(scenario.server.state.checkRuns.filter((c) => c.status !== 'completed')).toEqual([]);
    return { result, warnings };
  };

  /** The trigger of a comment by `maria` (write) on PR #12, posted on the server first. */
  const comment = async (body: string, inputs: Record<string, string> = {}) => {
    const settings = await parseSettings((name) => ({ 'github-token': TOKENS.bot, ...inputs })[name], {
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    });
    const { data } = await scenario
      .octokit(TOKENS.writer)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({
        owner: OWNER,
        repo: REPO,
        number: 12,
        body,
        user: 'maria',
        commentId: data.id,
        association: 'COLLABORATOR',
      }),
      settings.run,
    );
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    return trigger;
  };
  /** A comment's text as a person reads it: without the zero-width spaces the sanitiser puts in `#12`. */
  const read = (body: string) => body.replaceAll('\u200b', '');
  const lastComment = () => read(scenario.server.state.comments.at(-1)!.body);

  it('debate: the PR cannot be read; the debate comment says what failed', async () => {
    scenario = await startGateScenario();
    const trigger = await comment('/debate keep the cache vs drop the cache');
    scenario.server.state.faults.push(fail('GET', `${repoPath}/pulls/12`));
    const { result } = await run(trigger);
    expect(result).toMatchObject({ status: 'aborted', failure: expect.stringMatching(/HTTP 500/) });
    const posted = scenario.server.state.comments.find((c) => c.html_url === result.commentUrl)!;
    expect(posted.body).toContain('## ⚠️ pr-debate: the run failed');
    expect(read(posted.body)).toContain(result.failure);
  });

  it('go: the plan cannot be read; a reply says so (the old code returned with no reply)', async () => {
    scenario = await startGateScenario();
    const trigger = await comment('/debate go');
    const before = scenario.server.state.comments.length;
    scenario.server.state.faults.push(fail('GET', `${repoPath}/issues/12/comments`));
    const { result, warnings } = await run(trigger, { 'confirm-plan': 'true' });
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^\/debate go failed: reading the plan failed: GitHub answered HTTP 500/),
    });
    expect(warnings).toContain(result.failure);
    expect(scenario.server.state.comments).toHaveLength(before + 1);
    expect(lastComment()).toMatch(
      /^@maria this run of pr-debate failed, and nothing else ran: \/debate go failed: reading the plan failed: GitHub answered HTTP 500.*To try again, write \/debate again once this is fixed\./,
    );
    expect(result.commentUrl).toBe(scenario.server.state.comments.at(-1)!.html_url);
  });

  it('accept: the check runs cannot be listed once the accept started its check; the check and a reply say so', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record();
    await scenario.postRecord(record, { policy: 'require-accepted' });
    await scenario.octokit().rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `${markerLine(record.id)}\n\`\`\`yaml\n${recordToYaml(record)}\`\`\``,
    });
    const trigger = await comment('/debate accept B simpler to operate');
    scenario.server.state.faults.push(fail('GET', /\/commits\/[0-9a-f]{40}\/check-runs$/));
    const { result } = await run(trigger, { 'gate-policy': 'require-accepted' });
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^The accept failed: GitHub answered HTTP 500/),
    });
    const check = scenario.checkOn(record.head_sha)!;
    expect(check).toMatchObject({
      status: 'completed',
      conclusion: 'action_required',
      output: { title: 'Accept not recorded' },
    });
    expect(check.output.summary).toMatch(/^The accept could not be recorded: GitHub answered HTTP 500/);
    expect(lastComment()).toMatch(
      /^@maria The accept failed: GitHub answered HTTP 500.*The accept was not recorded; the `pr-debate` check says so\./,
    );
  });

  it('gate: the check runs cannot be listed; the pr-debate check is concluded with the failure in its summary, and the log says it', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push(fail('GET', /\/commits\/[0-9a-f]{40}\/check-runs$/));
    const { result, warnings } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^The merge gate failed: GitHub answered HTTP 500/),
    });
    expect(warnings).toEqual([result.failure]);
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check).toMatchObject({
      status: 'completed',
      conclusion: 'action_required',
      output: { title: 'Gate could not decide' },
    });
    expect(check.output.summary).toMatch(/^The gate could not evaluate this head: GitHub answered HTTP 500/);
    // Nobody asked in a comment: the check and the log say it.
    expect(scenario.server.state.comments).toHaveLength(0);
  });

  it('gate: writing the verdict on the check fails once; the check is still completed, saying so (the old code left it in progress)', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push({ ...fail('PATCH', /\/check-runs\/\d+$/), times: 1 });
    const { result } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^The merge gate failed: GitHub answered HTTP 500/),
    });
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check).toMatchObject({
      status: 'completed',
      conclusion: 'action_required',
      output: { title: 'Gate could not decide' },
    });
  });

  it('gate: a decision-public-key that is no key is said on the check (the old code failed before starting one)', async () => {
    scenario = await startGateScenario();
    const { result } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate', 'decision-public-key': 'not a key' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^The merge gate failed: Input 'decision-public-key'/),
    });
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(check.output.summary).toMatch(/^The gate could not evaluate this head: Input 'decision-public-key'/);
  });

  it('gate: a gate-policy that is no policy is said on the check, never replaced by the default policy (a typo must not weaken the gate)', async () => {
    scenario = await startGateScenario();
    const { result } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate', 'gate-policy': 'require-acepted' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(
        /^The merge gate failed: Input 'gate-policy': expected one of off, require-decision, require-confident, require-accepted, got "require-acepted"/,
      ),
    });
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(check.output.summary).toMatch(/^The gate could not evaluate this head: Input 'gate-policy'/);
  });

  it('gate: two bad inputs are said on the check too, the first named (a second one used to throw before any check was started)', async () => {
    scenario = await startGateScenario();
    const { result } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate', 'max-rounds': 'lots', 'deadline-minutes': 'soon' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(/^The merge gate failed: Input 'max-rounds'/),
    });
    const checks = scenario.server.state.checkRuns.filter((check) => check.head_sha === scenario.pull.head.sha);
    expect(checks.map((check) => [check.status, check.conclusion])).toEqual([['completed', 'action_required']]);
  });

  it('gate: a decision-record-path outside the workspace is said on the check before any verdict is written', async () => {
    scenario = await startGateScenario();
    const { result } = await run(
      { kind: 'gate', target: { kind: 'pull', pullNumber: 12, before: undefined } },
      { mode: 'gate', 'decision-record-path': '../../outside' },
      'pull_request',
    );
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(
        /^The merge gate failed: Input 'decision-record-path': expected a folder inside the workspace/,
      ),
    });
    const checks = scenario.server.state.checkRuns.filter((check) => check.head_sha === scenario.pull.head.sha);
    expect(checks.map((check) => [check.status, check.conclusion])).toEqual([['completed', 'action_required']]);
  });

  it('reply: the permission check fails on `/debate help`; a reply says so (the old code threw)', async () => {
    scenario = await startGateScenario();
    const trigger = await comment('/debate help');
    scenario.server.state.faults.push(fail('GET', `${repoPath}/collaborators/maria/permission`));
    const { result } = await run(trigger);
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(
        /^The reply to \/debate failed: checking maria's permission on the repository failed: GitHub answered HTTP 500/,
      ),
    });
    expect(lastComment()).toMatch(
      /^@maria this run of pr-debate failed, and nothing else ran: The reply to \/debate failed: checking maria's permission/,
    );
    expect(result.commentUrl).toBe(scenario.server.state.comments.at(-1)!.html_url);
  });

  it('bridge: once the fork PR is found, the timeline cannot be read; a reply on the PR says so (the old code only logged it)', async () => {
    scenario = await startGateScenario();
    const fork = 'contributor/widgets';
    Object.assign(scenario.pull, {
      headRepository: fork,
      labels: ['debate'],
      timeline: [{ event: 'labeled', label: 'debate', actor: 'maria' }],
    });
    scenario.server.state.faults.push(fail('GET', `${repoPath}/issues/12/timeline`));
    const bridgeRun = {
      runId: 7,
      workflowName: 'pr-debate',
      headSha: scenario.pull.head.sha,
      headBranch: scenario.pull.head.ref,
      headRepository: fork,
      headOwner: 'contributor',
    };
    const { result } = await run({ kind: 'bridge', purpose: 'debate', run: bridgeRun }, {}, 'workflow_run');
    expect(result).toMatchObject({
      status: 'aborted',
      failure: expect.stringMatching(
        /^The workflow_run bridge failed: reading who added the "debate" label to PR #12 failed: GitHub answered HTTP 500/,
      ),
    });
    const reply = scenario.server.state.comments.filter((c) => c.issue_url.endsWith('/issues/12'));
    expect(reply.map((c) => read(c.body))).toEqual([
      expect.stringMatching(
        /^This run of pr-debate failed, and nothing else ran: The workflow_run bridge failed: .*To try again, remove and add the "debate" label once this is fixed\./,
      ),
    ]);
    // The request was not taken: the label stays for the next try.
    expect(scenario.pull.labels).toEqual(['debate']);
  });
});
