import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { z } from 'zod';
import { formatIssues, ModelReplyError, type ModelCall, type ModelClient, type ModelReply, type TokenUsage } from '../debate/model-client.js';

/** Options of {@link createAnthropicModelClient}. */
export interface AnthropicClientOptions {
  apiKey: string;
  /** API base URL; undefined lets the SDK use `ANTHROPIC_BASE_URL` or its default. */
  baseUrl: string | undefined;
  /** The SDK's own retries for 408/409/429/5xx and connection errors (it honours `retry-after`). */
  maxRetries?: number;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

/**
 * A {@link ModelClient} on the Anthropic Messages API: streaming (`messages.stream`) with structured
 * output. `output_config.format` is the JSON schema of `call.format` (converted once per schema by
 * the SDK's `zodOutputFormat`, so its bytes are the same on every call: the API's prompt-cache key
 * covers it); the reply is parsed here with `call.schema`. The evidence pack block is the cache
 * breakpoint, so every call of a run reads the system text and the evidence from the prompt cache.
 */
export function createAnthropicModelClient(options: AnthropicClientOptions): ModelClient {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 3,
    timeout: options.timeoutMs ?? 10 * 60_000,
  });
  return {
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const stream = client.messages.stream({
        model: call.model,
        max_tokens: call.maxTokens,
        system: [{ type: 'text', text: call.system }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: call.evidence, cache_control: { type: 'ephemeral' } },
              { type: 'text', text: call.instructions },
            ],
          },
        ],
        output_config: { format: { type: 'json_schema', schema: jsonSchemaOf(call.format) } },
      });
      if (call.onStart) {
        const onStart = call.onStart;
        stream.on('streamEvent', (event) => {
          if (event.type === 'message_start') onStart();
        });
      }
      const message = await stream.finalMessage();
      const usage = usageOf(message.usage);
      if (message.stop_reason === 'max_tokens') throw new ModelReplyError(`the ${call.role} reply was cut at max_tokens (${call.maxTokens})`, usage, 'truncated');
      if (message.stop_reason === 'refusal') throw new ModelReplyError(`the model refused the ${call.role} turn`, usage, 'refused');
      const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new ModelReplyError(`the ${call.role} reply is not JSON: ${detail}`, usage, 'invalid', [`the reply is not valid JSON (${detail})`]);
      }
      const output = call.schema.safeParse(json);
      if (!output.success) {
        const issues = formatIssues(output.error.issues);
        throw new ModelReplyError(`the ${call.role} reply did not match its schema: ${issues.slice(0, 3).join('; ')}`, usage, 'invalid', issues);
      }
      return { output: output.data, usage, model: message.model };
    },
  };
}

const jsonSchemas = new WeakMap<z.ZodType<unknown>, Record<string, unknown>>();

/** The API's JSON schema of a zod schema (the SDK's transform: no unsupported keywords), memoised. */
function jsonSchemaOf(schema: z.ZodType<unknown>): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = zodOutputFormat(schema).schema as Record<string, unknown>;
    jsonSchemas.set(schema, json);
  }
  return json;
}

function usageOf(usage: Anthropic.Usage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}
