import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { readActionMetadata, runnerInputs } from '../support/action-metadata.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { cachePull } from '../support/cache-pull.js';
import { labeledEvent } from '../support/event-payloads.js';
import { ed25519Pems } from '../support/gate-scenario.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { runAction, type ActionRun } from '../support/run-action.js';
import { scriptedModel } from '../support/scripted-messages.js';

/**
 * README Setup 2 as written (issue #19, item 5): the `debate` job runs with `GITHUB_TOKEN` and the
 * signing key in its environment, and hands its `decision` output to the `gate` job, which runs as a
 * GitHub App with the public key from the config file on the default branch, checks the record's signature and
 * publishes the `pr-debate` check as the App. Both jobs are the bundled action, started as the runner
 * starts it.
 */
const GITHUB_TOKEN = 'ghs_setupTwoActionsToken0000000000000000';
const APP_TOKEN = 'ghs_setupTwoAppInstallationToken00000000';
const APP = { id: 990_002, slug: 'pr-debate-gate', name: 'pr-debate gate' };
const KEY = 'sk-ant-local-setup-two-key';
const keys = ed25519Pems();
let github: GitHubServer;
let anthropic: AnthropicServer;

beforeAll(async () => {
  const config = `gate-policy: require-decision\ndecision-public-key: |\n${keys.publicKey
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n')}\n`;
  github = await startGitHubServer({
    repositories: [
      {
        owner: 'octo',
        name: 'cache',
        permissions: { maintainer: 'write' },
        defaultBranchFiles: { '.github/pr-debate.yml': config },
        pulls: [cachePull(1)],
      },
    ],
    token: GITHUB_TOKEN,
    appTokens: { [APP_TOKEN]: APP },
  });
  anthropic = await startAnthropicServer({ apiKey: KEY, responder: scriptedModel() });
});
afterAll(async () => {
  await Promise.all([github?.close(), anthropic?.close()]);
});

/** One job of the workflow: the step's `with:` as the README writes it, on the `labeled` event. */
function job(withInputs: Record<string, string>): Promise<ActionRun> {
  const payload = labeledEvent({ owner: 'octo', repo: 'cache', number: 1, label: 'debate', sender: 'maintainer' });
  payload.repository.default_branch = 'main';
  return runAction({
    eventName: 'pull_request_target',
    payload,
    repository: 'octo/cache',
    apiUrl: github.url,
    inputs: {},
    env: runnerInputs(readActionMetadata(), withInputs),
  });
}

describe('README Setup 2 (a GitHub App token and a signed record handed to the gate job)', () => {
  it('the debate job’s signed decision’s signature holds in the gate job, which passes the App’s check', async () => {
    const debate = await job({
      'github-token': GITHUB_TOKEN,
      'anthropic-api-key': KEY,
      'base-url': anthropic.url,
      'decision-signing-key': keys.signingKey,
    });
    expect(debate.exitCode, debate.stdout).toBe(0);
    const handed = decisionRecordSchema.parse(JSON.parse(debate.outputs.decision!));
    expect(handed.signature).toMatch(/^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // The comment's copy of the record keeps its signature too: nothing redacts a signed record.
    const comment = github.state.comments.find((c) => c.html_url === debate.outputs['comment-url'])!;
    expect(comment.body).toContain(`signature: ${handed.signature}`);

    const gate = await job({ mode: 'gate', 'github-token': APP_TOKEN, decision: debate.outputs.decision! });
    expect(gate.exitCode, gate.stdout).toBe(0);
    const check = github.state.checkRuns.filter((c) => c.name === 'pr-debate' && c.app.id === APP.id).at(-1)!;
    expect(check).toMatchObject({ head_sha: handed.head_sha, conclusion: 'success' });
    expect(check.output.summary).toMatch(/^The debate recommends A /);
    expect(JSON.parse(check.output.text!)).toEqual(handed);
    expect(gate.outputs['gate-conclusion']).toBe('success');
  }, 120_000);
});
