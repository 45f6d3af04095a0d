import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall } from '../../src/debate/model-client.js';
import { ModelCallError } from '../../src/llm/model-call-error.js';
import { createOpenAiModelClient } from '../../src/llm/openai-model-client.js';
import type { ScriptedReply } from '../support/anthropic-server.js';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.js';

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
  const client = (maxRetries = 0) => createOpenAiModelClient({ apiKey: 'sk-proj-test', baseUrl: server.url, maxRetries });

  it('streams a strict json_schema reply, validates it with zod and reports cached tokens', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 3 }) };
    let started = 0;
    const first = await client().complete({ ...call(), onStart: () => (started += 1) });
    expect(first.output).toEqual({ answer: 'yes', score: 3 });
    expect(first.model).toBe('gpt-5.5-2026-01-01');
    expect(started).toBe(1);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    const body = server.requests.at(-1)!.body;
    expect(body).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_completion_tokens: 1_000, response_format: { type: 'json_schema', json_schema: { name: 'reply', strict: true } } });
    expect(body.messages[1]!.content).toBe(`${call().evidence}\n\n${call().instructions}`);
    // Same prefix: the evidence is read from OpenAI's automatic prompt cache, in 128-token steps.
    const second = await client().complete(call({ instructions: '# Your role: neutral judge\nRule again.' }));
    expect(second.usage.cache_read_input_tokens).toBeGreaterThanOrEqual(1_024);
    expect(second.usage.cache_read_input_tokens % 128).toBe(0);
    expect(second.usage.input_tokens + second.usage.cache_read_input_tokens).toBe(server.requests.at(-1)!.usage!.prompt_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
  });

  it('turns a reply that breaks the schema, one cut at the token limit and a filtered one into ModelReplyError', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 'high' }) };
    await expect(client().complete(call())).rejects.toMatchObject({ problem: 'invalid', issues: [expect.stringMatching(/^score: /)] });
    next = { text: JSON.stringify({ answer: 'x'.repeat(8_000), score: 1 }) };
    await expect(client().complete(call())).rejects.toMatchObject({ problem: 'truncated', message: expect.stringContaining('cut at max_tokens (1000)') });
    next = { text: '', stopReason: 'refusal' };
    const refused = await client().complete(call()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ModelReplyError);
    expect((refused as ModelReplyError).problem).toBe('refused');
  });

  it('maps the API errors to the same typed problems as the Anthropic client', async () => {
    const wrongKey = createOpenAiModelClient({ apiKey: 'sk-wrong', baseUrl: server.url, maxRetries: 0 });
    await expect(wrongKey.complete(call())).rejects.toMatchObject({ problem: 'auth', message: expect.stringContaining('refused the key (Incorrect API key provided: sk-wrong.') });
    await expect(wrongKey.complete(call())).rejects.toThrow(/check the openai-api-key input/);
    next = { error: { status: 404, type: 'invalid_request_error', message: 'The model `gpt-nope` does not exist or you do not have access to it.', details: { code: 'model_not_found' } } };
    await expect(client().complete(call({ model: 'gpt-nope' }))).rejects.toThrow(/model "gpt-nope" was not found \(The model `gpt-nope` does not exist/);
    next = { error: { status: 503, type: 'server_error', message: 'The engine is currently overloaded, please try again later' } };
    await expect(client().complete(call())).rejects.toMatchObject({ problem: 'overloaded', message: 'the model is unavailable (HTTP 503 server_error, after retries): The engine is currently overloaded, please try again later; try again later' });
    const unreachable = createOpenAiModelClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 });
    await expect(unreachable.complete(call())).rejects.toThrow(/^could not reach the OpenAI-compatible Chat Completions endpoint at http:\/\/127.0.0.1:9\/v1/);
  });

  it('waits out a 429 with retry-after, but never retries a 429 for a spent quota', async () => {
    let calls = 0;
    server.setResponder(() => {
      calls += 1;
      return calls === 1 ? { error: { status: 429, type: 'requests', message: 'Rate limit reached for gpt-5.5 on requests per min (RPM)', details: { code: 'rate_limit_exceeded' } }, headers: { 'retry-after': '1' } } : { text: JSON.stringify({ answer: 'ok', score: 1 }) };
    });
    await expect(client(2).complete(call())).resolves.toMatchObject({ output: { answer: 'ok' } });
    expect(calls).toBe(2);
    calls = 0;
    server.setResponder(() => {
      calls += 1;
      return { error: { status: 429, type: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.', details: { code: 'insufficient_quota' } } };
    });
    const error = await client(2).complete(call()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ problem: 'spend-limit', provider: 'openai', message: expect.stringMatching(/spend limit is reached \(You exceeded your current quota.*retrying will not help$/) });
    expect(calls).toBe(1);
    server.setResponder(() => next);
  });

  it('ends a call that never answers with the per-request timeout', async () => {
    next = { hang: true };
    const timed = createOpenAiModelClient({ apiKey: 'sk-proj-test', baseUrl: server.url, maxRetries: 0, timeoutMs: 300 });
    await expect(timed.complete(call())).rejects.toMatchObject({ problem: 'timeout' });
  });
});

describe('an Ollama-style server without JSON-schema response formats', () => {
  const reply = '{"answer": "line one\nline two", "score": 2}'; // a raw line break inside a string, as local models write
  it.for(['rejected', 'ignored'] as const)('json_schema %s: the reply comes as JSON in a ```json fence, and is read and validated', async (jsonSchema) => {
    const server = await startOpenAiServer({ apiKey: undefined, jsonSchema, fence: true, responder: () => ({ text: reply }) });
    try {
      const client = createOpenAiModelClient({ apiKey: undefined, baseUrl: server.url, maxRetries: 0 });
      const first = await client.complete(call({ model: 'llama3.1:8b' }));
      expect(first.output).toEqual({ answer: 'line one\nline two', score: 2 });
      await client.complete(call({ model: 'llama3.1:8b' }));
      const sent = server.requests.map((r) => r.body.response_format?.type ?? 'text');
      // Refused once, then every call of that model goes in text mode, with the schema in the prompt.
      expect(sent).toEqual(jsonSchema === 'rejected' ? ['json_schema', 'text', 'text'] : ['json_schema', 'json_schema']);
      if (jsonSchema === 'rejected') {
        expect(server.requests.at(-1)!.body).toMatchObject({ max_tokens: 1_000 });
        expect(server.requests.at(-1)!.body.messages[1]!.content).toContain('matching this JSON schema:\n\n{"');
      }
      expect(server.requests[0]!.headers.authorization).toBe('Bearer no-key');
    } finally {
      await server.close();
    }
  });
});
