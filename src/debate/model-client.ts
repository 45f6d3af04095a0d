import type { z } from 'zod';

/**
 * The narrow interface the debate engine calls models through; `src/llm` implements it with the
 * Anthropic SDK, tests and the offline demo point that client at a local server.
 */

/** Token counts of one call, as the Messages API reports them in `usage`. */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** One structured-output call. The prefix (system text, then evidence) is the same bytes for every call of a run. */
export interface ModelCall<T> {
  role: 'moderator' | 'advocate' | 'judge';
  model: string;
  /** Shared system text (prompts/system.md). */
  system: string;
  /** The evidence pack text; cached as the shared prefix. */
  evidence: string;
  /** Role- and phase-specific instructions that follow the evidence. */
  instructions: string;
  schema: z.ZodType<T>;
  /** Output cap in tokens. */
  maxTokens: number;
}

/** A validated reply. */
export interface ModelReply<T> {
  output: T;
  usage: TokenUsage;
  /** The model that answered, as the API names it. */
  model: string;
}

/** Calls a model and returns its reply validated against `call.schema`. */
export interface ModelClient {
  /**
   * @throws ModelReplyError when the reply is truncated, refused, or does not match the schema
   * @throws the SDK's API errors after its own bounded retries
   */
  complete<T>(call: ModelCall<T>): Promise<ModelReply<T>>;
}

/** A reply that arrived but cannot be used (truncated, refused, not matching the schema). */
export class ModelReplyError extends Error {
  override name = 'ModelReplyError';
  constructor(
    message: string,
    readonly usage: TokenUsage | undefined,
  ) {
    super(message);
  }
}

/** Sums usages. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
  };
}

/** Usage of no calls. */
export const ZERO_USAGE: TokenUsage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
