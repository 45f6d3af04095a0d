import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { z } from 'zod';
import type { CallMeta, ModelCall } from '../../src/debate/model-client.js';
import {
  callMetaOf,
  startAnthropicServer,
  type MessagesRequest,
  type ScriptedReply,
} from '../support/anthropic-server.js';
import { startBedrockServer } from '../support/bedrock-server.js';
import { cachePull } from '../support/cache-pull.js';
import { debateScript } from '../support/debate-script.js';
import { commentEvent } from '../support/event-payloads.js';
import { startGitHubServer } from '../support/github-server.js';
import { instructionsOf, startOpenAiServer, type ChatCompletionsRequest } from '../support/openai-server.js';
import { runAction } from '../support/run-action.js';
import { startVertexServer, STRUCTURED_OUTPUTS_FEATURE } from '../support/vertex-server.js';

/**
 * Issue #31, "Done when": a quick and a standard debate with every role on each of today's models
 * (`claude-haiku-5-5`, `claude-opus-4-8`, `claude-fable-5-2`, `openai:gpt-6.1-sol`, and a 5.x model on
 * Bedrock and on Vertex) succeed through the bundled action against the local servers at the default
 * `max-cost-usd`, the servers thinking and reasoning as documented; the record's cost is within 2% of the
 * list price of the tokens the servers reported. The list prices here are this test's own, copied from the
 * providers' pages (read 2026-12-03), not the product's table, so a wrong row in `src/models/prices.ts` fails.
 * An unknown model id is refused before any call, with a message naming the fix.
 */

/** USD per million tokens: input, 5m cache write, cache hit, output; `above` for the whole call over `promptTokens`. */
type Rates = [input: number, cacheWrite: number, cacheRead: number, output: number];
interface ListPrice {
  rates: Rates;
  above?: { promptTokens: number; rates: Rates };
}
const LIST: Record<string, ListPrice> = {
  // Claude Haiku 5.5 overview: $0.10 / $0.125 / $0.01 / $0.50 up to 100,000 prompt tokens, $0.50 / $0.625 / $0.05 / $2.50 over.
  'claude-haiku-5-5': {
    rates: [0.1, 0.125, 0.01, 0.5],
    above: { promptTokens: 100_000, rates: [0.5, 0.625, 0.05, 2.5] },
  },
  // Pricing page: "Claude Opus 4.8 | $5 / MTok | $6.25 / MTok | $10 / MTok | $0.50 / MTok | $25 / MTok".
  'claude-opus-4-8': { rates: [5, 6.25, 0.5, 25] },
  // Release notes, November 9, 2026: $8 input, $40 output; cache write $10, hit $0.20.
  'claude-fable-5-2': { rates: [8, 10, 0.2, 40] },
  // gpt-6.1-sol model page: input $2, cached input $0.10, cache writes $2.50, output $10; over 272K input 2x / 1.5x.
  'gpt-6.1-sol': { rates: [2, 2.5, 0.1, 10], above: { promptTokens: 272_000, rates: [4, 5, 0.2, 15] } },
};
/** The regional premium on Bedrock (a `us.` profile) and Vertex (a region): 10%. */
const REGIONAL = 1.1;

interface Served {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}
function listCost(name: string, premium: number, u: Served): number {
  const price = LIST[name]!;
  const prompt = u.input + u.cacheWrite + u.cacheRead;
  const [input, cacheWrite, cacheRead, output] =
    price.above && prompt > price.above.promptTokens ? price.above.rates : price.rates;
  return (premium * (u.input * input + u.cacheWrite * cacheWrite + u.cacheRead * cacheRead + u.output * output)) / 1e6;
}

const TOKEN = 'ghs_currentModelsToken000000000000000000';
const ANTHROPIC_KEY = 'sk-ant-local-current';
const OPENAI_KEY = 'sk-proj-local-current';
const AWS = {
  AWS_ACCESS_KEY_ID: 'ASIACURRENTMODELS001',
  AWS_SECRET_ACCESS_KEY: 'local-secret',
  AWS_SESSION_TOKEN: 'local-session-token',
  AWS_REGION: 'us-west-2',
};
const GCP = { GOOGLE_CLOUD_PROJECT: 'current-project', CLOUD_ML_REGION: 'us-east5' };
const OIDC_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.local-github-oidc-token.signature';
const WIF_AUDIENCE =
  '//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/github/providers/pr-debate';

type Headers = Record<string, string | string[] | undefined>;
const asCall = (
  instructions: string,
  model: string,
  maxTokens: number,
  meta: CallMeta | undefined,
): ModelCall<unknown> => ({
  role: 'advocate',
  model,
  system: '',
  evidence: '',
  instructions,
  format: z.unknown(),
  schema: z.unknown(),
  maxTokens,
  ...(meta ? { meta } : {}),
});
const messagesCall = (request: MessagesRequest, meta: CallMeta | undefined) => {
  const blocks = request.messages[0]?.content;
  const texts = typeof blocks === 'string' ? [blocks] : (blocks ?? []).map((b) => b.text);
  return asCall(texts.at(-1) ?? '', request.model, request.max_tokens, meta);
};
const chatCall = (request: ChatCompletionsRequest, meta: CallMeta | undefined) =>
  asCall(
    instructionsOf(request).instructions,
    request.model,
    request.max_completion_tokens ?? request.max_tokens ?? 0,
    meta,
  );

async function startScenario(context: TestContext) {
  const github = await startGitHubServer({
    repositories: [{ owner: 'octo', name: 'cache', pulls: [cachePull(1)], permissions: { maintainer: 'write' } }],
    token: TOKEN,
    botLogin: 'github-actions[bot]',
    tokens: { ghp_person_maintainer: 'maintainer' },
  });
  const script = debateScript();
  let index = 0;
  const reply = (call: ModelCall<unknown>): ScriptedReply => ({ text: JSON.stringify(script(call, index++)) });
  const anthropic = await startAnthropicServer({
    apiKey: ANTHROPIC_KEY,
    thinking: true,
    responder: (request, { call }) => reply(messagesCall(request, call)),
  });
  const openai = await startOpenAiServer({
    apiKey: OPENAI_KEY,
    reasoning: true,
    responder: (request, { call }) => reply(chatCall(request, call)),
  });
  const bedrock = await startBedrockServer({
    credentials: { accessKeyId: AWS.AWS_ACCESS_KEY_ID, sessionToken: AWS.AWS_SESSION_TOKEN, region: AWS.AWS_REGION },
    thinking: true,
    responder: (request, { call }) => reply(messagesCall(request, call)),
  });
  const vertex = await startVertexServer({
    accessToken: 'ya29.local-current',
    projectId: GCP.GOOGLE_CLOUD_PROJECT,
    region: GCP.CLOUD_ML_REGION,
    allowedPartnerModelFeatures: [STRUCTURED_OUTPUTS_FEATURE],
    federation: { subjectToken: OIDC_TOKEN, audience: WIF_AUDIENCE },
    thinking: true,
    responder: (request, { call }) => reply(messagesCall(request, call)),
  });
  const dir = mkdtempSync(join(tmpdir(), 'pr-debate-current-'));
  writeFileSync(join(dir, 'oidc-token'), OIDC_TOKEN);
  writeFileSync(
    join(dir, 'credentials.json'),
    JSON.stringify({
      type: 'external_account',
      audience: WIF_AUDIENCE,
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: vertex.tokenUrl,
      credential_source: { file: join(dir, 'oidc-token') },
    }),
  );
  context.onTestFinished(async () => {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all([github.close(), anthropic.close(), openai.close(), bedrock.close(), vertex.close()]);
  });
  const run = async (inputs: Record<string, string>, env: Record<string, string>) => {
    const body = '/debate keep the cache vs drop the cache';
    const response = await fetch(`${github.url}/repos/octo/cache/issues/1/comments`, {
      method: 'POST',
      headers: { authorization: 'token ghp_person_maintainer', 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    const { id } = (await response.json()) as { id: number };
    const payload = commentEvent({ owner: 'octo', repo: 'cache', number: 1, body, user: 'maintainer', commentId: id });
    return runAction({
      eventName: 'issue_comment',
      payload,
      repository: 'octo/cache',
      apiUrl: github.url,
      inputs: { 'github-token': TOKEN, ...inputs },
      env,
      processEnv: env,
    });
  };
  /** Every call a server answered, with the tokens it reported. */
  const served = (): Served[] => [
    ...[anthropic, bedrock.messages, vertex.messages].flatMap((s) =>
      s.requests.flatMap((r) =>
        r.usage
          ? [
              {
                input: r.usage.input_tokens,
                cacheWrite: r.usage.cache_creation_input_tokens ?? 0,
                cacheRead: r.usage.cache_read_input_tokens ?? 0,
                output: r.usage.output_tokens,
              },
            ]
          : [],
      ),
    ),
    ...openai.requests.flatMap((r) =>
      r.usage
        ? [
            {
              input: r.usage.prompt_tokens - r.usage.cached_tokens - r.usage.cache_write_tokens,
              cacheWrite: r.usage.cache_write_tokens,
              cacheRead: r.usage.cached_tokens,
              output: r.usage.completion_tokens,
            },
          ]
        : [],
    ),
  ];
  const posted = (url: string | undefined) => github.state.comments.find((c) => c.html_url === url)?.body ?? '';
  return { anthropic, openai, bedrock, vertex, run, served, posted, credentials: join(dir, 'credentials.json') };
}

type Setup = Awaited<ReturnType<typeof startScenario>>;
const CONFIGS: {
  model: string;
  list: string;
  premium: number;
  inputs: (s: Setup) => Record<string, string>;
  env: (s: Setup) => Record<string, string>;
}[] = [
  {
    model: 'claude-haiku-5-5',
    list: 'claude-haiku-5-5',
    premium: 1,
    inputs: (s) => ({ 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': s.anthropic.url }),
    env: () => ({}),
  },
  {
    model: 'claude-opus-4-8',
    list: 'claude-opus-4-8',
    premium: 1,
    inputs: (s) => ({ 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': s.anthropic.url }),
    env: () => ({}),
  },
  {
    model: 'claude-fable-5-2',
    list: 'claude-fable-5-2',
    premium: 1,
    inputs: (s) => ({ 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': s.anthropic.url }),
    env: () => ({}),
  },
  {
    model: 'openai:gpt-6.1-sol',
    list: 'gpt-6.1-sol',
    premium: 1,
    inputs: (s) => ({ 'openai-api-key': OPENAI_KEY, 'base-url': s.openai.url }),
    env: () => ({}),
  },
  {
    model: 'bedrock:us.anthropic.claude-haiku-5-5',
    list: 'claude-haiku-5-5',
    premium: REGIONAL,
    inputs: (s) => ({ 'base-url': s.bedrock.url }),
    env: () => AWS,
  },
  {
    model: 'vertex:claude-fable-5-2',
    list: 'claude-fable-5-2',
    premium: REGIONAL,
    inputs: (s) => ({ 'base-url': s.vertex.url }),
    env: (s) => ({ ...GCP, GOOGLE_APPLICATION_CREDENTIALS: s.credentials }),
  },
];

describe("today's models end to end, at the default max-cost-usd (issue #31)", () => {
  it.for(CONFIGS.flatMap((config) => (['quick', 'standard'] as const).map((preset) => ({ ...config, preset }))))(
    '$preset debate, every role on $model',
    async (config, ctx) => {
      const { expect } = ctx;
      const setup = await startScenario(ctx);
      // Every role on the model: model alone, so advocates and judge default to it.
      const result = await setup.run(
        { model: config.model, preset: config.preset, ...config.inputs(setup) },
        config.env(setup),
      );
      expect(result.exitCode, result.stdout).toBe(0);
      expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
      const record = JSON.parse(result.outputs.decision!) as {
        usage: { cost_usd: number; input_tokens: number; output_tokens: number };
      };
      const calls = setup.served();
      expect(calls.length).toBeGreaterThanOrEqual(config.preset === 'quick' ? 6 : 10);
      const list = calls.reduce((sum, u) => sum + listCost(config.list, config.premium, u), 0);
      expect(list).toBeGreaterThan(0);
      // Within 2% of the list price of the tokens the server reported (and the record's 4-decimal rounding).
      expect(
        Math.abs(record.usage.cost_usd - list),
        `record ${record.usage.cost_usd}, list ${list}`,
      ).toBeLessThanOrEqual(Math.max(0.02 * list, 0.00006));
      expect(record.usage.output_tokens).toBe(calls.reduce((n, u) => n + u.output, 0));
    },
  );

  it('a refused turn is answered by the refusal-fallback-model, and the comment names the refusal', async (ctx) => {
    const { expect } = ctx;
    const setup = await startScenario(ctx);
    const script = debateScript();
    let index = 0;
    setup.anthropic.setResponder((request, { call }) =>
      request.model === 'claude-fable-5-2' && call?.phase === 'opening' && call.positionId === 'B' && !call.warmUp
        ? { text: '', stopReason: 'refusal', refusal: { category: 'cyber', explanation: null } }
        : { text: JSON.stringify(script(messagesCall(request, call), index++)) },
    );
    const result = await setup.run(
      {
        model: 'claude-fable-5-2',
        'refusal-fallback-model': 'claude-opus-4-8',
        'anthropic-api-key': ANTHROPIC_KEY,
        'base-url': setup.anthropic.url,
      },
      {},
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status).toBe('success');
    // Opening B went to the fallback once, after the refusal; nothing else did.
    const fallback = setup.anthropic.requests.filter(
      (r) => r.body.model === 'claude-opus-4-8' && callMetaOf(r.headers)?.phase !== 'preflight',
    );
    expect(fallback.map((r) => callMetaOf(r.headers)?.positionId)).toEqual(['B']);
    const body = setup.posted(result.outputs['comment-url']);
    // In the engine's notes: the refusal named as one, with its stop_details, and who answered instead.
    expect(body).toContain(
      '- Model claude-fable-5-2 refused the advocate B (opening) turn (model claude-fable-5-2 refused the advocate turn (stop_reason "refusal": category cyber)); the refusal-fallback-model claude-opus-4-8 answered it.',
    );
  });

  it('an unknown model id is refused before any call, with a message that names the fix', async (ctx) => {
    const { expect } = ctx;
    const setup = await startScenario(ctx);
    const result = await setup.run(
      { model: 'claude-zephyr-9', 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': setup.anthropic.url },
      {},
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs.status).toBe('aborted');
    expect(setup.anthropic.requests).toHaveLength(0);
    expect(setup.anthropic.countRequests).toHaveLength(0);
    const body = setup.posted(result.outputs['comment-url']);
    expect(body).toContain('No price is known for model "claude-zephyr-9"');
    expect(body).toContain('model-prices: "claude-zephyr-9=3/15');
    expect(body).toContain('Fix `model-prices:` under `with:` in the workflow file');
    // With a price it runs.
    const priced = await setup.run(
      {
        model: 'claude-sonnet-5-5',
        'advocate-models': 'claude-zephyr-9',
        'model-prices': 'claude-zephyr-9=3/15',
        'anthropic-api-key': ANTHROPIC_KEY,
        'base-url': setup.anthropic.url,
      },
      {},
    );
    // The local server does not serve that id: pre-flight names the model, so the price was accepted and the run got as far as calling it.
    expect(setup.posted(priced.outputs['comment-url'])).toContain(
      'Model "claude-zephyr-9" (input advocate-models; the Anthropic API) did not answer the pre-flight call',
    );
  });
});
