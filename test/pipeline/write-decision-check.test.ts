import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeDecisionCheck, signDecision } from '../../src/pipeline/write-decision-check.js';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { ed25519Pems, OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import type { FakePullRequest } from '../support/github-server.js';

/**
 * The end of a debate for the gate (issue #15): the `pr-debate` check run on the head with the signed
 * record, the Markdown record file, and a clear warning (the debate still stands) without `checks: write`.
 */
/** A pack that held every changed hunk. */
const NO_OVERFLOW = { shown: 1, parts: [], generatedSkipped: [], noDiff: [] };

describe('writing a debate’s decision check', () => {
  let scenario: GateScenario;
  let workspace: string | undefined;
  afterEach(async () => {
    await scenario?.close();
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });
  const settingsWith = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
    parseSettings((name) => ({ 'github-token': TOKENS.bot, ...inputs })[name], {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: scenario.server.url,
      ...env,
    });
  const logs = () => {
    const lines: string[] = [];
    return {
      lines,
      info: (m: string) => lines.push(`info: ${m}`),
      warning: (m: string) => lines.push(`warning: ${m}`),
    };
  };

  it('writes the check run with the signed record and the Markdown file with YAML front matter', async () => {
    scenario = await startGateScenario();
    workspace = await mkdtemp(path.join(tmpdir(), 'pr-debate-ws-'));
    const settings = await settingsWith(
      { 'decision-signing-key': ed25519Pems().signingKey, 'decision-record-path': 'docs/decisions' },
      { GITHUB_WORKSPACE: workspace },
    );
    const record = await signDecision(settings, await scenario.record());
    expect(record.signature).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    const log = logs();
    const result = await writeDecisionCheck(
      { octokit: scenario.octokit(), log },
      settings,
      record,
      { coverage: NO_OVERFLOW, unseen: { count: 0, paths: [] } },
      'https://github.com/octo/widgets/pull/12#issuecomment-9',
    );
    const check = scenario.checkOn(record.head_sha)!;
    expect(check).toMatchObject({
      name: 'pr-debate',
      head_sha: record.head_sha,
      conclusion: 'success',
      details_url: 'https://github.com/octo/widgets/pull/12#issuecomment-9',
    });
    expect(check.output.summary).toBe(
      "Merge as written: the debate decided for position A (keep the cache), which is this PR as written. The debate recommends A (keep the cache) with medium confidence. A is the PR's position: the PR as written follows the decision. [The debate](https://github.com/octo/widgets/pull/12#issuecomment-9).",
    );
    expect(JSON.parse(check.output.text!)).toEqual(record);
    expect(result.gateConclusion).toBe('success');
    expect(result.recordFile).toBe(path.join(workspace, 'docs/decisions', `pr-12-${record.id}.md`));
    const text = await readFile(result.recordFile, 'utf8');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(text)![1]!;
    expect(decisionRecordSchema.parse(parse(front))).toEqual(record);
    expect(text).toContain('# PR #12: keep the cache vs drop the cache');
  });

  it("keeps the debate's reasoning in the decision document when an accept rewrites it without the ruling", async () => {
    scenario = await startGateScenario();
    workspace = await mkdtemp(path.join(tmpdir(), 'pr-debate-ws-'));
    const settings = await settingsWith({ 'decision-record-path': 'docs/decisions' }, { GITHUB_WORKSPACE: workspace });
    const record = await signDecision(settings, await scenario.record());
    const narrative = [
      '<!-- pr-debate:narrative -->',
      '',
      '## Confidence',
      '',
      'medium: one side cites the code.',
      '',
      '## Key reasoning',
      '',
      '1. The TTL bounds staleness.',
      '',
      '<!-- /pr-debate:narrative -->',
    ].join('\n');
    await writeDecisionCheck(
      { octokit: scenario.octokit(), log: logs() },
      settings,
      record,
      { coverage: NO_OVERFLOW, unseen: { paths: [], count: 0 } },
      '',
      { narrative },
    );
    const accepted = {
      ...record,
      accepted: { by: 'maintainer', position: 'B' as const, reason: 'Less code.' },
      signature: null,
    };
    const again = await writeDecisionCheck(
      { octokit: scenario.octokit(), log: logs() },
      settings,
      accepted,
      { coverage: NO_OVERFLOW, unseen: { paths: [], count: 0 } },
      '',
    );
    const text = await readFile(again.recordFile, 'utf8');
    expect(text).toContain('1. The TTL bounds staleness.');
    expect(text).toContain(
      'Changes requested: a maintainer accepted position B (drop the cache), not position A, this PR as written',
    );
    expect(text).toContain('Accepted by @maintainer: Less code.');
  });

  it('does not pass a head commit that another open PR shares: the check would count for that PR too (issue #19)', async () => {
    const twin: FakePullRequest = {
      number: 13,
      title: 'Same commit, other PR',
      body: null,
      user: { login: 'rita' },
      head: { sha: '', ref: 'other' },
      base: { sha: '', ref: 'main' },
      files: [],
      diff: '',
      readFile: () => undefined,
    };
    scenario = await startGateScenario({ pulls: [twin] });
    Object.assign(twin, {
      head: { ...scenario.pull.head, ref: 'other' },
      base: scenario.pull.base,
      files: scenario.pull.files,
      diff: scenario.pull.diff,
      readFile: scenario.pull.readFile,
      commits: [scenario.pull.head.sha],
    });
    const settings = await settingsWith({});
    const record = await signDecision(settings, await scenario.record());
    const result = await writeDecisionCheck(
      { octokit: scenario.octokit(), log: logs() },
      settings,
      record,
      { coverage: NO_OVERFLOW, unseen: { count: 0, paths: [] } },
      '',
    );
    expect(result.gateConclusion).toBe('action_required');
    expect(scenario.checkOn(record.head_sha)).toMatchObject({
      conclusion: 'action_required',
      output: { title: 'Head shared with another PR' },
    });
    expect(scenario.checkOn(record.head_sha)!.output.summary).toMatch(/^This commit is also the head of #13, /);
  });

  it('without checks: write, warns naming the permissions entry and keeps the debate result', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push({
      method: 'POST',
      path: `/repos/${OWNER}/${REPO}/check-runs`,
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
        status: '403',
      },
    });
    const log = logs();
    const result = await writeDecisionCheck(
      { octokit: scenario.octokit(), log },
      await settingsWith({}),
      await scenario.record(),
      { coverage: NO_OVERFLOW, unseen: { count: 0, paths: [] } },
      '',
    );
    expect(result).toEqual({ gateConclusion: '', recordFile: '' });
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^warning: The debate result is posted, but the pr-debate check run .* add `checks: write` to the workflow's `permissions:`/,
      ),
    ]);
  });

  it('refuses a record folder outside the workspace, naming the input, before anything is written', async () => {
    scenario = await startGateScenario();
    workspace = await mkdtemp(path.join(tmpdir(), 'pr-debate-ws-'));
    const log = logs();
    const settings = await settingsWith({ 'decision-record-path': '../elsewhere' }, { GITHUB_WORKSPACE: workspace });
    expect(settings.problem).toMatchObject({
      input: 'decision-record-path',
      message: expect.stringMatching(/^Input 'decision-record-path': expected a folder inside the workspace/),
    });
    const result = await writeDecisionCheck(
      { octokit: scenario.octokit(), log },
      settings,
      await scenario.record(),
      { coverage: NO_OVERFLOW, unseen: { count: 0, paths: [] } },
      '',
    );
    expect(result.recordFile).toBe('');
  });
});
