import Anthropic from '@anthropic-ai/sdk';
import { jsonSchemaOf } from './json-schema-of.js';
import { ModelReplyError, type ModelCall, type ModelClient, type ModelReply } from '../debate/model-client.js';
import { outputBudget, thinkingOf } from './claude-models.js';
import { promptOf, refusalDetail, roleEffortOf, usageOf } from './claude-message-parts.js';
import {
  detailsOf,
  effortOffNotice,
  isApiError,
  isStreamError,
  refusesEffort,
  refusesStructuredOutputs,
  structuredOffNotice,
} from './claude-errors.js';
import { describeProblem, ModelCallError } from './model-call-error.js';
import type { Provider } from '../models/model-id.js';
import { parseReply } from './parse-reply.js';
import { CALL_META_HEADER, textModeNote } from './request-defaults.js';

/**
 * The Messages API call shared by the three ways to reach Claude: the Anthropic API, Amazon Bedrock
 * (`@anthropic-ai/bedrock-sdk`, InvokeModelWithResponseStream) and Google Vertex AI
 * (`@anthropic-ai/vertex-sdk`, streamRawPredict). All three SDKs are the Anthropic SDK's client with
 * another transport, so the request, the stream and the error classes are the same.
 */

/**
 * The part of an SDK client this needs: `messages.stream`, `messages.create` for a `max_tokens: 0` warm-up,
 * and `messages.countTokens` where the provider has it (the Anthropic API's free `/v1/messages/count_tokens`;
 * Vertex's `count-tokens:rawPredict`; `@anthropic-ai/bedrock-sdk` removes it, as Bedrock's InvokeModel path has none).
 */
export interface MessagesClient {
  messages: Pick<Anthropic['messages'], 'stream' | 'create'> & Partial<Pick<Anthropic['messages'], 'countTokens'>>;
}

/** A provider client that can count a prompt's tokens before a call (`count-pack-tokens.ts`). */
export interface TokenCounting {
  /**
   * The input tokens of a system text and one user text on `model`, as the provider's tokenizer counts them,
   * or undefined when the provider has no count endpoint.
   * @throws ModelCallError when the endpoint refused
   */
  countTokens(model: string, prompt: { system: string; text: string }): Promise<number | undefined>;
}

/** Options of {@link createClaudeModelClient}. */
export interface ClaudeClientOptions {
  provider: Extract<Provider, 'anthropic' | 'bedrock' | 'vertex'>;
  /** The API address, for the message when it cannot be reached. */
  where: string;
  /** Milliseconds without a stream event after which the reply is stopped (the SDK's timeout ends at the headers). */
  timeoutMs: number;
  /** Aborts every call in flight (the run's deadline or cancellation); its `reason` becomes the error. */
  signal?: AbortSignal | undefined;
  /** Retries of an error inside the stream (the SDK retries only errors before it), as many as the SDK's `maxRetries`. */
  maxRetries?: number | undefined;
}

/**
 * A {@link ModelClient} over a Messages API client: streaming (`messages.stream`) with structured
 * output. `output_config.format` is the JSON schema of `call.format` (converted once per schema by the
 * SDK's `zodOutputFormat`, so its bytes are the same on every call: the prompt-cache key covers it);
 * the reply is read by `parseReply` with `call.schema`. The evidence pack block is the cache
 * breakpoint, so every call of a run reads the system text and the evidence from the prompt cache;
 * a phase's shared transcript, when there is one, is its own block and the second breakpoint, so the
 * speakers of a phase read it too. Only the instructions after them differ from call to call.
 */
export function createClaudeModelClient(
  client: MessagesClient,
  options: ClaudeClientOptions,
): ModelClient & TokenCounting {
  const { timeoutMs } = options;
  const maxRetries = options.maxRetries ?? 2;
  /** Models whose API refused structured outputs: they answer JSON in text for the rest of the run. */
  const textOnly = new Set<string>();
  /** Models whose API refused `output_config.effort` (a Vertex project with the effort feature switched off): sent without it. */
  const noEffort = new Set<string>();
  const effortOf = (call: Pick<ModelCall<unknown>, 'model' | 'role'>) =>
    noEffort.has(call.model) ? undefined : roleEffortOf(call);

  const send = async <T>(call: ModelCall<T>, structured: boolean): Promise<ModelReply<T>> => {
    // The documented pre-warm is `max_tokens: 0`, refused with `stream: true` and with `output_config.format`
    // (prompt caching, "Pre-warming the cache", Limitations): a text-mode warm-up uses it, unstreamed.
    if (call.meta?.warmUp && !structured) return prewarm(client, call, options, effortOf(call));
    // The SDK's timeout ends when the response headers arrive; a stream that stalls after them would
    // otherwise hang until the run deadline. `stalled` stops it after `timeoutMs` without an event.
    const stalled = new AbortController();
    // A warm-up sends the calls' own effort: it is part of the cache key (prompt caching, What invalidates the cache).
    const effort = effortOf(call);
    const format = structured ? { format: { type: 'json_schema' as const, schema: jsonSchemaOf(call.format) } } : {};
    const thinking = thinkingOf(call.model);
    const stream = client.messages.stream(
      {
        model: call.model,
        max_tokens: outputBudget(call.model, call.role, call.maxTokens, call.meta?.warmUp),
        ...(thinking ? { thinking } : {}),
        ...promptOf(
          call,
          structured ? call.instructions : `${call.instructions}${textModeNote(jsonSchemaOf(call.format))}`,
        ),
        ...(effort || structured ? { output_config: { ...format, ...(effort ? { effort } : {}) } } : {}),
      },
      {
        signal: options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal,
        ...(call.meta ? { headers: { [CALL_META_HEADER]: JSON.stringify(call.meta) } } : {}),
      },
    );
    let idle: NodeJS.Timeout | undefined;
    let connected = false;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stalled.abort(), timeoutMs);
    };
    stream.on('connect', () => {
      connected = true;
      watch();
    });
    stream.on('streamEvent', (event) => {
      // While a thinking block is open the model is thinking, and with `display: "omitted"` (the default on
      // current models) "no `thinking_delta` events are sent. The thinking block opens, receives a single
      // `signature_delta`, and closes" (streaming, "Thinking delta"); only `ping` events arrive, which the
      // SDK does not surface. So the watchdog rests until the block closes; the run's deadline bounds a think.
      if (
        event.type === 'content_block_start' &&
        (event.content_block.type === 'thinking' || event.content_block.type === 'redacted_thinking')
      )
        clearTimeout(idle);
      else watch();
      if (event.type === 'message_start') call.onStart?.();
    });
    let message;
    try {
      message = await stream.finalMessage();
    } catch (error) {
      if (options.signal?.aborted)
        throw options.signal.reason instanceof Error ? options.signal.reason : new Error(String(options.signal.reason));
      if (stalled.signal.aborted)
        throw new Error(`the model API stopped sending the reply: nothing arrived for ${timeoutMs / 1000} s`, {
          cause: error,
        });
      if (isApiError(error)) {
        if (effort && refusesEffort(error)) {
          noEffort.add(call.model);
          const reply = await send(call, structured);
          return { ...reply, notice: effortOffNotice(call.model, error) };
        }
        if (structured && refusesStructuredOutputs(error)) {
          textOnly.add(call.model);
          const reply = await send(call, false);
          return { ...reply, notice: structuredOffNotice(call.model, error) };
        }
        // A connection that drops once the reply streams is no unreachable API: "A connection that drops while a
        // stream is read ... now raise[s] APIConnectionError ... The client does not send the request again for
        // a stream it has handed to the caller" (SDK 1.17 changelog): asked again below, as for an error event.
        const details = {
          ...detailsOf(error, options.provider),
          ...(connected && error instanceof Anthropic.APIConnectionError ? { inStream: true } : {}),
        };
        throw new ModelCallError(
          describeProblem(details, { provider: options.provider, model: call.model, where: options.where }),
          details,
          options.provider,
          error,
        );
      }
      throw error;
    } finally {
      clearTimeout(idle);
    }
    const usage = usageOf(message.usage);
    if (message.stop_reason === 'max_tokens' || message.stop_reason === 'model_context_window_exceeded')
      throw new ModelReplyError(
        `the ${call.role} reply was cut at max_tokens (${outputBudget(call.model, call.role, call.maxTokens, call.meta?.warmUp)}, thinking included)`,
        usage,
        'truncated',
      );
    // "When Claude refuses, the response has `stop_reason: "refusal"` ... `stop_details` says why" (handling
    // refusals / stop reasons): a category and an explanation, either possibly null.
    if (message.stop_reason === 'refusal')
      throw new ModelReplyError(
        `model ${call.model} refused the ${call.role} turn (stop_reason "refusal"${refusalDetail(message)})`,
        usage,
        'refused',
      );
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    return { output: parseReply(text, call.schema, call.role, usage), usage, model: message.model };
  };

  return {
    async countTokens(model, prompt) {
      if (!client.messages.countTokens) return undefined;
      try {
        const counted = await client.messages.countTokens(
          {
            model,
            system: [{ type: 'text', text: prompt.system }],
            messages: [{ role: 'user', content: [{ type: 'text', text: prompt.text }] }],
          },
          options.signal ? { signal: options.signal } : {},
        );
        return counted.input_tokens;
      } catch (error) {
        if (!isApiError(error)) throw error;
        const details = detailsOf(error, options.provider);
        throw new ModelCallError(
          describeProblem(details, { provider: options.provider, model, where: options.where }),
          details,
          options.provider,
          error,
        );
      }
    },
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      // An error event inside a stream that began with 200 ("during periods of high usage, you may receive an
      // `overloaded_error`, which would normally correspond to an HTTP 529 in a non-streaming context",
      // streaming, "Error events") reaches us after the SDK's retries, which end at the headers: retried here
      // like a 529, with the SDK's backoff (0.5 s doubling, at most 8 s). So is a connection that drops part-way.
      for (let attempt = 0; ; attempt++) {
        try {
          return await send(call, !textOnly.has(call.model));
        } catch (error) {
          const retryable =
            error instanceof ModelCallError &&
            (isStreamError(error.cause) || (error.inStream && error.problem === 'unreachable'));
          if (!retryable || attempt >= maxRetries || options.signal?.aborted) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 8_000)));
        }
      }
    },
  };
}

/**
 * A warm-up in text mode: `max_tokens: 0`, not streamed. "The API reads your prompt into the model and
 * writes the cache at any `cache_control` breakpoint, then returns immediately without generating any
 * output. The response has an empty `content` array, `stop_reason: "max_tokens"`" (prompt caching,
 * "Pre-warming the cache"). Its effort is the calls' own, as the cache key covers it ("Use the same
 * thinking configuration and `output_config.effort` as your follow-up requests too").
 * @throws ModelReplyError (`truncated`), as every warm-up ends, with the usage; ModelCallError on an API error
 */
async function prewarm(
  client: MessagesClient,
  call: ModelCall<unknown>,
  options: ClaudeClientOptions,
  effort: ReturnType<typeof roleEffortOf>,
): Promise<never> {
  const thinking = thinkingOf(call.model);
  let message;
  try {
    message = await client.messages.create(
      {
        model: call.model,
        max_tokens: 0,
        ...(thinking ? { thinking } : {}),
        ...promptOf(call, call.instructions),
        ...(effort ? { output_config: { effort } } : {}),
      },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(call.meta ? { headers: { [CALL_META_HEADER]: JSON.stringify(call.meta) } } : {}),
      },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const details = detailsOf(error, options.provider);
    throw new ModelCallError(
      describeProblem(details, { provider: options.provider, model: call.model, where: options.where }),
      details,
      options.provider,
      error,
    );
  }
  call.onStart?.();
  throw new ModelReplyError('prompt-cache warm-up (max_tokens 0)', usageOf(message.usage), 'truncated');
}
