import Anthropic from '@anthropic-ai/sdk';
import type { ModelClient } from '../debate/model-client.js';
import { SPEND_LIMIT_CODES } from './claude-errors.js';
import { createClaudeModelClient, type TokenCounting } from './claude-model-client.js';
import { MODEL_REQUEST_TIMEOUT_MS } from './request-defaults.js';
import { noRetryOn429 } from './model-call-error.js';

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

/**
 * A {@link ModelClient} on the Anthropic Messages API (provider `anthropic:`, the default), with the
 * Anthropic SDK. A spend-limit 429 is marked not to be retried (see `noRetryOn429`).
 */
export function createAnthropicModelClient(options: AnthropicClientOptions): ModelClient & TokenCounting {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const client = new Anthropic({
    apiKey: options.apiKey,
    fetch: noRetryOn429(SPEND_LIMIT_CODES),
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  return createClaudeModelClient(client, {
    provider: 'anthropic',
    where: options.baseUrl ?? process.env.ANTHROPIC_BASE_URL ?? 'its default address',
    timeoutMs,
    signal: options.signal,
    maxRetries: options.maxRetries ?? 2,
  });
}
