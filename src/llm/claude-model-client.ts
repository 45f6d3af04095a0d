import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { z } from 'zod';
import { ModelReplyError, type ModelCall, type ModelClient, type ModelReply, type TokenUsage } from '../debate/model-client.js';
import { describeProblem, ModelCallError, problemOfStatus, retryAfterOf, type ProblemDetails } from './model-call-error.js';
import type { Provider } from './model-id.js';
import { parseReply } from './parse-reply.js';

/**
 * The Messages API call shared by the three ways to reach Claude: the Anthropic API, Amazon Bedrock
 * (`@anthropic-ai/bedrock-sdk`, InvokeModelWithResponseStream) and Google Vertex AI
 * (`@anthropic-ai/vertex-sdk`, streamRawPredict). All three SDKs are the Anthropic SDK's client with
 * another transport, so the request, the stream and the error classes are the same.
 */

/** The part of an SDK client this needs: `messages.stream`. */
export interface MessagesClient {
  messages: Pick<Anthropic['messages'], 'stream'>;
}

import { CALL_META_HEADER, MODEL_REQUEST_TIMEOUT_MS } from './request-defaults.js';

/** Re-exported for the provider clients and tests that import them from here. */
export { CALL_META_HEADER, MODEL_REQUEST_TIMEOUT_MS };

/** Options of {@link createClaudeModelClient}. */
export interface ClaudeClientOptions {
  provider: Extract<Provider, 'anthropic' | 'bedrock' | 'vertex'>;
  /** The API address, for the message when it cannot be reached. */
  where: string;
  /** Milliseconds without a stream event after which the reply is stopped (the SDK's timeout ends at the headers). */
  timeoutMs: number;
  /** Aborts every call in flight (the run's deadline or cancellation); its `reason` becomes the error. */
  signal?: AbortSignal | undefined;
}

/** Error codes of a 429 that means money ran out, not a rate (Messages API `error.details.error_code`). */
export const SPEND_LIMIT_CODES = ['enforced_spend_limit_reached', 'contract_spend_limit_reached'];

/**
 * A {@link ModelClient} over a Messages API client: streaming (`messages.stream`) with structured
 * output. `output_config.format` is the JSON schema of `call.format` (converted once per schema by the
 * SDK's `zodOutputFormat`, so its bytes are the same on every call: the prompt-cache key covers it);
 * the reply is read by `parseReply` with `call.schema`. The evidence pack block is the cache
 * breakpoint, so every call of a run reads the system text and the evidence from the prompt cache;
 * a phase's shared transcript, when there is one, is its own block and the second breakpoint, so the
 * speakers of a phase read it too. Only the instructions after them differ from call to call.
 */
export function createClaudeModelClient(client: MessagesClient, options: ClaudeClientOptions): ModelClient {
  const { timeoutMs } = options;
  return {
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      // The SDK's timeout ends when the response headers arrive; a stream that stalls after them would
      // otherwise hang until the run deadline. `stalled` stops it after `timeoutMs` without an event.
      const stalled = new AbortController();
      const stream = client.messages.stream(
        {
          model: call.model,
          max_tokens: call.maxTokens,
          system: [{ type: 'text', text: call.system }],
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: call.evidence, cache_control: { type: 'ephemeral' } },
                ...(call.transcript ? [{ type: 'text' as const, text: call.transcript, cache_control: { type: 'ephemeral' as const } }] : []),
                { type: 'text', text: call.instructions },
              ],
            },
          ],
          output_config: { format: { type: 'json_schema', schema: jsonSchemaOf(call.format) } },
        },
        {
          signal: options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal,
          ...(call.meta ? { headers: { [CALL_META_HEADER]: JSON.stringify(call.meta) } } : {}),
        },
      );
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
        if (isApiError(error)) {
          const details = detailsOf(error, options.provider);
          throw new ModelCallError(describeProblem(details, { provider: options.provider, model: call.model, where: options.where }), details, options.provider, error);
        }
        throw error;
      } finally {
        clearTimeout(idle);
      }
      const usage = usageOf(message.usage);
      if (message.stop_reason === 'max_tokens') throw new ModelReplyError(`the ${call.role} reply was cut at max_tokens (${call.maxTokens})`, usage, 'truncated');
      if (message.stop_reason === 'refusal') throw new ModelReplyError(`the model refused the ${call.role} turn`, usage, 'refused');
      const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      return { output: parseReply(text, call.schema, call.role, usage), usage, model: message.model };
    },
  };
}

const jsonSchemas = new WeakMap<z.ZodType<unknown>, Record<string, unknown>>();

/** The API's JSON schema of a zod schema (the SDK's transform: no unsupported keywords), memoised. */
function jsonSchemaOf(schema: z.ZodType<unknown>): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = zodOutputFormat(schema).schema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/**
 * The fields of an error body read here, each dropped when it is not a string: the Messages API's
 * `{ error: { type, message } }`, Bedrock's `{ message }`, Vertex's `{ error: { message, status } }`.
 */
const errorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  error: z.object({ message: z.string().optional().catch(undefined), status: z.string().optional().catch(undefined) }).optional().catch(undefined),
});

/** `instanceof` on the SDK's generic error class narrows to `APIError<any, any, any>`; this keeps its declared types. */
function isApiError(error: unknown): error is InstanceType<typeof Anthropic.APIError> {
  return error instanceof Anthropic.APIError;
}

/**
 * The typed problem of an SDK error. Sources: the Messages API error types (400 invalid_request_error,
 * 401 authentication_error, 403 permission_error, 404 not_found_error, 429 rate_limit_error, 500
 * api_error, 529 overloaded_error); Bedrock's (`x-amzn-errortype`: 403 UnrecognizedClientException,
 * InvalidSignatureException and ExpiredTokenException are refused credentials, 429
 * ThrottlingException, 503 ServiceUnavailableException, 400 ServiceQuotaExceededException); Vertex's
 * Google API errors (`error.status`: 401 UNAUTHENTICATED, 403 PERMISSION_DENIED, 429 RESOURCE_EXHAUSTED).
 */
function detailsOf(error: InstanceType<typeof Anthropic.APIError>, provider: Provider): ProblemDetails {
  const body = errorBodySchema.safeParse(error.error).data;
  const bodyMessage = body?.message ?? body?.error?.message;
  const detail = error.apiMessage ?? bodyMessage ?? error.message.split('\n')[0] ?? 'no detail';
  if (error instanceof Anthropic.APIConnectionTimeoutError) return { problem: 'timeout', detail };
  if (error instanceof Anthropic.APIConnectionError) return { problem: 'unreachable', detail: error.cause instanceof Error ? error.cause.message : detail };
  const awsType = error.headers?.get('x-amzn-errortype')?.split(':')[0];
  const type = error.type ?? awsType ?? body?.error?.status;
  const base = { status: error.status, type, detail, retryAfterSeconds: retryAfterOf(error.headers) };
  if (error.status === 429 && error.errorCode && SPEND_LIMIT_CODES.includes(error.errorCode)) return { ...base, problem: 'spend-limit' };
  if (provider === 'bedrock') {
    if (awsType && ['UnrecognizedClientException', 'InvalidSignatureException', 'ExpiredTokenException', 'MissingAuthenticationTokenException'].includes(awsType)) return { ...base, problem: 'auth' };
    if (awsType === 'ServiceQuotaExceededException') return { ...base, problem: 'spend-limit' };
  }
  return { ...base, problem: problemOfStatus(error.status, detail) };
}

function usageOf(usage: Anthropic.Usage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}
