import { getOctokit } from '@actions/github';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, parseSettings } from '../../src/settings/load-settings.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { readDefaultBranchFile } from '../../src/github/read-default-branch-file.js';
import { parseModelId } from '../../src/models/model-id.js';
import { RETIREMENTS, retirementOf } from '../../src/models/model-retirements.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { runTrigger } from '../support/run-trigger.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { priceOf } from '../../src/models/price-usage.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #42: a debate on a retired model is refused before any model call, naming the date and the
 * replacement; one announced for retirement warns with its date. Every date here is injected.
 */
const ENV = { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'octo/widgets' };
const on = (day: string) => new Date(`${day}T12:00:00Z`);
const settingsOn = (day: string, inputs: Record<string, string>) =>
  parseSettings((name) => ({ 'github-token': 'ghs_retirements', ...inputs })[name], ENV, { today: on(day) });

describe('the retirement table', () => {
  it('names, for every row, a date, a replacement that is priced and not itself retiring, and the line it was read from', () => {
    for (const r of RETIREMENTS) {
      expect(r.date, r.ids[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(priceOf(r.replacement), `${r.ids[0]} -> ${r.replacement}`).toBeDefined();
      expect(retirementOf(r.replacement, '2027-12-31', { openAiApi: true }), r.replacement).toBeUndefined();
      expect(r.source).toMatch(/^https:\/\/(platform\.claude\.com|developers\.openai\.com)\/\S+.*"/);
      for (const id of r.ids)
        expect(parseModelId(r.provider === 'anthropic' ? id : `${r.provider}:${id}`).model).toBe(id);
    }
  });

  it('holds the dates the providers gave: Sonnet 4 on 2026-06-15, Sonnet 4.5 on 2026-11-30, Opus 4.5 announced for 2027-01-22, gpt-5 on 2026-12-11', () => {
    const row = (id: string) => RETIREMENTS.find((r) => r.ids.includes(id));
    expect(row('claude-sonnet-4-20250514')).toMatchObject({ date: '2026-06-15', replacement: 'claude-sonnet-4-6' });
    expect(row('claude-sonnet-4-5')).toMatchObject({ date: '2026-11-30', replacement: 'claude-sonnet-5-5' });
    expect(row('claude-opus-4-5')).toMatchObject({ date: '2027-01-22', replacement: 'claude-opus-5-5' });
    for (const id of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano'])
      expect(row(id)).toMatchObject({ provider: 'openai', date: '2026-12-11' });
  });
});

describe('retirements when the settings are read', () => {
  it('refuses claude-sonnet-4-5 from its retirement day, naming the date and the replacement; the day before it warns', async () => {
    const after = (await settingsOn('2026-12-07', { model: 'claude-sonnet-4-5' })).models.retirements;
    expect(after.retired).toEqual({
      input: 'model',
      message:
        'Input \'model\': model "claude-sonnet-4-5" was retired on 2026-11-30, and requests to it fail; use claude-sonnet-5-5, its recommended replacement',
    });
    expect(
      (await settingsOn('2026-11-30', { model: 'claude-sonnet-4-5-20250929' })).models.retirements.retired?.message,
    ).toContain('was retired on 2026-11-30');
    const before = (await settingsOn('2026-11-29', { model: 'claude-sonnet-4-5' })).models.retirements;
    expect(before).toEqual({
      retired: undefined,
      warnings: [
        'Input \'model\': model "claude-sonnet-4-5" retires on 2026-11-30; move to claude-sonnet-5-5, its recommended replacement, before then',
      ],
    });
  });

  it('warns about claude-opus-4-5 until 2027-01-22, then refuses it; names the input that set it', async () => {
    expect(
      (await settingsOn('2026-12-07', { model: 'claude-sonnet-5-5', 'judge-model': 'claude-opus-4-5' })).models
        .retirements,
    ).toEqual({
      retired: undefined,
      warnings: [
        'Input \'judge-model\': model "claude-opus-4-5" retires on 2027-01-22; move to claude-opus-5-5, its recommended replacement, before then',
      ],
    });
    expect(
      (await settingsOn('2027-01-22', { 'advocate-models': 'claude-sonnet-5-5,claude-opus-4-5-20251101' })).models
        .retirements.retired,
    ).toMatchObject({ input: 'advocate-models', message: expect.stringContaining('was retired on 2027-01-22') });
  });

  it("applies OpenAI's dates to OpenAI's API, not to another server that serves the same name", async () => {
    expect((await settingsOn('2026-12-11', { model: 'openai:gpt-5-mini' })).models.retirements.retired?.message).toBe(
      'Input \'model\': model "openai:gpt-5-mini" was retired on 2026-12-11, and requests to it fail; use openai:gpt-6.1-terra, its recommended replacement',
    );
    expect((await settingsOn('2026-12-10', { model: 'openai:gpt-5' })).models.retirements.warnings).toHaveLength(1);
    expect(
      (await settingsOn('2026-12-11', { model: 'openai:gpt-5', 'base-url': 'https://api.openai.com/v1' })).models
        .retirements.retired,
    ).toBeDefined();
    expect(
      (
        await settingsOn('2026-12-11', {
          model: 'openai:gpt-5',
          'base-url': 'https://my-resource.openai.azure.com/openai/v1',
        })
      ).models.retirements,
    ).toEqual({ retired: undefined, warnings: [] });
  });

  it("leaves current models alone, and Claude on Bedrock and Vertex to their clouds' own schedules", async () => {
    for (const model of [
      'claude-sonnet-5-5',
      'claude-sonnet-4-6',
      'claude-haiku-4-5',
      'openai:gpt-6.1-sol',
      'bedrock:anthropic.claude-sonnet-4-5-20250929-v1:0',
      'vertex:claude-sonnet-4-5@20250929',
    ]) {
      expect((await settingsOn('2026-12-07', { model })).models.retirements, model).toEqual({
        retired: undefined,
        warnings: [],
      });
    }
  });
});

describe('a retired model from the config file', () => {
  let server: GitHubServer;
  beforeAll(async () => {
    server = await startGitHubServer({
      token: 'ghs_retirements',
      repositories: [
        {
          owner: 'octo',
          name: 'widgets',
          pulls: [],
          defaultBranchFiles: { '.github/pr-debate.yml': 'model: claude-sonnet-4-5\njudge-model: claude-opus-4-5\n' },
        },
      ],
    });
  });
  afterAll(() => server.close());

  it("is named as the file's key, and the announced one is warned about through the settings' warnings", async () => {
    const octokit = createOctokit('ghs_retirements', server.url, () => undefined);
    const warnings: string[] = [];
    const { settings } = await loadSettings({
      getInput: (name) => ({ 'github-token': 'ghs_retirements' })[name],
      env: { ...ENV, GITHUB_API_URL: server.url },
      readConfig: (path) => readDefaultBranchFile(octokit, { owner: 'octo', repo: 'widgets' }, path),
      warn: (message) => warnings.push(message),
      purpose: 'debate',
      today: on('2026-12-07'),
    });
    expect(settings.models.retirements.retired).toEqual({
      input: 'model',
      file: '.github/pr-debate.yml on main',
      message:
        '.github/pr-debate.yml on main: key \'model\': model "claude-sonnet-4-5" was retired on 2026-11-30, and requests to it fail; use claude-sonnet-5-5, its recommended replacement',
    });
    expect(warnings).toEqual([
      '.github/pr-debate.yml on main: key \'judge-model\': model "claude-opus-4-5" retires on 2027-01-22; move to claude-opus-5-5, its recommended replacement, before then',
    ]);
  });
});

describe('a debate configured with claude-sonnet-4-5', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  it('is refused before any model call: the reply on the PR and the failure name the retirement date and the replacement', async () => {
    scenario = await startGateScenario();
    const body = '/debate keep the cache vs drop the cache';
    const { data } = await scenario
      .octokit(TOKENS.writer)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const env = {
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: scenario.server.url,
    };
    const settings = await parseSettings(
      (name) =>
        ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-retired', model: 'claude-sonnet-4-5' })[name],
      env,
      { lenient: true, today: on('2026-12-07') },
    );
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({
        owner: OWNER,
        repo: REPO,
        number: 12,
        body,
        user: 'maria',
        commentId: data.id,
        association: 'COLLABORATOR',
      }),
      settings.run,
    );
    if (trigger.kind !== 'debate') throw new Error(`expected a debate, got ${trigger.kind}`);
    const octokit = getOctokit(TOKENS.bot, { baseUrl: scenario.server.url });
    const models = scriptedModels(() => new Error('no model may be called for a retired model'));
    const clients: PipelineClients = {
      github: { writes: octokit, reads: octokit },
      models,
      log: { info: () => {}, warning: () => {}, notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const result = await runTrigger(clients, settings, trigger);
    expect(models.calls).toHaveLength(0);
    expect(result).toMatchObject({ status: 'aborted', failure: expect.stringContaining('was retired on 2026-11-30') });
    const reply = scenario.server.state.comments
      .find((c) => c.html_url === result.commentUrl)!
      .body.replaceAll('\u200b', '');
    expect(reply).toContain('pr-debate could not start');
    expect(reply).toContain('"claude-sonnet-4-5" was retired on 2026-11-30');
    expect(reply).toContain('use claude-sonnet-5-5');
    expect(reply).toContain('Fix `model:` under `with:` in the workflow file');
  });
});
