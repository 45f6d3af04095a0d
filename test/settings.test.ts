import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, parseSettings, requireApiKey } from '../src/settings.js';

const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/tmp/e.json', GITHUB_REPOSITORY: 'octo/widgets', GITHUB_RUN_ID: '77' };
const inputs = (values: Record<string, string>) => (name: string) => values[name] || undefined;

describe('parseSettings', () => {
  it('applies the contract defaults', () => {
    const s = parseSettings(inputs({ 'github-token': 't', 'anthropic-api-key': 'k' }), env);
    expect(s).toMatchObject({
      model: DEFAULT_MODEL,
      triggerLabel: 'debate',
      command: '/debate',
      preset: 'quick',
      maxEvidenceTokens: 80_000,
      botLogin: 'github-actions[bot]',
      baseUrl: undefined,
      owner: 'octo',
      repo: 'widgets',
      apiUrl: 'https://api.github.com',
      serverUrl: 'https://github.com',
      runUrl: 'https://github.com/octo/widgets/actions/runs/77',
    });
  });

  it('names the input and the fix when a value is wrong', () => {
    expect(() => requireApiKey(parseSettings(inputs({ 'github-token': 't' }), env))).toThrow(/Input 'anthropic-api-key' is required to run a debate: add `anthropic-api-key: \$\{\{ secrets.ANTHROPIC_API_KEY \}\}`/);
    expect(() => parseSettings(inputs({ 'github-token': 't', 'anthropic-api-key': 'k', 'max-evidence-tokens': 'lots' }), env)).toThrow(/Input 'max-evidence-tokens': expected a whole number/);
    expect(() => parseSettings(inputs({ 'github-token': 't', 'anthropic-api-key': 'k', preset: 'deep' }), env)).toThrow(/Input 'preset': 'deep' is not available in this version yet; use 'quick'/);
    expect(() => parseSettings(inputs({ 'github-token': 't', 'anthropic-api-key': 'k', 'base-url': 'nope' }), env)).toThrow(/Input 'base-url'/);
    expect(() => parseSettings(inputs({ 'github-token': 't', 'anthropic-api-key': 'k' }), { ...env, GITHUB_REPOSITORY: 'bad' })).toThrow(/GITHUB_REPOSITORY: expected owner\/name/);
  });
});
