import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelCall } from '../../src/debate/model-client.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { startAnthropicServer, type AnthropicServer, type ScriptedReply } from '../support/anthropic-server.js';

/**
 * Claude API errors (platform.claude.com/docs/en/api/errors): "400 - invalid_request_error ... The API
 * also returns a 400 when usage reaches an organization or workspace spend limit you set", with a message
 * that begins "You have reached your specified API usage limits" (or "... workspace API usage limits");
 * "402 - billing_error: There's an issue with your billing or payment information."
 */
const schema = z.object({ answer: z.string() });
const call: ModelCall<z.infer<typeof schema>> = {
  role: 'judge',
  model: 'claude-sonnet-5-5',
  system: 's',
  evidence: 'e',
  instructions: '# Your role: judge',
  format: schema,
  schema,
  maxTokens: 1_000,
};

describe('spend limits on the Claude API: named, with what to do, never retried', () => {
  let server: AnthropicServer;
  let next: ScriptedReply = { text: '{"answer": "ok"}' };
  let calls = 0;
  beforeAll(async () => {
    server = await startAnthropicServer({ apiKey: 'sk-ant', responder: () => ((calls += 1), next) });
  });
  afterAll(async () => server.close());

  it.for([
    [
      400,
      'invalid_request_error',
      'You have reached your specified API usage limits. You will regain access on 2027-01-01 at 00:00 UTC.',
    ],
    [
      400,
      'invalid_request_error',
      'You have reached your specified workspace API usage limits. You will regain access on 2027-01-01 at 00:00 UTC.',
    ],
    [
      402,
      'billing_error',
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
    ],
  ] as const)('%i %s', async ([status, type, message]) => {
    next = { error: { status, type, message } };
    calls = 0;
    const error = await createAnthropicModelClient({ apiKey: 'sk-ant', baseUrl: server.url, maxRetries: 2 })
      .complete(call)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      problem: 'spend-limit',
      status,
      message: `the API key's spend limit was reached (${message}): raise or remove the spend limit, or settle the payment details, on the Billing page of the Claude Console (platform.claude.com); retrying will not help`,
    });
    expect(calls).toBe(1);
  });

  it('another 400 is still a bad request', async () => {
    next = { error: { status: 400, type: 'invalid_request_error', message: 'max_tokens: Field required' } };
    await expect(
      createAnthropicModelClient({ apiKey: 'sk-ant', baseUrl: server.url, maxRetries: 0 }).complete(call),
    ).rejects.toMatchObject({ problem: 'bad-request' });
  });
});
