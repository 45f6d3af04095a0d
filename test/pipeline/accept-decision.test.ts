import { afterEach, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import type { PipelineClients } from '../../src/pipeline/types.js';
import { recordToYaml, type DecisionRecord } from '../../src/report/decision-record.js';
import { markerLine } from '../../src/report/comment-context.js';
import { parseSettings } from '../../src/settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * `/debate accept` through the pipeline (issue #15): by a writer it records the decision in the check
 * run and the mirror comment; by a reader it is refused and nothing changes. No model is ever called.
 */
describe('/debate accept', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const run = async (user: string, body: string, inputs: Record<string, string> = {}) => {
    const settings = parseSettings((name) => ({ 'github-token': TOKENS.bot, 'gate-policy': 'require-accepted', ...inputs })[name], {
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: scenario.server.url,
    });
    const { data } = await scenario.octokit(user === 'maria' ? TOKENS.writer : TOKENS.reader).rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const trigger = detectTrigger('issue_comment', commentEvent({ owner: OWNER, repo: REPO, number: 12, body, user, commentId: data.id, association: 'COLLABORATOR' }), settings);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const models = scriptedModels(() => new Error('no model may be called for an accept'));
    const octokit = scenario.octokit();
    const clients: PipelineClients = { github: { writes: octokit, reads: octokit }, models, log: { info: () => {}, warning: () => {}, notice: () => {}, group: (_n, fn) => fn() }, recorder: { setOutputs: () => {}, writeSummary: async () => {} } };
    const result = await runPipeline(clients, settings, trigger);
    expect(models.calls).toHaveLength(0);
    return result;
  };

  /** A finished debate: its check run on the head and its bot comment with the record. */
  const debated = async (): Promise<DecisionRecord> => {
    const record = await scenario.record();
    await scenario.postRecord(record, { policy: 'require-accepted' });
    await scenario.octokit().rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body: `${markerLine(record.id)}\n**Verdict:** A\n\n\`\`\`yaml\n${recordToYaml(record).trimEnd()}\n\`\`\`` });
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
    expect(JSON.parse(check.output.text!)).toMatchObject({ accepted: { by: 'maria', position: 'B', reason: 'simpler to operate' } });
    expect(result).toMatchObject({ gateConclusion: 'success', recommendation: 'B' });
    const mirror = scenario.server.state.comments.find((c) => c.body.startsWith(markerLine(record.id)))!;
    expect(mirror.body).toContain('> **Accepted by @maria:** position B (drop the cache).\n> Reason: simpler to operate');
    expect(mirror.body).toContain('accepted:\n  by: maria\n  position: B\n  reason: simpler to operate');
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(/^@maria accepted position B \(drop the cache\)\. Reason: simpler to operate\n\nThe `pr-debate` check on [0-9a-f]{40} is now `success`/);
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
    expect(scenario.server.state.comments.at(-1)!.body).toBe('@rita only people with write access to this repository can accept a decision. Nothing was recorded, and the `pr-debate` check is unchanged.');
    expect(scenario.server.state.comments.find((c) => c.body.startsWith(markerLine(record.id)))!.body).not.toContain('Accepted by');
  });

  it('a position the debate did not have is refused with a reply', async () => {
    scenario = await startGateScenario();
    const record = await debated();
    await run('maria', '/debate accept D no such position');
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expect(scenario.server.state.comments.at(-1)!.body).toBe('@maria the debate has positions A, B, so there is no position D to accept. Nothing was accepted.');
  });
});
