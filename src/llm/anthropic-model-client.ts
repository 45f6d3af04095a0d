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
  /**
   * Per-request timeout in milliseconds: the SDK's, until the response headers arrive (then retried),
   * and ours while the reply streams: a stream with no event for this long is stopped.
   */
  timeoutMs?: number;
  /** Aborts every call in flight (the run's deadline or cancellation); its `reason` becomes the error. */
  signal?: AbortSignal;
}

/** The request header that carries the call's {@link ModelCall.meta} as JSON. */
export const CALL_META_HEADER = 'x-pr-debate-call';

/** Per-request timeout: long enough for a 16k-token streamed reply, short enough that retries fit a run. */
export const MODEL_REQUEST_TIMEOUT_MS = 5 * 60_000;

/**
 * A {@link ModelClient} on the Anthropic Messages API: streaming (`messages.stream`) with structured
 * output. `output_config.format` is the JSON schema of `call.format` (converted once per schema by
 * the SDK's `zodOutputFormat`, so its bytes are the same on every call: the API's prompt-cache key
 * covers it); the reply is parsed here with `call.schema`. The evidence pack block is the cache
 * breakpoint, so every call of a run reads the system text and the evidence from the prompt cache;
 * a phase's shared transcript, when there is one, is its own block and the second breakpoint, so the
 * speakers of a phase read it too. Only the instructions after them differ from call to call.
 */
export function createAnthropicModelClient(options: AnthropicClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const client = new Anthropic({
    apiKey: options.apiKey,
    fetch: noRetryOnSpendLimit(globalThis.fetch),
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  return {
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      // The SDK's timeout ends when the response headers arrive; a stream that stalls after them would
      // otherwise hang until the run deadline. `stalled` stops it after `timeoutMs` without an event.
      const stalled = new AbortController();
      const breakpoint = { cache_control: { type: 'ephemeral' as const } };
      const stream = client.messages.stream({
        model: call.model,
        max_tokens: call.maxTokens,
        system: [{ type: 'text', text: call.system }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: call.evidence, ...breakpoint },
              ...(call.transcript ? [{ type: 'text' as const, text: call.transcript, ...breakpoint }] : []),
              { type: 'text', text: call.instructions },
            ],
          },
        ],
        output_config: { format: { type: 'json_schema', schema: jsonSchemaOf(call.format) } },
      }, {
        signal: options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal,
        // What the call is for, as data, for a proxy's logs and the local test servers; the API ignores headers it does not know.
        ...(call.meta ? { headers: { [CALL_META_HEADER]: JSON.stringify(call.meta) } } : {}),
      });
      let idle: NodeJS.Timeout | undefined;
      const watch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => stalled.abort(), timeoutMs);
      };
      stream.on('connect', watch);
      stream.on('streamEvent', (event) => {
        watch();
        if (event.type === 'message_start') call.onStart?.();
      });
      let message;
      try {
        message = await stream.finalMessage();
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new Error(String(options.signal.reason));
        if (stalled.signal.aborted) throw new Error(`the model API stopped sending the reply: nothing arrived for ${timeoutMs / 1000} s`, { cause: error });
        if (error instanceof Anthropic.APIError) throw new ModelCallError(describeApiError(error, call.model, options.baseUrl), error);
        throw error;
      } finally {
        clearTimeout(idle);
      }
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

/** Error codes of a 429 that means money ran out, not a rate: retrying cannot help (Messages API `error.details.error_code`). */
const SPEND_LIMIT_CODES = ['enforced_spend_limit_reached', 'contract_spend_limit_reached'];

/**
 * The SDK retries every 429 unless the response says `x-should-retry: false`; a spend-limit 429 says
 * nothing, so this fetch adds that header to it and the SDK's own retry logic stops at once.
 */
function noRetryOnSpendLimit(base: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 429 || response.headers.has('x-should-retry')) return response;
    const body = await response.clone().text();
    if (!SPEND_LIMIT_CODES.some((code) => body.includes(`"${code}"`))) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** An API call that failed after the SDK's retries; the message says what happened and what to do. */
export class ModelCallError extends Error {
  override name = 'ModelCallError';
  constructor(
    message: string,
    override readonly cause: InstanceType<typeof Anthropic.APIError>,
  ) {
    super(message);
  }
}

/**
 * One sentence for an API failure. Sources: the Messages API error types (400 invalid_request_error,
 * 401 authentication_error, 403 permission_error, 404 not_found_error, 429 rate_limit_error,
 * 500 api_error, 529 overloaded_error) and the SDK's connection errors.
 */
export function describeApiError(error: InstanceType<typeof Anthropic.APIError>, model: string, baseUrl: string | undefined): string {
  const detail = error.apiMessage ?? error.message.split('\n')[0];
  if (error instanceof Anthropic.APIConnectionTimeoutError) return `the model API did not answer in time (${detail})`;
  if (error instanceof Anthropic.APIConnectionError) {
    return `could not reach the Anthropic API at ${baseUrl ?? process.env.ANTHROPIC_BASE_URL ?? 'its default address'} (${error.cause instanceof Error ? error.cause.message : detail}); check base-url and the runner's network`;
  }
  switch (error.status) {
    case 400:
      return `the model API refused the request: ${detail}`;
    case 401:
      return `the Anthropic API refused the key (${detail}): check the anthropic-api-key input and its secret`;
    case 403:
      return `the key may not use this model or feature (${detail})`;
    case 404:
      return `model "${model}" was not found (${detail}): check the model inputs`;
    case 429:
      if (error.errorCode && SPEND_LIMIT_CODES.includes(error.errorCode)) {
        return `the organization's API spend limit is reached (${detail}); raise it in the Claude Console, retrying will not help`;
      }
      return `the model API is rate limiting (${detail}) after retries; try again later`;
    default:
      return `the model is unavailable (HTTP ${error.status ?? '?'}${error.type ? ` ${error.type}` : ''}, after retries): ${detail}; try again later`;
  }
}

function usageOf(usage: Anthropic.Usage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}
