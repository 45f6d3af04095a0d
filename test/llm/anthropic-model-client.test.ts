import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError, type ModelCall } from '../../src/debate/model-client.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { costUsd } from '../../src/models/price-usage.js';
import { startAnthropicServer, type AnthropicServer, type ScriptedReply } from '../support/anthropic-server.js';

const schema = z.object({ answer: z.string(), score: z.number().int() });
const call = (overrides: Partial<ModelCall<z.infer<typeof schema>>> = {}): ModelCall<z.infer<typeof schema>> => ({
  role: 'judge',
  model: 'claude-sonnet-5-5',
  system: 'You are a judge.',
  evidence: 'evidence line\n'.repeat(600), // about 2,100 tokens: above the cacheable minimum
  instructions: 'Rule.',
  format: schema,
  schema,
  maxTokens: 1_000,
  ...overrides,
});

describe('createAnthropicModelClient against a local Messages API', () => {
  let server: AnthropicServer;
  let next: ScriptedReply = { text: '{}' };
  beforeAll(async () => {
    server = await startAnthropicServer({ apiKey: 'sk-ant-test', responder: () => next });
  });
  afterAll(async () => server.close());
  const client = () => createAnthropicModelClient({ apiKey: 'sk-ant-test', baseUrl: server.url, maxRetries: 0 });

  it('streams a structured reply, validates it and reports usage; the evidence is a cache breakpoint', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 3 }) };
    const first = await client().complete(call());
    expect(first.output).toEqual({ answer: 'yes', score: 3 });
    expect(first.model).toBe('claude-sonnet-5-5');
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1_000);
    const second = await client().complete(call({ instructions: 'Rule again.' }));
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    const body = server.requests.at(-1)!.body;
    expect(body.stream).toBe(true);
    expect(body.output_config?.format?.type).toBe('json_schema');
    const content = body.messages[0]!.content as { text: string; cache_control?: unknown }[];
    expect(content[0]).toMatchObject({ text: call().evidence, cache_control: { type: 'ephemeral' } });
    expect(content[1]).toMatchObject({ text: 'Rule again.' });
  });

  it('sends what the call is for as structured metadata, which a responder can route on', async () => {
    const seen: unknown[] = [];
    const routed = await startAnthropicServer({
      apiKey: 'sk-ant-test',
      responder: (_request, { call: meta }) => (
        seen.push(meta),
        { text: JSON.stringify({ answer: meta?.phase ?? 'none', score: meta?.round ?? 0 }) }
      ),
    });
    try {
      const routedClient = createAnthropicModelClient({ apiKey: 'sk-ant-test', baseUrl: routed.url, maxRetries: 0 });
      const meta = { phase: 'cross-examination' as const, positionId: 'B', round: 2, retry: false };
      expect((await routedClient.complete(call({ meta }))).output).toEqual({ answer: 'cross-examination', score: 2 });
      expect((await routedClient.complete(call())).output).toEqual({ answer: 'none', score: 0 });
      expect(seen).toEqual([meta, undefined]);
    } finally {
      await routed.close();
    }
  });

  it('turns a reply that breaks the schema, a truncated reply and a refusal into ModelReplyError', async () => {
    next = { text: JSON.stringify({ answer: 'yes', score: 'high' }) };
    await expect(client().complete(call())).rejects.toThrow(ModelReplyError);
    next = { text: '{"answer": "ye', stopReason: 'max_tokens' };
    await expect(client().complete(call())).rejects.toThrow(/cut at max_tokens/);
    next = { text: '', stopReason: 'refusal' };
    await expect(client().complete(call())).rejects.toThrow(/refused/);
  });

  it('sends call.format as the output schema and validates with call.schema, naming the issues', async () => {
    const envelope = z.object({ verdict: schema.nullable(), other: z.object({ note: z.string() }).nullable() });
    const pick = z.object({ verdict: schema }).transform((r) => r.verdict);
    next = { text: JSON.stringify({ verdict: { answer: 'yes', score: 2 }, other: null }) };
    let started = 0;
    const reply = await client().complete({ ...call(), format: envelope, schema: pick, onStart: () => (started += 1) });
    expect(reply.output).toEqual({ answer: 'yes', score: 2 });
    expect(started).toBe(1);
    const sent = server.requests.at(-1)!.body.output_config?.format?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(sent.properties)).toEqual(['verdict', 'other']);

    next = { text: JSON.stringify({ verdict: null, other: { note: 'wrong field' } }) };
    const error = await client()
      .complete({ ...call(), format: envelope, schema: pick })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelReplyError);
    expect((error as ModelReplyError).problem).toBe('invalid');
    expect((error as ModelReplyError).issues[0]).toMatch(/^verdict: /);
    expect((error as ModelReplyError).usage?.output_tokens).toBeGreaterThan(0);

    next = { text: 'not json' };
    await expect(client().complete(call())).rejects.toMatchObject({
      problem: 'invalid',
      issues: [expect.stringContaining('not valid JSON')],
    });
    next = { text: '{"answer": "ye', stopReason: 'max_tokens' };
    await expect(client().complete(call())).rejects.toMatchObject({ problem: 'truncated' });
    next = { text: '', stopReason: 'refusal' };
    await expect(client().complete(call())).rejects.toMatchObject({ problem: 'refused' });
  });

  it('surfaces API errors as the SDK typed them', async () => {
    const wrongKey = createAnthropicModelClient({ apiKey: 'sk-ant-wrong', baseUrl: server.url, maxRetries: 0 });
    await expect(wrongKey.complete(call())).rejects.toMatchObject({
      message: expect.stringContaining('refused the key (invalid x-api-key): check the anthropic-api-key input'),
      cause: expect.any(Anthropic.AuthenticationError),
    });
    next = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };
    await expect(client().complete(call())).rejects.toThrow(
      /the model is unavailable \(HTTP 529 overloaded_error, after retries\): Overloaded/,
    );
    next = { error: { status: 404, type: 'not_found_error', message: 'model: claude-nope' } };
    await expect(client().complete(call({ model: 'claude-nope' }))).rejects.toThrow(
      /model "claude-nope" was not found/,
    );
    const unreachable = createAnthropicModelClient({
      apiKey: 'sk-ant-test',
      baseUrl: 'http://127.0.0.1:9',
      maxRetries: 0,
    });
    await expect(unreachable.complete(call())).rejects.toThrow(
      /could not reach the Anthropic API at http:\/\/127.0.0.1:9/,
    );
  });

  it('waits out a 429 with retry-after and succeeds, but never retries a spend-limit 429', async () => {
    let calls = 0;
    server.setResponder(() => {
      calls += 1;
      return calls === 1
        ? { error: { status: 429, type: 'rate_limit_error', message: 'slow down' }, headers: { 'retry-after': '1' } }
        : { text: JSON.stringify({ answer: 'ok', score: 1 }) };
    });
    const retrying = createAnthropicModelClient({ apiKey: 'sk-ant-test', baseUrl: server.url, maxRetries: 2 });
    await expect(retrying.complete(call())).resolves.toMatchObject({ output: { answer: 'ok' } });
    expect(calls).toBe(2);

    calls = 0;
    server.setResponder(() => {
      calls += 1;
      return {
        error: {
          status: 429,
          type: 'rate_limit_error',
          message: 'Your organization reached its monthly spend cap.',
          details: { error_code: 'enforced_spend_limit_reached' },
        },
      };
    });
    await expect(retrying.complete(call())).rejects.toThrow(/spend limit was reached .*retrying will not help/);
    expect(calls).toBe(1);
    server.setResponder(() => next);
  });

  it('ends a call that hangs with the per-request timeout: before the headers (retried by the SDK) and when the stream stalls after them', async () => {
    next = { hang: true };
    const before = server.requests.length;
    const timed = createAnthropicModelClient({
      apiKey: 'sk-ant-test',
      baseUrl: server.url,
      maxRetries: 1,
      timeoutMs: 300,
    });
    await expect(timed.complete(call())).rejects.toThrow(/^the model API did not answer in time/);
    expect(server.requests.length - before).toBe(2);

    // The SDK's timeout ends when the headers arrive; a reply that starts and then stops is ended too.
    next = { hang: true, afterStart: true };
    let started = 0;
    await expect(timed.complete({ ...call(), onStart: () => (started += 1) })).rejects.toThrow(
      'the model API stopped sending the reply: nothing arrived for 0.3 s',
    );
    expect(started).toBe(1);
  });

  it('retries a reply whose connection drops part-way, as the Messages API is asked again after an error inside the stream; after retries it says the reply was cut', async () => {
    let calls = 0;
    server.setResponder(() => {
      calls += 1;
      return calls === 1
        ? { text: JSON.stringify({ answer: 'ok', score: 1 }), dropAfterChars: 5 }
        : { text: JSON.stringify({ answer: 'ok', score: 1 }) };
    });
    const retrying = createAnthropicModelClient({ apiKey: 'sk-ant-test', baseUrl: server.url, maxRetries: 1 });
    await expect(retrying.complete(call())).resolves.toMatchObject({ output: { answer: 'ok' } });
    expect(calls).toBe(2);
    calls = 0;
    server.setResponder(() => {
      calls += 1;
      return { text: JSON.stringify({ answer: 'ok', score: 1 }), dropAfterChars: 5 };
    });
    const dropped = await retrying.complete(call()).catch((error: unknown) => error);
    expect(calls).toBe(2);
    expect(dropped).toMatchObject({
      problem: 'unreachable',
      message: expect.stringMatching(
        /^the connection to the Anthropic API dropped in the middle of the reply \(terminated\), after retries; try again later$/,
      ),
    });
    server.setResponder(() => next);
  });

  it('stops a call in flight when the run is stopped, with the stop reason', async () => {
    next = { hang: true };
    const controller = new AbortController();
    const stopped = createAnthropicModelClient({
      apiKey: 'sk-ant-test',
      baseUrl: server.url,
      maxRetries: 0,
      signal: controller.signal,
    });
    const pending = stopped.complete(call());
    setTimeout(() => controller.abort(new Error('the run deadline was reached')), 100);
    await expect(pending).rejects.toThrow('the run deadline was reached');
  });
});

describe('costUsd', () => {
  it('prices known models per million tokens and refuses to guess for unknown ones', () => {
    const usage = {
      input_tokens: 1_000_000,
      output_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
      cache_read_input_tokens: 1_000_000,
    };
    expect(costUsd('claude-sonnet-5-5', usage)).toBeCloseTo(2 + 10 + 2.5 + 0.1); // Sonnet 5.5 cache hits: $0.10 since 2026-10-07
    expect(costUsd('some-local-model', usage)).toBeUndefined();
  });
});
