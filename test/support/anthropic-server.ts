/**
 * A local stand-in for the Anthropic Messages API (`POST /v1/messages`), faithful enough that the
 * real `@anthropic-ai/sdk` client talks to it unmodified: same headers, status codes, error bodies,
 * JSON message shape and server-sent-event sequence. Replies come from a scripted {@link Responder}.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Message, RawMessageStreamEvent, StopReason, Usage } from '@anthropic-ai/sdk/resources/messages';
import type { CallMeta } from '../../src/debate/model-client.js';
import { CALL_META_HEADER } from '../../src/llm/request-defaults.js';
import { checkPrewarm, checkSchemaLimits, serverModel, thinkingTokensOf, type Effort } from './anthropic-rules.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

/** A prompt-cache breakpoint, as the API accepts it on a content block. */
export interface CacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A text content block in a request (the only block kind this server accepts). */
export interface TextBlockParam {
  type: 'text';
  text: string;
  cache_control?: CacheControl | null;
  citations?: unknown[] | null;
}

/** Content blocks accepted in `system` and `messages[].content`. */
export type ContentBlockParam = TextBlockParam;

/** One conversation turn of a request. */
export interface MessageParam {
  role: 'user' | 'assistant';
  content: string | ContentBlockParam[];
}

/** The parsed JSON body of a `POST /v1/messages` request. Unknown top-level fields pass through. */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  system?: string | TextBlockParam[];
  messages: MessageParam[];
  stream?: boolean;
  output_config?: {
    format?: { type: 'json_schema'; schema: Record<string, unknown> } | null;
    effort?: string | null;
  };
  thinking?: { type: 'adaptive' | 'enabled' | 'disabled'; budget_tokens?: number; display?: 'summarized' | 'omitted' };
  metadata?: unknown;
  stop_sequences?: string[];
  temperature?: number;
  [key: string]: unknown;
}

/** What the responder tells the server to answer. */
export type ScriptedReply =
  | {
      text: string;
      stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal';
      /**
       * With `stopReason: 'refusal'`: the `stop_details` the API sends with it. Handling refusals / stop
       * reasons (platform.claude.com, read 2026-12-03): a refusal has `stop_reason: "refusal"` and
       * `stop_details: {type: "refusal", category, explanation}`, either of the two possibly null.
       */
      refusal?: { category: string | null; explanation: string | null };
      /** Overrides the estimated `output_tokens` (and disables automatic max_tokens truncation). */
      outputTokens?: number;
      /** Milliseconds to wait before answering (before the response headers). */
      delayMs?: number;
      /** Thinking tokens before the text (default: by the request's thinking and effort, see `anthropic-rules.ts`). */
      thinkingTokens?: number;
      /** Milliseconds the model thinks while streaming (only `ping` events meanwhile), default 0. */
      thinkMs?: number;
      /**
       * Instead of the reply, an error event inside a stream that began with HTTP 200, after `message_start`
       * and `afterChars` of the text: "We may occasionally send errors in the event stream. For example,
       * during periods of high usage, you may receive an `overloaded_error`, which would normally
       * correspond to an HTTP 529 in a non-streaming context" (streaming, "Error events").
       */
      streamError?: { type: string; message: string };
      afterChars?: number;
      /**
       * Instead of the reply, a connection that drops part-way: after `message_start` and this many
       * characters of the text the server destroys the socket, with no `message_stop` (what the SDK's 1.17
       * changelog calls "a connection that drops while a stream is read").
       */
      dropAfterChars?: number;
    }
  | {
      /** `details` goes into the error body as the API sends it, e.g. `{ error_code: 'enforced_spend_limit_reached' }`. */
      error: { status: number; type: string; message: string; details?: Record<string, unknown> };
      headers?: Record<string, string>;
    }
  | {
      hang: true;
      /**
       * Stall after the stream has begun: send the response headers and `message_start`, then nothing
       * more (a stream that stops mid-reply). Without it the server never answers at all.
       */
      afterStart?: boolean;
    };

/** Context handed to a responder alongside the request. */
export interface ResponderContext {
  /** 0-based index of this call among the requests that reached the responder. */
  callIndex: number;
  /** All system + user text of the request (block by block) joined with `\n\n`. */
  text: string;
  /**
   * What the call is for, from pr-debate's `x-pr-debate-call` header (not an API feature: the API
   * ignores headers it does not know); scripted responders route on it. Undefined without the header.
   */
  call: CallMeta | undefined;
}

const callMetaSchema: z.ZodType<CallMeta> = z.object({
  phase: z.enum([
    'preflight',
    'framing',
    'reading',
    'pr-position',
    'opening',
    'cross-examination',
    'closing',
    'steelman',
    'audit',
    'judge',
  ]),
  positionId: z.string().optional(),
  part: z.number().int().optional(),
  round: z.number().int().optional(),
  target: z.string().optional(),
  order: z.array(z.string()).optional(),
  retry: z.boolean(),
  warmUp: z.boolean().optional(),
});

/**
 * The call metadata of a request's `x-pr-debate-call` header.
 * @throws z.ZodError when the header is there but is not the metadata (a client bug)
 */
export function callMetaOf(headers: Record<string, string | string[] | undefined>): CallMeta | undefined {
  const raw = headerValue(headers[CALL_META_HEADER]);
  return raw === undefined ? undefined : callMetaSchema.parse(JSON.parse(raw));
}

/** Decides the reply to one valid, authenticated request. */
export type Responder = (request: MessagesRequest, context: ResponderContext) => ScriptedReply | Promise<ScriptedReply>;

/** One request the server received, with what it answered. */
export interface ReceivedMessagesRequest {
  body: MessagesRequest;
  headers: Record<string, string | string[] | undefined>;
  /** The usage the server answered with; absent for errors, hangs and invalid requests. */
  usage?: Usage;
  /** When the request arrived and when its response ended (`performance.now()`, ms), for benchmarks. */
  receivedAt: number;
  finishedAt?: number;
}

/** A running local Messages API server. */
export interface AnthropicServer {
  /** Base URL for `new Anthropic({ baseURL })` / `ANTHROPIC_BASE_URL`, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  /** Every `POST /v1/messages` with a JSON object body, in arrival order (including rejected ones). */
  requests: ReceivedMessagesRequest[];
  /** Every `POST /v1/messages/count_tokens` body, in arrival order. */
  countRequests: unknown[];
  /** Replaces the responder for subsequent requests. */
  setResponder(responder: Responder): void;
  /** Destroys every open connection (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

/** Options for {@link startAnthropicServer}. */
export interface StartAnthropicServerOptions {
  /** The only API key accepted (as `x-api-key` or `Authorization: Bearer`). */
  apiKey: string;
  responder: Responder;
  /** Characters per `text_delta` event when streaming (default 64). */
  chunkSize?: number;
  /**
   * When a prompt-cache entry a request writes becomes readable by other requests. The documentation
   * says "For concurrent requests, note that a cache entry only becomes available after the first
   * response begins. If you need cache hits for parallel requests, wait for the first response before
   * sending subsequent requests." (https://docs.claude.com/en/docs/build-with-claude/prompt-caching,
   * "How prompt caching works": "caches the prefix once the response begins"). It does not say whether
   * "begins" is the first byte of the response or its completion, so both readings are implemented:
   * `response-start` (the default): readable from `message_start` (streaming) or the response (JSON);
   * `response-end`: readable only once the whole response has been sent (`message_stop`).
   */
  cacheReadable?: 'response-start' | 'response-end';
  /**
   * Milliseconds a streamed reply takes between `message_start` and `message_stop` (default 0: all at
   * once), standing in for the model's generation time, so that requests sent after a reply began
   * can arrive before it ends.
   */
  streamMs?: number;
  /**
   * Structured outputs switched off for the project: every request with `output_config.format` gets a
   * 400. `vertex`: Google's error body with `FAILED_PRECONDITION`, what Vertex AI answers under its
   * default organization policy (`constraints/vertexai.allowedPartnerModelFeatures`); `anthropic`: an
   * `invalid_request_error` naming `output_config.format`.
   */
  structuredOutputsOff?: 'vertex' | 'anthropic';
  /**
   * Model thinking as the API documents it (default false, for the suites written before it): thinking
   * on by default on the models whose docs say so, its tokens counted toward `max_tokens` and scaled by
   * effort (see `anthropic-rules.ts`). A reply's own `thinkingTokens` applies either way.
   */
  thinking?: boolean;
  /**
   * Model ids served besides the Claude models the API documents (as a current model), such as the
   * demo's stand-ins `rehearsal` and `illustration`; any other unknown id gets the API's 404.
   */
  acceptedModels?: readonly string[];
  /** Milliseconds between `ping` events while the model thinks (default 50). */
  pingMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Token accounting helpers
// ---------------------------------------------------------------------------------------------

/** Smallest prefix (in tokens) the API will cache. */
export const MIN_CACHEABLE_TOKENS = 1024;
const MAX_CACHE_BREAKPOINTS = 4;
/** How many blocks before a breakpoint the API checks for an earlier cache entry. */
const CACHE_LOOKBACK_BLOCKS = 20;

/** The server's token estimate for a text: ceil(UTF-8 bytes / 4). */
export function approximateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/** All system + user text of a request, block by block, joined with `\n\n` (the responder's `context.text`). */
export function requestRoutingText(request: MessagesRequest): string {
  return flattenBlocks(request)
    .filter((block) => block.role !== 'assistant')
    .map((block) => block.text)
    .join('\n\n');
}

/** A block of a request in the order the API reads them (system, then messages), with its breakpoint. */
export interface FlatBlock {
  role: 'system' | 'user' | 'assistant';
  text: string;
  cacheControl: CacheControl | null;
}

/** The blocks of a request in the order the API reads them: system blocks first, then messages. */
export function flattenBlocks(request: MessagesRequest): FlatBlock[] {
  const blocks: FlatBlock[] = [];
  const push = (role: FlatBlock['role'], content: string | TextBlockParam[] | undefined): void => {
    if (content === undefined) return;
    if (typeof content === 'string') {
      blocks.push({ role, text: content, cacheControl: null });
      return;
    }
    for (const block of content) {
      blocks.push({ role, text: block.text, cacheControl: block.cache_control ?? null });
    }
  };
  push('system', request.system);
  for (const message of request.messages) push(message.role, message.content);
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Request validation (zod, with the API's pydantic-style messages)
// ---------------------------------------------------------------------------------------------

const CacheControlSchema = z.strictObject({
  type: z.literal('ephemeral'),
  ttl: z.enum(['5m', '1h']).optional(),
});

const TextBlockSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: CacheControlSchema.nullish(),
  citations: z.array(z.unknown()).nullish(),
});

const MessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(TextBlockSchema)]),
});

const RequestSchema = z.looseObject({
  model: z.string(),
  // "Set `max_tokens: 0` in your request" to pre-warm the cache (prompt caching, Pre-warming the cache).
  max_tokens: z.number().int().min(0),
  thinking: z
    .strictObject({
      type: z.enum(['adaptive', 'enabled', 'disabled']),
      budget_tokens: z.number().int().min(1024).optional(),
      display: z.enum(['summarized', 'omitted']).optional(),
    })
    .optional(),
  messages: z.array(MessageSchema),
  system: z.union([z.string(), z.array(TextBlockSchema)]).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stop_sequences: z.array(z.string()).optional(),
  metadata: z.strictObject({ user_id: z.string().max(256).nullish() }).optional(),
  output_config: z
    .strictObject({
      format: z
        .strictObject({
          type: z.literal('json_schema'),
          schema: z.record(z.string(), z.unknown()),
        })
        .nullish(),
      effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).nullish(),
    })
    .optional(),
});

type ZodIssue = z.core.$ZodIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'a valid string',
  number: 'a valid number',
  int: 'a valid integer',
  boolean: 'a valid boolean',
  array: 'a valid list',
  object: 'a valid dictionary',
  record: 'a valid dictionary',
};

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

function maxPathDepth(issues: readonly ZodIssue[]): number {
  return Math.max(-1, ...issues.map((issue) => issue.path.length));
}

/** Formats the first zod issue the way the API words validation errors: `path.to.field: message`. */
function formatIssue(issue: ZodIssue, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  const at = (message: string, extra: readonly PropertyKey[] = []): string => {
    const full = [...path, ...extra].map(String).join('.');
    return full ? `${full}: ${message}` : message;
  };
  switch (issue.code) {
    case 'invalid_union': {
      // Report the branch that got furthest into the input (e.g. the list branch for a list).
      const branches = issue.errors.filter((branch) => branch.length > 0);
      const best = branches.reduce<ZodIssue[] | undefined>(
        (acc, branch) => (acc === undefined || maxPathDepth(branch) > maxPathDepth(acc) ? branch : acc),
        undefined,
      );
      const first = best?.[0];
      return first ? formatIssue(first, path) : at('Input is invalid');
    }
    case 'invalid_type':
      if (!('input' in issue) || issue.input === undefined) return at('Field required');
      return at(`Input should be ${TYPE_NAMES[issue.expected] ?? `a valid ${issue.expected}`}`);
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return at(`String should have at least ${n} character${n === '1' ? '' : 's'}`);
      if (issue.origin === 'array') return at(`List should have at least ${n} item${n === '1' ? '' : 's'}`);
      return at(`Input should be greater than ${issue.inclusive ? 'or equal to ' : ''}${n}`);
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return at(`String should have at most ${n} character${n === '1' ? '' : 's'}`);
      if (issue.origin === 'array') return at(`List should have at most ${n} item${n === '1' ? '' : 's'}`);
      return at(`Input should be less than ${issue.inclusive ? 'or equal to ' : ''}${n}`);
    }
    case 'invalid_value':
      return at(`Input should be ${quoteList(issue.values)}`);
    case 'unrecognized_keys':
      return at('Extra inputs are not permitted', [issue.keys[0] ?? '']);
    default:
      return at(issue.message);
  }
}

const SUPPORTED_STRING_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);
const UNSUPPORTED_SCHEMA_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a structured-output JSON schema against the API's documented limits (the same ones the
 * SDK's `transformJSONSchema` works around): objects need `additionalProperties: false`, no
 * numeric/length constraints, `minItems` only 0 or 1, supported string formats, local `$ref`s,
 * and no recursion. Returns an error message or null.
 */
function checkOutputSchema(schema: Record<string, unknown>): string | null {
  const prefix = 'output_config.format.schema';
  const defs: Record<string, unknown> = {
    ...(isPlainObject(schema['definitions']) ? schema['definitions'] : {}),
    ...(isPlainObject(schema['$defs']) ? schema['$defs'] : {}),
  };
  const refsOf = new Map<string, Set<string>>();
  let problem: string | null = null;

  const walk = (node: unknown, owner: string | null): void => {
    if (problem !== null || !isPlainObject(node)) return;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) {
        problem = `${prefix}: External $ref '${ref}' is not supported`;
        return;
      }
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
      if (owner !== null) refsOf.get(owner)?.add(name ?? '#');
    }
    const types = Array.isArray(node['type']) ? node['type'] : [node['type']];
    const typeName = String(types.find((t) => t !== 'null') ?? node['type'] ?? 'schema');
    for (const keyword of UNSUPPORTED_SCHEMA_KEYWORDS) {
      if (keyword in node) {
        problem = `${prefix}: For '${typeName}' type, property '${keyword}' is not supported`;
        return;
      }
    }
    if (types.includes('object') && node['additionalProperties'] !== false) {
      problem = `${prefix}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
      return;
    }
    const minItems = node['minItems'];
    if (minItems !== undefined && minItems !== 0 && minItems !== 1) {
      problem = `${prefix}: For 'array' type, property 'minItems' only supports values 0 or 1`;
      return;
    }
    const format = node['format'];
    if (typeof format === 'string' && !SUPPORTED_STRING_FORMATS.has(format)) {
      problem = `${prefix}: For 'string' type, format '${format}' is not supported`;
      return;
    }
    if (isPlainObject(node['properties'])) for (const child of Object.values(node['properties'])) walk(child, owner);
    if (node['items'] !== undefined) walk(node['items'], owner);
    for (const key of ['anyOf', 'allOf', 'oneOf', 'prefixItems']) {
      const list = node[key];
      if (Array.isArray(list)) for (const child of list) walk(child, owner);
    }
  };

  for (const [name, def] of Object.entries(defs)) {
    refsOf.set(name, new Set());
    walk(def, name);
  }
  refsOf.set('#', new Set());
  const root: Record<string, unknown> = { ...schema };
  delete root['$defs'];
  delete root['definitions'];
  walk(root, '#');
  if (problem !== null) return problem;

  // Recursion: a cycle in the graph of definitions (and the root, '#').
  const state = new Map<string, 'visiting' | 'done'>();
  const cyclic = (name: string): boolean => {
    if (state.get(name) === 'visiting') return true;
    if (state.get(name) === 'done') return false;
    state.set(name, 'visiting');
    for (const next of refsOf.get(name) ?? []) if (cyclic(next)) return true;
    state.set(name, 'done');
    return false;
  };
  for (const name of refsOf.keys()) {
    if (cyclic(name)) return `${prefix}: Recursive schemas are not supported`;
  }
  return null;
}

/** Semantic checks the API applies after the body's shape is valid. Returns an error message or null. */
function checkSemantics(request: MessagesRequest): string | null {
  const { messages } = request;
  if (messages.length === 0) return 'messages: at least one message is required';
  if (messages[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  for (let i = 1; i < messages.length; i++) {
    const role = messages[i]?.role;
    if (role === messages[i - 1]?.role) {
      return `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
    }
  }
  const blockProblem = (field: string, blocks: TextBlockParam[]): string | null => {
    for (const block of blocks) {
      if (block.text.length === 0) return `${field}: text content blocks must be non-empty`;
      if (block.text.trim().length === 0) return `${field}: text content blocks must contain non-whitespace text`;
    }
    return null;
  };
  if (Array.isArray(request.system)) {
    const problem = blockProblem('system', request.system);
    if (problem) return problem;
  }
  for (const [i, message] of messages.entries()) {
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    if (message.content.length === 0 && !isFinalAssistant) {
      return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    }
    if (Array.isArray(message.content)) {
      const problem = blockProblem('messages', message.content);
      if (problem) return problem;
    }
    if (isFinalAssistant) {
      const text = typeof message.content === 'string' ? message.content : message.content.map((b) => b.text).join('');
      if (text.length > 0 && /\s$/.test(text))
        return 'messages: final assistant content cannot end with trailing whitespace';
    }
  }
  const breakpoints = flattenBlocks(request).filter((block) => block.cacheControl !== null);
  if (breakpoints.length > MAX_CACHE_BREAKPOINTS) {
    return `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints.length}.`;
  }
  let seenShortTtl = false;
  for (const block of breakpoints) {
    const ttl = block.cacheControl?.ttl ?? '5m';
    if (ttl === '5m') seenShortTtl = true;
    else if (seenShortTtl) {
      return "cache_control: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block";
    }
  }
  const prewarm = checkPrewarm(request);
  if (prewarm) return prewarm;
  const format = request.output_config?.format;
  if (format) return checkOutputSchema(format.schema) ?? checkSchemaLimits(format.schema);
  return null;
}

type Validation = { ok: true; request: MessagesRequest } | { ok: false; message: string };

function validateRequest(body: unknown): Validation {
  const parsed = RequestSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, message: first ? formatIssue(first) : 'Invalid request' };
  }
  // The schema is the runtime check; the original object (unknown fields included) is the request.
  const request = body as MessagesRequest;
  const problem = checkSemantics(request);
  return problem === null ? { ok: true, request } : { ok: false, message: problem };
}

// ---------------------------------------------------------------------------------------------
// Prompt cache
// ---------------------------------------------------------------------------------------------

interface CacheEntry {
  expiresAt: number;
}

interface InputAccounting {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  ephemeral_5m_input_tokens: number;
  ephemeral_1h_input_tokens: number;
}

const TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const;

/**
 * Prompt caching as the API does it: entries are written at `cache_control` breakpoints (system
 * blocks first, then message blocks) once the prefix is at least {@link MIN_CACHEABLE_TOKENS};
 * a request reads the longest previously written prefix found at a breakpoint or up to
 * {@link CACHE_LOOKBACK_BLOCKS} blocks before one, and writes the rest up to its last breakpoint.
 * The cache key covers the model, tools and output format as well as the blocks.
 */
class PromptCache {
  private readonly entries = new Map<string, CacheEntry>();

  /**
   * The input side of a request's usage. The entries it writes are not readable until `commit()`
   * (see {@link StartAnthropicServerOptions.cacheReadable}); reads refresh their entry at once.
   */
  account(request: MessagesRequest): InputAccounting & { commit: () => void } {
    const writes: [string, number][] = [];
    const usage = this.accountWith(request, (hash, expiresAt) => writes.push([hash, expiresAt]));
    return { ...usage, commit: () => writes.forEach(([hash, expiresAt]) => this.entries.set(hash, { expiresAt })) };
  }

  private accountWith(request: MessagesRequest, write: (hash: string, expiresAt: number) => void): InputAccounting {
    const blocks = flattenBlocks(request);
    const hash: Hash = createHash('sha256');
    // "Changing the `output_config.format` parameter will invalidate any prompt cache" (structured outputs); the
    // thinking configuration and `output_config.effort` are "rendered into the prompt" (prompt caching, What invalidates the cache).
    hash.update(
      JSON.stringify([
        request.model,
        request['tools'] ?? null,
        request.output_config?.format ?? null,
        request.thinking ?? null,
        request.output_config?.effort ?? null,
      ]),
    );
    const prefixHashes: string[] = [];
    const prefixTokens: number[] = [];
    let bytes = 0;
    for (const block of blocks) {
      hash.update(JSON.stringify([block.role, block.text]));
      prefixHashes.push(hash.copy().digest('hex'));
      bytes += Buffer.byteLength(block.text, 'utf8');
      prefixTokens.push(Math.ceil(bytes / 4));
    }
    const total = Math.ceil(bytes / 4);
    const result: InputAccounting = {
      input_tokens: total,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      ephemeral_5m_input_tokens: 0,
      ephemeral_1h_input_tokens: 0,
    };
    const breakpoints = blocks.flatMap((block, index) => (block.cacheControl ? [index] : []));
    const last = breakpoints.at(-1);
    if (last === undefined || (prefixTokens[last] ?? 0) < MIN_CACHEABLE_TOKENS) return result;

    const now = Date.now();
    let readIndex = -1;
    for (const breakpoint of breakpoints) {
      for (let i = breakpoint; i >= Math.max(0, breakpoint - CACHE_LOOKBACK_BLOCKS + 1); i--) {
        if (i <= readIndex) break;
        const entry = this.entries.get(prefixHashes[i] ?? '');
        if (entry && entry.expiresAt > now && (prefixTokens[i] ?? 0) >= MIN_CACHEABLE_TOKENS) {
          readIndex = i;
          break;
        }
      }
    }
    const readTokens = readIndex >= 0 ? (prefixTokens[readIndex] ?? 0) : 0;
    if (readIndex >= 0) {
      const ttl = this.ttlAt(blocks, readIndex);
      this.entries.set(prefixHashes[readIndex] ?? '', { expiresAt: now + TTL_MS[ttl] });
    }
    let covered = readTokens;
    for (const breakpoint of breakpoints) {
      if (breakpoint <= readIndex) continue;
      const tokens = prefixTokens[breakpoint] ?? 0;
      const ttl = blocks[breakpoint]?.cacheControl?.ttl ?? '5m';
      const segment = tokens - covered;
      covered = tokens;
      if (ttl === '1h') result.ephemeral_1h_input_tokens += segment;
      else result.ephemeral_5m_input_tokens += segment;
      if (tokens >= MIN_CACHEABLE_TOKENS) write(prefixHashes[breakpoint] ?? '', now + TTL_MS[ttl]);
    }
    const lastTokens = prefixTokens[last] ?? 0;
    result.cache_read_input_tokens = readTokens;
    result.cache_creation_input_tokens = lastTokens - readTokens;
    result.input_tokens = total - lastTokens;
    return result;
  }

  /** The TTL of the first breakpoint at or after `index` (the one whose entry covers it). */
  private ttlAt(blocks: FlatBlock[], index: number): '5m' | '1h' {
    for (let i = index; i < blocks.length; i++) {
      const ttl = blocks[i]?.cacheControl?.ttl;
      if (blocks[i]?.cacheControl) return ttl ?? '5m';
    }
    return '5m';
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------------------------

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789';

function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

function sendError(
  res: ServerResponse,
  requestId: string,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
  details?: Record<string, unknown>,
): void {
  sendJson(
    res,
    status,
    { type: 'error', error: { type, message, ...(details ? { details } : {}) }, request_id: requestId },
    headers,
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Splits text into pieces of `size` code points (never splitting a surrogate pair). */
function chunkText(text: string, size: number): string[] {
  const points = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < points.length; i += size) chunks.push(points.slice(i, i + size).join(''));
  return chunks;
}

/** Truncates text to at most `maxBytes` UTF-8 bytes on a code point boundary. */
function truncateBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const point of text) {
    bytes += Buffer.byteLength(point, 'utf8');
    if (bytes > maxBytes) break;
    out += point;
  }
  return out;
}

function sse(res: ServerResponse, event: RawMessageStreamEvent | { type: 'ping' }): void {
  res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * Starts the server on 127.0.0.1 with an ephemeral port.
 *
 * Only `POST /v1/messages` exists. Requests are authenticated (`x-api-key` or
 * `Authorization: Bearer`), need an `anthropic-version` header, are validated like the API does,
 * then answered from the responder as a Message JSON or, with `stream: true`, as the API's SSE
 * event sequence. Usage and prompt-cache accounting follow {@link approximateTokens}.
 */
export async function startAnthropicServer(options: StartAnthropicServerOptions): Promise<AnthropicServer> {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? 64));
  const readableAtEnd = options.cacheReadable === 'response-end';
  const streamMs = Math.max(0, options.streamMs ?? 0);
  let responder = options.responder;
  let callIndex = 0;
  let closed = false;
  const requests: ReceivedMessagesRequest[] = [];
  const cache = new PromptCache();
  const timers = new Set<NodeJS.Timeout>();

  /** Waits `ms`, resolving false early if the client goes away or the server closes. */
  const wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(!res.destroyed);
      const onClose = (): void => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(!res.destroyed && !closed);
      }, ms);
      timers.add(timer);
      res.once('close', onClose);
    });

  const countRequests: unknown[] = [];
  /**
   * `POST /v1/messages/count_tokens`: "Token counting enables you to determine the number of tokens in a
   * message before sending it to Claude"; "Token counting is free to use but subject to requests per minute
   * rate limits"; the response is `{"input_tokens": N}` (token counting, read 2026-12-03). The count is this
   * server's stand-in: `approximateTokens` of the system and messages, times 1.3 on models with the newer
   * tokenizer ("the same text counts as approximately 30% more tokens", Claude Haiku 5.5 overview).
   */
  const countTokens = async (req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> => {
    const raw = await readBody(req);
    const apiKey = headerValue(req.headers['x-api-key']);
    const bearer = headerValue(req.headers['authorization'])?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (apiKey !== options.apiKey && bearer !== options.apiKey)
      return sendError(res, requestId, 401, 'authentication_error', 'invalid x-api-key');
    let body: { model?: unknown; system?: unknown; messages?: unknown } | undefined;
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return sendError(
        res,
        requestId,
        400,
        'invalid_request_error',
        'There was an error parsing the body of your request',
      );
    }
    countRequests.push(body);
    const modelId = typeof body?.model === 'string' ? body.model : '';
    const model =
      serverModel(modelId) ??
      (options.acceptedModels?.includes(modelId) ? serverModel('claude-sonnet-5-5') : undefined);
    if (!model) return sendError(res, requestId, 404, 'not_found_error', `model: ${modelId}`);
    const text = JSON.stringify([body?.system ?? '', body?.messages ?? []]);
    sendJson(res, 200, { input_tokens: Math.ceil(approximateTokens(text) * model.tokenizerFactor) });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requestId = randomId('req_011C');
    res.setHeader('request-id', requestId);
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'POST' && pathname === '/v1/messages/count_tokens') return countTokens(req, res, requestId);
    if (req.method !== 'POST' || pathname !== '/v1/messages') {
      req.resume();
      sendError(res, requestId, 404, 'not_found_error', 'Not found');
      return;
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const received: ReceivedMessagesRequest | undefined = isPlainObject(body)
      ? { body: body as MessagesRequest, headers: { ...req.headers }, receivedAt: performance.now() }
      : undefined;
    if (received) res.once('close', () => (received.finishedAt = performance.now()));
    if (received) requests.push(received);

    const apiKey = headerValue(req.headers['x-api-key']);
    const authorization = headerValue(req.headers['authorization']);
    const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (apiKey === undefined && bearer === undefined) {
      sendError(res, requestId, 401, 'authentication_error', 'x-api-key header is required');
      return;
    }
    if (apiKey !== options.apiKey && bearer !== options.apiKey) {
      sendError(res, requestId, 401, 'authentication_error', 'invalid x-api-key');
      return;
    }
    if (!headerValue(req.headers['anthropic-version'])) {
      sendError(res, requestId, 400, 'invalid_request_error', 'anthropic-version: header is required');
      return;
    }
    if (body === undefined) {
      sendError(res, requestId, 400, 'invalid_request_error', 'There was an error parsing the body of your request');
      return;
    }
    if (!isPlainObject(body)) {
      sendError(res, requestId, 400, 'invalid_request_error', 'Input should be a valid dictionary');
      return;
    }
    const validation = validateRequest(body);
    if (!validation.ok) {
      sendError(res, requestId, 400, 'invalid_request_error', validation.message);
      return;
    }
    const request = validation.request;
    // Unknown model ids are refused: "404 - `not_found_error`: The requested resource was not found" (errors).
    const model =
      serverModel(request.model) ??
      (options.acceptedModels?.includes(request.model) ? serverModel('claude-sonnet-5-5') : undefined);
    if (!model) {
      sendError(res, requestId, 404, 'not_found_error', `model: ${request.model}`);
      return;
    }
    const effort = request.output_config?.effort ?? undefined;
    if (effort && model.defaultEffort === undefined) {
      sendError(
        res,
        requestId,
        400,
        'invalid_request_error',
        `output_config.effort: effort is not supported by model ${request.model}`,
      );
      return;
    }
    if (request.max_tokens > model.maxOutput) {
      sendError(
        res,
        requestId,
        400,
        'invalid_request_error',
        `max_tokens: ${request.max_tokens} > ${model.maxOutput}, which is the maximum allowed number of output tokens for ${request.model}`,
      );
      return;
    }
    // "If the input alone already exceeds the model's context window, the API returns a 400 `invalid_request_error` ("prompt is too long")" (context windows).
    const promptTokens = approximateTokens(requestRoutingText(request));
    if (promptTokens > model.contextWindow) {
      sendError(
        res,
        requestId,
        400,
        'invalid_request_error',
        `prompt is too long: ${promptTokens} tokens > ${model.contextWindow} maximum`,
      );
      return;
    }
    if (options.structuredOutputsOff && request.output_config?.format) {
      const text =
        'Structured outputs (output_config.format) are disabled for this project by the organization policy constraints/vertexai.allowedPartnerModelFeatures';
      if (options.structuredOutputsOff === 'vertex')
        sendJson(res, 400, { error: { code: 400, message: text, status: 'FAILED_PRECONDITION' } });
      else sendError(res, requestId, 400, 'invalid_request_error', `output_config.format: ${text}`);
      return;
    }
    // The prompt is read (and the cache looked up) when the request arrives, before the model answers.
    const input = cache.account(request);
    if (request.max_tokens === 0) {
      // "returns immediately without generating any output. The response has an empty `content` array,
      // `stop_reason: "max_tokens"`, and a fully populated `usage` block" (prompt caching, Pre-warming the cache).
      input.commit();
      const usage: Usage = {
        input_tokens: input.input_tokens,
        cache_creation_input_tokens: input.cache_creation_input_tokens,
        cache_read_input_tokens: input.cache_read_input_tokens,
        cache_creation: {
          ephemeral_5m_input_tokens: input.ephemeral_5m_input_tokens,
          ephemeral_1h_input_tokens: input.ephemeral_1h_input_tokens,
        },
        output_tokens: 0,
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: null,
        speed: 'standard',
      };
      if (received) received.usage = usage;
      sendJson(res, 200, {
        id: randomId('msg_01', 22),
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: [],
        stop_reason: 'max_tokens',
        stop_sequence: null,
        stop_details: null,
        container: null,
        diagnostics: null,
        usage,
      });
      return;
    }

    let reply: ScriptedReply;
    try {
      reply = await responder(request, {
        callIndex: callIndex++,
        text: requestRoutingText(request),
        call: callMetaOf(req.headers),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sendError(res, requestId, 500, 'api_error', `Internal server error (responder failed: ${message})`);
      return;
    }

    if ('hang' in reply) {
      // Never answer (or never finish); the socket is released when the client aborts or the server closes.
      if (reply.afterStart === true && request.stream === true) {
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
        if (!readableAtEnd) input.commit();
        sse(res, {
          type: 'message_start',
          message: {
            id: randomId('msg_01', 22),
            type: 'message',
            role: 'assistant',
            model: request.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            stop_details: null,
            container: null,
            diagnostics: null,
            usage: {
              input_tokens: input.input_tokens,
              cache_creation_input_tokens: input.cache_creation_input_tokens,
              cache_read_input_tokens: input.cache_read_input_tokens,
              cache_creation: {
                ephemeral_5m_input_tokens: input.ephemeral_5m_input_tokens,
                ephemeral_1h_input_tokens: input.ephemeral_1h_input_tokens,
              },
              output_tokens: 1,
              output_tokens_details: null,
              server_tool_use: null,
              service_tier: 'standard',
              inference_geo: null,
              speed: 'standard',
            },
          },
        });
      }
      return;
    }
    if ('error' in reply) {
      sendError(
        res,
        requestId,
        reply.error.status,
        reply.error.type,
        reply.error.message,
        reply.headers ?? {},
        reply.error.details,
      );
      return;
    }
    if (reply.streamError || reply.dropAfterChars !== undefined) {
      if (request.stream !== true) {
        if (reply.streamError) sendError(res, requestId, 529, reply.streamError.type, reply.streamError.message);
        else res.destroy();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const startUsage: Usage = {
        input_tokens: input.input_tokens,
        cache_creation_input_tokens: input.cache_creation_input_tokens,
        cache_read_input_tokens: input.cache_read_input_tokens,
        cache_creation: null,
        output_tokens: 1,
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: null,
        speed: 'standard',
      };
      sse(res, {
        type: 'message_start',
        message: {
          id: randomId('msg_01', 22),
          type: 'message',
          role: 'assistant',
          model: request.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          stop_details: null,
          container: null,
          diagnostics: null,
          usage: startUsage,
        },
      });
      const partial = reply.text.slice(0, reply.afterChars ?? reply.dropAfterChars ?? 0);
      if (partial) {
        sse(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: null } });
        sse(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: partial } });
      }
      if (!reply.streamError) {
        // The events written so far reach the client first, as in a drop part-way through a reply.
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.write(`event: error\ndata: ${JSON.stringify({ type: 'error', error: reply.streamError })}\n\n`);
      res.end();
      return;
    }
    if (reply.delayMs !== undefined && !(await wait(reply.delayMs, res))) return;

    let text = reply.text;
    let stopReason: StopReason = reply.stopReason ?? 'end_turn';
    // Thinking comes first and counts toward `max_tokens`: "it is a hard limit on total output, thinking plus
    // response text" (effort); "Thinking tokens are a subset of your `max_tokens` parameter, are billed as output tokens" (context windows).
    const thinking = Math.min(
      request.max_tokens,
      reply.thinkingTokens ??
        (options.thinking ? thinkingTokensOf(model, request.thinking, effort as Effort | undefined) : 0),
    );
    let outputTokens = reply.outputTokens ?? thinking + Math.max(1, approximateTokens(text));
    if (reply.outputTokens === undefined && outputTokens > request.max_tokens && stopReason !== 'refusal') {
      // A real model stops at max_tokens: cut the text there (all of it when thinking used the budget up).
      text = truncateBytes(text, (request.max_tokens - thinking) * 4);
      stopReason = 'max_tokens';
      outputTokens = request.max_tokens;
    }
    const usage: Usage = {
      input_tokens: input.input_tokens,
      cache_creation_input_tokens: input.cache_creation_input_tokens,
      cache_read_input_tokens: input.cache_read_input_tokens,
      cache_creation: {
        ephemeral_5m_input_tokens: input.ephemeral_5m_input_tokens,
        ephemeral_1h_input_tokens: input.ephemeral_1h_input_tokens,
      },
      output_tokens: outputTokens,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
      inference_geo: null,
      speed: 'standard',
    };
    if (received) received.usage = usage;
    const stopSequence = stopReason === 'stop_sequence' ? (request.stop_sequences?.[0] ?? null) : null;
    const stopDetails: Message['stop_details'] =
      stopReason === 'refusal'
        ? ({
            type: 'refusal',
            category: reply.refusal?.category ?? null,
            explanation: reply.refusal?.explanation ?? null,
          } as Message['stop_details'])
        : null;
    const message: Message = {
      id: randomId('msg_01', 22),
      type: 'message',
      role: 'assistant',
      model: request.model,
      content: [
        // With `display: "omitted"` (the default on current models) "Thinking blocks are returned with an empty `thinking` field" (adaptive thinking).
        ...(thinking > 0 ? [{ type: 'thinking' as const, thinking: '', signature: randomId('sig_', 32) }] : []),
        ...(text.length > 0 ? [{ type: 'text' as const, text, citations: null }] : []),
      ],
      stop_reason: stopReason,
      stop_sequence: stopSequence,
      stop_details: stopDetails,
      container: null,
      diagnostics: null,
      usage,
    };

    if (request.stream !== true) {
      input.commit();
      sendJson(res, 200, message);
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    sse(res, {
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        stop_details: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    if (!readableAtEnd) input.commit();
    if (streamMs > 0 && !(await wait(streamMs, res))) return;
    const textIndex = thinking > 0 ? 1 : 0;
    if (thinking > 0) {
      // "When `display: "omitted"` is set on the thinking configuration, no `thinking_delta` events are sent. The
      // thinking block opens, receives a single `signature_delta`, and closes" (streaming); "Event streams may
      // also include any number of `ping` events": pings are all that arrive while the model thinks.
      sse(res, {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      });
      const pingMs = Math.max(1, options.pingMs ?? 50);
      for (let thought = 0; thought < (reply.thinkMs ?? 0); thought += pingMs) {
        if (!(await wait(Math.min(pingMs, (reply.thinkMs ?? 0) - thought), res))) return;
        sse(res, { type: 'ping' });
      }
      sse(res, {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: randomId('sig_', 32) },
      });
      sse(res, { type: 'content_block_stop', index: 0 });
    }
    if (text.length > 0) {
      sse(res, {
        type: 'content_block_start',
        index: textIndex,
        content_block: { type: 'text', text: '', citations: null },
      });
      sse(res, { type: 'ping' });
      for (const piece of chunkText(text, chunkSize)) {
        if (res.destroyed) return;
        sse(res, { type: 'content_block_delta', index: textIndex, delta: { type: 'text_delta', text: piece } });
      }
      sse(res, { type: 'content_block_stop', index: textIndex });
    } else {
      sse(res, { type: 'ping' });
    }
    sse(res, {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: stopSequence, stop_details: stopDetails, container: null },
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
        output_tokens: outputTokens,
        output_tokens_details: null,
        server_tool_use: null,
      },
    });
    sse(res, { type: 'message_stop' });
    if (readableAtEnd) input.commit();
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendError(res, String(res.getHeader('request-id') ?? randomId('req_011C')), 500, 'api_error', message);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    countRequests,
    url: `http://127.0.0.1:${port}`,
    requests,
    setResponder(next: Responder): void {
      responder = next;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
