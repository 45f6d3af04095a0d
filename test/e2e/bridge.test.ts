import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { scriptedModel } from '../support/commander-script.js';
import { labeledEvent, workflowRunEvent } from '../support/event-payloads.js';
import { NODE24_UNAVAILABLE } from '../support/node24.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { docWorkflowTexts, readmeWorkflowTexts } from '../support/readme.js';
import { runAction, spawnAction } from '../support/run-action.js';

/**
 * Starting on GitHub as it is now (issue #22, contract section 2): the README's first workflow runs
 * on `pull_request` (`labeled`), which debates a PR from a branch; a fork PR's run has no secrets and
 * leaves the request to the `workflow_run` bridge, which finds the PR through the API, checks its head,
 * the label and who added it, and only then debates; the gate on fork pushes goes through the same
 * bridge. The action runs on real webhook payloads against the local GitHub server, with the commander
 * case as the PR: in process (`test/support/run-action.ts`), and the bridge's debate of a fork PR as the
 * bundled action the runner runs (Node 24, from action.yml).
 */
const CASE = 'commander-excess-arguments';
const FORK = 'contributor/commander-fork';

/** A workflow of the gate setups, as far as this test reads its jobs. */
const hardenedSchema = z.object({
  name: z.string(),
  jobs: z.record(z.string(), z.looseObject({ if: z.string().optional(), environment: z.string().optional() })),
});

/** The README's workflows, in order, parsed. */
function readmeWorkflows(): { name: string; on: Record<string, unknown> }[] {
  return readmeWorkflowTexts().map(({ text }) =>
    z.object({ name: z.string(), on: z.record(z.string(), z.unknown()) }).parse(parse(text)),
  );
}

describe('triggers that start in a public repository with the default Actions policy', () => {
  let scenario: RealCaseScenario;
  let framingSaysNoPosition = false;
  beforeAll(async () => {
    // `framingSaysNoPosition`: the framing moderator answers that none of its positions is the PR (issue #38).
    scenario = await startRealCaseScenario(
      CASE,
      scriptedModel(
        () => scenario,
        (phase, reply) => {
          if (framingSaysNoPosition && phase === 'framing')
            (reply.framing as { pr_position: string | null }).pr_position = null;
        },
      ),
    );
  }, 300_000);
  afterAll(async () => scenario?.close());
  const names = () => scenario.repository.split('/') as [string, string];
  const head = () => scenario.pull.head.sha;
  const step = (eventName: string, payload: unknown, inputs: Record<string, string> = {}, workflow = 'pr-debate') => ({
    eventName,
    payload,
    repository: scenario.repository,
    apiUrl: scenario.github.url,
    env: { GITHUB_WORKFLOW: workflow },
    inputs: {
      'github-token': SCENARIO.githubToken,
      'anthropic-api-key': SCENARIO.anthropicKey,
      'base-url': scenario.anthropic!.url,
      'rfc-path': 'Readme.md',
      ...inputs,
    },
  });
  const run = (...args: Parameters<typeof step>) => runAction(step(...args));
  /** The completed run of the label workflow for the fork PR at `sha` (the PR's head unless said). */
  const forkRun = (sha = head()) => {
    const [owner, repo] = names();
    return workflowRunEvent({
      owner,
      repo,
      workflow: 'pr-debate',
      headSha: sha,
      headBranch: scenario.pull.head.ref,
      headRepository: FORK,
    });
  };
  const modelCalls = () => scenario.anthropic!.requests.length;
  const debateComments = () => scenario.github.state.comments.filter((c) => c.body.startsWith('<!-- pr-debate:v1'));

  beforeEach(() => {
    // PR #1 comes from a fork, carries the label, added by a maintainer with write access.
    scenario.pull.headRepository = FORK;
    scenario.pull.labels = ['debate'];
    scenario.pull.timeline = [{ event: 'labeled', label: 'debate', actor: SCENARIO.maintainer }];
  });

  it("the README's first workflow starts on pull_request (labeled) and comments, never pull_request_target; it debates a labelled PR from a branch", async () => {
    const first = readmeWorkflows()[0]!;
    expect(Object.keys(first.on).sort()).toEqual(['issue_comment', 'pull_request']);
    expect(first.on.pull_request).toEqual({ types: ['labeled'] });
    delete scenario.pull.headRepository;
    const [owner, repo] = names();
    const before = debateComments().map((c) => c.body);
    const result = await run(
      'pull_request',
      labeledEvent({ owner, repo, number: SCENARIO.pullNumber, label: 'debate', sender: SCENARIO.maintainer }),
    );
    expect(result.exitCode, result.stdout).toBe(0);
    // This run posted its debate: a new debate comment, or an earlier one rewritten.
    const after = debateComments().map((c) => c.body);
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    expect(result.outputs.status).toBe('success');
  });

  it("a fork PR's label run does nothing, makes no request, and says the bridge debates it", async () => {
    const [owner, repo] = names();
    const requests = scenario.github.state.requests.length;
    const calls = modelCalls();
    // As GitHub runs it for a fork: no secrets (no model key) and a read-only token.
    const payload = labeledEvent({
      owner,
      repo,
      number: SCENARIO.pullNumber,
      label: 'debate',
      sender: SCENARIO.maintainer,
      headRepository: FORK,
    });
    const result = await runAction({
      eventName: 'pull_request',
      payload,
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      env: { GITHUB_WORKFLOW: 'pr-debate' },
      inputs: { 'github-token': 'read-only' },
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      /::notice::pr-debate did not run: PR #1 comes from a fork \(contributor\/commander-fork\).*in the workflow that runs on workflow_run of "pr-debate" \(the README's "pr-debate bridge"\)/,
    );
    expect(result.outputs.status).toBe('skipped');
    expect(scenario.github.state.requests.length).toBe(requests);
    expect(modelCalls()).toBe(calls);
  });

  it.skipIf(NODE24_UNAVAILABLE !== undefined)(
    'the bundled action as the bridge debates the fork PR after checking its head, the label and who added it, and takes the label',
    async () => {
      const before = scenario.github.state.requests.length;
      const result = await spawnAction(step('workflow_run', forkRun(), {}, 'pr-debate bridge'));
      expect(result.exitCode, result.stdout).toBe(0);
      expect(result.outputs.status).toBe('success');
      const comment = scenario.github.state.comments.find((c) => c.html_url === result.outputs['comment-url'])!;
      expect(comment.user.login).toBe(SCENARIO.botLogin);
      expect(comment.body).toContain(`/blob/${head()}/`);
      expect(JSON.parse(result.outputs.decision!)).toMatchObject({
        pull_request: 1,
        head_sha: head(),
        trigger: 'label',
        requested_by: SCENARIO.maintainer,
      });
      expect(
        scenario.github.state.checkRuns.filter((c) => c.head_sha === head() && c.name === 'pr-debate').at(-1),
      ).toMatchObject({ conclusion: 'success' });
      const asked = scenario.github.state.requests
        .slice(before)
        .map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()}`);
      expect(
        asked.some(
          (r) =>
            r.startsWith(`GET /repos/${scenario.repository}/pulls?`) &&
            r.includes(`head=${encodeURIComponent(`contributor:${scenario.pull.head.ref}`)}`),
        ),
      ).toBe(true);
      expect(asked.some((r) => r.startsWith(`GET /repos/${scenario.repository}/issues/1/timeline`))).toBe(true);
      expect(
        asked.some((r) =>
          r.startsWith(`GET /repos/${scenario.repository}/collaborators/${SCENARIO.maintainer}/permission`),
        ),
      ).toBe(true);
      expect(scenario.pull.labels).toEqual([]);
      expect(result.stdout).toContain(`${SCENARIO.maintainer} (write) added "debate": debating it`);
    },
  );

  it("in the hardened gate setup a label on a branch PR is debated by the bridge, with a fork PR's checks (issue #42)", async () => {
    // docs/gate.md's hardened setup: its own pull_request runs debate no label (the environment keeps them
    // out), and its bridge debates every PR's run, not only a fork's.
    const setup = docWorkflowTexts()
      .filter((w) => w.file === 'docs/gate.md')
      .map((w) => hardenedSchema.parse(parse(w.text)));
    const own = setup.find((w) => w.name === 'pr-debate' && w.jobs.debate?.environment === 'pr-debate')!;
    expect(own.jobs.debate!.if).toMatch(/^github\.event_name == 'issue_comment' && /);
    expect(own.jobs.debate!.if).not.toContain("pull_request'");
    const bridge = setup.find((w) => w.name === 'pr-debate bridge (gate)')!;
    expect(bridge.jobs.debate).toMatchObject({
      if: "github.event.workflow_run.event == 'pull_request'",
      environment: 'pr-debate',
    });

    delete scenario.pull.headRepository;
    const before = scenario.github.state.requests.length;
    const [owner, repo] = names();
    const branchRun = workflowRunEvent({
      owner,
      repo,
      workflow: 'pr-debate',
      headSha: head(),
      headBranch: scenario.pull.head.ref,
      headRepository: scenario.repository,
    });
    const result = await run('workflow_run', branchRun, {}, 'pr-debate bridge (gate)');
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status).toBe('success');
    expect(JSON.parse(result.outputs.decision!)).toMatchObject({
      pull_request: 1,
      head_sha: head(),
      trigger: 'label',
      requested_by: SCENARIO.maintainer,
    });
    expect(
      scenario.github.state.checkRuns.filter((c) => c.head_sha === head() && c.name === 'pr-debate').at(-1),
    ).toMatchObject({ conclusion: 'success' });
    // The same checks as for a fork: the PR found through the API, who added the label, their permission; the label taken.
    const asked = scenario.github.state.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()}`);
    expect(
      asked.some(
        (r) =>
          r.startsWith(`GET /repos/${scenario.repository}/pulls?`) &&
          r.includes(`head=${encodeURIComponent(`${owner}:${scenario.pull.head.ref}`)}`),
      ),
    ).toBe(true);
    expect(asked.some((r) => r.startsWith(`GET /repos/${scenario.repository}/issues/1/timeline`))).toBe(true);
    expect(
      asked.some((r) =>
        r.startsWith(`GET /repos/${scenario.repository}/collaborators/${SCENARIO.maintainer}/permission`),
      ),
    ).toBe(true);
    expect(scenario.pull.labels).toEqual([]);
    expect(result.stdout).toContain(`${SCENARIO.maintainer} (write) added "debate": debating it`);
  });

  it('a push after the bridge took the request: the debate reads the head the bridge checked or nothing, never the new head (issue 30)', async () => {
    const checked = head();
    const calls = modelCalls();
    const pushed = 'e'.repeat(40);
    // The fork pushes while the bridge removes the label: the request was for `checked`.
    scenario.github.state.faults.push({
      method: 'DELETE',
      path: new RegExp(`/issues/1/labels/`),
      status: 200,
      pass: true,
      times: 1,
      onMatch: () => (scenario.pull.head.sha = pushed),
    });
    try {
      const result = await run('workflow_run', forkRun(checked), {}, 'pr-debate bridge');
      expect(modelCalls()).toBe(calls);
      expect(result.stdout + result.stderr).toContain(
        `the PR's head is ${pushed}, not ${checked}, the commit this run was asked to debate`,
      );
      expect(scenario.github.state.checkRuns.filter((c) => c.head_sha === pushed && c.name === 'pr-debate')).toEqual(
        [],
      );
    } finally {
      scenario.pull.head.sha = checked;
    }
  });

  it('the bridge refuses, saying why, when the head moved, the label is gone, or the labeller cannot write', async () => {
    const calls = modelCalls();
    const comments = scenario.github.state.comments.length;
    const moved = await run('workflow_run', forkRun('f'.repeat(40)));
    expect(moved.exitCode, moved.stdout).toBe(0);
    expect(moved.stdout).toMatch(
      new RegExp(`::notice::pr-debate bridge did nothing: PR #1's head moved from f{40} \\(the run's\\) to ${head()}`),
    );

    scenario.pull.labels = [];
    const gone = await run('workflow_run', forkRun());
    expect(gone.stdout).toContain(
      '::notice::pr-debate bridge did nothing: PR #1 does not carry the "debate" label (any more)',
    );

    scenario.pull.labels = ['debate'];
    scenario.pull.timeline = [
      { event: 'labeled', label: 'debate', actor: SCENARIO.maintainer },
      { event: 'unlabeled', label: 'debate', actor: SCENARIO.maintainer },
      { event: 'labeled', label: 'debate', actor: 'outsider' },
    ];
    const reader = await run('workflow_run', forkRun());
    expect(reader.stdout).toContain(
      '::notice::pr-debate bridge did nothing: the "debate" label on PR #1 was added by outsider, who has the "read" role',
    );

    for (const refused of [moved, gone, reader]) expect(refused.outputs.status).toBe('skipped');
    expect(modelCalls()).toBe(calls);
    expect(scenario.github.state.comments.length).toBe(comments);
    expect(scenario.pull.labels).toEqual(['debate']);
  });

  it('the gate on a fork push: the pull_request run leaves it to the bridge, which writes the check on the head it finds', async () => {
    const [owner, repo] = names();
    const checks = scenario.github.state.checkRuns.length;
    const push = {
      ...labeledEvent({ owner, repo, number: SCENARIO.pullNumber, label: 'debate', headRepository: FORK }),
      action: 'synchronize',
      before: 'e'.repeat(40),
    };
    const own = await runAction({
      eventName: 'pull_request',
      payload: push,
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      env: { GITHUB_WORKFLOW: 'pr-debate' },
      inputs: { 'github-token': 'read-only', mode: 'gate' },
    });
    expect(own.exitCode, own.stdout).toBe(0);
    expect(own.stdout).toMatch(
      /::notice::pr-debate did not run: PR #1 comes from a fork .*the gate writes the pr-debate check in the base repository/,
    );
    expect(scenario.github.state.checkRuns.length).toBe(checks);

    const bridged = await run('workflow_run', forkRun('e'.repeat(40)), { mode: 'gate' }, 'pr-debate bridge');
    expect(bridged.exitCode, bridged.stdout).toBe(0);
    const written = scenario.github.state.checkRuns.slice(checks);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ name: 'pr-debate', head_sha: head(), status: 'completed' });
    expect(bridged.outputs['gate-conclusion']).toBe(written[0]!.conclusion);
    expect(bridged.stdout).toContain(`Bridge: gating PR #1 (head ${head()})`);
  });

  it("the bridge's own framing that says no position is the PR passes nothing: the debate's check and the gate's wait for another maintainer's accept (issue #38)", async () => {
    framingSaysNoPosition = true;
    try {
      const debated = await run('workflow_run', forkRun(), {}, 'pr-debate bridge');
      expect(debated.exitCode, debated.stdout).toBe(0);
      expect(debated.outputs.status).toBe('success');
      expect(JSON.parse(debated.outputs.decision!)).not.toHaveProperty('pr_position');
      expect(
        scenario.github.state.checkRuns.filter((c) => c.head_sha === head() && c.name === 'pr-debate').at(-1),
      ).toMatchObject({ conclusion: 'action_required' });
      const comment = scenario.github.state.comments.find((c) => c.html_url === debated.outputs['comment-url'])!;
      expect(comment.body).toMatch(
        /found no position to be this PR as written, so the record leaves which one is unknown/,
      );
      const gated = await run('workflow_run', forkRun(), { mode: 'gate' }, 'pr-debate bridge');
      expect(gated.exitCode, gated.stdout).toBe(0);
      expect(gated.outputs['gate-conclusion']).toBe('action_required');
    } finally {
      framingSaysNoPosition = false;
    }
  });
});
