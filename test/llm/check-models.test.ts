import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrompt } from '../../src/debate/prompts.js';
import { checkModels, ModelNotReachable, type RoleModels } from '../../src/llm/check-models.js';
import { createModelClient } from '../../src/llm/create-model-client.js';
import { OPENAI_REASONING_ROOM } from '../../src/llm/openai-models.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.js';

const prompt = { system: loadPrompt('system'), instructions: loadPrompt('preflight') };

describe('checkModels (pre-flight) with the real clients against local servers', () => {
  let anthropic: AnthropicServer;
  let openai: OpenAiServer;
  beforeAll(async () => {
    // The Anthropic server knows only Claude models; the OpenAI one answers every model but gpt-nope.
    anthropic = await startAnthropicServer({
      apiKey: 'sk-ant',
      responder: (request) =>
        request.model.startsWith('claude-')
          ? { text: '{"ready": true}' }
          : { error: { status: 404, type: 'not_found_error', message: `model: ${request.model}` } },
    });
    openai = await startOpenAiServer({
      apiKey: 'sk-o',
      responder: (request) =>
        request.model === 'gpt-nope'
          ? {
              error: {
                status: 404,
                type: 'invalid_request_error',
                message: 'The model `gpt-nope` does not exist or you do not have access to it.',
                details: { code: 'model_not_found' },
              },
            }
          : { text: '{"ready": true}' },
    });
  });
  afterAll(async () => Promise.all([anthropic.close(), openai.close()]));
  const client = () =>
    createModelClient({
      anthropicApiKey: 'sk-ant',
      openaiApiKey: 'sk-o',
      baseUrl: anthropic.url,
      defaultProvider: 'anthropic',
      env: { OPENAI_BASE_URL: openai.url },
      maxRetries: 0,
    });
  const roles = (overrides: Partial<RoleModels>): RoleModels => ({
    model: 'claude-sonnet-5-5',
    advocateModels: ['claude-sonnet-5-5'],
    judgeModel: 'claude-sonnet-5-5',
    sources: { advocates: 'default', judge: 'default' },
    ...overrides,
  });

  it('makes one short call per distinct model and changes nothing when all answer', async () => {
    const before = anthropic.requests.length + openai.requests.length;
    const result = await checkModels(
      client(),
      roles({
        advocateModels: ['claude-sonnet-5-5', 'openai:gpt-6.2-sol'],
        judgeModel: 'openai:gpt-6.2-sol',
        sources: { advocates: 'input', judge: 'input' },
      }),
      prompt,
    );
    expect(anthropic.requests.length + openai.requests.length - before).toBe(2);
    // A reasoning model gets room to reason on top of the 16 tokens of the reply (issue #31).
    expect(openai.requests.at(-1)!.body.max_completion_tokens).toBe(16 + OPENAI_REASONING_ROOM);
    expect(result.notes).toEqual([]);
    // Both calls are kept, with their usage, for the record's usage and cost.
    expect(result.calls.map((c) => [c.purpose, c.ok])).toEqual([
      ['pre-flight', true],
      ['pre-flight', true],
    ]);
    expect(result.calls.every((c) => c.usage.input_tokens > 0 && c.usage.output_tokens > 0)).toBe(true);
  });

  it('calls the reader model too when the run has readers, and names input reader-model when it does not answer (issue #40)', async () => {
    const before = anthropic.requests.length;
    await checkModels(client(), roles({ readerModel: 'claude-haiku-4-5' }), prompt);
    expect(
      anthropic.requests
        .slice(before)
        .map((r) => r.body.model)
        .sort(),
    ).toEqual(['claude-haiku-4-5', 'claude-sonnet-5-5']);
    const error = await checkModels(client(), roles({ readerModel: 'openai:gpt-nope' }), prompt).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelNotReachable);
    expect((error as Error).message).toMatch(/^Model "openai:gpt-nope" \(input reader-model; /);
  });

  it('stops on a model the user named, naming it, its input, its provider and the answer', async () => {
    const error = await checkModels(
      client(),
      roles({
        advocateModels: ['claude-sonnet-5-5', 'openai:gpt-nope'],
        sources: { advocates: 'input', judge: 'default' },
      }),
      prompt,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelNotReachable);
    expect((error as Error).message).toBe(
      'Model "openai:gpt-nope" (input advocate-models; the OpenAI-compatible Chat Completions endpoint) did not answer the pre-flight call: model "gpt-nope" was not found (The model `gpt-nope` does not exist or you do not have access to it.): check the model inputs. The debate did not start, and nothing was spent on it.',
    );
  });

  it('stops on a role model that came from a default: it is input model itself, so there is nothing to fall back to (issue #20)', async () => {
    const error = await checkModels(
      client(),
      roles({ model: 'nope-default-model', advocateModels: ['nope-default-model'], judgeModel: 'nope-default-model' }),
      prompt,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelNotReachable);
    expect((error as Error).message).toMatch(
      /^Model "nope-default-model" \(input model; .*\) did not answer the pre-flight call: .*The debate did not start, and nothing was spent on it\.$/,
    );
  });
});
