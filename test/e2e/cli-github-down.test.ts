import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cachePullWithHeadConfig } from '../support/cache-pull.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { runCli, spawnCli } from '../support/run-cli.js';

/**
 * `pr-debate` when GitHub does not answer, as a user meets it: the command (in process, retries without
 * back-off) against a port where nothing listens, and against the local GitHub server answering 500 or not
 * at all (its faults); Ctrl-C is the bundled dist/cli.js's, in a child process. The bounds are on
 * requests, exit codes and messages, not on time.
 */
const TOKEN = 'ghp_githubDownSuiteToken0000000000000000000';
const env = { GITHUB_TOKEN: TOKEN, ANTHROPIC_API_KEY: 'sk-ant-not-called' };
let github: GitHubServer;

beforeAll(async () => {
  github = await startGitHubServer({
    repositories: [{ owner: 'octo', name: 'cache', pulls: [cachePullWithHeadConfig(1)] }],
    token: 'ghs_githubDownSuiteBot00000000000000000000',
    tokens: { [TOKEN]: 'octo' },
  });
});
afterAll(async () => github.close());
beforeEach(() => {
  github.state.faults.length = 0;
  github.state.requests.length = 0;
});

/** A port on 127.0.0.1 where nothing listens: one the system just gave out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** No line of Octokit's request log (`GET /user - 500 with id UNKNOWN in 3ms`). */
const REQUEST_LOG_LINE = / - \d{3} with id \S+ in \d+ms/;

describe('pr-debate run when GitHub does not answer', () => {
  it('says GitHub could not be reached at the host, and what to check, after one retry of the first request', async () => {
    const port = await closedPort();
    const run = await runCli(['run', 'octo/cache#1', '--api-url', `http://127.0.0.1:${port}`], { env });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain(`pr-debate: GitHub could not be reached at 127.0.0.1:${port} (connect ECONNREFUSED`);
    expect(run.stderr).toContain('check your network connection');
    expect(run.stderr).toContain('--api-url or GITHUB_API_URL');
    // Not a config-file problem: the first request failed, and it says so.
    expect(run.stderr).not.toContain('config-file');
    expect(run.stderr).not.toMatch(REQUEST_LOG_LINE);
  });

  it('gives up on a server that answers 500 after two requests, with no request log lines', async () => {
    github.state.faults.push({ path: /./, status: 500, times: Infinity });
    const run = await runCli(['run', 'octo/cache#1', '--api-url', github.url], { env });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `GitHub could not be reached at ${new URL(github.url).host}: GET /user answered HTTP 500 twice`,
    );
    expect(run.stderr).not.toContain('config-file');
    expect(run.stderr).not.toMatch(REQUEST_LOG_LINE);
    expect(github.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user', 'GET /user']);
  });

  it('--verbose shows each GitHub request', async () => {
    github.state.faults.push({ path: /./, status: 500, times: Infinity });
    const run = await runCli(['run', 'octo/cache#1', '--api-url', github.url, '--verbose'], { env });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^GET \/user - 500 with id \S+ in \d+ms$/m);
  });

  it('stops at the first Ctrl-C while GitHub does not answer', async () => {
    // GitHub accepts the request and never answers within the test.
    github.state.faults.push({
      method: 'GET',
      path: '/user',
      status: 200,
      pass: true,
      delayMs: 120_000,
      times: Infinity,
    });
    const run = await spawnCli(['run', 'octo/cache#1', '--api-url', github.url], {
      env,
      timeoutMs: 30_000,
      onSpawn: (child) => {
        // Once the request is in, the CLI's own SIGINT handler is installed.
        const poll = setInterval(() => {
          if (github.state.requests.length === 0) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 50);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.exitCode, run.stderr).toBe(130);
    expect(run.stderr).toContain('Stopped with Ctrl-C.');
    expect(github.state.requests).toHaveLength(1);
  });
});

describe('pr-debate with bad options', () => {
  it.each([
    [
      ['run', 'octo/cache#1', '--preset', 'turbo'],
      '--preset turbo: expected one of quick, standard, deep, got "turbo"',
      'Usage: pr-debate run',
    ],
    [
      ['run', 'octo/cache#1', '--api-url', 'notaurl'],
      "--api-url notaurl: expected the GitHub REST API's base URL",
      'Usage: pr-debate run',
    ],
    [
      ['run', 'octo/cache#1', '--input', 'nope=1'],
      "--input nope=1: pr-debate has no input 'nope'",
      'Usage: pr-debate run',
    ],
    [
      ['run', 'octo/cache#1', '--input', 'max-rounds=9'],
      '--input max-rounds=9: expected a whole number from 0 to 5, got "9"',
      'Usage: pr-debate run',
    ],
    [
      ['gate', 'octo/cache#1', '--input', 'gate-policy=strict'],
      '--input gate-policy=strict: expected one of off, require-decision',
      'Usage: pr-debate gate',
    ],
  ])('%j is a usage error (exit 2) before any request', async (args, message, usage) => {
    const run = await runCli([...args, ...(args.includes('--api-url') ? [] : ['--api-url', github.url])], { env });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`pr-debate: ${message}`);
    expect(run.stderr).toContain(usage);
    expect(github.state.requests).toEqual([]);
  });
});
