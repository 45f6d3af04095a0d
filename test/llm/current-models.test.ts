import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall } from '../../src/debate/model-client.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { createBedrockModelClient } from '../../src/llm/bedrock-model-client.js';
import { countPackTokens } from '../../src/llm/count-pack-tokens.js';
import { createModelClient } from '../../src/llm/create-model-client.js';
import { withRefusalFallback } from '../../src/llm/refusal-fallback.js';
import { createVertexModelClient } from '../../src/llm/vertex-model-client.js';
import { startAnthropicServer, type AnthropicServer, type ScriptedReply } from '../support/anthropic-server.js';
import { startBedrockServer } from '../support/bedrock-server.js';
import { startVertexServer, STRUCTURED_OUTPUTS_FEATURE } from '../support/vertex-server.js';

/** Issue #31: today's Claude models as their pages describe them, through the real SDKs against the local servers. */
const schema = z.object({ answer: z.string() });
const call = (
  model: string,
  overrides: Partial<ModelCall<z.infer<typeof schema>>> = {},
): ModelCall<z.infer<typeof schema>> => ({
  role: 'advocate',
  model,
  system: 'You argue.',
  evidence: 'evidence line\n'.repeat(600),
  instructions: 'Argue.',
  format: schema,
  schema,
  maxTokens: 500,
  meta: { phase: 'opening', positionId: 'A', retry: false },
  ...overrides,
});

describe("the Messages API rules of today's models", () => {
  let server: AnthropicServer;
  let next: (model: string) => ScriptedReply = () => ({ text: '{"answer":"yes"}' });
  beforeAll(async () => {
    server = await startAnthropicServer({
      apiKey: 'sk-ant',
      thinking: true,
      responder: (request) => next(request.model),
    });
  });
  afterAll(async () => server.close());
  const client = () => createAnthropicModelClient({ apiKey: 'sk-ant', baseUrl: server.url, maxRetries: 0 });

  it.for(['claude-opus-4-8', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-sonnet-4-6'])(
    '%s thinks only when sent thinking {type: "adaptive"}: the client sends it, with room for it',
    async (model) => {
      next = () => ({ text: '{"answer":"yes"}' });
      const reply = await client().complete(call(model));
      const sent = server.requests.at(-1)!;
      expect(sent.body.thinking).toEqual({ type: 'adaptive' });
      // The server thinks (3,000 tokens at medium) because it was asked to: the reply's output counts them.
      expect(reply.usage.output_tokens).toBeGreaterThan(3_000);
      expect(sent.body.max_tokens).toBe(500 + 16_000);
    },
  );

  it.for(['claude-sonnet-5-5', 'claude-haiku-5-5', 'claude-fable-5-2'])(
    '%s thinks by default: no thinking field, room for it all the same',
    async (model) => {
      next = () => ({ text: '{"answer":"yes"}' });
      const reply = await client().complete(call(model));
      expect(server.requests.at(-1)!.body.thinking).toBeUndefined();
      expect(reply.usage.output_tokens).toBeGreaterThan(3_000);
    },
  );

  it('Claude Haiku 5.5 takes a 1M-token context and 128k of output (not 200k/64k)', async () => {
    next = () => ({ text: '{"answer":"yes"}' });
    await expect(client().complete(call('claude-haiku-5-5', { maxTokens: 120_000 }))).resolves.toMatchObject({
      output: { answer: 'yes' },
    });
    expect(server.requests.at(-1)!.body.max_tokens).toBe(128_000);
  });

  it('names a refusal as one, with its stop_details, and a refusal-fallback-model answers the turn once', async () => {
    next = (model) =>
      model === 'claude-fable-5-2'
        ? { text: '', stopReason: 'refusal', refusal: { category: 'cyber', explanation: 'exploit development' } }
        : { text: '{"answer":"from the fallback"}' };
    const refused = await client()
      .complete(call('claude-fable-5-2'))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ModelReplyError);
    expect(refused).toMatchObject({
      problem: 'refused',
      message:
        'model claude-fable-5-2 refused the advocate turn (stop_reason "refusal": category cyber, exploit development)',
    });
    const withFallback = withRefusalFallback(
      createModelClient({
        anthropicApiKey: 'sk-ant',
        openaiApiKey: undefined,
        baseUrl: server.url,
        defaultProvider: 'anthropic',
        env: {},
        maxRetries: 0,
      }),
      'claude-opus-4-8',
    );
    const reply = await withFallback.complete(call('claude-fable-5-2'));
    expect(reply).toMatchObject({ output: { answer: 'from the fallback' }, model: 'claude-opus-4-8' });
    expect(withFallback.notices()).toEqual([
      'Model claude-fable-5-2 refused the advocate A (opening) turn (model claude-fable-5-2 refused the advocate turn (stop_reason "refusal": category cyber, exploit development)); the refusal-fallback-model claude-opus-4-8 answered it.',
    ]);
    // Without a fallback the refusal stands, for the engine's one repair.
    await expect(withRefusalFallback(client(), undefined).complete(call('claude-fable-5-2'))).rejects.toMatchObject({
      problem: 'refused',
    });
  });

  it("counts the pack with the free count_tokens endpoint, on the model's own tokenizer", async () => {
    const before = server.countRequests.length;
    const pack = { system: 'You argue.', text: 'word '.repeat(20_000) };
    const { counts, lines } = await countPackTokens(
      ['claude-sonnet-5-5', 'claude-haiku-4-5'],
      pack,
      createModelClient({
        anthropicApiKey: 'sk-ant',
        openaiApiKey: undefined,
        baseUrl: server.url,
        defaultProvider: 'anthropic',
        env: {},
        maxRetries: 0,
      }),
    );
    expect(server.countRequests.length - before).toBe(2);
    expect(counts.get('claude-sonnet-5-5')!.how).toBe('counted');
    // The newer tokenizer counts the same text as about 30% more tokens than Haiku 4.5's.
    expect(counts.get('claude-sonnet-5-5')!.tokens / counts.get('claude-haiku-4-5')!.tokens).toBeCloseTo(1.3, 1);
    expect(lines[0]).toMatch(/tokens \(counted by the provider's count_tokens\)\.$/);
  });
});

describe('Claude on Bedrock and Vertex', () => {
  const AWS_ENV = {
    AWS_ACCESS_KEY_ID: 'ASIALOCALTEST0000001',
    AWS_SECRET_ACCESS_KEY: 'local-secret',
    AWS_SESSION_TOKEN: 'local-session-token',
    AWS_REGION: 'us-west-2',
  };

  it('Bedrock without AWS credentials says so and names the configure-aws-credentials step, not "check base-url"', async () => {
    const server = await startBedrockServer({
      credentials: {
        accessKeyId: AWS_ENV.AWS_ACCESS_KEY_ID,
        sessionToken: AWS_ENV.AWS_SESSION_TOKEN,
        region: 'us-west-2',
      },
      responder: () => ({ text: '{"answer":"yes"}' }),
    });
    const saved = { ...process.env };
    try {
      for (const key of [
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_SESSION_TOKEN',
        'AWS_PROFILE',
        'AWS_BEARER_TOKEN_BEDROCK',
        'AWS_WEB_IDENTITY_TOKEN_FILE',
        'AWS_CONTAINER_CREDENTIALS_FULL_URI',
        'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
      ])
        delete process.env[key];
      Object.assign(process.env, {
        AWS_EC2_METADATA_DISABLED: 'true',
        AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials',
        AWS_CONFIG_FILE: '/nonexistent/config',
      });
      const error = await createBedrockModelClient({
        baseUrl: server.url,
        env: { AWS_REGION: 'us-west-2' },
        maxRetries: 0,
      })
        .complete(call('global.anthropic.claude-haiku-5-5'))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ problem: 'no-credentials' });
      expect((error as Error).message).toMatch(
        /^Claude on Amazon Bedrock has no credentials to sign the request with \(.+\): add an aws-actions\/configure-aws-credentials step before pr-debate/,
      );
      expect((error as Error).message).not.toMatch(/base-url/);
      expect(server.requests).toHaveLength(0);
    } finally {
      process.env = saved;
      await server.close();
    }
  });

  it('Bedrock serves Haiku 5.5 and Fable 5.2 on InvokeModel; the pack is estimated there (no count endpoint), saying so', async () => {
    const server = await startBedrockServer({
      credentials: {
        accessKeyId: AWS_ENV.AWS_ACCESS_KEY_ID,
        sessionToken: AWS_ENV.AWS_SESSION_TOKEN,
        region: 'us-west-2',
      },
      responder: () => ({ text: '{"answer":"yes"}' }),
    });
    const saved = { ...process.env };
    try {
      Object.assign(process.env, AWS_ENV);
      const client = createBedrockModelClient({ baseUrl: server.url, env: AWS_ENV, maxRetries: 0 });
      for (const model of ['global.anthropic.claude-haiku-5-5', 'us.anthropic.claude-fable-5-2'])
        await expect(client.complete(call(model))).resolves.toMatchObject({ output: { answer: 'yes' } });
      const { counts, lines } = await countPackTokens(
        ['bedrock:global.anthropic.claude-haiku-5-5'],
        { system: '', text: 'x'.repeat(35_000) },
        client,
      );
      expect(counts.get('bedrock:global.anthropic.claude-haiku-5-5')).toEqual({ tokens: 13_000, how: 'estimated' });
      expect(lines[0]).toContain('an estimate: 10,000 at 3.5 characters a token times 1.3');
    } finally {
      process.env = saved;
      await server.close();
    }
  });

  it('Vertex: a 400 naming output_config without .format switches effort off for the model, says so, and the run goes on; count-tokens:rawPredict counts the pack', async () => {
    const server = await startVertexServer({
      accessToken: 'ya29.local-token',
      projectId: 'my-project',
      region: 'us-east5',
      responder: () => ({ text: '{"answer":"yes"}' }),
      allowedPartnerModelFeatures: [STRUCTURED_OUTPUTS_FEATURE],
      effortRefused: true,
    });
    try {
      const auth = new OAuth2Client();
      auth.setCredentials({ access_token: 'ya29.local-token', expiry_date: Date.now() + 3_600_000 });
      const client = createVertexModelClient({
        baseUrl: server.url,
        env: { GOOGLE_CLOUD_PROJECT: 'my-project', CLOUD_ML_REGION: 'us-east5' },
        authClient: auth,
        maxRetries: 0,
      });
      const reply = await client.complete(call('claude-haiku-5-5'));
      expect(reply.output).toEqual({ answer: 'yes' });
      expect(reply.notice).toMatch(
        /^The effort parameter is switched off for model "claude-haiku-5-5" \(output_config\.effort: Extra inputs are not permitted\)/,
      );
      const bodies = server.requests.map((r) => r.body.output_config as Record<string, unknown>);
      expect(bodies.map((c) => 'effort' in c)).toEqual([true, false]);
      // Later calls of the model go without effort at once.
      await client.complete(call('claude-haiku-5-5'));
      expect('effort' in (server.requests.at(-1)!.body.output_config as object)).toBe(false);
      const counted = await client.countTokens('claude-haiku-5-5', {
        system: 'You argue.',
        text: 'word '.repeat(1_000),
      });
      expect(counted).toBeGreaterThan(1_000);
      expect(server.requests.at(-1)!.path).toBe(
        '/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict',
      );
    } finally {
      await server.close();
    }
  });
});
