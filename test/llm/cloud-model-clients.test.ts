import { ALL_DOCS_TEXT } from '../support/readme.js';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelCall } from '../../src/debate/model-client.js';
import { createBedrockModelClient } from '../../src/llm/bedrock-model-client.js';
import { createVertexModelClient } from '../../src/llm/vertex-model-client.js';
import { parseModelId } from '../../src/models/model-id.js';
import type { ScriptedReply } from '../support/anthropic-server.js';
import { startBedrockServer, type BedrockServer } from '../support/bedrock-server.js';
import { startVertexServer, STRUCTURED_OUTPUTS_FEATURE, type VertexServer } from '../support/vertex-server.js';

const schema = z.object({ answer: z.string() });
const call = (model: string): ModelCall<z.infer<typeof schema>> => ({
  role: 'advocate',
  model,
  system: 'You argue.',
  evidence: 'evidence line\n'.repeat(600),
  instructions: 'Argue.',
  format: schema,
  schema,
  maxTokens: 500,
});

const MODEL = 'us.anthropic.claude-sonnet-5-5';
/** The Bedrock and Vertex model ids the README shows, without their provider prefix. */
const readmeIds = (provider: 'bedrock' | 'vertex') =>
  [...ALL_DOCS_TEXT.matchAll(new RegExp(`\\b${provider}:([A-Za-z0-9.@:_/-]+[A-Za-z0-9])`, 'g'))].map((m) => m[1]!);
/** What aws-actions/configure-aws-credentials exports after assuming a role with the job's OIDC token. */
const AWS_ENV = {
  AWS_ACCESS_KEY_ID: 'ASIALOCALTEST0000001',
  AWS_SECRET_ACCESS_KEY: 'local-secret',
  AWS_SESSION_TOKEN: 'local-session-token',
  AWS_REGION: 'us-west-2',
};

describe('createBedrockModelClient against a local Bedrock runtime (the real bedrock SDK, SigV4)', () => {
  let server: BedrockServer;
  let next: ScriptedReply = { text: '{"answer":"yes"}' };
  const saved = { ...process.env };
  beforeAll(async () => {
    server = await startBedrockServer({
      credentials: {
        accessKeyId: AWS_ENV.AWS_ACCESS_KEY_ID,
        sessionToken: AWS_ENV.AWS_SESSION_TOKEN,
        region: 'us-west-2',
      },
      responder: () => next,
    });
    // The SDK's default credential chain reads the environment, as on a runner after the AWS action.
    Object.assign(process.env, AWS_ENV);
  });
  afterAll(async () => {
    for (const key of Object.keys(AWS_ENV)) if (saved[key] === undefined) delete process.env[key];
    await server.close();
  });
  const client = () => createBedrockModelClient({ baseUrl: server.url, env: AWS_ENV, maxRetries: 0 });

  it('streams through invoke-with-response-stream, signed, and reads the prompt cache usage', async () => {
    next = { text: '{"answer":"yes"}' };
    const first = await client().complete(call(MODEL));
    expect(first.output).toEqual({ answer: 'yes' });
    const second = await client().complete({ ...call(MODEL), instructions: 'Argue again.' });
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe(`/model/${MODEL}/invoke-with-response-stream`);
    expect(sent.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIALOCALTEST0000001\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(sent.headers['x-amz-security-token']).toBe('local-session-token');
    expect(sent.body).toMatchObject({
      anthropic_version: '2026-10-21',
      output_config: { format: { type: 'json_schema' } },
    });
    expect(server.messages.requests.at(-1)!.body.model).toBe(MODEL);
  });

  it('retries a failure inside the stream, which Bedrock sends as a ResponseStream exception (modelStreamErrorException), and names it after the retries', async () => {
    next = {
      text: '{"answer":"yes"}',
      streamError: { type: 'overloaded_error', message: 'Overloaded' },
      afterChars: 3,
    };
    const before = server.requests.length;
    const failure = createBedrockModelClient({ baseUrl: server.url, env: AWS_ENV, maxRetries: 1 }).complete(
      call(MODEL),
    );
    await expect(failure).rejects.toMatchObject({
      problem: 'overloaded',
      message: expect.stringContaining('modelStreamErrorException in the middle of the reply'),
    });
    // The first try and one retry, as maxRetries: 1 asks.
    expect(server.requests.length - before).toBe(2);
  });

  it('refuses a model id Bedrock does not serve, as Bedrock does: the "-v1:0" form of a Claude 4.6+ model', async () => {
    next = { text: '{"answer":"yes"}' };
    await expect(client().complete(call('us.anthropic.claude-sonnet-5-5-v1:0'))).rejects.toMatchObject({
      problem: 'bad-request',
      message:
        expect.stringContaining('HTTP 400 ValidationException') &&
        expect.stringContaining('The provided model identifier is invalid.'),
    });
  });

  it('every Bedrock model id the README shows is one Bedrock serves, and answers', async () => {
    next = { text: '{"answer":"yes"}' };
    const ids = readmeIds('bedrock');
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids)
      expect((await client().complete(call(parseModelId(`bedrock:${id}`).model))).output).toEqual({ answer: 'yes' });
  });

  it("sends anthropic_version bedrock-2023-05-31 to the models before Claude 4.7 (which refuse 2026-10-21), the SDK's version to later ones", async () => {
    next = { text: '{"answer":"yes"}' };
    for (const model of [
      'global.anthropic.claude-haiku-4-5-20251001-v1:0',
      'us.anthropic.claude-sonnet-4-6',
      'anthropic.claude-opus-4-6-v1',
      'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    ]) {
      expect((await client().complete(call(model))).output).toEqual({ answer: 'yes' });
      expect(server.requests.at(-1)!.body.anthropic_version).toBe('bedrock-2023-05-31');
    }
    await client().complete(call('global.anthropic.claude-opus-4-7'));
    expect(server.requests.at(-1)!.body.anthropic_version).toBe('2026-10-21');
  });

  it('maps Bedrock errors to the typed problems: throttling, unavailable, refused credentials', async () => {
    next = {
      error: { status: 429, type: 'rate_limit_error', message: 'Too many requests, please wait before trying again.' },
    };
    await expect(client().complete(call(MODEL))).rejects.toMatchObject({ problem: 'rate-limit', provider: 'bedrock' });
    next = { error: { status: 529, type: 'overloaded_error', message: 'Bedrock is unable to process your request.' } };
    await expect(client().complete(call(MODEL))).rejects.toThrow(
      'the model is unavailable (HTTP 503 ServiceUnavailableException, after retries): Bedrock is unable to process your request.; try again later',
    );
    const wrong = createBedrockModelClient({
      baseUrl: server.url,
      env: { ...AWS_ENV, AWS_REGION: 'eu-west-1' },
      maxRetries: 0,
    });
    await expect(wrong.complete(call(MODEL))).rejects.toMatchObject({
      problem: 'auth',
      message: expect.stringContaining('aws-actions/configure-aws-credentials'),
    });
  });
});

describe('createVertexModelClient against a local Vertex AI endpoint (the real vertex SDK, an OAuth access token)', () => {
  let server: VertexServer;
  let policyOff: VertexServer;
  let next: ScriptedReply = { text: '{"answer":"vertex"}' };
  const start = (allowedPartnerModelFeatures: string[]) =>
    startVertexServer({
      accessToken: 'ya29.local-token',
      projectId: 'my-project',
      region: 'us-east5',
      responder: () => next,
      allowedPartnerModelFeatures,
    });
  beforeAll(async () => {
    server = await start([STRUCTURED_OUTPUTS_FEATURE]);
    // The documented default: constraints/vertexai.allowedPartnerModelFeatures allows nothing.
    policyOff = await start([]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), policyOff.close()]);
  });
  /** google-auth-library with a token already held: no metadata server, no token endpoint, no network. */
  const client = (target: VertexServer, token = 'ya29.local-token') => {
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: token, expiry_date: Date.now() + 3_600_000 });
    return createVertexModelClient({
      baseUrl: target.url,
      env: { GOOGLE_CLOUD_PROJECT: 'my-project', CLOUD_ML_REGION: 'us-east5' },
      authClient: auth,
      maxRetries: 0,
    });
  };

  it('posts to streamRawPredict of the project and region, with the access token, the version in the body and no model', async () => {
    next = { text: '{"answer":"vertex"}' };
    const reply = await client(server).complete(call('claude-sonnet-5-5'));
    expect(reply.output).toEqual({ answer: 'vertex' });
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe(
      '/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5:streamRawPredict',
    );
    expect(sent.headers.authorization).toBe('Bearer ya29.local-token');
    expect(sent.body).toMatchObject({
      anthropic_version: 'vertex-2023-10-16',
      stream: true,
      output_config: { format: { type: 'json_schema' } },
    });
    expect(sent.headers['anthropic-version']).toBeUndefined();
    expect(sent.body.model).toBeUndefined();
    expect(server.messages.requests.at(-1)!.body.model).toBe('claude-sonnet-5-5');
  });

  it('every Vertex model id the README shows is one Vertex serves, and answers', async () => {
    next = { text: '{"answer":"vertex"}' };
    const ids = readmeIds('vertex');
    expect(ids.length).toBeGreaterThanOrEqual(1);
    for (const id of ids)
      expect((await client(server).complete(call(parseModelId(`vertex:${id}`).model))).output).toEqual({
        answer: 'vertex',
      });
  });

  it("refuses what Vertex refuses, in Google's error shape: a dated id of a Claude 4.6+ model, a bad token, a quota", async () => {
    next = { text: '{"answer":"vertex"}' };
    await expect(client(server).complete(call('claude-sonnet-5-5@20261001'))).rejects.toMatchObject({
      problem: 'not-found',
      message: expect.stringContaining(
        'Publisher Model `projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5@20261001` not found.',
      ),
    });
    await expect(client(server, 'ya29.expired').complete(call('claude-sonnet-5-5'))).rejects.toMatchObject({
      problem: 'auth',
      provider: 'vertex',
    });
    next = { error: { status: 429, type: 'rate_limit_error', message: 'Too many requests' } };
    await expect(client(server).complete(call('claude-sonnet-5-5'))).rejects.toMatchObject({
      problem: 'rate-limit',
      message: expect.stringContaining('Quota exceeded for aiplatform.googleapis.com'),
    });
  });

  it('refuses a body whose anthropic_version is not vertex-2023-10-16, as the Claude on Vertex AI page requires', async () => {
    next = { text: '{"answer":"vertex"}' };
    const send = (version: string | undefined) =>
      fetch(
        `${server.url}/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5:rawPredict`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer ya29.local-token', 'content-type': 'application/json' },
          body: JSON.stringify({
            ...(version === undefined ? {} : { anthropic_version: version }),
            max_tokens: 10,
            messages: [{ role: 'user', content: 'hi' }],
          }),
        },
      );
    for (const version of [undefined, '2026-10-21', '2023-06-01']) {
      const refused = await send(version);
      expect(refused.status, String(version)).toBe(400);
      expect(await refused.json()).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.stringMatching(/^anthropic_version: /) },
      });
    }
    expect((await send('vertex-2023-10-16')).status).toBe(200);
  });

  it('with structured outputs off by the default org policy, the request is a 400 FAILED_PRECONDITION naming the constraint', async () => {
    next = { text: '{"answer":"vertex"}' };
    const direct = await fetch(
      `${policyOff.url}/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5:rawPredict`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer ya29.local-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          anthropic_version: 'vertex-2023-10-16',
          max_tokens: 10,
          messages: [{ role: 'user', content: 'hi' }],
          output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
        }),
      },
    );
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({
      error: {
        code: 400,
        status: 'FAILED_PRECONDITION',
        message: expect.stringContaining('constraints/vertexai.allowedPartnerModelFeatures'),
      },
    });
    // Without output_config the same project answers.
    const plain = await fetch(direct.url, {
      method: 'POST',
      headers: { authorization: 'Bearer ya29.local-token' },
      body: JSON.stringify({
        anthropic_version: 'vertex-2023-10-16',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(plain.status).toBe(200);
  });
});
