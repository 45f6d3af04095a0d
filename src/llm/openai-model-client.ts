import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import {
  ModelReplyError,
  type ModelCall,
  type ModelClient,
  type ModelReply,
  type TokenUsage,
} from '../debate/model-client.js';
import { CALL_META_HEADER, MODEL_REQUEST_TIMEOUT_MS, textModeNote } from './request-defaults.js';
import { describeProblem, ModelCallError, noRetryOn429 } from './model-call-error.js';
import { detailsOf, isApiError, QUOTA_CODES, refusesJsonSchema, refusesMaxCompletionTokens } from './openai-errors.js';
import { parseReply } from './parse-reply.js';
import { OPENAI_REASONING_EFFORT, openAiModelFacts, openAiOutputBudget } from './openai-models.js';

/**
 * Provider `openai:`: any Chat Completions endpoint (`POST {base-url}/chat/completions`) through the
 * `openai` SDK 6 (Node 20 or later; 7.x needs Node 22, and the test machine runs 20): OpenAI, Azure
 * OpenAI's v1 API (`https://<resource>.openai.azure.com/openai/v1/`), Ollama, vLLM, OpenRouter, a
 * LiteLLM proxy. Streaming, so that a reply that stalls is stopped like a Claude one.
 *
 * Structured output: `response_format: {type: 'json_schema', json_schema: {strict: true, ...}}` (API
 * reference, Chat Completions, `response_format`). A server that refuses it with a 400 naming
 * `response_format` or `json_schema` gets the same call again in text mode, and so does every later call
 * of that model in the run: the schema goes into the instructions, the JSON comes back in text
 * (fenced or not) and `parseReply` reads it. Either way the reply is validated with zod. The schema
 * sent has no `default` keywords: Azure OpenAI refuses them in a strict schema, and zod fills defaults in
 * on parse anyway.
 *
 * The output limit is `max_completion_tokens` in both modes (API reference, `max_tokens`: "deprecated in
 * favor of max_completion_tokens, and is not compatible with o-series models"; every OpenAI model from
 * GPT-5 on is a reasoning model and refuses `max_tokens`). A server that does not know it (Azure OpenAI
 * before API version 2024-09-01-preview: "Unrecognized request argument supplied: max_completion_tokens")
 * gets `max_tokens` instead, for the rest of the run; a 400 about the parameter's value (OpenAI's floor of
 * 16) is not that, and is never read so. The limit is `openAiOutputBudget`: at least 16, and for a reasoning
 * model room for its reasoning on top of the reply, sent with `reasoning_effort: "medium"`; a reply cut at
 * `length` whose reasoning took the budget is repaired at `reasoning_effort: "low"` (the engine's repair
 * asks for a shorter reply, which does not shorten reasoning).
 */

/** Options of {@link createOpenAiModelClient}. */
export interface OpenAiClientOptions {
  /** Input `openai-api-key`; servers without keys (Ollama, a local vLLM) take any, so none becomes a placeholder. */
  apiKey: string | undefined;
  /** Undefined lets the SDK use `OPENAI_BASE_URL` or https://api.openai.com/v1. */
  baseUrl: string | undefined;
  maxRetries?: number;
  /** As for the Anthropic client: the SDK's timeout to the headers, ours between stream chunks. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The SDK refuses to start without a key; Ollama's documentation passes `api_key='ollama'` ("required, but unused"). */
const NO_KEY = 'no-key';

/**
 * A {@link ModelClient} on a Chat Completions endpoint.
 * Usage: `prompt_tokens` includes `prompt_tokens_details.cached_tokens` (read from the cache) and
 * `prompt_tokens_details.cache_write_tokens` (written to it, billed from GPT-5.6 on at 1.25x input: "Cache
 * writes" on the model pages); they are `cache_read_input_tokens` and `cache_creation_input_tokens`, the rest
 * `input_tokens`. A server that reports no writes (Ollama, older models) has none counted.
 */
export function createOpenAiModelClient(options: OpenAiClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: options.apiKey ?? process.env.OPENAI_API_KEY ?? NO_KEY,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    fetch: noRetryOn429(QUOTA_CODES),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  const where = client.baseURL;
  /** Models whose server refused `json_schema`: they answer JSON in text for the rest of the run. */
  const textOnly = new Set<string>();
  /** Models whose server did not know `max_completion_tokens`: they get `max_tokens` for the rest of the run. */
  const legacyMaxTokens = new Set<string>();
  /** Calls (by what they are for) whose reply reasoning cut at `length`: their repair reasons at `low`. */
  const cutByReasoning = new Set<string>();

  const send = async <T>(call: ModelCall<T>, asked: boolean): Promise<ModelReply<T>> => {
    let structured = asked;
    const stalled = new AbortController();
    let idle: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stalled.abort(), timeoutMs);
    };
    const { format, schema } = responseFormatOf(call.format);
    if (!format) structured = false;
    let text = '';
    let finish: string | null = null;
    let refusal = '';
    let model = call.model;
    let usage: TokenUsage = {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    let reasoningTokens = 0;
    const limit = openAiOutputBudget(call.model, call.role, call.maxTokens, call.meta?.warmUp);
    const reasons = openAiModelFacts(call.model)?.reasoning === true;
    const key = callKey(call);
    const effort = reasons
      ? call.meta?.retry && cutByReasoning.has(key)
        ? 'low'
        : OPENAI_REASONING_EFFORT
      : undefined;
    try {
      const stream = await client.chat.completions.create(
        {
          model: call.model,
          messages: [
            { role: 'system', content: call.system },
            // Prefix caching is automatic on these servers: the shared parts (evidence, readings, then a phase's transcript) come first.
            {
              role: 'user',
              content: `${call.evidence}\n\n${call.readings ? `${call.readings}\n\n` : ''}${call.transcript ? `${call.transcript}\n\n` : ''}${call.instructions}${structured ? '' : textModeNote(schema)}`,
            },
          ],
          stream: true,
          stream_options: { include_usage: true },
          ...(structured && format ? { response_format: format } : {}),
          ...(legacyMaxTokens.has(call.model) ? { max_tokens: limit } : { max_completion_tokens: limit }),
          ...(effort ? { reasoning_effort: effort } : {}),
        },
        {
          signal: options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal,
          ...(call.meta ? { headers: { [CALL_META_HEADER]: JSON.stringify(call.meta) } } : {}),
        },
      );
      watch();
      let started = false;
      for await (const chunk of stream) {
        watch();
        if (!started) {
          started = true;
          call.onStart?.();
        }
        model = chunk.model || model;
        const choice = chunk.choices[0];
        if (choice?.delta.content) text += choice.delta.content;
        if (choice?.delta.refusal) refusal += choice.delta.refusal;
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage) {
          usage = usageOf(chunk.usage);
          reasoningTokens = chunk.usage.completion_tokens_details?.reasoning_tokens ?? 0;
        }
      }
    } catch (error) {
      if (options.signal?.aborted)
        throw options.signal.reason instanceof Error ? options.signal.reason : new Error(String(options.signal.reason));
      if (stalled.signal.aborted)
        throw new Error(`the model API stopped sending the reply: nothing arrived for ${timeoutMs / 1000} s`, {
          cause: error,
        });
      if (isApiError(error)) {
        if (!legacyMaxTokens.has(call.model) && refusesMaxCompletionTokens(error)) {
          legacyMaxTokens.add(call.model);
          return send(call, structured);
        }
        if (structured && refusesJsonSchema(error)) {
          textOnly.add(call.model);
          return send(call, false);
        }
        const details = detailsOf(error);
        throw new ModelCallError(
          describeProblem(details, { provider: 'openai', model: call.model, where }),
          details,
          'openai',
          error,
        );
      }
      throw error;
    } finally {
      clearTimeout(idle);
    }
    if (finish === 'length') {
      // Reasoning that took most of the budget is what a repair must shorten, not the reply.
      const byReasoning = reasoningTokens > limit / 2;
      if (byReasoning) cutByReasoning.add(key);
      throw new ModelReplyError(
        `the ${call.role} reply was cut at max_completion_tokens (${limit}${reasoningTokens > 0 ? `, ${reasoningTokens} of them reasoning` : ''})`,
        usage,
        'truncated',
      );
    }
    if (refusal || finish === 'content_filter')
      throw new ModelReplyError(
        `the model refused the ${call.role} turn${refusal ? `: ${refusal}` : ''}`,
        usage,
        'refused',
      );
    return { output: parseReply(text, call.schema, call.role, usage), usage, model };
  };

  return {
    complete: <T>(call: ModelCall<T>) => send(call, !textOnly.has(call.model)),
  };
}

type ResponseFormat = { format: ReturnType<typeof zodResponseFormat> | undefined; schema: unknown };
const formats = new WeakMap<z.ZodType<unknown>, ResponseFormat>();

/**
 * The SDK's strict JSON-schema response format of a zod schema, memoised (the same bytes on every
 * call). A schema strict mode cannot express (the SDK throws, e.g. for an optional field that is not
 * also nullable) has no response format: its calls go in text mode, with zod's JSON schema in the prompt.
 */
function responseFormatOf(schema: z.ZodType<unknown>): ResponseFormat {
  let entry = formats.get(schema);
  if (!entry) {
    try {
      const sdkFormat = zodResponseFormat(schema, 'reply');
      const sent = withoutDefaults(sdkFormat.json_schema.schema ?? {});
      const format = { ...sdkFormat, json_schema: { ...sdkFormat.json_schema, schema: sent } };
      entry = { format, schema: sent };
    } catch {
      entry = { format: undefined, schema: withoutDefaults(z.toJSONSchema(schema, { unrepresentable: 'any' })) };
    }
    formats.set(schema, entry);
  }
  return entry;
}

/**
 * A JSON schema without its `default` keywords (a property named "default" stays). Azure AI's
 * `json_schema.strict`: "If set to true, the service will error out if the provided JSON schema contains
 * keywords not supported by the AI model"; Azure OpenAI refuses `default`.
 */
function withoutDefaults(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'default') continue;
    const isMap = key === 'properties' || key === '$defs' || key === 'definitions';
    out[key] =
      isMap && isPlainObject(child)
        ? Object.fromEntries(Object.entries(child).map(([name, value]) => [name, strip(value)]))
        : strip(child);
  }
  return out;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  return isPlainObject(node) ? withoutDefaults(node) : node;
}

function isPlainObject(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** What a call is for, to find its repair retry: the phase, the speaker and the round. */
function callKey(call: ModelCall<unknown>): string {
  const m = call.meta;
  return m ? `${call.model} ${m.phase} ${m.positionId ?? ''} ${m.round ?? ''} ${m.target ?? ''}` : call.model;
}

/** `prompt_tokens_details.cache_write_tokens`: newer than the SDK's types, so read with zod. */
const cacheWritesSchema = z
  .object({ cache_write_tokens: z.number().int().nonnegative().optional().catch(undefined) })
  .catch({});

function usageOf(usage: OpenAI.CompletionUsage): TokenUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const written = cacheWritesSchema.parse(usage.prompt_tokens_details ?? {}).cache_write_tokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.prompt_tokens - cached - written),
    output_tokens: usage.completion_tokens,
    cache_creation_input_tokens: written,
    cache_read_input_tokens: cached,
  };
}
