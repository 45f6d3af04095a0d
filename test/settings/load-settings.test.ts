import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, layerSettings } from '../../src/settings/load-settings.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { readDefaultBranchFile } from '../../src/github/read-default-branch-file.js';
import { INPUT_NAMES } from '../../src/settings/input-schemas.js';
import { SettingsError, startSettings } from '../../src/settings/parse-settings.js';
import { startGitHubServer, type FakePullRequest, type GitHubServer } from '../support/github-server.js';
import { syntheticPull } from '../support/pull-fixture.js';

const token = 'ghs_configTestToken';
const CONFIG = '.github/pr-debate.yml';
let server: GitHubServer;

/** A PR whose head carries its own config file, asking for the deep preset. */
function pullWithHeadConfig(): FakePullRequest {
  const pull = syntheticPull({ files: 2, changedPerFile: 3 });
  const read = pull.readFile.bind(pull);
  return {
    ...pull,
    diff: pull.diff,
    readFile: (sha, path) =>
      path === CONFIG && sha === pull.head.sha ? Buffer.from('preset: deep\nlanguage: French\n') : read(sha, path),
  };
}

beforeAll(async () => {
  server = await startGitHubServer({
    token,
    repositories: [
      {
        owner: 'octo',
        name: 'configured',
        pulls: [pullWithHeadConfig()],
        defaultBranchFiles: {
          [CONFIG]: 'preset: quick\nlanguage: German\nconfirm-plan: true\nout-of-scope: [naming]\ncolour: blue\n',
          'ci/other.yml': 'language: "@@"\n',
        },
      },
      { owner: 'octo', name: 'plain', pulls: [pullWithHeadConfig()], defaultBranch: 'trunk', defaultBranchFiles: {} },
    ],
  });
});
afterAll(() => server.close());

async function load(repo: string, inputs: Record<string, string> = {}) {
  const octokit = createOctokit(token, server.url, () => undefined);
  const warnings: string[] = [];
  const loaded = await loadSettings({
    getInput: (name) => ({ 'github-token': token, ...inputs })[name] || undefined,
    env: {
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `octo/${repo}`,
      GITHUB_API_URL: server.url,
    },
    readConfig: (path) => readDefaultBranchFile(octokit, { owner: 'octo', repo }, path),
    warn: (message) => warnings.push(message),
    purpose: 'debate',
  });
  return { ...loaded, warnings };
}

describe('loadSettings', () => {
  it('takes settings from the config file on the default branch, never from the PR head', async () => {
    const before = server.state.requests.length;
    const loaded = await load('configured');
    expect(loaded.settings.debate.preset).toBe('quick');
    expect(loaded.settings.debate.language).toBe('German');
    expect(loaded.settings.debate.confirmPlan).toBe(true);
    expect(loaded.outOfScope).toEqual(['naming']);
    expect(loaded.configSource).toBe(`${CONFIG} on main`);
    expect(loaded.origins.get('preset')).toBe('config');
    expect(loaded.origins.get('model')).toBe('default');
    expect(loaded.explain).toContain(`preset: "quick" from ${CONFIG} on main`);
    expect(loaded.explain).toContain('model: the default');
    expect(loaded.explain).toContain('github-token: (set) from the input');
    // What is not secret is shown, so the log says which mode, label and command ran.
    expect(
      loaded.explain
        .filter((line) => line.includes('(set)'))
        .every((line) => /^(github-token|anthropic-api-key|openai-api-key|decision-signing-key|decision):/.test(line)),
    ).toBe(true);
    expect(loaded.warnings).toEqual([`${CONFIG} on main: unknown key 'colour' is ignored`]);
    const reads = server.state.requests.slice(before).filter((r) => r.path.includes('/contents/'));
    expect(reads.map((r) => r.query.ref)).toEqual(['refs/heads/main']);
  });

  it('lets an input that is set win over the config file', async () => {
    const loaded = await load('configured', { preset: 'standard' });
    expect(loaded.settings.debate.preset).toBe('standard');
    expect(loaded.origins.get('preset')).toBe('input');
    expect(loaded.settings.debate.language).toBe('German');
  });

  it('runs on inputs and defaults when the default branch has no config file', async () => {
    const loaded = await load('plain');
    expect(loaded.settings.debate.preset).toBe('standard');
    expect(loaded.configSource).toBeUndefined();
    expect([...loaded.origins.values()].filter((o) => o === 'config')).toEqual([]);
    expect(server.state.requests.at(-1)?.query.ref).toBe('refs/heads/trunk');
  });

  it('names the file and the key when a config value fails the input rules', async () => {
    const failure = load('configured', { 'config-file': 'ci/other.yml' });
    await expect(failure).rejects.toThrow(SettingsError);
    await expect(failure).rejects.toThrow(
      "ci/other.yml on main: key 'language': expected auto, or a language name or code",
    );
  });

  it('reads every input once, the config file once, and parses the inputs and the environment once', async () => {
    const octokit = createOctokit(token, server.url, () => undefined);
    const count = (counts: Map<string, number>, name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
    // Counters through the parameters: the input reader, the environment (each parse reads each variable), the file reader.
    const probe = () => {
      const inputs = new Map<string, number>();
      const variables = new Map<string, number>();
      const files: string[] = [];
      const values: Record<string, string> = { 'github-token': token, preset: 'deep' };
      const env = new Proxy<Record<string, string | undefined>>(
        {
          GITHUB_EVENT_NAME: 'workflow_dispatch',
          GITHUB_EVENT_PATH: '/dev/null',
          GITHUB_REPOSITORY: 'octo/configured',
          GITHUB_API_URL: server.url,
        },
        { get: (target, key) => (typeof key === 'string' && count(variables, key), Reflect.get(target, key)) },
      );
      const options = {
        getInput: (name: string) => (count(inputs, name), values[name]),
        env,
        readConfig: (path: string) => (
          files.push(path),
          readDefaultBranchFile(octokit, { owner: 'octo', repo: 'configured' }, path)
        ),
        warn: () => undefined,
        purpose: 'debate' as const,
      };
      const once = () => {
        expect([...inputs.keys()].sort()).toEqual([...INPUT_NAMES].sort());
        expect([...inputs.entries()].filter(([, n]) => n !== 1)).toEqual([]);
        expect(variables.get('GITHUB_REPOSITORY')).toBe(1);
        expect([...variables.entries()].filter(([, n]) => n !== 1)).toEqual([]);
        expect(files).toEqual([CONFIG]);
      };
      return { options, once };
    };
    // The CLI's one call.
    const cli = probe();
    const loaded = await loadSettings(cli.options);
    expect(loaded.settings.debate).toMatchObject({ preset: 'deep', language: 'German' });
    cli.once();
    // The action's two steps, with the trigger decided between them.
    const action = probe();
    const started = startSettings(action.options.getInput, action.options.env, { lenient: true });
    expect(started.settings.run.command).toBe('/debate');
    const settled = await layerSettings(started, action.options);
    expect(settled.settings.debate).toMatchObject({ preset: 'deep', language: 'German' });
    action.once();
  });
});
