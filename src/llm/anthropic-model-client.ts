import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { ModelReplyError, type ModelCall, type ModelClient, type ModelReply, type TokenUsage } from '../debate/model-client.js';

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
 * output (`output_config.format` from `zodOutputFormat`), the evidence pack marked as a cache
 * breakpoint so every call of a run reads the same prefix from the prompt cache.
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
        output_config: { format: zodOutputFormat(call.schema) },
      });
      let message;
      try {
        message = await stream.finalMessage();
      } catch (error) {
        // The SDK throws a plain AnthropicError when the text is not JSON or fails the schema.
        if (error instanceof Anthropic.APIError || !(error instanceof Anthropic.AnthropicError)) throw error;
        // A reply cut at max_tokens or refused fails to parse too; say the cause, not the symptom.
        const partial = stream.currentMessage;
        const usage = partial ? usageOf(partial.usage) : undefined;
        throw stoppedEarly(call, partial?.stop_reason, usage) ?? new ModelReplyError(`the ${call.role} reply did not match its schema: ${firstLine(error.message)}`, usage);
      }
      const usage = usageOf(message.usage);
      const stopped = stoppedEarly(call, message.stop_reason, usage);
      if (stopped) throw stopped;
      // The SDK has validated parsed_output with the same schema; parsing again gives it its type here.
      const output = call.schema.safeParse(message.parsed_output);
      if (!output.success) throw new ModelReplyError(`the ${call.role} reply held no valid structured output`, usage);
      return { output: output.data, usage, model: message.model };
    },
  };
}

function stoppedEarly(call: ModelCall<unknown>, stopReason: string | null | undefined, usage: TokenUsage | undefined): ModelReplyError | undefined {
  if (stopReason === 'max_tokens') return new ModelReplyError(`the ${call.role} reply was cut at max_tokens (${call.maxTokens})`, usage);
  if (stopReason === 'refusal') return new ModelReplyError(`the model refused the ${call.role} turn`, usage);
  return undefined;
}

function usageOf(usage: Anthropic.Usage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

function firstLine(text: string): string {
  return text.split('\n').slice(0, 3).join(' ');
}
