import { describe, it, type TestContext } from 'vitest';
import { z } from 'zod';
import type { CallMeta, ModelCall } from '../../src/debate/model-client.js';
import {
  callMetaOf,
  startAnthropicServer,
  type MessagesRequest,
  type ReceivedMessagesRequest,
  type ScriptedReply,
} from '../support/anthropic-server.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBedrockServer } from '../support/bedrock-server.js';
import { startVertexServer, STRUCTURED_OUTPUTS_FEATURE } from '../support/vertex-server.js';
import { cachePull } from '../support/cache-pull.js';
import { debateScript } from '../support/debate-script.js';
import { commentEvent } from '../support/event-payloads.js';
import { startGitHubServer } from '../support/github-server.js';
import {
  instructionsOf,
  startOpenAiServer,
  type ChatCompletionsRequest,
  type StartOpenAiServerOptions,
} from '../support/openai-server.js';
import { runAction, type ActionRun } from '../support/run-action.js';
import { describeCall } from '../support/scripted-models.js';
import { costUsd, worstCaseCostUsd } from '../../src/models/price-usage.js';

/**
 * Issue #12, "Done when": the bundled action (`dist/index.js`, as the runner starts it) runs a debate
 * whose roles sit on different providers, each served by a local server that the real SDK talks to:
 * the Messages API (Anthropic SDK), Chat Completions (openai SDK), a Bedrock runtime (bedrock SDK,
 * SigV4) and an Ollama-style Chat Completions server without JSON-schema support; and a run under a
 * small `max-cost-usd` stops within it and says so.
 */

const TOKEN = 'ghs_providerSuiteToken00000000000000000000';
const ANTHROPIC_KEY = 'sk-ant-local-providers';
const OPENAI_KEY = 'sk-proj-local-providers';
const OWNER = 'octo';
const REPO = 'cache';
const MAINTAINER = 'maintainer';
// No position is the PR (`--no-pr-position`), so these runs make no moderator call (its naming of the PR, and its check of a
// `(this PR)` mark, are tested in real-case.test.ts and test/gate/pr-position-attacks.test.ts).
const POSITIONS = '/debate keep the cache vs drop the cache --no-pr-position';
const AWS = {
  AWS_ACCESS_KEY_ID: 'ASIAPROVIDERSUITE001',
  AWS_SECRET_ACCESS_KEY: 'local-secret',
  AWS_SESSION_TOKEN: 'local-session-token',
  AWS_REGION: 'us-west-2',
};
/** What google-github-actions/auth exports with the project, plus the region input of the vertex SDK. */
const GCP = { GOOGLE_CLOUD_PROJECT: 'providers-project', CLOUD_ML_REGION: 'us-east5' };
const OIDC_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.local-github-oidc-token.signature';
const WIF_AUDIENCE =
  '//iam.googleapis.com/projects/123456789/locations/global/workloadIdentityPools/github/providers/pr-debate';

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
/** What the engine asked for, read back from a Messages API request (the evidence block, a phase's transcript, then the instructions; the call's metadata header). */
const messagesCall = (request: MessagesRequest, headers: Headers) => {
  const blocks = request.messages[0]?.content;
  const texts = typeof blocks === 'string' ? [blocks] : (blocks ?? []).map((b) => b.text);
  return asCall(texts.at(-1) ?? '', request.model, request.max_tokens, callMetaOf(headers));
};
const chatCall = (request: ChatCompletionsRequest, headers: Headers) =>
  asCall(
    instructionsOf(request).instructions,
    request.model,
    request.max_completion_tokens ?? request.max_tokens ?? 0,
    callMetaOf(headers),
  );

/** The phase and position of a call, e.g. `opening A`, `judge`, `warm-up opening A` (a prompt-cache warm-up). */
const label = (call: ModelCall<unknown>) => {
  const info = describeCall(call);
  return `${info.warmUp ? 'warm-up ' : ''}${info.position ? `${info.phase} ${info.position}` : info.phase}`;
};

/** The text blocks of a Messages API request: the system text, then the user turn's blocks (evidence, transcript, instructions). */
const textsOf = (request: MessagesRequest) => {
  const system = typeof request.system === 'string' ? [request.system] : (request.system ?? []).map((b) => b.text);
  const blocks = request.messages[0]?.content;
  return [...system, ...(typeof blocks === 'string' ? [blocks] : (blocks ?? []).map((b) => b.text))];
};
/**
 * The worst case of a request as the spending cap prices it before sending (`boundInputTokens`: a
 * token is at least a byte of the prompt or the output schema, plus 512 of framing; every input token
 * at the dearer of the input and cache-write rates, `max_tokens` of output), read back from what the
 * server received. The schema's bytes are those of the JSON schema the SDK sent; the cap measures
 * `z.toJSONSchema` of the same schema, which came out about 3,000 bytes longer (some $0.011 on a judge
 * call), and the test's margin is half a judge run's cost (some $0.06).
 */
const worstCaseOf = (request: MessagesRequest) =>
  worstCaseCostUsd(
    request.model,
    textsOf(request).reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0) +
      Buffer.byteLength(JSON.stringify(request.output_config?.format?.schema ?? {}), 'utf8') +
      512,
    request.max_tokens,
  );
/** What a request cost at list price, from the usage the server answered with. */
const costOf = ({ body, usage }: ReceivedMessagesRequest) =>
  costUsd(body.model, {
    input_tokens: usage!.input_tokens,
    output_tokens: usage!.output_tokens,
    cache_creation_input_tokens: usage!.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage!.cache_read_input_tokens ?? 0,
  })!;

/** The default debate script, as text; `outputTokens` makes each reply bill that many output tokens (at most the call's max_tokens). */
function scripted(outputTokens?: number) {
  const script = debateScript();
  let index = 0;
  return (call: ModelCall<unknown>): ScriptedReply => ({
    text: JSON.stringify(script(call, index++)),
    ...(outputTokens ? { outputTokens: Math.min(outputTokens, call.maxTokens) } : {}),
  });
}

async function startScenario(
  context: TestContext,
  options: { openai?: Partial<StartOpenAiServerOptions>; outputTokens?: number } = {},
) {
  const github = await startGitHubServer({
    repositories: [{ owner: OWNER, name: REPO, pulls: [cachePull(1)], permissions: { [MAINTAINER]: 'write' } }],
    token: TOKEN,
    botLogin: 'github-actions[bot]',
    tokens: { ghp_person_maintainer: MAINTAINER },
  });
  // One script for the whole debate, whichever server a call reaches.
  const script = scripted(options.outputTokens);
  const withMeta = (meta: CallMeta | undefined): Headers => (meta ? { 'x-pr-debate-call': JSON.stringify(meta) } : {});
  const anthropic = await startAnthropicServer({
    apiKey: ANTHROPIC_KEY,
    responder: (request, { call }) => script(messagesCall(request, withMeta(call))),
  });
  const openai = await startOpenAiServer({
    apiKey: OPENAI_KEY,
    responder: (request, { call }) => script(chatCall(request, withMeta(call))),
    ...options.openai,
  });
  const bedrock = await startBedrockServer({
    credentials: { accessKeyId: AWS.AWS_ACCESS_KEY_ID, sessionToken: AWS.AWS_SESSION_TOKEN, region: AWS.AWS_REGION },
    responder: (request, { call }) => script(messagesCall(request, withMeta(call))),
  });
  const vertex = await startVertexServer({
    accessToken: 'ya29.local-providers',
    projectId: GCP.GOOGLE_CLOUD_PROJECT,
    region: GCP.CLOUD_ML_REGION,
    allowedPartnerModelFeatures: [STRUCTURED_OUTPUTS_FEATURE],
    federation: { subjectToken: OIDC_TOKEN, audience: WIF_AUDIENCE },
    responder: (request, { call }) => script(messagesCall(request, withMeta(call))),
  });
  context.onTestFinished(async () => {
    await Promise.all([github.close(), anthropic.close(), openai.close(), bedrock.close(), vertex.close()]);
  });
  const command = async (body: string) => {
    const response = await fetch(`${github.url}/repos/${OWNER}/${REPO}/issues/1/comments`, {
      method: 'POST',
      headers: { authorization: 'token ghp_person_maintainer', 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    const { id } = (await response.json()) as { id: number };
    return commentEvent({ owner: OWNER, repo: REPO, number: 1, body, user: MAINTAINER, commentId: id });
  };
  const run = async (inputs: Record<string, string>, env: Record<string, string> = {}) =>
    runAction({
      eventName: 'issue_comment',
      payload: await command(POSITIONS),
      repository: `${OWNER}/${REPO}`,
      apiUrl: github.url,
      inputs: { 'github-token': TOKEN, preset: 'quick', ...inputs },
      env,
      processEnv: env,
    });
  const posted = (result: ActionRun) =>
    github.state.comments.find((c) => c.html_url === result.outputs['comment-url'])?.body ?? '';
  return { github, anthropic, openai, bedrock, vertex, run, posted };
}

describe('providers end to end (issue #12)', () => {
  it('a two-family debate: a Claude advocate and an OpenAI-compatible advocate, the OpenAI model as judge', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, openai, run, posted } = await startScenario(ctx);
    const result = await run(
      {
        'anthropic-api-key': ANTHROPIC_KEY,
        'base-url': anthropic.url,
        'openai-api-key': OPENAI_KEY,
        'advocate-models': 'claude-sonnet-5-5, openai:gpt-6.2-sol',
        'judge-model': 'openai:gpt-6.2-sol',
      },
      { OPENAI_BASE_URL: openai.url },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    // Pre-flight first, one short call per distinct model; then the debate, each call on its role's provider.
    expect(anthropic.requests.map((r) => label(messagesCall(r.body, r.headers)))).toEqual(['preflight', 'opening A']);
    expect(openai.requests.map((r) => label(chatCall(r.body, r.headers))).sort()).toEqual([
      'audit',
      'judge',
      'judge',
      'opening B',
      'preflight',
    ]);
    expect(
      openai.requests.every(
        (r) => r.body.response_format?.type === 'json_schema' && r.headers.authorization === `Bearer ${OPENAI_KEY}`,
      ),
    ).toBe(true);
    const record = JSON.parse(result.outputs.decision!) as { usage: { cost_usd: number } };
    expect(record.usage.cost_usd).toBeGreaterThan(0);
    expect(posted(result)).toContain('openai:gpt-6.2-sol');
    // Masked: the runner is told to hide the key, and it appears nowhere else in the log.
    expect(result.stdout).toContain(`::add-mask::${OPENAI_KEY}`);
    expect(result.stdout.replace(`::add-mask::${OPENAI_KEY}`, '')).not.toContain(OPENAI_KEY);
  });

  it('a Bedrock-style configuration: every role on Claude through Bedrock, signed with the credentials the AWS action leaves', async (ctx) => {
    const { expect } = ctx;
    const { bedrock, run } = await startScenario(ctx);
    const model = 'bedrock:us.anthropic.claude-sonnet-5-5';
    const result = await run({ model, 'base-url': bedrock.url }, AWS);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    // The pre-flight check, a prompt-cache warm-up, 2 openings, the audit, 2 judge runs.
    expect(bedrock.requests.map((r) => r.path)).toEqual(
      Array(7).fill('/model/us.anthropic.claude-sonnet-5-5/invoke-with-response-stream'),
    );
    expect(
      bedrock.requests.every((r) =>
        String(r.headers.authorization).startsWith(`AWS4-HMAC-SHA256 Credential=${AWS.AWS_ACCESS_KEY_ID}/`),
      ),
    ).toBe(true);
    // The prompt cache works through Bedrock too: one write, then reads.
    expect(
      bedrock.messages.requests.filter((r) => (r.usage?.cache_read_input_tokens ?? 0) > 0).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('a Vertex configuration: every role on Claude through Vertex AI, logged in as google-github-actions/auth leaves it', async (ctx) => {
    const { expect } = ctx;
    const { vertex, run } = await startScenario(ctx);
    // What google-github-actions/auth writes for workload identity federation: an external_account file
    // whose token_url trades the job's OIDC token (here a file) for an access token at STS.
    const dir = mkdtempSync(join(tmpdir(), 'pr-debate-gcp-'));
    ctx.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'oidc-token'), OIDC_TOKEN);
    const credentials = {
      type: 'external_account',
      audience: WIF_AUDIENCE,
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: vertex.tokenUrl,
      credential_source: { file: join(dir, 'oidc-token') },
    };
    writeFileSync(join(dir, 'credentials.json'), JSON.stringify(credentials));
    const result = await run(
      { model: 'vertex:claude-sonnet-5-5', 'base-url': vertex.url },
      { ...GCP, GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'credentials.json') },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    // The pre-flight check, a prompt-cache warm-up, 2 openings, the audit, 2 judge runs: each one
    // streamRawPredict of the project and region, with the access token STS gave.
    // Before them, the evidence pack is counted once with Vertex's count-tokens method (issue #31).
    const base = `/v1/projects/${GCP.GOOGLE_CLOUD_PROJECT}/locations/${GCP.CLOUD_ML_REGION}/publishers/anthropic/models`;
    expect(vertex.requests.map((r) => r.path)).toEqual([
      `${base}/count-tokens:rawPredict`,
      ...Array(7).fill(`${base}/claude-sonnet-5-5:streamRawPredict`),
    ]);
    expect(vertex.requests.every((r) => r.headers.authorization === 'Bearer ya29.local-providers')).toBe(true);
    expect(
      vertex.messages.requests.filter((r) => (r.usage?.cache_read_input_tokens ?? 0) > 0).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('an Ollama-style configuration: no key, no JSON-schema response format, JSON in a ```json fence', async (ctx) => {
    const { expect } = ctx;
    const { openai, run } = await startScenario(ctx, {
      openai: { apiKey: undefined, jsonSchema: 'rejected', fence: true },
    });
    // A model on your own server has no list price: model-prices says it costs nothing per token (issue #31).
    const result = await run({
      model: 'openai:llama3.1:8b',
      'base-url': openai.url,
      'model-prices': 'openai:llama3.1:8b=0/0',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    const formats = openai.requests.map((r) => r.body.response_format?.type ?? 'text');
    // The first call learns that the server refuses json_schema; every call after it goes in text mode.
    expect(formats[0]).toBe('json_schema');
    expect(formats.slice(1).every((f) => f === 'text')).toBe(true);
    expect(openai.requests.filter((r) => r.body.response_format === undefined)).toHaveLength(7); // pre-flight, the prompt-cache warm-up, 2 openings, the audit, 2 judge runs
  });

  it('pre-flight: a model the user named that does not answer stops the run before any debate call, naming the model and the answer', async (ctx) => {
    const { expect } = ctx;
    const { anthropic, openai, run, posted } = await startScenario(ctx, {
      openai: {
        responder: () => ({
          error: {
            status: 404,
            type: 'invalid_request_error',
            message: 'The model `gpt-nope` does not exist or you do not have access to it.',
            details: { code: 'model_not_found' },
          },
        }),
      },
    });
    // Priced (model-prices), so that the run gets past the price check to the call (issue #31).
    const result = await run(
      {
        'anthropic-api-key': ANTHROPIC_KEY,
        'base-url': anthropic.url,
        'openai-api-key': OPENAI_KEY,
        'advocate-models': 'claude-sonnet-5-5, openai:gpt-nope',
        'model-prices': 'openai:gpt-nope=2/10',
      },
      { OPENAI_BASE_URL: openai.url },
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    const message =
      'Model "openai:gpt-nope" (input advocate-models; the OpenAI-compatible Chat Completions endpoint) did not answer the pre-flight call: model "gpt-nope" was not found (The model `gpt-nope` does not exist or you do not have access to it.): check the model inputs. The debate did not start, and nothing was spent on it.';
    expect(posted(result)).toContain(message);
    expect(result.stdout).toContain(`::error::checking that the models answer failed: ${message}`);
    // Only the pre-flight calls were made: one per distinct model.
    expect(anthropic.requests.map((r) => label(messagesCall(r.body, r.headers)))).toEqual(['preflight']);
    expect(openai.requests).toHaveLength(1);
  });

  it('a small max-cost-usd: the run stops before the call that could pass it, says so, and the record stays within it', async (ctx) => {
    const { expect } = ctx;
    // Each reply bills 6,000 output tokens ($0.06 at the Sonnet rate); an advocate call's worst case is about $0.38
    // (its max_tokens: 16,000 for the reply and 16,000 of room for thinking at effort medium).
    const { anthropic, run, posted } = await startScenario(ctx, { outputTokens: 6_000 });
    const result = await run({ 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': anthropic.url, 'max-cost-usd': '0.47' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'aborted', recommendation: 'none' });
    // The pre-flight check, the warm-up and opening A went; opening B's worst case no longer fitted, and nothing was called after it.
    expect(anthropic.requests.map((r) => label(messagesCall(r.body, r.headers)))).toEqual([
      'preflight',
      'warm-up opening A',
      'opening A',
    ]);
    const body = posted(result);
    expect(body).toMatch(
      /The spending cap \(max-cost-usd: 0\.47\) was reached: \$0\.\d{4} was spent, and the next call could have cost up to \$0\.\d{4}, so it was not made and the debate stopped there\. Finishing it would take about \$\d+\.\d\d more by the plan's estimate: set max-cost-usd to at least \d+\.\d\d and run it again\./,
    );
    const record = JSON.parse(result.outputs.decision!) as { usage: { cost_usd: number } };
    expect(record.usage.cost_usd).toBeGreaterThan(0);
    // The record (pre-flight call included) is within what the cap counted, which is within the cap.
    const spent = Number(/\$(0\.\d{4}) was spent/.exec(body)![1]);
    expect(record.usage.cost_usd).toBeLessThanOrEqual(spent + 0.00005);
    expect(spent).toBeLessThanOrEqual(0.25);
  });

  it('a max-cost-usd that holds one judge run but not the second: degraded-success on the ruling that was made, the second run never sent', async (ctx) => {
    const { expect } = ctx;
    // Each reply bills up to 12,000 output tokens. Measured first, uncapped: what the run spends before the judge,
    // what judge run 1 costs, and the worst case of a judge call as the cap prices it (its input plus 16,000 tokens of output).
    const measured = await startScenario(ctx, { outputTokens: 12_000 });
    const uncapped = await measured.run({ 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': measured.anthropic.url });
    expect(uncapped.outputs.status, uncapped.stdout).toBe('success');
    const orderOf = (r: { headers: Headers }) => callMetaOf(r.headers)?.order?.join(', ');
    const judged = measured.anthropic.requests.filter((r) => label(messagesCall(r.body, r.headers)) === 'judge');
    expect(judged.map(orderOf)).toEqual(['A, B', 'B, A']);
    const beforeJudge = measured.anthropic.requests
      .filter((r) => !judged.includes(r))
      .reduce((sum, r) => sum + costOf(r), 0);
    const judgeRun1 = costOf(judged[0]!);
    const worstJudge = Math.max(...judged.map((r) => worstCaseOf(r.body)));
    // Judge run 1 fits (before it, what is spent plus its worst case is within the cap); once it has cost what it
    // cost, judge run 2's worst case no longer does. The cap sits halfway, half a judge run's cost from either edge.
    const cap = Math.round((beforeJudge + worstJudge + judgeRun1 / 2) * 10_000) / 10_000;
    const capText = String(cap).replace('.', '\\.');
    expect(beforeJudge + worstJudge).toBeLessThan(cap);
    expect(beforeJudge + judgeRun1 + worstJudge).toBeGreaterThan(cap);

    const { anthropic, run, posted } = await startScenario(ctx, { outputTokens: 12_000 });
    const result = await run({
      'anthropic-api-key': ANTHROPIC_KEY,
      'base-url': anthropic.url,
      'max-cost-usd': String(cap),
    });
    expect(result.exitCode, result.stdout).toBe(0);
    // Judge run 1 ruled; its recommendation stands, at low confidence (the order check could not be made).
    expect(result.outputs).toMatchObject({ status: 'degraded-success', recommendation: 'A', confidence: 'low' });
    // Everything up to judge run 1 went; judge run 2 was never sent, and nothing after it.
    const sent = anthropic.requests.map(
      (r) => `${label(messagesCall(r.body, r.headers))}${orderOf(r) ? ` (order ${orderOf(r)})` : ''}`,
    );
    expect(sent).toEqual(['preflight', 'warm-up opening A', 'opening A', 'opening B', 'audit', 'judge (order A, B)']);
    // The comment says the cap was reached, with what was spent and the refused call's worst case: judge run 2's.
    const body = posted(result);
    const stop = new RegExp(
      `The spending cap \\(max-cost-usd: ${capText}\\) was reached: \\$(\\d+\\.\\d{4}) was spent, and the next call could have cost up to \\$(\\d+\\.\\d{4}), so it was not made and the debate stopped there\\. Finishing it would take about \\$\\d+\\.\\d\\d more by the plan's estimate: set max-cost-usd to at least (\\d+\\.\\d\\d) and run it again\\.`,
    ).exec(body);
    expect(stop, body).not.toBeNull();
    const [spent, refused, raiseTo] = stop!.slice(1).map(Number) as [number, number, number];
    expect(spent).toBeCloseTo(beforeJudge + judgeRun1, 3);
    // The cap's bound on the refused call is at least what a judge call sent in the measured run, and within the test's margin.
    expect(refused).toBeGreaterThanOrEqual(worstJudge - 0.00005);
    expect(refused).toBeLessThan(worstJudge + judgeRun1 / 2);
    expect(spent + refused).toBeGreaterThan(cap);
    // What it would take to finish: a cap that holds what was spent and the refused call's worst case.
    expect(raiseTo).toBeGreaterThanOrEqual(spent + refused);
    expect(body).toContain('Judge run 2 (order B, A, swapped ids) failed: the spending cap was reached');
    // The record counts every call, the pre-flight check's too, and stays within what the cap counted, and so within the cap.
    const record = JSON.parse(result.outputs.decision!) as {
      completion: string;
      recommendation: string;
      usage: { cost_usd: number };
    };
    expect(record).toMatchObject({ completion: 'degraded-success', recommendation: 'A' });
    expect(record.usage.cost_usd).toBeCloseTo(
      anthropic.requests.reduce((sum, r) => sum + costOf(r), 0),
      4,
    );
    expect(record.usage.cost_usd).toBeLessThanOrEqual(spent + 0.00005);
    expect(spent).toBeLessThanOrEqual(cap);
    // The step's log: judge run 1's line, judge run 2 refused without a call, then the run's total.
    expect(result.stdout).toMatch(/^ok {3}judge: judge \(order A, B\); claude-sonnet-5-5; /m);
    expect(result.stdout).toMatch(
      new RegExp(
        `^FAIL judge: judge \\(order B, A\\); claude-sonnet-5-5; the spending cap was reached \\(max-cost-usd: ${capText}\\): \\$${spent.toFixed(4)} spent, and the next call could cost up to \\$${refused.toFixed(4)}, so it was not made; `,
        'm',
      ),
    );
    // The count is of calls made: the refused judge run is not one.
    expect(result.stdout).toMatch(
      new RegExp(
        `^${anthropic.requests.length} model calls; tokens .*; cost \\$${record.usage.cost_usd.toFixed(4)}$`,
        'm',
      ),
    );
    // Degraded is said where the user looks first: a warning annotation, naming the cap.
    expect(result.stdout).toMatch(
      /^::warning::The debate finished degraded \(status degraded-success\): The spending cap \(max-cost-usd: /m,
    );
  });
});
