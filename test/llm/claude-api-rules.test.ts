import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelCall } from '../../src/debate/model-client.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { checkContextWindows, ContextWindowTooSmall } from '../../src/llm/check-models.js';
import {
  startAnthropicServer,
  type AnthropicServer,
  type Responder,
  type StartAnthropicServerOptions,
} from '../support/anthropic-server.js';

/** Issue #21: the Claude Messages API's documented rules, held against a local server that enforces them. */

const schema = z.object({ answer: z.string() });
const reply = JSON.stringify({ answer: 'yes' });
const call = (overrides: Partial<ModelCall<z.infer<typeof schema>>> = {}): ModelCall<z.infer<typeof schema>> => ({
  role: 'judge',
  model: 'claude-sonnet-5-5',
  system: 'You are a judge.',
  evidence: 'evidence line\n'.repeat(600),
  instructions: 'Rule.',
  format: schema,
  schema,
  maxTokens: 8_000,
  meta: { phase: 'judge', retry: false },
  ...overrides,
});

let server: AnthropicServer | undefined;
afterEach(async () => server?.close());
const start = async (responder: Responder, options: Partial<StartAnthropicServerOptions> = {}) => {
  server = await startAnthropicServer({ apiKey: 'sk-ant-test', responder, thinking: true, ...options });
  return server;
};
const client = (s: AnthropicServer, options: { maxRetries?: number; timeoutMs?: number } = {}) =>
  createAnthropicModelClient({ apiKey: 'sk-ant-test', baseUrl: s.url, maxRetries: 0, ...options });

describe('adaptive thinking (on by default; its tokens count toward max_tokens)', () => {
  it('sends the role effort and a max_tokens with room for thinking, so a reply is not cut by the think', async () => {
    const s = await start(() => ({ text: reply }));
    const answer = await client(s).complete(call());
    expect(answer.output).toEqual({ answer: 'yes' });
    const body = s.requests.at(-1)!.body;
    expect(body.output_config?.effort).toBe('medium');
    expect(body.max_tokens).toBeGreaterThan(8_000);
    // The thinking block came back and its tokens are output tokens.
    expect(s.requests.at(-1)!.usage!.output_tokens).toBeGreaterThan(3_000);
  });

  it('the server cuts a reply whose thinking uses max_tokens up (the rule the client must leave room for)', async () => {
    const s = await start(() => ({ text: reply }));
    const sdk = new Anthropic({ apiKey: 'sk-ant-test', baseURL: s.url, maxRetries: 0 });
    const message = await sdk.messages.create({
      model: 'claude-sonnet-5-5',
      max_tokens: 8_000,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.content.map((b) => b.type)).toEqual(['thinking']);
  });

  it('the stall watchdog does not fire during a long think, when only pings arrive', async () => {
    const s = await start(() => ({ text: reply, thinkMs: 700 }), { pingMs: 50 });
    const answer = await client(s, { timeoutMs: 250 }).complete(call());
    expect(answer.output).toEqual({ answer: 'yes' });
  });
});

describe('an error event inside the stream', () => {
  it('is retried like a 529, and the retry answers', async () => {
    const s = await start((_, context) =>
      context.callIndex === 0
        ? { text: reply, streamError: { type: 'overloaded_error', message: 'Overloaded' }, afterChars: 3 }
        : { text: reply },
    );
    const answer = await client(s, { maxRetries: 2 }).complete(call());
    expect(answer.output).toEqual({ answer: 'yes' });
    expect(s.requests).toHaveLength(2);
  });

  it('is named as an overload in the stream after the retries, not as an unreachable API', async () => {
    const s = await start(() => ({ text: reply, streamError: { type: 'overloaded_error', message: 'Overloaded' } }));
    const failure = client(s, { maxRetries: 1 }).complete(call());
    await expect(failure).rejects.toThrow(/overloaded_error in the middle of the reply/);
    await expect(failure).rejects.not.toThrow(/could not reach/);
    expect(s.requests).toHaveLength(2);
  });
});

describe('structured outputs switched off', () => {
  for (const shape of ['vertex', 'anthropic'] as const) {
    it(`(${shape} error body) falls back to JSON in text for the rest of the run, and says so once`, async () => {
      const s = await start(() => ({ text: reply }), { structuredOutputsOff: shape });
      const models = client(s);
      const first = await models.complete(call());
      expect(first.output).toEqual({ answer: 'yes' });
      expect(first.notice).toMatch(/Structured outputs are switched off for model "claude-sonnet-5-5"/);
      const second = await models.complete(call({ instructions: 'Again.' }));
      expect(second.notice).toBeUndefined();
      expect(s.requests).toHaveLength(3);
      const last = s.requests.at(-1)!.body;
      expect(last.output_config?.format).toBeUndefined();
      expect(JSON.stringify(last.messages)).toContain('Reply with one JSON object');
    });
  }

  it('a warm-up in text mode is the documented pre-warm: max_tokens 0, not streamed, same effort', async () => {
    const s = await start(() => ({ text: reply }), { structuredOutputsOff: 'anthropic' });
    const models = client(s);
    await models.complete(call());
    await expect(models.complete(call({ meta: { phase: 'judge', retry: false, warmUp: true } }))).rejects.toThrow(
      /warm-up/,
    );
    const warm = s.requests.at(-1)!;
    expect(warm.body.max_tokens).toBe(0);
    expect(warm.body.stream).toBeUndefined();
    expect(warm.body.output_config?.effort).toBe('medium');
    expect(warm.usage!.output_tokens).toBe(0);
  });
});

describe('the local server enforces the documented request rules', () => {
  const sdk = (s: AnthropicServer) => new Anthropic({ apiKey: 'sk-ant-test', baseURL: s.url, maxRetries: 0 });
  const base = { model: 'claude-sonnet-5-5', messages: [{ role: 'user' as const, content: 'warmup' }] };

  it('accepts max_tokens 0 and answers with empty content; refuses it with stream or a format', async () => {
    const s = await start(() => ({ text: reply }));
    const warm = await sdk(s).messages.create({ ...base, max_tokens: 0 });
    expect(warm.content).toEqual([]);
    expect(warm.stop_reason).toBe('max_tokens');
    await expect(sdk(s).messages.create({ ...base, max_tokens: 0, stream: true })).rejects.toThrow(
      /max_tokens: 0 is not supported with stream/,
    );
    await expect(
      sdk(s).messages.create({
        ...base,
        max_tokens: 0,
        output_config: {
          format: { type: 'json_schema', schema: { type: 'object', properties: {}, additionalProperties: false } },
        },
      }),
    ).rejects.toThrow(/output_config.format/);
  });

  it('refuses unknown model ids, effort on a model without it, and schemas past the limits', async () => {
    const s = await start(() => ({ text: reply }));
    await expect(sdk(s).messages.create({ ...base, model: 'claude-nope', max_tokens: 10 })).rejects.toThrow(
      /model: claude-nope/,
    );
    await expect(
      sdk(s).messages.create({ ...base, model: 'claude-haiku-4-5', max_tokens: 10, output_config: { effort: 'low' } }),
    ).rejects.toThrow(/effort/);
    const properties = Object.fromEntries([...Array(25).keys()].map((i) => [`p${i}`, { type: 'string' }]));
    await expect(
      sdk(s).messages.create({
        ...base,
        max_tokens: 10,
        output_config: {
          format: { type: 'json_schema', schema: { type: 'object', properties, additionalProperties: false } },
        },
      }),
    ).rejects.toThrow(/25 optional parameters/);
    const unions = Object.fromEntries([...Array(17).keys()].map((i) => [`u${i}`, { type: ['string', 'null'] }]));
    await expect(
      sdk(s).messages.create({
        ...base,
        max_tokens: 10,
        output_config: {
          format: {
            type: 'json_schema',
            schema: { type: 'object', properties: unions, required: Object.keys(unions), additionalProperties: false },
          },
        },
      }),
    ).rejects.toThrow(/17 parameters with union types/);
  });
});

describe('context windows at pre-flight', () => {
  const roles = (model: string) => ({
    model,
    advocateModels: [model],
    judgeModel: model,
    sources: { advocates: 'default' as const, judge: 'default' as const },
  });
  it('stops a run whose pack and output do not fit Claude Haiku 4.5 (200k), and says what to set', () => {
    expect(() => checkContextWindows(roles('claude-haiku-4-5'), 190_000)).toThrow(ContextWindowTooSmall);
    expect(() => checkContextWindows(roles('claude-haiku-4-5'), 190_000)).toThrow(
      /200,000-token context window.*max-evidence-tokens to at most/,
    );
    expect(() => checkContextWindows(roles('claude-haiku-4-5'), 80_000)).not.toThrow();
    expect(() => checkContextWindows(roles('claude-sonnet-5-5'), 190_000)).not.toThrow();
  });

  it('checks the reader model against the largest part it reads, not the pack (issue #40)', () => {
    const readers = { ...roles('claude-sonnet-5-5'), readerModel: 'claude-haiku-4-5' };
    expect(() => checkContextWindows(readers, 190_000, 30_000)).not.toThrow();
    expect(() => checkContextWindows(readers, 80_000, 190_000)).toThrow(
      /^Model "claude-haiku-4-5" has a 200,000-token context window, .*: a reader's part \(~190,000 tokens\)/,
    );
  });
});
