/**
 * A local stand-in for an OpenAI Chat Completions endpoint (`POST /v1/chat/completions`), faithful
 * enough that the real `openai` SDK (6.x) talks to it unmodified. Each behaviour cites the OpenAI API
 * reference (https://platform.openai.com/docs/api-reference/chat/create, "Chat Completions") or the
 * guide it comes from. Replies come from a scripted responder, as for `anthropic-server.ts`.
 *
 * Kinds of server, configured with `jsonSchema`:
 * - `supported` (OpenAI, vLLM with guided decoding): `response_format: json_schema` is accepted and
 *   checked against the strict-mode rules;
 * - `azure` (Azure OpenAI): the same, and a `default` keyword in a strict schema is refused;
 * - `rejected` / `ignored` (an Ollama-style or older OpenAI-compatible server): a JSON-schema response
 *   format is refused with a 400, or accepted and ignored; replies then come as the responder wrote
 *   them (with `fence: true`, inside a ```json code fence, as local models tend to answer).
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { CallMeta } from '../../src/debate/model-client.js';
import { callMetaOf, type ScriptedReply } from './anthropic-server.js';
import {
  billsCacheWrites,
  defaultKeywordAt,
  isReasoningModel,
  MIN_COMPLETION_TOKENS,
  REASONING_TOKENS,
  shutDownOn,
  strictProblem,
  todayUtc,
  type OpenAiBillingCode,
} from './openai-rules.js';

/** One message of a request (text content only: the only kind pr-debate sends). */
export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant';
  content: string | { type: 'text'; text: string }[];
}

/** The parsed JSON body of a request. Unknown fields pass through. */
export interface ChatCompletionsRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  response_format?:
    | { type: 'text' }
    | { type: 'json_object' }
    | { type: 'json_schema'; json_schema: { name: string; schema?: Record<string, unknown>; strict?: boolean | null } };
  [key: string]: unknown;
}

/** Decides the reply to one valid, authenticated request (the Anthropic server's reply shapes; `error.type` is the OpenAI error `type`, `details.code` its `code`). */
export type ChatResponder = (
  request: ChatCompletionsRequest,
  context: {
    callIndex: number;
    /** From pr-debate's `x-pr-debate-call` header (not an API feature). */ call: CallMeta | undefined;
  },
) => ScriptedReply | Promise<ScriptedReply>;

/** One request the server received, with the usage it answered. */
export interface ReceivedChatRequest {
  body: ChatCompletionsRequest;
  headers: Record<string, string | string[] | undefined>;
  usage?: {
    prompt_tokens: number;
    completion_tokens: number;
    cached_tokens: number;
    cache_write_tokens: number;
    reasoning_tokens: number;
  };
}

/** A running server. */
export interface OpenAiServer {
  /** Base URL for `new OpenAI({ baseURL })` / `OPENAI_BASE_URL`: `http://127.0.0.1:PORT/v1`. */
  url: string;
  requests: ReceivedChatRequest[];
  setResponder(responder: ChatResponder): void;
  close(): Promise<void>;
}

/** Options of {@link startOpenAiServer}. */
export interface StartOpenAiServerOptions {
  /** The only key accepted as `Authorization: Bearer`; undefined accepts any (Ollama checks none). */
  apiKey: string | undefined;
  responder: ChatResponder;
  jsonSchema?: 'supported' | 'azure' | 'rejected' | 'ignored';
  /** The server's date (YYYY-MM-DD, UTC), for model shutdowns; default the real date. */
  today?: string;
  /** False: `max_completion_tokens` is an unknown argument (Azure OpenAI before API version 2024-09-01-preview). */
  maxCompletionTokens?: boolean;
  /** Every request is refused for this spent limit or credit (429 `insufficient_quota`). */
  spendLimit?: OpenAiBillingCode;
  /** Wrap every reply text in a ```json fence (what local models tend to do without a schema). */
  fence?: boolean;
  /** Characters per streamed delta (default 64). */
  chunkSize?: number;
  /**
   * Reasoning models reason as documented (default false, for the suites written before it): reasoning tokens
   * by `reasoning_effort` ({@link REASONING_TOKENS}) before the text, counted toward `max_completion_tokens`.
   * A reply's own `thinkingTokens` applies either way.
   */
  reasoning?: boolean;
}

/** The server's token estimate: ceil(UTF-8 bytes / 4), as the Anthropic server's. */
const tokens = (text: string) => Math.ceil(Buffer.byteLength(text, 'utf8') / 4);

/**
 * Prompt caching guide: "Caching is enabled automatically for prompts that are 1024 tokens or longer",
 * "cache hits occur in 128-token increments", on an exact prefix, per model; the cached part is
 * reported as `usage.prompt_tokens_details.cached_tokens`; the tokens a prompt writes (its longest cached
 * prefix not yet cached) as `cache_write_tokens` on models that bill writes ({@link billsCacheWrites}).
 */
const MIN_CACHED_TOKENS = 1024;
const CACHE_INCREMENT = 128;

class PrefixCache {
  private readonly seen = new Set<string>();
  /** Returns the cached tokens of a prompt and the tokens it writes to the cache (its longest cacheable prefix beyond them), and remembers its prefixes. */
  account(model: string, prompt: string): { cached: number; written: number } {
    const bytes = Buffer.from(prompt, 'utf8');
    const hash: Hash = createHash('sha256').update(model).update('\0');
    let cached = 0;
    let done = 0;
    const keys: string[] = [];
    for (let n = MIN_CACHED_TOKENS; n * 4 <= bytes.length; n += CACHE_INCREMENT) {
      hash.update(bytes.subarray(done, n * 4));
      done = n * 4;
      const key = hash.copy().digest('hex');
      keys.push(key);
      if (this.seen.has(key)) cached = n;
    }
    const longest = keys.length > 0 ? MIN_CACHED_TOKENS + (keys.length - 1) * CACHE_INCREMENT : 0;
    for (const key of keys) this.seen.add(key);
    return { cached, written: Math.max(0, longest - cached) };
  }
}

const contentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.literal('text'), text: z.string() }))]);
const requestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z
    .array(z.looseObject({ role: z.enum(['system', 'developer', 'user', 'assistant']), content: contentSchema }))
    .min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  response_format: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('text') }),
      z.object({ type: z.literal('json_object') }),
      z.object({
        type: z.literal('json_schema'),
        json_schema: z.looseObject({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
          schema: z.record(z.string(), z.unknown()).optional(),
          strict: z.boolean().nullish(),
        }),
      }),
    ])
    .optional(),
});

/** The error body of the API reference ("Error codes"): `{ error: { message, type, param, code } }`. */
function sendError(
  res: ServerResponse,
  status: number,
  error: { message: string; type: string; param?: string | null; code?: string | null },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({
    error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code ?? null },
  });
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const textOf = (content: ChatMessage['content']) =>
  typeof content === 'string' ? content : content.map((p) => p.text).join('');

/** Starts the server on 127.0.0.1 with an ephemeral port. */
export async function startOpenAiServer(options: StartOpenAiServerOptions): Promise<OpenAiServer> {
  const chunkSize = Math.max(1, options.chunkSize ?? 64);
  const jsonSchema = options.jsonSchema ?? 'supported';
  let responder = options.responder;
  let callIndex = 0;
  const requests: ReceivedChatRequest[] = [];
  const cache = new PrefixCache();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Every response carries `x-request-id` ("Debugging requests" in the API reference).
    res.setHeader('x-request-id', `req_${randomBytes(12).toString('hex')}`);
    const raw = await readBody(req);
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://localhost').pathname !== '/v1/chat/completions') {
      sendError(res, 404, { message: `Invalid URL (${req.method} ${req.url})`, type: 'invalid_request_error' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      sendError(res, 400, {
        message:
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
        type: 'invalid_request_error',
      });
      return;
    }
    if (typeof body === 'object' && body !== null)
      requests.push({ body: body as ChatCompletionsRequest, headers: { ...req.headers } });
    const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    if (options.apiKey !== undefined && bearer !== options.apiKey) {
      // Error codes: "401 - Invalid Authentication / Incorrect API key provided".
      sendError(res, 401, {
        message: `Incorrect API key provided: ${bearer ?? '(none)'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
      return;
    }
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      sendError(res, 400, {
        message: `Invalid value for '${issue.path.join('.')}': ${issue.message}`,
        type: 'invalid_request_error',
        param: issue.path.join('.'),
      });
      return;
    }
    const request = body as ChatCompletionsRequest;
    if (options.spendLimit) {
      // Help Center, "Troubleshooting API usage and spend limits": "Check error.code in the API response. A
      // billing-related error may still use the broader error.type value insufficient_quota." (429).
      sendError(res, 429, {
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        type: 'insufficient_quota',
        code: options.spendLimit,
      });
      return;
    }
    const shutdown = shutDownOn(request.model, options.today ?? todayUtc());
    if (shutdown) {
      // Deprecations: at shutdown "the model or endpoint will no longer be accessible"; the page names no
      // error, so the server answers as for any model the key cannot use ("Error codes", 404).
      sendError(res, 404, {
        message: `The model \`${request.model}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: 'model',
        code: 'model_not_found',
      });
      return;
    }
    if (request.max_tokens != null && isReasoningModel(request.model)) {
      sendError(res, 400, {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      });
      return;
    }
    if (
      request.max_completion_tokens != null &&
      request.max_completion_tokens < MIN_COMPLETION_TOKENS &&
      isReasoningModel(request.model)
    ) {
      sendError(res, 400, {
        message: `Invalid 'max_completion_tokens': integer below minimum value. Expected a value >= ${MIN_COMPLETION_TOKENS}, but got ${request.max_completion_tokens} instead.`,
        type: 'invalid_request_error',
        param: 'max_completion_tokens',
        code: 'integer_below_min_value',
      });
      return;
    }
    if (request.max_completion_tokens != null && options.maxCompletionTokens === false) {
      sendError(res, 400, {
        message: 'Unrecognized request argument supplied: max_completion_tokens',
        type: 'invalid_request_error',
      });
      return;
    }
    if (request.max_tokens != null && request.max_completion_tokens != null) {
      sendError(res, 400, {
        message:
          "max_tokens and max_completion_tokens cannot both be set: 'max_tokens' is deprecated in favor of 'max_completion_tokens'.",
        type: 'invalid_request_error',
        param: 'max_tokens',
      });
      return;
    }
    const format = request.response_format;
    if (format?.type === 'json_schema') {
      if (jsonSchema === 'rejected') {
        sendError(res, 400, {
          message: "response_format.type 'json_schema' is not supported by this server; use 'json_object' or 'text'",
          type: 'invalid_request_error',
          param: 'response_format',
        });
        return;
      }
      const strict = (jsonSchema === 'supported' || jsonSchema === 'azure') && format.json_schema.strict === true;
      const keyword = strict && jsonSchema === 'azure' ? defaultKeywordAt(format.json_schema.schema) : undefined;
      const problem = keyword
        ? `Invalid schema for response_format 'reply': In context=(${keyword}), 'default' is not permitted.`
        : strict
          ? strictProblem(format.json_schema.schema, 'root')
          : undefined;
      if (problem) {
        sendError(res, 400, { message: problem, type: 'invalid_request_error', param: 'response_format', code: null });
        return;
      }
    }
    let reply: ScriptedReply;
    try {
      reply = await responder(request, { callIndex: callIndex++, call: callMetaOf(req.headers) });
    } catch (error) {
      sendError(res, 500, {
        message: `The server had an error while processing your request (${error instanceof Error ? error.message : String(error)}).`,
        type: 'server_error',
      });
      return;
    }
    if ('hang' in reply) return; // never answers; the client's timeout or abort ends it
    if ('error' in reply) {
      const code = typeof reply.error.details?.code === 'string' ? reply.error.details.code : null;
      sendError(
        res,
        reply.error.status,
        { message: reply.error.message, type: reply.error.type, code },
        reply.headers ?? {},
      );
      return;
    }
    const maxTokens = request.max_completion_tokens ?? request.max_tokens ?? Infinity;
    let text = options.fence ? `\`\`\`json\n${reply.text}\n\`\`\`` : reply.text;
    let finish: 'stop' | 'length' | 'content_filter' = reply.stopReason === 'refusal' ? 'content_filter' : 'stop';
    const effort = typeof request['reasoning_effort'] === 'string' ? request['reasoning_effort'] : 'medium';
    const reasoning = Math.min(
      maxTokens,
      reply.thinkingTokens ??
        (options.reasoning && isReasoningModel(request.model)
          ? (REASONING_TOKENS[effort] ?? REASONING_TOKENS.medium!)
          : 0),
    );
    let completionTokens = reply.outputTokens ?? reasoning + Math.max(1, tokens(text));
    if (completionTokens > maxTokens) {
      // `finish_reason: "length"`: "the maximum number of tokens specified in the request was reached"; reasoning comes first.
      text = Buffer.from(text, 'utf8')
        .subarray(0, Math.max(0, maxTokens - reasoning) * 4)
        .toString('utf8');
      completionTokens = maxTokens;
      finish = 'length';
    }
    if (finish === 'content_filter') text = '';
    const prompt = request.messages.map((m) => `${m.role}\n${textOf(m.content)}\n`).join('');
    const promptTokens = tokens(prompt);
    const account = cache.account(request.model, prompt);
    const cached = account.cached;
    const written = billsCacheWrites(request.model) ? account.written : 0;
    requests.at(-1)!.usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      cached_tokens: cached,
      cache_write_tokens: written,
      reasoning_tokens: reasoning,
    };
    // The usage object: "prompt_tokens_details: Breakdown of tokens used in the prompt" (cached_tokens, and
    // cache_write_tokens on the models that bill writes); `prompt_tokens` counts all of them.
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: {
        cached_tokens: cached,
        audio_tokens: 0,
        ...(billsCacheWrites(request.model) ? { cache_write_tokens: written } : {}),
      },
      completion_tokens_details: {
        reasoning_tokens: reasoning,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const model = `${request.model}-2026-01-01`;
    if (request.stream !== true) {
      const completion = {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: finish,
          },
        ],
        usage,
        system_fingerprint: 'fp_local',
      };
      const payload = JSON.stringify(completion);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
      res.end(payload);
      return;
    }
    // Streaming: "data-only server-sent events", chunks of object `chat.completion.chunk`, "terminated by
    // a data: [DONE] message"; with `stream_options.include_usage`, "an additional chunk will be streamed
    // before the data: [DONE] message. The usage field on this chunk shows the token usage statistics for
    // the entire request, and the choices field will always be an empty array."
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_local', choices, ...extra })}\n\n`,
      );
    const includeUsage = request.stream_options?.include_usage === true;
    chunk(
      [{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }],
      includeUsage ? { usage: null } : {},
    );
    const points = Array.from(text);
    for (let i = 0; i < points.length; i += chunkSize) {
      if (res.destroyed) return;
      chunk(
        [
          {
            index: 0,
            delta: { content: points.slice(i, i + chunkSize).join('') },
            logprobs: null,
            finish_reason: null,
          },
        ],
        includeUsage ? { usage: null } : {},
      );
    }
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finish }], includeUsage ? { usage: null } : {});
    if (includeUsage) chunk([], { usage });
    res.write('data: [DONE]\n\n');
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else
        sendError(res, 500, { message: error instanceof Error ? error.message : String(error), type: 'server_error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setResponder: (next) => (responder = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The instructions of a request: the user message after the evidence pack (pr-debate sends `evidence\n\ninstructions`). */
export function instructionsOf(request: ChatCompletionsRequest): { evidence: string; instructions: string } {
  const user = textOf(request.messages.find((m) => m.role === 'user')?.content ?? '');
  const at = user.search(/(^|\n\n)# Your role: /);
  if (at < 0) return { evidence: user, instructions: '' };
  const start = user.startsWith('# Your role: ') ? 0 : at + 2;
  return { evidence: user.slice(0, Math.max(0, start - 2)), instructions: user.slice(start) };
}
