import { RequestError } from '@octokit/request-error';
import { describe, expect, it } from 'vitest';
import { forTerminal } from '../../src/cli/terminal-words.js';
import { parseConfig } from '../../src/settings/parse-config.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { describeGitHubError } from '../../src/github/describe-github-error.js';
import { renderFailureComment } from '../../src/report/render-notices.js';
import { INPUT_NAMES } from '../../src/settings/input-schemas.js';
import { MISSING_API_KEY } from '../../src/settings/settings.js';

/**
 * Each message the action words for a workflow, made by the code that makes it, as the CLI prints it
 * (issue #33): it names the CLI's variables and flags, and no workflow step, secret or permissions entry.
 */
const WORKFLOW_WORDS = /to the step|secrets\.|workflow's `permissions:`|workflow log|workflow input|Input '/;

function refused(path: string, method: 'GET' | 'POST' = 'GET') {
  const url = `https://api.github.com${path}`;
  return new RequestError('Resource not accessible by personal access token', 403, {
    request: { method, url, headers: {} },
    response: { status: 403, url, headers: {}, data: {} },
  });
}

describe('forTerminal', () => {
  it('says a missing key as the environment variable, and offers --rehearsal', () => {
    const message = MISSING_API_KEY;
    expect(message).toContain('to the step');
    const said = forTerminal(message);
    expect(said).not.toMatch(WORKFLOW_WORDS);
    expect(said).toContain('ANTHROPIC_API_KEY must hold an Anthropic API key');
    expect(said).toContain('--rehearsal');
  });

  it('says a 403 on the config file read as the token the variables hold and the access it needs, not as the config-file input', async () => {
    let message = '';
    try {
      await loadSettings({
        getInput: (name) => ({ 'github-token': 'ghp_x' })[name],
        env: {
          GITHUB_EVENT_NAME: 'workflow_dispatch',
          GITHUB_EVENT_PATH: '(command line)',
          GITHUB_REPOSITORY: 'octo/cache',
        },
        readConfig: () => Promise.reject(refused('/repos/octo/cache')),
        warn: () => undefined,
        purpose: 'debate',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Input 'config-file': could not read .*workflow's `permissions:`/);
    const said = forTerminal(message);
    expect(said).not.toMatch(WORKFLOW_WORDS);
    expect(said).toContain('the token in GITHUB_TOKEN or GH_TOKEN needs pull-requests: read on the repository');
    expect(said).toContain('pr-debate config check FILE');
  });

  it('says a dry run failure comment points at stderr and --verbose, not at a workflow log', () => {
    const said = forTerminal(renderFailureComment('0123456789abcdef', 'the model API stopped', undefined));
    expect(said).not.toMatch(WORKFLOW_WORDS);
    expect(said).toContain('--verbose');
  });

  it('says a secret in the config file belongs in the environment, not in a workflow input', () => {
    const { warnings } = parseConfig(
      'preset: quick\nanthropic-api-key: sk-ant-x\nmode: gate\n',
      '.github/pr-debate.yml on this folder',
      INPUT_NAMES,
    );
    expect(warnings).toHaveLength(2);
    const said = warnings.map(forTerminal);
    for (const line of said) expect(line).not.toMatch(WORKFLOW_WORDS);
    expect(said[0]).toContain('ANTHROPIC_API_KEY');
    expect(said[1]).toContain('--input NAME=VALUE');
  });

  it('names every other input as the command line sets it', () => {
    expect(forTerminal('Input \'max-rounds\': expected 0..5, got "ten"')).toBe(
      '--input max-rounds: expected 0..5, got "ten"',
    );
    expect(forTerminal("Input 'preset': expected one of quick")).toBe('--preset: expected one of quick');
    expect(forTerminal("Input 'openai-api-key' is set")).toBe('OPENAI_API_KEY is set');
    expect(
      forTerminal(
        describeGitHubError(
          new RequestError('Bad credentials', 401, {
            request: { method: 'GET', url: 'https://api.github.com/user', headers: {} },
            response: { status: 401, url: 'https://api.github.com/user', headers: {}, data: {} },
          }),
        )!,
      ),
    ).toContain('GITHUB_TOKEN or GH_TOKEN');
    // Text without workflow words is left as it is.
    expect(forTerminal('success: recommends A')).toBe('success: recommends A');
  });
});
