import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readActionMetadata, runnerInputs } from '../support/action-metadata.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { cachePullWithHeadConfig } from '../support/cache-pull.js';
import { commentEvent, dispatchEvent } from '../support/event-payloads.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { runAction } from '../support/run-action.js';
import { scriptedModel } from '../support/scripted-messages.js';

/**
 * The repository config file through the bundled action, started as the runner starts it: every input's
 * action.yml default as `INPUT_*`, overlaid by the step's `with:`. The default branch's
 * `.github/pr-debate.yml` asks for the quick preset; the PR head carries its own copy asking for deep.
 */
const TOKEN = 'ghs_configFileSuiteToken00000000000000000';
const KEY = 'sk-ant-local-config-suite-key';
const CONFIG = '.github/pr-debate.yml';
let github: GitHubServer;
let anthropic: AnthropicServer;

beforeAll(async () => {
  github = await startGitHubServer({
    repositories: [
      {
        owner: 'octo',
        name: 'cache',
        permissions: { maintainer: 'write' },
        defaultBranchFiles: {
          [CONFIG]:
            '# yaml-language-server: $schema=https://raw.githubusercontent.com/pr-debate/pr-debate/v0/schema/pr-debate.schema.json\npreset: quick\nout-of-scope: [naming]\n',
        },
        pulls: [cachePullWithHeadConfig(1)],
      },
      // A config file that is not YAML: `language` indented under `preset: quick` (line 2).
      {
        owner: 'octo',
        name: 'broken',
        permissions: { maintainer: 'write' },
        defaultBranchFiles: { [CONFIG]: 'preset: quick\n  language: German\n' },
        pulls: [cachePullWithHeadConfig(1)],
      },
      // A mistyped key: ignored, it would leave the gate on the default policy, require-decision.
      {
        owner: 'octo',
        name: 'typo',
        permissions: { maintainer: 'write' },
        defaultBranchFiles: { [CONFIG]: 'gate-polcy: require-accepted\n' },
        pulls: [cachePullWithHeadConfig(1)],
      },
      // Valid YAML with a value the input's rules refuse.
      {
        owner: 'octo',
        name: 'badvalue',
        permissions: { maintainer: 'write' },
        defaultBranchFiles: { [CONFIG]: 'preset: quick\nlanguage: "@@"\n' },
        pulls: [cachePullWithHeadConfig(1)],
      },
    ],
    token: TOKEN,
    tokens: { ghp_person_maintainer: 'maintainer' },
  });
  anthropic = await startAnthropicServer({ apiKey: KEY, responder: scriptedModel() });
});
afterAll(async () => {
  await Promise.all([github.close(), anthropic.close()]);
});

async function runWith(
  withInputs: Record<string, string>,
  body = '/debate keep the cache vs drop the cache',
  repo = 'cache',
  eventName = 'issue_comment',
) {
  const response = await fetch(`${github.url}/repos/octo/${repo}/issues/1/comments`, {
    method: 'POST',
    headers: { authorization: 'token ghp_person_maintainer', 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  const { id } = (await response.json()) as { id: number };
  const seen = github.state.requests.length;
  const payload = commentEvent({ owner: 'octo', repo, number: 1, body, user: 'maintainer', commentId: id });
  // The example payload's repository says `master`; this one's default branch is `main`, as the server's.
  payload.repository.default_branch = 'main';
  const result = await runAction({
    eventName,
    payload,
    repository: `octo/${repo}`,
    apiUrl: github.url,
    inputs: {},
    env: runnerInputs(readActionMetadata(), {
      'github-token': TOKEN,
      'anthropic-api-key': KEY,
      'base-url': anthropic.url,
      ...withInputs,
    }),
  });
  const record = JSON.parse(result.outputs.decision || '{}') as { preset?: string; out_of_scope?: string[] };
  return {
    result,
    record,
    contentReads: github.state.requests.slice(seen).filter((r) => r.path.includes('/contents/')),
  };
}

describe('the config file, as the runner runs the action', () => {
  it('sets the preset from the default branch and ignores the copy on the PR head', async () => {
    const { result, record, contentReads } = await runWith({});
    expect(result.exitCode, result.stdout).toBe(0);
    expect(record.preset).toBe('quick');
    expect(record.out_of_scope).toEqual(['naming']);
    expect(result.stdout).toContain(`preset: "quick" from ${CONFIG} on main`);
    expect(
      contentReads.map((r) => `${decodeURIComponent(r.path.split('/contents/')[1] ?? '')}@${r.query.ref}`),
    ).toEqual([`${CONFIG}@refs/heads/main`]);
  });

  it('lets an input set in the workflow win over the config file', async () => {
    const { result, record } = await runWith({ preset: 'standard' });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(record.preset).toBe('standard');
    expect(result.stdout).toContain('preset: "standard" from the input');
  });

  it('runs a workflow_dispatch debate on the PR its pull-request input names, with the config applied', async () => {
    const payload = dispatchEvent({
      owner: 'octo',
      repo: 'cache',
      inputs: { 'pull-request': '1', topic: 'keep the cache vs drop the cache' },
      sender: 'maintainer',
    });
    payload.repository.default_branch = 'main';
    const result = await runAction({
      eventName: 'workflow_dispatch',
      payload,
      repository: 'octo/cache',
      apiUrl: github.url,
      inputs: {},
      env: runnerInputs(readActionMetadata(), {
        'github-token': TOKEN,
        'anthropic-api-key': KEY,
        'base-url': anthropic.url,
      }),
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(JSON.parse(result.outputs.decision || '{}')).toMatchObject({
      trigger: 'dispatch',
      requested_by: 'maintainer',
      pull_request: 1,
      preset: 'quick',
      topic: 'keep the cache vs drop the cache',
    });
  });

  it('answers a command with a reply naming the file, the line and the fix when the config file is not valid YAML; the step fails, no model is called', async () => {
    const calls = anthropic.requests.length;
    const { result } = await runWith({}, '/debate keep the cache vs drop the cache', 'broken');
    expect(result.exitCode, result.stdout).toBe(1);
    const reply = github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
    expect(reply?.body).toContain(
      `@maintainer pr-debate could not start: ${CONFIG} on main is not valid YAML at line 2: Nested mappings are not allowed in compact mappings;`,
    );
    expect(reply?.body).toContain(`Fix ${CONFIG} on main, then run it again`);
    expect(result.stdout).toContain(`::error::${CONFIG} on main is not valid YAML`);
    expect(result.outputs.status).toBe('aborted');
    expect(anthropic.requests.length).toBe(calls);
  });

  it('answers a command with a reply naming the file and its key when a config value is refused', async () => {
    const calls = anthropic.requests.length;
    const { result } = await runWith({}, '/debate keep the cache vs drop the cache', 'badvalue');
    expect(result.exitCode, result.stdout).toBe(1);
    const reply = github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
    expect(reply?.body).toContain(`${CONFIG} on main: key 'language': expected auto, or a language name or code`);
    expect(reply?.body).toContain(`Fix \`language:\` in ${CONFIG} on main, then run it again`);
    expect(anthropic.requests.length).toBe(calls);
  });

  it('fails a gate run whose config file is not valid YAML, with the file and the line on its check and in the log, so no earlier success stands', async () => {
    const checks = github.state.checkRuns.length;
    const { result } = await runWith({ mode: 'gate' }, 'x', 'broken');
    expect(result.exitCode, result.stdout).toBe(1);
    expect(result.stdout).toContain(
      `::error::The merge gate failed: ${CONFIG} on main is not valid YAML at line 2: Nested mappings are not allowed in compact mappings`,
    );
    const written = github.state.checkRuns.slice(checks);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(written[0]!.output.summary).toContain(
      `The gate could not evaluate this head: ${CONFIG} on main is not valid YAML`,
    );
  });

  it('fails a gate run whose config file has a mistyped key, naming the key it meant, instead of running on the default policy', async () => {
    const checks = github.state.checkRuns.length;
    const { result } = await runWith({ mode: 'gate' }, 'x', 'typo');
    expect(result.exitCode, result.stdout).toBe(1);
    const written = github.state.checkRuns.slice(checks);
    expect(written.map((run) => run.conclusion)).toEqual(['action_required']);
    expect(written[0]!.output.summary).toContain(
      `${CONFIG} on main: unknown key 'gate-polcy'; did you mean 'gate-policy'?`,
    );
  });
});
