import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decisionRecordSchema } from '../../src/report/decision-record.js';
import { cachePullWithHeadConfig } from '../support/cache-pull.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { ensureNode20, NODE24_UNAVAILABLE } from '../support/node24.js';
import { runCli, spawnCli } from '../support/run-cli.js';

/**
 * Trying pr-debate with no key and no pull request (issue #33), as a new user would, with the bundled
 * dist/cli.js: `run --rehearsal` on a range of a clone and on a PR, `config check` on a file before it
 * is merged, and what bad usage prints. No model server runs, and no GitHub server for the range: a
 * request to either would fail the run.
 */
const CONFIG = '.github/pr-debate.yml';
/** Nothing listens here: a range's run that asked GitHub anything would fail. */
const NOWHERE = 'http://127.0.0.1:9';
const TOKEN = 'ghp_cliLocalSuiteToken0000000000000000000';
let clone: string;
let headSha: string;
let github: GitHubServer;

const git = (...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', '-c', 'init.defaultBranch=main', ...args],
    { cwd: clone, encoding: 'utf8' },
  ).trim();
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
  writeFileSync(path.join(clone, file), text);
};
const record = (stdout: string) =>
  decisionRecordSchema.parse(parse(/```yaml\n([\s\S]*?)\n```/.exec(stdout)?.[1] ?? ''));

beforeAll(async () => {
  clone = mkdtempSync(path.join(tmpdir(), 'pr-debate-clone-'));
  git('init', '--quiet');
  git('config', 'user.name', 'Ada');
  git('config', 'user.email', 'ada@example.com');
  git('remote', 'add', 'origin', 'git@github.com:octo/retry.git');
  write(
    'src/retry.ts',
    [
      'export async function withRetry<T>(call: () => Promise<T>, attempts = 3): Promise<T> {',
      '  for (let i = 1; ; i++) {',
      '    try {',
      '      return await call();',
      '    } catch (error) {',
      '      if (i >= attempts) throw error;',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  write(CONFIG, 'preset: quick\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'A retry loop');
  git('checkout', '--quiet', '-b', 'feature');
  write(
    'src/retry.ts',
    [
      'export async function withRetry<T>(call: () => Promise<T>, attempts = 3, delayMs = 100): Promise<T> {',
      '  for (let i = 1; ; i++) {',
      '    try {',
      '      return await call();',
      '    } catch (error) {',
      '      if (i >= attempts) throw error;',
      '      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** i));',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  write(
    'docs/rfcs/0001-backoff.md',
    [
      '# Backoff between retries',
      '',
      'Retries wait twice as long each time, starting at 100 ms,',
      'so a struggling server gets room to recover.',
      '',
    ].join('\n'),
  );
  // The head's copy of the config file asks for deep; the range is debated with BASE's (quick).
  write(CONFIG, 'preset: deep\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'Back off between retries');
  headSha = git('rev-parse', 'HEAD');
  github = await startGitHubServer({
    repositories: [{ owner: 'octo', name: 'cache', pulls: [cachePullWithHeadConfig(1)] }],
    token: 'ghs_botTokenOfTheCliLocalSuite0000000000000',
    tokens: { [TOKEN]: 'octo' },
  });
});
afterAll(async () => {
  rmSync(clone, { recursive: true, force: true });
  await github.close();
});

describe('pr-debate run --rehearsal on a local range', () => {
  it('debates main..feature with no key, no PR and no GitHub: the RFC found as on GitHub, the config file read at BASE, quotes checked in the files', async () => {
    const result = await runCli(['run', '--rehearsal', 'main..feature'], {
      cwd: clone,
      env: { GITHUB_API_URL: NOWHERE, ANTHROPIC_BASE_URL: NOWHERE },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.startsWith('<!-- pr-debate:v1 id=')).toBe(true);
    const decision = record(result.stdout);
    expect(decision).toMatchObject({
      repo: 'octo/retry',
      pull_request: 0,
      head_sha: headSha,
      preset: 'quick',
      trigger: 'dispatch',
      requested_by: 'Ada',
    });
    // The RFC the range adds under docs/rfcs/ is the debate's design document, as on a PR.
    expect(result.stdout).toContain('docs/rfcs/0001-backoff.md');
    // Verified citations link to the lines at the head commit on the clone's GitHub remote.
    expect(result.stdout).toMatch(
      new RegExp(`\\]\\(https://github\\.com/octo/retry/blob/${headSha}/src/retry\\.ts#L\\d+`),
    );
    // The comment says it is a rehearsal, and so does stderr.
    expect(result.stdout).toContain('no model was called');
    expect(result.stderr).toContain('local range main..feature, nothing posted');
    expect(result.stderr).toMatch(/\d+ rehearsal calls/);
  });

  it.skipIf(NODE24_UNAVAILABLE !== undefined)(
    "runs as the README's try-it command on Node 20, the oldest Node the CLI supports (package.json engines)",
    async () => {
      const node = await ensureNode20();
      const result = await spawnCli(['run', '--rehearsal', 'HEAD~1..HEAD'], {
        cwd: clone,
        node,
        env: { GITHUB_API_URL: NOWHERE, ANTHROPIC_BASE_URL: NOWHERE },
      });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout.startsWith('<!-- pr-debate:v1 id=')).toBe(true);
      expect(record(result.stdout)).toMatchObject({ head_sha: headSha });
      // The bundled CLI's last line is the comment's first line (issue #39, point 9), up to its run figures.
      const heading = (result.stdout.split('\n')[1] ?? '').replace(/^## \S+ /, '');
      const last = result.stderr.trimEnd().split('\n').at(-1) ?? '';
      expect(heading).toMatch(/^pr-debate rehearsal: /);
      expect(last.slice(0, last.indexOf(' (status '))).toBe(heading);
    },
    120_000,
  );

  it('says what is wrong with a side that names no commit, or a folder that is no clone', async () => {
    const typo = await runCli(['run', '--rehearsal', 'mian..feature'], { cwd: clone, env: {} });
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain('"mian" names no commit');
    const nowhere = await runCli(['run', '--rehearsal', 'main..feature'], { env: {} });
    expect(nowhere.exitCode).toBe(1);
    expect(nowhere.stderr).toMatch(/pr-debate: git rev-parse --show-toplevel failed: fatal: not a git repository/);
  });
});

describe('pr-debate run --rehearsal on a pull request', () => {
  it('runs the whole pipeline with a token and no key, and writes nothing', async () => {
    const seen = github.state.requests.length;
    const result = await runCli(['run', '--rehearsal', 'octo/cache#1', '--api-url', github.url], {
      env: { GITHUB_TOKEN: TOKEN, ANTHROPIC_BASE_URL: NOWHERE },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(record(result.stdout)).toMatchObject({ repo: 'octo/cache', pull_request: 1 });
    expect(result.stdout).toContain('no model was called');
    expect(github.state.requests.slice(seen).filter((r) => r.method !== 'GET' && r.path !== '/graphql')).toEqual([]);
  });

  it('asks for a token only when GitHub does', async () => {
    // The local server, like GitHub for a private repository, answers 401 "Requires authentication".
    const result = await runCli(['run', '--rehearsal', 'octo/cache#1', '--api-url', github.url], { env: {} });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('No GITHUB_TOKEN or GH_TOKEN: reading GitHub without a token');
    expect(result.stderr).toContain(
      'pr-debate: GitHub asks for a token to read this repository: set GH_TOKEN=$(gh auth token)',
    );
    expect(result.stderr).not.toMatch(/github-token|workflow/);
  });
});

describe('pr-debate config check', () => {
  it('fails a broken file at the line to fix, with the messages a run would give', async () => {
    write('broken.yml', 'preset: quick\n  language: German\n');
    const result = await runCli(['config', 'check', 'broken.yml'], { cwd: clone, env: {} });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('pr-debate: broken.yml on this folder is not valid YAML at line 2:');
    write('typo.yml', 'gate-polcy: require-accepted\n');
    const typo = await runCli(['config', 'check', 'typo.yml'], { cwd: clone, env: {} });
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain("unknown key 'gate-polcy'; did you mean 'gate-policy'?");
    // A file outside the folder, by its absolute path, as a new user types it.
    const outside = await runCli(['config', 'check', path.join(clone, 'broken.yml')], { env: {} });
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain(`pr-debate: broken.yml on ${clone} is not valid YAML at line 2:`);
  });

  it('passes a usable file, says what it sets, and words its warnings for the terminal', async () => {
    write('ok.yml', 'preset: deep\nanthropic-api-key: sk-ant-oops\nout-of-scope: [naming]\n');
    const result = await runCli(['config', 'check', 'ok.yml'], { cwd: clone, env: {} });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('ok.yml: a run can use it, with 1 warning above');
    expect(result.stdout).toContain('preset: "deep" from ok.yml on this folder');
    expect(result.stderr).toContain(
      "warning: ok.yml on this folder: key 'anthropic-api-key' is ignored: a secret never belongs in a committed file; the command line reads it from the environment",
    );
    // Without FILE, the action's default path in the current folder.
    const fallback = await runCli(['config', 'check'], { cwd: clone, env: {} });
    expect(fallback.exitCode, fallback.stderr).toBe(0);
    expect(fallback.stdout).toContain(`${CONFIG}: a run can use it`);
  });
});

describe('bad usage', () => {
  it('prints the problem, a did-you-mean and one line of usage; --help prints it all', async () => {
    const result = await runCli(['run', 'octo/cache#1', '--position', 'a vs b'], { env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      "pr-debate: Unknown option '--position'; did you mean --positions?",
      expect.stringMatching(/^Usage: pr-debate run .*--help for all\)$/),
    ]);
    const help = await runCli(['run', '--help'], { env: {} });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('--rehearsal');
    expect(help.stdout.split('\n').length).toBeGreaterThan(20);
  });
});
