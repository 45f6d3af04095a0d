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
        defaultBranchFiles: { [CONFIG]: '# yaml-language-server: $schema=https://raw.githubusercontent.com/pr-debate/pr-debate/v0/schema/pr-debate.schema.json\npreset: quick\nout-of-scope: [naming]\n' },
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

async function runWith(withInputs: Record<string, string>, body = '/debate keep the cache vs drop the cache', repo = 'cache') {
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
    eventName: 'issue_comment',
    payload,
    repository: `octo/${repo}`,
    apiUrl: github.url,
    inputs: {},
    env: runnerInputs(readActionMetadata(), { 'github-token': TOKEN, 'anthropic-api-key': KEY, 'base-url': anthropic.url, ...withInputs }),
  });
  const record = JSON.parse(result.outputs.decision || '{}') as { preset?: string; out_of_scope?: string[] };
  return { result, record, contentReads: github.state.requests.slice(seen).filter((r) => r.path.includes('/contents/')) };
}

describe('the config file, as the runner runs the action', () => {
  it('sets the preset from the default branch and ignores the copy on the PR head', async () => {
    const { result, record, contentReads } = await runWith({});
    expect(result.exitCode, result.stdout).toBe(0);
    expect(record.preset).toBe('quick');
    expect(record.out_of_scope).toEqual(['naming']);
    expect(result.stdout).toContain(`preset: "quick" from ${CONFIG} on main`);
    expect(contentReads.map((r) => `${decodeURIComponent(r.path.split('/contents/')[1] ?? '')}@${r.query.ref}`)).toEqual([`${CONFIG}@main`]);
  });

  it('lets an input set in the workflow win over the config file', async () => {
    const { result, record } = await runWith({ preset: 'standard' });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(record.preset).toBe('standard');
    expect(result.stdout).toContain('preset: "standard" from the input');
  });

  it('runs a workflow_dispatch debate on the PR its pull-request input names, with the config applied', async () => {
    const payload = dispatchEvent({ owner: 'octo', repo: 'cache', inputs: { 'pull-request': '1', topic: 'keep the cache vs drop the cache' }, sender: 'maintainer' });
    payload.repository.default_branch = 'main';
    const result = await runAction({
      eventName: 'workflow_dispatch',
      payload,
      repository: 'octo/cache',
      apiUrl: github.url,
      inputs: {},
      env: runnerInputs(readActionMetadata(), { 'github-token': TOKEN, 'anthropic-api-key': KEY, 'base-url': anthropic.url }),
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(JSON.parse(result.outputs.decision || '{}')).toMatchObject({ trigger: 'dispatch', requested_by: 'maintainer', pull_request: 1, preset: 'quick', topic: 'keep the cache vs drop the cache' });
  });
});
