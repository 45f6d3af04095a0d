import { ALL_DOCS_TEXT } from '../support/readme.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall } from '../../src/debate/model-client.js';
import { ModelCallError } from '../../src/llm/model-call-error.js';
import { createOpenAiModelClient } from '../../src/llm/openai-model-client.js';
import { PRICE_LIST } from '../../src/models/prices.js';
import { OPENAI_REASONING_ROOM } from '../../src/llm/openai-models.js';
import type { ScriptedReply } from '../support/anthropic-server.js';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.js';
import { RETIRED_OPENAI_MODELS } from '../support/openai-rules.js';

const schema = z.object({ answer: z.string(), score: z.number().int() });
const call = (overrides: Partial<ModelCall<z.infer<typeof schema>>> = {}): ModelCall<z.infer<typeof schema>> => ({
  role: 'judge',
  model: 'gpt-5.5',
  system: 'You are a judge.',
  evidence: 'evidence line\n'.repeat(600), // about 2,100 tokens: above the 1,024 OpenAI caches from
  instructions: '# Your role: neutral judge\nRule.',
  format: schema,
  schema,
  maxTokens: 1_000,
  ...overrides,
});

describe('createOpenAiModelClient against a local Chat Completions server (the real openai SDK)', () => {
  let server: OpenAiServer;
  let next: ScriptedReply = { text: '{}' };
  beforeAll(async () => {
    server = await startOpenAiServer({ apiKey: 'sk-proj-test', responder: () => next });
  });
  afterAll(async () => server.close());
  const client = (maxRetries = 0) =>
    createOpenAiModelClient({ apiKey: 'sk-proj-test', baseUrl: server.url, maxRetries });

  it('streams a strict json_schema reply, validates it with zod and reports cached tokens', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 3 }) };
    let started = 0;
    const first = await client().complete({ ...call(), onStart: () => (started += 1) });
    expect(first.output).toEqual({ answer: 'yes', score: 3 });
    expect(first.model).toBe('gpt-5.5-2026-01-01');
    expect(started).toBe(1);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    const body = server.requests.at(-1)!.body;
    expect(body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 1_000,
      response_format: { type: 'json_schema', json_schema: { name: 'reply', strict: true } },
    });
    expect(body.messages[1]!.content).toBe(`${call().evidence}\n\n${call().instructions}`);
    // Same prefix: the evidence is read from OpenAI's automatic prompt cache, in 128-token steps.
    const second = await client().complete(call({ instructions: '# Your role: neutral judge\nRule again.' }));
    expect(second.usage.cache_read_input_tokens).toBeGreaterThanOrEqual(1_024);
    expect(second.usage.cache_read_input_tokens % 128).toBe(0);
    expect(second.usage.input_tokens + second.usage.cache_read_input_tokens).toBe(
      server.requests.at(-1)!.usage!.prompt_tokens,
    );
    expect(second.usage.cache_creation_input_tokens).toBe(0);
  });

  it('turns a reply that breaks the schema, one cut at the token limit and a filtered one into ModelReplyError', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 'high' }) };
    await expect(client().complete(call())).rejects.toMatchObject({
      problem: 'invalid',
      issues: [expect.stringMatching(/^score: /)],
    });
    next = { text: JSON.stringify({ answer: 'x'.repeat(8_000), score: 1 }) };
    await expect(client().complete(call())).rejects.toMatchObject({
      problem: 'truncated',
      message: expect.stringContaining('cut at max_completion_tokens (1000)'),
    });
    next = { text: '', stopReason: 'refusal' };
    const refused = await client()
      .complete(call())
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ModelReplyError);
    expect((refused as ModelReplyError).problem).toBe('refused');
  });

  it('maps the API errors to the same typed problems as the Anthropic client', async () => {
    const wrongKey = createOpenAiModelClient({ apiKey: 'sk-wrong', baseUrl: server.url, maxRetries: 0 });
    await expect(wrongKey.complete(call())).rejects.toMatchObject({
      problem: 'auth',
      message: expect.stringContaining('refused the key (Incorrect API key provided: sk-wrong.'),
    });
    await expect(wrongKey.complete(call())).rejects.toThrow(/check the openai-api-key input/);
    next = {
      error: {
        status: 404,
        type: 'invalid_request_error',
        message: 'The model `gpt-nope` does not exist or you do not have access to it.',
        details: { code: 'model_not_found' },
      },
    };
    await expect(client().complete(call({ model: 'gpt-nope' }))).rejects.toThrow(
      /model "gpt-nope" was not found \(The model `gpt-nope` does not exist/,
    );
    next = {
      error: {
        status: 503,
        type: 'server_error',
        message: 'The engine is currently overloaded, please try again later',
      },
    };
    await expect(client().complete(call())).rejects.toMatchObject({
      problem: 'overloaded',
      message:
        'the model is unavailable (HTTP 503 server_error, after retries): The engine is currently overloaded, please try again later; try again later',
    });
    const unreachable = createOpenAiModelClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 });
    await expect(unreachable.complete(call())).rejects.toThrow(
      /^could not reach the OpenAI-compatible Chat Completions endpoint at http:\/\/127.0.0.1:9\/v1/,
    );
  });

  it('waits out a 429 with retry-after, but never retries a 429 for a spent quota', async () => {
    let calls = 0;
    server.setResponder(() => {
      calls += 1;
      return calls === 1
        ? {
            error: {
              status: 429,
              type: 'requests',
              message: 'Rate limit reached for gpt-5.5 on requests per min (RPM)',
              details: { code: 'rate_limit_exceeded' },
            },
            headers: { 'retry-after': '1' },
          }
        : { text: JSON.stringify({ answer: 'ok', score: 1 }) };
    });
    await expect(client(2).complete(call())).resolves.toMatchObject({ output: { answer: 'ok' } });
    expect(calls).toBe(2);
    calls = 0;
    server.setResponder(() => {
      calls += 1;
      return {
        error: {
          status: 429,
          type: 'insufficient_quota',
          message: 'You exceeded your current quota, please check your plan and billing details.',
          details: { code: 'insufficient_quota' },
        },
      };
    });
    const error = await client(2)
      .complete(call())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({
      problem: 'spend-limit',
      provider: 'openai',
      message: expect.stringMatching(
        /^the API key's spend limit was reached \(You exceeded your current quota.*retrying will not help$/,
      ),
    });
    expect(calls).toBe(1);
    server.setResponder(() => next);
  });

  it('ends a call that never answers with the per-request timeout', async () => {
    next = { hang: true };
    const timed = createOpenAiModelClient({
      apiKey: 'sk-proj-test',
      baseUrl: server.url,
      maxRetries: 0,
      timeoutMs: 300,
    });
    await expect(timed.complete(call())).rejects.toMatchObject({ problem: 'timeout' });
  });
});

describe('an Ollama-style server without JSON-schema response formats', () => {
  const reply = '{"answer": "line one\nline two", "score": 2}'; // a raw line break inside a string, as local models write
  it.for(['rejected', 'ignored'] as const)(
    'json_schema %s: the reply comes as JSON in a ```json fence, and is read and validated',
    async (jsonSchema) => {
      const server = await startOpenAiServer({
        apiKey: undefined,
        jsonSchema,
        fence: true,
        responder: () => ({ text: reply }),
      });
      try {
        const client = createOpenAiModelClient({ apiKey: undefined, baseUrl: server.url, maxRetries: 0 });
        const first = await client.complete(call({ model: 'llama3.1:8b' }));
        expect(first.output).toEqual({ answer: 'line one\nline two', score: 2 });
        await client.complete(call({ model: 'llama3.1:8b' }));
        const sent = server.requests.map((r) => r.body.response_format?.type ?? 'text');
        // Refused once, then every call of that model goes in text mode, with the schema in the prompt.
        expect(sent).toEqual(
          jsonSchema === 'rejected' ? ['json_schema', 'text', 'text'] : ['json_schema', 'json_schema'],
        );
        if (jsonSchema === 'rejected') {
          expect(server.requests.at(-1)!.body).toMatchObject({ max_completion_tokens: 1_000 });
          expect(server.requests.at(-1)!.body.messages[1]!.content).toContain('matching this JSON schema:\n\n{"');
        }
        expect(server.requests[0]!.headers.authorization).toBe('Bearer no-key');
      } finally {
        await server.close();
      }
    },
  );
});

describe('the OpenAI rules of December 2026 (test/support/openai-rules.ts)', () => {
  const ok = () => ({ text: JSON.stringify({ answer: 'ok', score: 1 }) });

  it('every OpenAI model the README names, and every one the price list prices, still answers after every announced shutdown', async () => {
    // The last announced shutdown: gpt-4o, gpt-4o-mini, gpt-4.1 and gpt-4.1-mini on 2027-01-14.
    const server = await startOpenAiServer({ apiKey: 'sk', responder: ok, today: '2027-01-14' });
    try {
      const client = createOpenAiModelClient({ apiKey: 'sk', baseUrl: server.url, maxRetries: 0 });
      const readme = ALL_DOCS_TEXT;
      // The retirement table (docs/providers.md) names retired models to say so; every other one must answer.
      const named = [...readme.matchAll(/\bopenai:([\w.:-]+)/g)]
        .map((m) => m[1]!.replace(/[.:]+$/, ''))
        .filter((model) => !RETIRED_OPENAI_MODELS.some((r) => r.model === model));
      const priced = PRICE_LIST.filter((e) => e.provider === 'openai').map((e) => e.prefix);
      expect(named.length).toBeGreaterThan(0);
      for (const model of new Set([...named, ...priced]))
        await expect(client.complete(call({ model })), model).resolves.toMatchObject({ output: { answer: 'ok' } });
    } finally {
      await server.close();
    }
  });

  it('the server refuses a retired model from its shutdown date on, as the deprecations page says', async () => {
    for (const [today, refused] of [
      ['2026-12-10', false],
      ['2026-12-11', true],
    ] as const) {
      const server = await startOpenAiServer({ apiKey: 'sk', responder: ok, today });
      try {
        const reply = createOpenAiModelClient({ apiKey: 'sk', baseUrl: server.url, maxRetries: 0 }).complete(
          call({ model: 'gpt-5' }),
        );
        if (refused) await expect(reply).rejects.toMatchObject({ problem: 'not-found' });
        else await expect(reply).resolves.toMatchObject({ output: { answer: 'ok' } });
      } finally {
        await server.close();
      }
    }
  });

  it('text mode sends max_completion_tokens, which reasoning models require; a server that does not know it gets max_tokens', async () => {
    // An optional field that is not nullable has no strict JSON schema: the call goes in text mode.
    const loose = z.object({ answer: z.string(), note: z.string().optional() });
    const textCall = { ...call(), model: 'gpt-6.2-sol', format: loose, schema: loose };
    const openai = await startOpenAiServer({ apiKey: 'sk', responder: () => ({ text: '{"answer": "ok"}' }) });
    const oldAzure = await startOpenAiServer({
      apiKey: 'sk',
      responder: () => ({ text: '{"answer": "ok"}' }),
      maxCompletionTokens: false,
    });
    try {
      await expect(
        createOpenAiModelClient({ apiKey: 'sk', baseUrl: openai.url, maxRetries: 0 }).complete(textCall),
      ).resolves.toMatchObject({ output: { answer: 'ok' } });
      // A reasoning model: the reply's 1,000 tokens plus room to reason, at reasoning_effort medium (issue #31).
      expect(
        openai.requests.map((r) => [
          r.body.response_format,
          r.body.max_tokens,
          r.body.max_completion_tokens,
          r.body['reasoning_effort'],
        ]),
      ).toEqual([[undefined, undefined, 1_000 + OPENAI_REASONING_ROOM, 'medium']]);
      const client = createOpenAiModelClient({ apiKey: 'sk', baseUrl: oldAzure.url, maxRetries: 0 });
      await client.complete({ ...textCall, model: 'my-deployment' });
      await client.complete({ ...textCall, model: 'my-deployment' });
      // Refused once, then max_tokens for the rest of the run.
      expect(oldAzure.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
        [undefined, 1_000],
        [1_000, undefined],
        [1_000, undefined],
      ]);
    } finally {
      await Promise.all([openai.close(), oldAzure.close()]);
    }
  });

  it("a warm-up goes out at OpenAI's floor of 16, and a 400 about max_completion_tokens' value never switches the model to max_tokens (issue #31)", async () => {
    const openai = await startOpenAiServer({
      apiKey: 'sk',
      responder: () => ({ text: '{"answer": "ok", "score": 1}' }),
    });
    try {
      const client = createOpenAiModelClient({ apiKey: 'sk', baseUrl: openai.url, maxRetries: 0 });
      // The engine's warm-up asks for 1 token; the server enforces OpenAI's "Expected a value >= 16".
      await client
        .complete(call({ model: 'gpt-6.1-sol', maxTokens: 1, meta: { phase: 'opening', retry: false, warmUp: true } }))
        .catch(() => undefined);
      expect(openai.requests.at(-1)!.body.max_completion_tokens).toBe(16);
      expect(openai.requests.at(-1)!.usage).toBeDefined();
      // A server that refuses the value (as OpenAI does below 16) names the parameter: that is not "unknown parameter".
      openai.setResponder(() => ({
        error: {
          status: 400,
          type: 'invalid_request_error',
          message:
            "Invalid 'max_completion_tokens': integer below minimum value. Expected a value >= 16, but got 1 instead.",
        },
      }));
      await expect(client.complete(call({ model: 'gpt-6.1-sol' }))).rejects.toMatchObject({ problem: 'bad-request' });
      openai.setResponder(() => ({ text: '{"answer": "ok", "score": 1}' }));
      await expect(client.complete(call({ model: 'gpt-6.1-sol' }))).resolves.toMatchObject({
        output: { answer: 'ok' },
      });
      expect(openai.requests.slice(-2).map((r) => [r.body.max_tokens, typeof r.body.max_completion_tokens])).toEqual([
        [undefined, 'number'],
        [undefined, 'number'],
      ]);
    } finally {
      await openai.close();
    }
  });

  it('counts cache writes (prompt_tokens_details.cache_write_tokens) as cache writes, and leaves room for reasoning; a reply reasoning cut is repaired at low effort', async () => {
    const openai = await startOpenAiServer({
      apiKey: 'sk',
      reasoning: true,
      responder: () => ({ text: '{"answer": "ok", "score": 1}' }),
    });
    try {
      const client = createOpenAiModelClient({ apiKey: 'sk', baseUrl: openai.url, maxRetries: 0 });
      const first = await client.complete(call({ model: 'gpt-6.1-sol' }));
      const served = openai.requests.at(-1)!.usage!;
      expect(served.cache_write_tokens).toBeGreaterThanOrEqual(1_024);
      expect(served.reasoning_tokens).toBe(4_000);
      expect(first.usage).toEqual({
        input_tokens: served.prompt_tokens - served.cache_write_tokens,
        output_tokens: served.completion_tokens,
        cache_creation_input_tokens: served.cache_write_tokens,
        cache_read_input_tokens: 0,
      });
      // Reasoning that takes the whole budget: cut at length, and the repair of that call reasons at low.
      const meta = { phase: 'opening' as const, positionId: 'A', retry: false };
      openai.setResponder(() => ({ text: '{"answer": "ok", "score": 1}', thinkingTokens: 1_000_000 }));
      await expect(client.complete(call({ model: 'gpt-6.1-sol', meta }))).rejects.toMatchObject({
        problem: 'truncated',
        message: expect.stringMatching(/cut at max_completion_tokens \(26000, 26000 of them reasoning\)/),
      });
      openai.setResponder(() => ({ text: '{"answer": "ok", "score": 1}' }));
      await client.complete(call({ model: 'gpt-6.1-sol', meta: { ...meta, retry: true } }));
      expect(openai.requests.slice(-2).map((r) => r.body['reasoning_effort'])).toEqual(['medium', 'low']);
    } finally {
      await openai.close();
    }
  });

  it('sends no `default` keyword in a strict schema, so Azure OpenAI keeps structured outputs', async () => {
    const withDefault = z.object({ side: z.enum(['head', 'base']).default('head'), default: z.string() });
    const azure = await startOpenAiServer({
      apiKey: 'sk',
      jsonSchema: 'azure',
      responder: () => ({ text: '{"side": "base", "default": "x"}' }),
    });
    try {
      const client = createOpenAiModelClient({ apiKey: 'sk', baseUrl: azure.url, maxRetries: 0 });
      const azureCall = { ...call(), model: 'gpt-6.2-sol', format: withDefault, schema: withDefault };
      await expect(client.complete(azureCall)).resolves.toMatchObject({ output: { side: 'base', default: 'x' } });
      await client.complete(azureCall);
      expect(azure.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_schema']);
      const sent = azure.requests[0]!.body.response_format;
      const schemaSent = sent?.type === 'json_schema' ? sent.json_schema.schema : undefined;
      expect(JSON.stringify(schemaSent)).not.toContain('"default":"head"');
      expect(schemaSent).toMatchObject({ properties: { default: { type: 'string' } }, required: ['side', 'default'] });
    } finally {
      await azure.close();
    }
  });

  it.for(['project_spend_limit_exceeded', 'organization_spend_limit_exceeded', 'credit_balance_exhausted'] as const)(
    'a 429 %s is a spend limit: named so, with what to do, and never retried',
    async (code) => {
      const server = await startOpenAiServer({ apiKey: 'sk', responder: ok, spendLimit: code });
      try {
        const error = await createOpenAiModelClient({ apiKey: 'sk', baseUrl: server.url, maxRetries: 2 })
          .complete(call())
          .catch((e: unknown) => e);
        expect(error).toMatchObject({
          problem: 'spend-limit',
          status: 429,
          message: expect.stringMatching(
            /^the API key's spend limit was reached \(You exceeded your current quota.*\): raise or remove the organization's or project's spend limit, or add credits.*retrying will not help$/,
          ),
        });
        expect(server.requests).toHaveLength(1);
      } finally {
        await server.close();
      }
    },
  );

  it("a proxy's 402 for spent credits (OpenRouter) is a spend limit, not a bad request", async () => {
    const server = await startOpenAiServer({
      apiKey: 'sk',
      responder: () => ({
        error: {
          status: 402,
          type: 'payment_required',
          message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
        },
      }),
    });
    try {
      const error = await createOpenAiModelClient({ apiKey: 'sk', baseUrl: server.url, maxRetries: 2 })
        .complete(call())
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        problem: 'spend-limit',
        message: expect.stringMatching(/^the API key's spend limit was reached \(Insufficient credits/),
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
