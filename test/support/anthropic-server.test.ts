import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { MessageCreateParamsNonStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { approximateTokens, startAnthropicServer, type AnthropicServer, type Responder } from './anthropic-server.js';

const API_KEY = 'sk-ant-test-key';
const MODEL = 'claude-sonnet-5-5';

const verdictSchema = z.object({
  winner: z.enum(['A', 'B']),
  reasons: z.array(z.string()).min(1),
  note: z.string().nullable(),
});
const verdict = { winner: 'B', reasons: ['B cites the diff', 'A overreaches'], note: null };

let server: AnthropicServer;

function client(options: Partial<ConstructorParameters<typeof Anthropic>[0]> = {}): Anthropic {
  return new Anthropic({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, ...options });
}

function reply(text: string, extra: Record<string, unknown> = {}): Responder {
  return () => ({ text, ...extra });
}

/** A request body that skips the SDK's types, for exercising validation. */
function rawCreate(anthropic: Anthropic, body: Record<string, unknown>): Promise<unknown> {
  return anthropic.messages.create(body as unknown as MessageCreateParamsNonStreaming);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function rawPost(path: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeEach(async () => {
  server = await startAnthropicServer({ apiKey: API_KEY, responder: reply(JSON.stringify(verdict)) });
});

afterEach(async () => {
  await server.close();
});

describe('structured output through the real SDK', () => {
  it('streams a reply that finalMessage() parses with zodOutputFormat', async () => {
    await server.close();
    server = await startAnthropicServer({ apiKey: API_KEY, responder: reply(JSON.stringify(verdict)), chunkSize: 7 });
    const events: RawMessageStreamEvent['type'][] = [];
    const deltas: string[] = [];
    const stream = client().messages.stream({
      model: MODEL,
      max_tokens: 1024,
      system: 'You judge debates.',
      messages: [{ role: 'user', content: 'Who won?' }],
      output_config: { format: zodOutputFormat(verdictSchema) },
    });
    stream.on('streamEvent', (event) => events.push(event.type));
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();

    expect(message.parsed_output).toEqual(verdict);
    expect(message.content).toHaveLength(1);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.id).toMatch(/^msg_/);
    expect(message.model).toBe(MODEL);
    expect(stream.request_id).toMatch(/^req_/);
    expect(deltas.every((d) => d.length <= 7)).toBe(true);
    expect(deltas.join('')).toBe(JSON.stringify(verdict));
    expect(events[0]).toBe('message_start');
    expect(events[1]).toBe('content_block_start');
    expect(events.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(events.filter((e) => e === 'content_block_delta')).toHaveLength(deltas.length);

    const [recorded] = server.requests;
    expect(recorded?.body.stream).toBe(true);
    expect(recorded?.body.output_config?.format?.type).toBe('json_schema');
    expect(recorded?.headers['anthropic-version']).toBeTruthy();
    expect(recorded?.usage?.output_tokens).toBe(approximateTokens(JSON.stringify(verdict)));
    expect(message.usage).toEqual(recorded?.usage);
  });

  it('sends the exact SSE byte sequence of the API, ping included', async () => {
    server.setResponder(reply('hello there'));
    const response = await rawPost(
      '/v1/messages',
      JSON.stringify({ model: MODEL, max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      { 'x-api-key': API_KEY, 'anthropic-version': '2023-06-01' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    const body = await response.text();
    const frames = body.split('\n\n').filter(Boolean);
    for (const frame of frames) expect(frame).toMatch(/^event: [a-z_]+\ndata: \{.*\}$/s);
    const names = frames.map((frame) => /^event: (\S+)/.exec(frame)?.[1]);
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = JSON.parse(frames[0]?.split('data: ')[1] ?? '{}') as {
      message: { content: unknown[]; stop_reason: unknown; usage: { output_tokens: number; input_tokens: number } };
    };
    expect(start.message.content).toEqual([]);
    expect(start.message.stop_reason).toBeNull();
    expect(start.message.usage.output_tokens).toBe(1);
    expect(start.message.usage.input_tokens).toBe(1);
  });

  it('answers messages.create and messages.parse with the Message JSON', async () => {
    const anthropic = client();
    const params = {
      model: MODEL,
      max_tokens: 256,
      messages: [{ role: 'user' as const, content: 'Who won?' }],
      output_config: { format: zodOutputFormat(verdictSchema) },
    };
    const created = await anthropic.messages.create(params);
    expect(created).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: JSON.stringify(verdict) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { service_tier: 'standard', server_tool_use: null, cache_read_input_tokens: 0 },
    });
    expect(created._request_id).toMatch(/^req_/);

    const parsed = await anthropic.messages.parse(params);
    expect(parsed.parsed_output).toEqual(verdict);
    expect(server.requests.map((r) => r.body.stream)).toEqual([undefined, undefined]);
  });

  it('passes the callIndex and the routing text (system + user text) to the responder', async () => {
    const seen: { callIndex: number; text: string }[] = [];
    server.setResponder((_request, context) => {
      seen.push(context);
      return { text: 'ok' };
    });
    const anthropic = client();
    const base = { model: MODEL, max_tokens: 16 };
    await anthropic.messages.create({
      ...base,
      system: [
        { type: 'text', text: 'SYSTEM ONE' },
        { type: 'text', text: 'SYSTEM TWO' },
      ],
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ASSISTANT SAYS' },
        { role: 'user', content: [{ type: 'text', text: 'second' }] },
      ],
    });
    await anthropic.messages.create({ ...base, messages: [{ role: 'user', content: 'again' }] });
    expect(seen).toEqual([
      { callIndex: 0, text: 'SYSTEM ONE\n\nSYSTEM TWO\n\nfirst\n\nsecond' },
      { callIndex: 1, text: 'again' },
    ]);
  });
});

describe('usage and prompt caching', () => {
  const big = 'x'.repeat(4096 * 2); // 2048 tokens
  const question = 'Question body, eleven+ chars'; // 28 bytes = 7 tokens

  function cachedRequest(model = MODEL) {
    return {
      model,
      max_tokens: 64,
      system: [{ type: 'text' as const, text: big, cache_control: { type: 'ephemeral' as const } }],
      messages: [{ role: 'user' as const, content: question }],
    };
  }

  it.each([
    ['response-start', 0],
    ['response-end', 2048],
  ] as const)(
    'makes a written prefix readable at the %s of the response that wrote it',
    async (cacheReadable, secondWrites) => {
      const timed = await startAnthropicServer({
        apiKey: API_KEY,
        responder: reply('{"ok":true}'),
        cacheReadable,
        streamMs: 1_000,
      });
      try {
        const anthropic = new Anthropic({ apiKey: API_KEY, baseURL: timed.url, maxRetries: 0 });
        // The second request is sent once the first response has begun, and arrives before it ends (1 s later, even on a loaded machine).
        const first = anthropic.messages.stream(cachedRequest());
        await new Promise<void>((resolve) =>
          first.on('streamEvent', (event) => event.type === 'message_start' && resolve()),
        );
        const second = await anthropic.messages.stream(cachedRequest()).finalMessage();
        await first.finalMessage();
        expect(second.usage).toMatchObject({
          cache_creation_input_tokens: secondWrites,
          cache_read_input_tokens: 2048 - secondWrites,
        });
        // Once the first response has ended, both readings agree.
        const third = await anthropic.messages.create(cachedRequest());
        expect(third.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 2048 });
      } finally {
        await timed.close();
      }
    },
  );

  it('estimates tokens as ceil(UTF-8 bytes / 4) and honours outputTokens', async () => {
    server.setResponder(reply('héllo wörld', { outputTokens: 42 }));
    const message = await client().messages.create({
      model: MODEL,
      max_tokens: 64,
      system: 'sys',
      messages: [{ role: 'user', content: 'ünïcode' }],
    });
    expect(message.usage.input_tokens).toBe(Math.ceil((3 + Buffer.byteLength('ünïcode')) / 4));
    expect(message.usage.output_tokens).toBe(42);
    expect(message.usage.cache_creation_input_tokens).toBe(0);
    expect(message.usage.cache_read_input_tokens).toBe(0);
    expect(message.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 });
  });

  it('writes a prefix of 1,024+ tokens on first use and reads it afterwards', async () => {
    const anthropic = client();
    const first = await anthropic.messages.create(cachedRequest());
    expect(first.usage).toMatchObject({
      cache_creation_input_tokens: 2048,
      cache_read_input_tokens: 0,
      input_tokens: 7,
    });
    expect(first.usage.cache_creation?.ephemeral_5m_input_tokens).toBe(2048);

    const stream = anthropic.messages.stream(cachedRequest());
    const second = await stream.finalMessage();
    expect(second.usage).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 2048,
      input_tokens: 7,
    });
    expect(server.requests[1]?.usage?.cache_read_input_tokens).toBe(2048);

    // The cache is per model.
    const other = await anthropic.messages.create(cachedRequest('claude-opus-5-5'));
    expect(other.usage.cache_creation_input_tokens).toBe(2048);
  });

  it('does not cache prefixes under 1,024 tokens', async () => {
    const anthropic = client();
    const small = {
      ...cachedRequest(),
      system: [{ type: 'text' as const, text: 'y'.repeat(4000), cache_control: { type: 'ephemeral' as const } }],
    };
    for (let i = 0; i < 2; i++) {
      const message = await anthropic.messages.create(small);
      expect(message.usage).toMatchObject({
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        input_tokens: 1000 + 7,
      });
    }
  });

  it('reads the longest cached prefix and writes the rest up to the last breakpoint', async () => {
    const anthropic = client();
    await anthropic.messages.create(cachedRequest()); // writes the system prefix (2048)
    const turn = 'z'.repeat(400); // 100 tokens
    const grown = await anthropic.messages.create({
      ...cachedRequest(),
      messages: [
        { role: 'user', content: [{ type: 'text', text: turn }] },
        { role: 'assistant', content: turn },
        { role: 'user', content: [{ type: 'text', text: question, cache_control: { type: 'ephemeral', ttl: '5m' } }] },
      ],
    });
    expect(grown.usage).toMatchObject({
      cache_read_input_tokens: 2048,
      cache_creation_input_tokens: 200 + 7,
      input_tokens: 0,
    });
  });

  it('counts 1h breakpoints separately', async () => {
    const request = cachedRequest();
    const message = await client().messages.create({
      ...request,
      system: [{ type: 'text', text: big, cache_control: { type: 'ephemeral', ttl: '1h' } }],
    });
    expect(message.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 2048 });
  });
});

describe('request validation', () => {
  const valid = { model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] };
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['missing max_tokens', { model: MODEL, messages: valid.messages }, 'max_tokens: Field required'],
    ['fractional max_tokens', { ...valid, max_tokens: 1.5 }, 'max_tokens: Input should be a valid integer'],
    ['missing model', { max_tokens: 16, messages: valid.messages }, 'model: Field required'],
    [
      'roles that do not alternate',
      {
        ...valid,
        messages: [
          { role: 'user', content: 'a' },
          { role: 'user', content: 'b' },
        ],
      },
      /^messages: roles must alternate between "user" and "assistant"/,
    ],
    [
      'an assistant first message',
      { ...valid, messages: [{ role: 'assistant', content: 'a' }] },
      'messages: first message must use the "user" role',
    ],
    [
      'a system role in messages',
      { ...valid, messages: [{ role: 'system', content: 'a' }] },
      "messages.0.role: Input should be 'user' or 'assistant'",
    ],
    [
      'an unknown block type',
      { ...valid, messages: [{ role: 'user', content: [{ type: 'image', text: 'x' }] }] },
      "messages.0.content.0.type: Input should be 'text'",
    ],
    [
      'a block without text',
      { ...valid, messages: [{ role: 'user', content: [{ type: 'text' }] }] },
      'messages.0.content.0.text: Field required',
    ],
    [
      'an unknown cache_control type',
      {
        ...valid,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'persistent' } }] }],
      },
      "messages.0.content.0.cache_control.type: Input should be 'ephemeral'",
    ],
    [
      'five cache_control breakpoints',
      {
        ...valid,
        system: Array.from({ length: 5 }, (_, i) => ({
          type: 'text',
          text: `s${i}`,
          cache_control: { type: 'ephemeral' },
        })),
      },
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    ],
    [
      'an empty text block',
      { ...valid, messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] },
      'messages: text content blocks must be non-empty',
    ],
    [
      'empty content',
      { ...valid, messages: [{ role: 'user', content: '' }] },
      /^messages\.0: all messages must have non-empty content/,
    ],
    ['temperature above 1', { ...valid, temperature: 1.5 }, 'temperature: Input should be less than or equal to 1'],
    [
      'a format that is not json_schema',
      { ...valid, output_config: { format: { type: 'regex', schema: {} } } },
      "output_config.format.type: Input should be 'json_schema'",
    ],
    [
      'a schema that is not an object',
      { ...valid, output_config: { format: { type: 'json_schema', schema: 'nope' } } },
      'output_config.format.schema: Input should be a valid dictionary',
    ],
    [
      'an object schema without additionalProperties:false',
      { ...valid, output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: {} } } } },
      "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false",
    ],
    [
      'an unknown metadata field',
      { ...valid, metadata: { user: 'x' } },
      'metadata.user: Extra inputs are not permitted',
    ],
  ];

  it.each(cases)('rejects %s with a BadRequestError naming the field', async (_name, body, message) => {
    const error = await rejection(rawCreate(client(), body));
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const apiError = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(apiError.status).toBe(400);
    expect(apiError.type).toBe('invalid_request_error');
    if (typeof message === 'string') expect(apiError.apiMessage).toBe(message);
    else expect(apiError.apiMessage).toMatch(message);
    expect(apiError.requestID).toMatch(/^req_/);
    expect(apiError.error).toMatchObject({ type: 'error', request_id: apiError.requestID });
  });

  it('accepts unknown top-level fields and a schema produced by zodOutputFormat', async () => {
    const message = await rawCreate(client(), {
      ...valid,
      some_future_field: { anything: true },
      output_config: { format: zodOutputFormat(verdictSchema), effort: 'low' },
    });
    expect(message).toMatchObject({ type: 'message' });
  });

  it('requires the anthropic-version header and a JSON body', async () => {
    const noVersion = await rawPost('/v1/messages', JSON.stringify(valid), { 'x-api-key': API_KEY });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    });
    const badJson = await rawPost('/v1/messages', '{nope', { 'x-api-key': API_KEY, 'anthropic-version': '2023-06-01' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers 404 not_found_error elsewhere, with a request-id', async () => {
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error', message: 'Not found' },
    });
  });
});

describe('authentication', () => {
  it('rejects a wrong key with AuthenticationError', async () => {
    const error = await rejection(
      client({ apiKey: 'sk-wrong' }).messages.create({
        model: MODEL,
        max_tokens: 8,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as InstanceType<typeof Anthropic.AuthenticationError>).apiMessage).toBe('invalid x-api-key');
  });

  it('accepts x-api-key as well as Authorization: Bearer', async () => {
    const body = JSON.stringify({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    const viaHeader = await rawPost('/v1/messages', body, { 'x-api-key': API_KEY, 'anthropic-version': '2023-06-01' });
    expect(viaHeader.status).toBe(200);
    const missing = await rawPost('/v1/messages', body, { 'anthropic-version': '2023-06-01' });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
  });
});

describe('scripted errors and retries', () => {
  const params = { model: MODEL, max_tokens: 8, messages: [{ role: 'user' as const, content: 'hi' }] };

  it('turns 429 into RateLimitError, and the SDK waits retry-after before retrying', async () => {
    server.setResponder((_request, { callIndex }) =>
      callIndex === 0
        ? {
            error: {
              status: 429,
              type: 'rate_limit_error',
              message: 'Number of requests has exceeded your rate limit',
            },
            headers: { 'retry-after': '1.5' },
          }
        : { text: 'after the wait' },
    );
    // The SDK's wait, on its own clock: the timer it sets for retry-after 1.5 s is seen, and fired at once.
    const realSetTimeout = globalThis.setTimeout;
    const waits: (number | undefined)[] = [];
    const clock = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms !== 1_500) return realSetTimeout(fn, ms);
      waits.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    const message = await client({ maxRetries: 2 })
      .messages.create(params)
      .finally(() => clock.mockRestore());
    expect(waits).toEqual([1_500]);
    expect(message.content).toEqual([{ type: 'text', text: 'after the wait', citations: null }]);
    expect(server.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);

    server.setResponder(() => ({
      error: { status: 429, type: 'rate_limit_error', message: 'slow down' },
      headers: { 'retry-after': '7' },
    }));
    const error = await rejection(client().messages.create(params));
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after')).toBe('7');
  });

  it('turns 500 into InternalServerError and 529 into an overloaded InternalServerError', async () => {
    server.setResponder(() => ({ error: { status: 500, type: 'api_error', message: 'Internal server error' } }));
    const internal = await rejection(client().messages.create(params));
    expect(internal).toBeInstanceOf(Anthropic.InternalServerError);
    expect((internal as InstanceType<typeof Anthropic.InternalServerError>).type).toBe('api_error');

    server.setResponder(() => ({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }));
    const overloaded = await rejection(client().messages.stream(params).finalMessage());
    expect(overloaded).toBeInstanceOf(Anthropic.InternalServerError);
    const apiError = overloaded as InstanceType<typeof Anthropic.InternalServerError>;
    expect(apiError.status).toBe(529);
    expect(apiError.type).toBe('overloaded_error');
  });

  it('retries a 529 with the SDK backoff and then succeeds', async () => {
    server.setResponder((_request, { callIndex }) =>
      callIndex === 0
        ? {
            error: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
            headers: { 'retry-after-ms': '10' },
          }
        : { text: 'fine' },
    );
    const message = await client({ maxRetries: 1 }).messages.stream(params).finalMessage();
    expect(message.content[0]).toMatchObject({ text: 'fine' });
    expect(server.requests).toHaveLength(2);
  });

  it('reports a throwing responder as a 500 api_error', async () => {
    server.setResponder(() => {
      throw new Error('script bug');
    });
    const error = await rejection(client().messages.create(params));
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as InstanceType<typeof Anthropic.InternalServerError>).apiMessage).toMatch(/script bug/);
  });
});

describe('hangs, delays and timeouts', () => {
  const params = { model: MODEL, max_tokens: 8, messages: [{ role: 'user' as const, content: 'hi' }] };

  it('aborts a hanging reply on the client timeout', async () => {
    server.setResponder(() => ({ hang: true }));
    const error = await rejection(client({ timeout: 300, maxRetries: 0 }).messages.create(params));
    expect(error).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it('aborts a hanging stream on an AbortSignal', async () => {
    server.setResponder(() => ({ hang: true }));
    const controller = new AbortController();
    void vi
      .waitUntil(() => server.requests.length > 0, { timeout: 10_000, interval: 10 })
      .then(() => controller.abort());
    const error = await rejection(client().messages.stream(params, { signal: controller.signal }).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
  });

  it('closes promptly while a request hangs', async () => {
    server.setResponder(() => ({ hang: true }));
    const pending = rejection(client({ maxRetries: 0 }).messages.create(params));
    await vi.waitUntil(() => server.requests.length > 0, { timeout: 10_000, interval: 10 });
    // Closing does not wait for the hanging reply (which never comes): it resolves, and the request fails.
    await server.close();
    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it('delays the answer by delayMs', async () => {
    // Two requests at once, the first answered 250 ms late: the second's answer comes first.
    server.setResponder((_request, { callIndex }) =>
      callIndex === 0 ? { text: 'late', delayMs: 250 } : { text: 'prompt' },
    );
    const answered: string[] = [];
    const send = () =>
      client()
        .messages.create(params)
        .then((m) => answered.push((m.content[0] as { text: string }).text));
    const late = send();
    await vi.waitUntil(() => server.requests.length > 0, { timeout: 10_000, interval: 5 });
    await Promise.all([late, send()]);
    expect(answered).toEqual(['prompt', 'late']);
  });
});

describe('stop reasons', () => {
  const structured = {
    model: MODEL,
    max_tokens: 100,
    messages: [{ role: 'user' as const, content: 'Who won?' }],
    output_config: { format: zodOutputFormat(verdictSchema) },
  };

  it('returns max_tokens with the truncated text as given', async () => {
    const truncated = JSON.stringify(verdict).slice(0, 20);
    server.setResponder(reply(truncated, { stopReason: 'max_tokens', outputTokens: 100 }));
    const anthropic = client();
    const created = await anthropic.messages.create(structured);
    expect(created.stop_reason).toBe('max_tokens');
    expect(created.content).toEqual([{ type: 'text', text: truncated, citations: null }]);
    expect(created.usage.output_tokens).toBe(100);
    // The SDK cannot parse the truncated JSON.
    const error = await rejection(anthropic.messages.stream(structured).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect(String((error as Error).message)).toMatch(/Failed to parse structured output/);
  });

  it('cuts an over-long reply at max_tokens like a model would', async () => {
    server.setResponder(reply('word '.repeat(100)));
    const message = await client()
      .messages.stream({ ...structured, max_tokens: 5, output_config: undefined })
      .finalMessage();
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage.output_tokens).toBe(5);
    expect(message.content[0]).toMatchObject({ text: 'word '.repeat(4) });
  });

  it('returns a refusal with empty content that the SDK leaves unparsed', async () => {
    server.setResponder(reply('', { stopReason: 'refusal' }));
    const message = await client().messages.stream(structured).finalMessage();
    expect(message.stop_reason).toBe('refusal');
    expect(message.stop_details).toMatchObject({ type: 'refusal' });
    expect(message.content).toEqual([]);
    expect(message.parsed_output).toBeNull();
    expect(message.usage.output_tokens).toBeGreaterThanOrEqual(1);
  });

  it('reports the matched stop sequence', async () => {
    server.setResponder(reply('partial', { stopReason: 'stop_sequence' }));
    const message = await client().messages.create({
      ...structured,
      output_config: undefined,
      stop_sequences: ['END'],
    });
    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('END');
  });
});
