import OpenAI from 'openai';
import { z } from 'zod';
import { problemOfStatus, retryAfterOf, type ProblemDetails } from './model-call-error.js';

/** What a Chat Completions server's error says: a spent quota, a refused parameter or format, the typed problem. */

/**
 * A 429 naming one of these is a spent quota or spend limit, not a rate (Help Center, "Troubleshooting API
 * usage and spend limits": "Check error.code in the API response. A billing-related error may still use
 * the broader error.type value insufficient_quota"; "Retrying these errors won't restore access").
 */
export const QUOTA_CODES = [
  'insufficient_quota',
  'organization_usage_limit_exceeded',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'credit_balance_exhausted',
];

/**
 * A 400 that says the server does not know `max_completion_tokens` (older Azure OpenAI API versions:
 * "Unrecognized request argument supplied: max_completion_tokens"; older proxies: "unknown", "extra inputs
 * are not permitted"). A 400 about its value ("Expected a value >= 16", "integer below minimum value") names
 * the parameter too but means the server knows it: switching to `max_tokens` then would make every later call
 * fail on a reasoning model ("'max_tokens' is not supported with this model").
 */
export function refusesMaxCompletionTokens(error: InstanceType<typeof OpenAI.APIError>): boolean {
  if (error.status !== 400 && error.status !== 422) return false;
  const text = `${error.message} ${error.param ?? ''}`;
  if (!text.includes('max_completion_tokens') || /max_tokens'? is not supported/.test(text)) return false;
  if (
    /expected a value|minimum|maximum|below|above|must be|too (?:large|small)|integer_below|integer_above|invalid_value/i.test(
      `${text} ${error.code ?? ''}`,
    )
  )
    return false;
  return /unrecognized|unknown|not (?:supported|permitted|allowed)|unsupported|extra (?:inputs|fields)|unexpected/i.test(
    text,
  );
}

/** A 400 that says the server does not support the JSON-schema response format (vLLM, older Ollama, LiteLLM backends). */
export function refusesJsonSchema(error: InstanceType<typeof OpenAI.APIError>): boolean {
  if (error.status !== 400 && error.status !== 422) return false;
  const text = `${error.message} ${error.param ?? ''} ${error.code ?? ''}`.toLowerCase();
  return text.includes('response_format') || text.includes('json_schema');
}

/** The field of an error body read here (OpenAI API reference, "Error codes": `{ message, type, param, code }`), dropped when not a string. */
const errorBodySchema = z.object({ message: z.string().optional().catch(undefined) });

/** `instanceof` on the SDK's generic error class narrows to `APIError<any, any, any>`; this keeps its declared types. */
export function isApiError(error: unknown): error is InstanceType<typeof OpenAI.APIError> {
  return error instanceof OpenAI.APIError;
}

/**
 * The typed problem of an SDK error (OpenAI API reference, "Error codes": 401 invalid key, 403
 * region or permission, 404 model, 429 rate limit or `insufficient_quota`, 500, 503 overloaded).
 */
export function detailsOf(error: InstanceType<typeof OpenAI.APIError>): ProblemDetails {
  const body = errorBodySchema.safeParse(error.error).data;
  const detail = body?.message ?? error.message.split('\n')[0] ?? 'no detail';
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { problem: 'timeout', detail };
  if (error instanceof OpenAI.APIConnectionError)
    return { problem: 'unreachable', detail: error.cause instanceof Error ? error.cause.message : detail };
  const base = {
    status: error.status,
    type: error.code ?? error.type ?? undefined,
    detail,
    retryAfterSeconds: retryAfterOf(error.headers),
  };
  if (error.status === 429 && [error.code, error.type].some((code) => code && QUOTA_CODES.includes(code)))
    return { ...base, problem: 'spend-limit' };
  return { ...base, problem: problemOfStatus(error.status, detail) };
}
