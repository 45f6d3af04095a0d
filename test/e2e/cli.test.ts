import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { cachePullWithHeadConfig } from '../support/cache-pull.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { scriptedModel } from '../support/scripted-messages.js';

/**
 * `pr-debate` as a user runs it: the bundled dist/cli.js in a child process, against the local GitHub
 * server (real Octokit) and the local Messages API server (real Anthropic SDK). The PR is the cache
 * change; the default branch's config file asks for the quick preset, the PR head's copy for deep.
 */
const TOKEN = 'ghp_cliSuiteUserToken000000000000000000000';
const KEY = 'sk-ant-local-cli-suite-key';
const CONFIG = '.github/pr-debate.yml';
const POSITIONS = 'keep the cache vs drop the cache';
/** The Actions bot's token (GitHub Actions app 15368): check runs written with it are the gate's records. */
const BOT_TOKEN = 'ghs_botTokenOfTheCliSuite000000000000000000';
let github: GitHubServer;
let anthropic: AnthropicServer;

beforeAll(async () => {
  github = await startGitHubServer({
    repositories: [
      {
        owner: 'octo',
        name: 'cache',
        defaultBranchFiles: { [CONFIG]: 'preset: quick\nout-of-scope: [naming]\n' },
        pulls: [cachePullWithHeadConfig(1)],
      },
    ],
    token: BOT_TOKEN,
    // The CLI runs with a person's token, as `gh auth token` gives.
    tokens: { [TOKEN]: 'octo' },
  });
  anthropic = await startAnthropicServer({ apiKey: KEY, responder: scriptedModel() });
});
afterAll(async () => {
  await Promise.all([github.close(), anthropic.close()]);
});

const env = () => ({ GITHUB_TOKEN: TOKEN, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url });
const writes = (from: number) =>
  github.state.requests.slice(from).filter((r) => r.method !== 'GET' && r.path !== '/graphql');

describe('pr-debate run', () => {
  it('prints the comment with its decision record, takes the preset from the default branch, and writes nothing', async () => {
    const seen = github.state.requests.length;
    const result = await runCli(['run', 'octo/cache#1', '--positions', POSITIONS, '--api-url', github.url], {
      env: env(),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.startsWith('<!-- pr-debate:v1 id=')).toBe(true);
    expect(result.stdout).toContain('**Verdict:** position A.');
    const yamlBlock = /```yaml\n([\s\S]*?)\n```/.exec(result.stdout)?.[1];
    const record = decisionRecordSchema.parse(parse(yamlBlock ?? ''));
    expect(record).toMatchObject({
      repo: 'octo/cache',
      pull_request: 1,
      trigger: 'dispatch',
      requested_by: 'octo',
      preset: 'quick',
      out_of_scope: ['naming'],
    });
    expect(writes(seen)).toEqual([]);
    expect(github.state.comments).toEqual([]);
    // Not a TTY: one plain progress line per phase, and the outcome, on stderr.
    expect(result.stderr).toMatch(/^Evidence +\d+\.\d s {2}\| total/m);
    // Pre-flight: one short call for the one model; it is paid, so it counts.
    expect(result.stderr).toMatch(/^pre-flight +\d+\.\d s {2}\| total [\d.]+ s, 1 model call, [\d,]+ tokens, \$/m);
    // The openings: one max_tokens 1 cache warm-up before the two advocates fan out (it is a paid call, so it counts).
    expect(result.stderr).toMatch(/^opening +\d+\.\d s {2}\| total [\d.]+ s, 4 model calls, [\d,]+ tokens, \$/m);
    // No position is marked "(this PR)", so the moderator names it, once, after the openings (issue #28).
    expect(result.stderr.match(/^pr-position +\d+\.\d s {2}\| total /gm)).toHaveLength(1);
    expect(result.stderr).toMatch(/^judge .*8 model calls/m);
    expect(result.stderr).not.toMatch(/^Debate /m);
    expect(result.stderr).toContain('dry run, nothing posted (--post publishes it)');
    expect(result.stderr).not.toContain('\x1b[');
  });

  it('--json prints the decision record; --input and options win over the config file', async () => {
    const result = await runCli(
      [
        'run',
        `https://github.com/octo/cache/pull/1`,
        '--positions',
        POSITIONS,
        '--preset',
        'standard',
        '--input',
        'language=English',
        '--json',
        '--api-url',
        github.url,
      ],
      { env: env() },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const record = decisionRecordSchema.parse(JSON.parse(result.stdout));
    expect(record.preset).toBe('standard');
    expect(record.rounds).toBeGreaterThanOrEqual(1);
  });

  it('--post writes exactly one comment, the one the dry run printed', async () => {
    const seen = github.state.requests.length;
    const result = await runCli(['run', 'octo/cache#1', '--positions', POSITIONS, '--post', '--api-url', github.url], {
      env: env(),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(github.state.comments).toHaveLength(1);
    const comment = github.state.comments[0]!;
    expect(comment.user.login).toBe('octo');
    expect(comment.body.startsWith(result.stdout.trimEnd())).toBe(true);
    expect(result.stderr).toContain(`posted ${comment.html_url}`);
    // As the action does: the progress comment is created once and updated in place, the decision of
    // record goes to the pr-debate check run on the head, and the decisive lines get one review (issue #34),
    // in that order, each sent once.
    expect(
      writes(seen)
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([
      '/repos/octo/cache/issues/1/comments',
      '/repos/octo/cache/check-runs',
      '/repos/octo/cache/pulls/1/reviews',
    ]);
    expect(github.state.reviews.reviews.map((r) => r.state)).toEqual(['COMMENTED']);
    // Only a GitHub App may create check runs, so with a person's token GitHub refuses it; the run says so.
    expect(github.state.checkRuns).toEqual([]);
    expect(result.stderr).toContain('warning: The debate result is posted, but the pr-debate check run');
    // The refused check run is said once, in words: no Octokit request log line (`POST /repos/... - 403 with id ...`).
    expect(result.stderr).not.toMatch(/ - \d{3} with id \S+ in \d+ms/);
  });

  it('exits 2 with the usage for bad usage, and 1 naming what is missing', async () => {
    const usage = await runCli(['run', 'octo/cache', '--positions', POSITIONS]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('"octo/cache" is not a pull request');
    expect(usage.stderr).toContain('Usage: pr-debate run');
    const unknown = await runCli(['run', 'octo/cache#1', '--prest', 'quick']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--prest'");
    const noToken = await runCli(['run', 'octo/cache#1', '--api-url', github.url]);
    expect(noToken.exitCode).toBe(1);
    expect(noToken.stderr).toContain('GITHUB_TOKEN or GH_TOKEN');
    // No model key: named the CLI's way (an environment variable), not as a workflow secret.
    const noKey = await runCli(['run', 'octo/cache#1', '--positions', POSITIONS, '--api-url', github.url], {
      env: { GITHUB_TOKEN: TOKEN },
    });
    expect(noKey.exitCode).toBe(1);
    expect(noKey.stderr).toContain('ANTHROPIC_API_KEY must hold an Anthropic API key');
    expect(noKey.stderr).not.toContain('secrets.');
    const help = await runCli(['run', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('--post');
  });

  it('Ctrl-C stops the model calls in flight and prints what exists', async () => {
    anthropic.setResponder(scriptedModel((info) => (info.phase === 'judge' ? { hang: true } : undefined)));
    try {
      const result = await spawnCli(['run', 'octo/cache#1', '--positions', POSITIONS, '--api-url', github.url], {
        env: env(),
        timeoutMs: 30_000,
        onSpawn: (child) => {
          let seen = '';
          child.stderr?.on('data', (chunk: Buffer) => {
            seen += chunk.toString();
            // The audit's line is written when the judge's calls start; they never answer.
            if (/^audit /m.test(seen) && !child.killed) child.kill('SIGINT');
          });
        },
      });
      expect(result.signal).toBeNull();
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('Stopping: model calls in flight are being stopped');
      expect(result.stdout).toContain('The run was stopped with Ctrl-C before the debate finished');
      expect(result.stdout).toContain('keep the cache');
    } finally {
      anthropic.setResponder(scriptedModel());
    }
  });

  it('gate: prints what the merge gate concludes, before a record and after a --post run with the Actions token', async () => {
    const before = await runCli(['gate', 'octo/cache#1', '--api-url', github.url, '--json'], { env: env() });
    expect(before.exitCode, before.stderr).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({
      conclusion: 'action_required',
      basis: 'none',
      policy: 'require-decision',
      record: null,
    });
    const seen = github.state.requests.length;
    const posted = await runCli(
      [
        'run',
        'octo/cache#1',
        '--positions',
        'keep the cache (this PR) vs drop the cache',
        '--post',
        '--api-url',
        github.url,
      ],
      { env: { ...env(), GITHUB_TOKEN: BOT_TOKEN } },
    );
    expect(posted.exitCode, posted.stderr).toBe(0);
    expect(github.state.checkRuns.map((c) => [c.name, c.app.id, c.conclusion])).toEqual([
      ['pr-debate', 15368, 'success'],
    ]);
    const after = await runCli(['gate', 'octo/cache#1', '--api-url', github.url], { env: env() });
    expect(after.exitCode, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^octo\/cache#1 at c1{39}: success \(/);
    expect(after.stdout).toContain('record this-head');
    expect(writes(seen).filter((r) => r.headers.authorization === `token ${TOKEN}`)).toEqual([]);
  });
});
