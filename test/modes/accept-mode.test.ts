import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTrigger } from '../support/run-trigger.js';
import type { GitHubClient } from '../../src/github/create-octokit.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { recordToYaml, type DecisionRecord } from '../../src/report/decision-record.js';
import { markerLine } from '../../src/report/comment-context.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { startSettings } from '../../src/settings/parse-settings.js';
import { purposeOf } from '../../src/settings/settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';
import { ed25519Pems, OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * `/debate accept` through the pipeline (issue #15): by a writer it records the decision in the check
 * run and the mirror comment; by a reader it is refused and nothing changes. No model is ever called.
 */
/** Counts the imports of a signing key (jose's `importPKCS8`), which the settings' check makes once per run. */
const imports = vi.hoisted(() => ({ signing: 0 }));
vi.mock('jose', async (original) => {
  const jose = await original<typeof import('jose')>();
  return {
    ...jose,
    importPKCS8: (...args: Parameters<typeof jose.importPKCS8>) => ((imports.signing += 1), jose.importPKCS8(...args)),
  };
});

describe('/debate accept', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const run = async (
    user: string,
    body: string,
    inputs: Record<string, string> = {},
    options: { editedBy?: string; octokit?: GitHubClient } = {},
  ) => {
    const env = {
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: scenario.server.url,
    };
    const getInput = (name: string) =>
      ({ 'github-token': TOKENS.bot, 'gate-policy': 'require-accepted', ...inputs })[name];
    const { data } = await scenario
      .octokit(user === 'maria' ? TOKENS.writer : TOKENS.reader)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const edited =
      options.editedBy === undefined
        ? {}
        : { action: 'edited' as const, sender: options.editedBy, previousBody: '/debate help' };
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({
        owner: OWNER,
        repo: REPO,
        number: 12,
        body,
        user,
        commentId: data.id,
        association: 'COLLABORATOR',
        ...edited,
      }),
      startSettings(getInput, env).settings.run,
    );
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const settings = await parseSettings(getInput, env, { purpose: purposeOf(trigger) });
    const models = scriptedModels(() => new Error('no model may be called for an accept'));
    const octokit = options.octokit ?? scenario.octokit();
    const clients: PipelineClients = {
      github: { writes: octokit, reads: octokit },
      models,
      log: { info: () => {}, warning: () => {}, notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const result = await runTrigger(clients, settings, trigger);
    expect(models.calls).toHaveLength(0);
    return result;
  };

  /** A finished debate: its check run on the head and its bot comment with the record. */
  const debated = async (): Promise<DecisionRecord> => {
    // Two options of a design, neither the PR as written (pr_position null): an accept of either may pass.
    const record = await scenario.record({ pr_position: null });
    await scenario.postRecord(record, { policy: 'require-accepted' });
    await scenario.octokit().rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `${markerLine(record.id)}\n**Verdict:** A\n\n\`\`\`yaml\n${recordToYaml(record).trimEnd()}\n\`\`\``,
    });
    return record;
  };

  it('by a writer: the check run on the head passes with the accepted record, and the comment says who accepted what and why', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    const result = await run('maria', '/debate accept B simpler to operate');
    const check = scenario.checkOn(record.head_sha)!;
    expect(check).toMatchObject({ name: 'pr-debate', head_sha: scenario.pull.head.sha, conclusion: 'success' });
    expect(check.output.summary).toMatch(/^@maria accepted position B \(drop the cache\): simpler to operate\./);
    expect(JSON.parse(check.output.text!)).toMatchObject({
      accepted: { by: 'maria', position: 'B', reason: 'simpler to operate' },
    });
    expect(result).toMatchObject({ gateConclusion: 'success', recommendation: 'B' });
    const mirror = scenario.server.state.comments.find((c) => c.body.startsWith(markerLine(record.id)))!;
    expect(mirror.body).toContain(
      '> **Accepted by @maria:** position B (drop the cache).\n> Reason: simpler to operate',
    );
    expect(mirror.body).toContain('accepted:\n  by: maria\n  position: B\n  reason: simpler to operate');
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@maria accepted position B \(drop the cache\)\. Reason: simpler to operate\n\nThe `pr-debate` check on [0-9a-f]{40} is now `success`/,
    );
  });

  it('imports the signing key once, where the settings are checked, and signs the accepted record with it (it was imported three times: twice to check it, once to sign)', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    imports.signing = 0;
    const result = await run('maria', '/debate accept B simpler to operate', {
      'decision-signing-key': ed25519Pems().signingKey,
    });
    expect(result).toMatchObject({ gateConclusion: 'success', recommendation: 'B' });
    expect(JSON.parse(scenario.checkOn(record.head_sha)!.output.text!).signature).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(imports.signing).toBe(1);
  });

  it('by the PR’s author, who can write: refused with a reply naming who may accept, and the check stays as it was (issue 30)', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    const runsBefore = scenario.server.state.checkRuns.length;
    const result = await run('alice', '/debate accept A my own change is right');
    expect(scenario.server.state.checkRuns).toHaveLength(runsBefore);
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expect(result.gateConclusion).toBe('');
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@alice .*you opened this PR, and the gate does not count its author's own accept: someone else with write permission must accept it \(or the config file on the default branch sets `author-may-decide: true`\)/,
    );
  });

  it('by a reader: refused with a reply, and the check stays as it was', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    const runsBefore = scenario.server.state.checkRuns.length;
    const result = await run('rita', '/debate accept B because I say so');
    expect(scenario.server.state.checkRuns).toHaveLength(runsBefore);
    const check = scenario.checkOn(record.head_sha)!;
    expect(check).toMatchObject({ name: 'pr-debate', head_sha: record.head_sha, conclusion: 'action_required' });
    expect(check.output.summary).toMatch(/require-accepted: a maintainer must record a decision/);
    expect(result.gateConclusion).toBe('');
    expect(scenario.server.state.comments.at(-1)!.body).toBe(
      '@rita only people with write access to this repository can accept a decision. Nothing was recorded, and the `pr-debate` check is unchanged.',
    );
    expect(scenario.server.state.comments.find((c) => c.body.startsWith(markerLine(record.id)))!.body).not.toContain(
      'Accepted by',
    );
  });

  it('a position the debate did not have is refused with a reply', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    await run('maria', '/debate accept D no such position');
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expect(scenario.server.state.comments.at(-1)!.body).toBe(
      '@maria the debate has positions A, B, so there is no position D to accept. Nothing was accepted.',
    );
  });

  // Issue #19: the accept's grammar, its actor, its head, and its failures.

  it('`accept` followed by words with "vs" is a debate request, not an accept', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    const result = await run('maria', '/debate accept a breaking change vs keep backward compatibility');
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expect(JSON.parse(scenario.checkOn(record.head_sha)!.output.text!).accepted).toBeNull();
    expect(result.gateConclusion).toBeUndefined();
    // A debate request: without a model key it is answered as a debate command is.
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@maria pr-debate cannot run a debate: the workflow gives it no `anthropic-api-key`/,
    );
  });

  it('a comment edited into an accept by someone else is theirs: permission-checked and recorded for the editor (sender)', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    // maria (write) wrote the comment; rita (read) edited it into an accept: the accept is rita's, and refused.
    await run('maria', '/debate accept B simpler to operate', {}, { editedBy: 'rita' });
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(/^@rita only people with write access/);
    // Edited by its own author, a writer, it is recorded as hers.
    await run('maria', '/debate accept B simpler to operate', {}, { editedBy: 'maria' });
    expect(JSON.parse(scenario.checkOn(record.head_sha)!.output.text!).accepted).toMatchObject({
      by: 'maria',
      position: 'B',
    });
  });

  it('the check is written on the head it judged: a push during the accept leaves no pass on the head first read', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    const debatedState = { ...scenario.pull };
    // The author pushes other code (M), and once the accept has started its check on M, force-pushes the debated head back.
    scenario.move('push');
    const pushed = scenario.pull.head.sha;
    const octokit = scenario.octokit();
    let restored = false;
    octokit.hook.after('request', (_response, options) => {
      if (!restored && options.method === 'POST' && String(options.url).endsWith('/check-runs')) {
        Object.assign(scenario.pull, debatedState);
        restored = true;
      }
    });
    const result = await run('maria', '/debate accept B simpler to operate', {}, { octokit });
    expect(restored).toBe(true);
    const check = scenario.checkOn(pushed)!;
    expect(check).toMatchObject({ head_sha: pushed, status: 'completed', conclusion: 'action_required' });
    expect(check.output.summary).toBe(
      `The PR's head moved from ${pushed} to ${record.head_sha} during this run, so this check does not judge ${pushed}; the run for ${record.head_sha} sets its own check.`,
    );
    expect(result.recommendation).toBe('none');
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      new RegExp(
        `^@maria the PR's head moved from ${pushed} to ${record.head_sha} while the accept was being recorded, so nothing was recorded`,
      ),
    );
  });

  it('a GitHub failure midway: no throw, the check is completed (not left in progress), and the reply says what failed', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    // Once the accept has started its check, every read of the PR fails.
    const octokit = scenario.octokit();
    octokit.hook.after('request', (_response, options) => {
      if (options.method === 'POST' && String(options.url).endsWith('/check-runs'))
        scenario.server.state.faults.push({
          method: 'GET',
          path: `/repos/${OWNER}/${REPO}/pulls/12`,
          status: 404,
          times: Infinity,
        });
    });
    const result = await run('maria', '/debate accept B simpler to operate', {}, { octokit });
    const started = scenario.server.state.checkRuns
      .filter((c) => c.name === 'pr-debate' && c.head_sha === record.head_sha)
      .at(-1)!;
    expect(started).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(started.output.summary).toMatch(/^The accept could not be recorded: /);
    expect(result).toMatchObject({ status: 'aborted', failure: expect.stringMatching(/^The accept failed: /) });
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@maria The accept failed: .*The accept was not recorded; the `pr-debate` check says so\./,
    );
  });

  it('a public key pasted into decision-signing-key is said in a reply before any check is started', async () => {
    scenario = await startGateScenario();
    await debated();
    const runsBefore = scenario.server.state.checkRuns.length;
    const result = await run('maria', '/debate accept B simpler to operate', {
      'decision-signing-key': ed25519Pems().publicKey,
    });
    expect(scenario.server.state.checkRuns).toHaveLength(runsBefore);
    expect(result.failure).toMatch(/^Input 'decision-signing-key': expected an Ed25519 private key in PKCS#8 PEM/);
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /^@maria pr-debate could not start: Input 'decision-signing-key': expected an /,
    );
  });
});
