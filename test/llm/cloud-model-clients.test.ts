import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelCall } from '../../src/debate/model-client.js';
import { createBedrockModelClient } from '../../src/llm/bedrock-model-client.js';
import { createVertexModelClient } from '../../src/llm/vertex-model-client.js';
import { startAnthropicServer, type ScriptedReply } from '../support/anthropic-server.js';
import { startBedrockServer, type BedrockServer } from '../support/bedrock-server.js';

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

const MODEL = 'us.anthropic.claude-sonnet-5-5-v1:0';
/** What aws-actions/configure-aws-credentials exports after assuming a role with the job's OIDC token. */
const AWS_ENV = { AWS_ACCESS_KEY_ID: 'ASIALOCALTEST0000001', AWS_SECRET_ACCESS_KEY: 'local-secret', AWS_SESSION_TOKEN: 'local-session-token', AWS_REGION: 'us-west-2' };

describe('createBedrockModelClient against a local Bedrock runtime (the real bedrock SDK, SigV4)', () => {
  let server: BedrockServer;
  let next: ScriptedReply = { text: '{"answer":"yes"}' };
  const saved = { ...process.env };
  beforeAll(async () => {
    server = await startBedrockServer({ credentials: { accessKeyId: AWS_ENV.AWS_ACCESS_KEY_ID, sessionToken: AWS_ENV.AWS_SESSION_TOKEN, region: 'us-west-2' }, responder: () => next });
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
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIALOCALTEST0000001\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/);
    expect(sent.headers['x-amz-security-token']).toBe('local-session-token');
    expect(sent.body).toMatchObject({ anthropic_version: expect.any(String), output_config: { format: { type: 'json_schema' } } });
    expect(server.messages.requests.at(-1)!.body.model).toBe(MODEL);
  });

  it('maps Bedrock errors to the typed problems: throttling, unavailable, refused credentials', async () => {
    next = { error: { status: 429, type: 'rate_limit_error', message: 'Too many requests, please wait before trying again.' } };
    await expect(client().complete(call(MODEL))).rejects.toMatchObject({ problem: 'rate-limit', provider: 'bedrock' });
    next = { error: { status: 529, type: 'overloaded_error', message: 'Bedrock is unable to process your request.' } };
    await expect(client().complete(call(MODEL))).rejects.toThrow('the model is unavailable (HTTP 503 ServiceUnavailableException, after retries): Bedrock is unable to process your request.; try again later');
    const wrong = createBedrockModelClient({ baseUrl: server.url, env: { ...AWS_ENV, AWS_REGION: 'eu-west-1' }, maxRetries: 0 });
    await expect(wrong.complete(call(MODEL))).rejects.toMatchObject({ problem: 'auth', message: expect.stringContaining('aws-actions/configure-aws-credentials') });
  });
});

describe('createVertexModelClient against a local Vertex AI endpoint (the real vertex SDK)', () => {
  it('posts to streamRawPredict of the project and region, with the Google access token', async () => {
    const messages = await startAnthropicServer({ apiKey: 'inner', responder: () => ({ text: '{"answer":"vertex"}' }) });
    const seen: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
    // Vertex's rawPredict takes the Messages body without `model`, with `anthropic_version` in it.
    const vertex = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
        seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        const model = /\/models\/([^:]+):streamRawPredict$/.exec(req.url ?? '')?.[1] ?? '';
        void fetch(`${messages.url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': 'inner', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify({ ...body, anthropic_version: undefined, model: decodeURIComponent(model) }) }).then(async (inner) => {
          res.writeHead(inner.status, { 'content-type': inner.headers.get('content-type') ?? 'text/event-stream' });
          res.end(await inner.text());
        });
      });
    });
    await new Promise<void>((resolve) => vertex.listen(0, '127.0.0.1', resolve));
    try {
      const auth = new OAuth2Client();
      auth.setCredentials({ access_token: 'ya29.local-token', expiry_date: Date.now() + 3_600_000 });
      const client = createVertexModelClient({
        baseUrl: `http://127.0.0.1:${(vertex.address() as AddressInfo).port}/v1`,
        env: { GOOGLE_CLOUD_PROJECT: 'my-project', CLOUD_ML_REGION: 'us-east5' },
        authClient: auth,
        maxRetries: 0,
      });
      const reply = await client.complete(call('claude-sonnet-5-5@20261001'));
      expect(reply.output).toEqual({ answer: 'vertex' });
      expect(seen[0]).toMatchObject({
        path: '/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5@20261001:streamRawPredict',
        authorization: 'Bearer ya29.local-token',
        body: { anthropic_version: expect.any(String), stream: true },
      });
      expect(seen[0]!.body.model).toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => {
        vertex.close(() => resolve());
        vertex.closeAllConnections();
      });
      await messages.close();
    }
  });
});
