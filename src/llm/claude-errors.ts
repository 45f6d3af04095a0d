import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { problemOfStatus, retryAfterOf, type ProblemDetails } from './model-call-error.js';
import type { Provider } from '../models/model-id.js';

/**
 * What an error of the Messages API (or of Bedrock's and Vertex's transports of it) says: the typed problem
 * of a failed call, a stream error a retry can cure, and a 400 that refuses effort or structured outputs
 * (the client then goes on without them, with the run note built here).
 */

/** Error codes of a 429 that means money ran out, not a rate (Messages API `error.details.error_code`). */
export const SPEND_LIMIT_CODES = ['enforced_spend_limit_reached', 'contract_spend_limit_reached'];

/**
 * A 400 that refuses `output_config.effort` rather than structured outputs: it names `output_config` but not
 * `output_config.format` (Vertex AI with the effort feature switched off by the organization policy
 * `constraints/vertexai.allowedPartnerModelFeatures`; a model that does not take effort: "This model does not
 * support the effort parameter").
 */
export function refusesEffort(error: InstanceType<typeof Anthropic.APIError>): boolean {
  if (error.status !== 400) return false;
  const body = errorBodySchema.safeParse(error.error).data;
  const message = error.apiMessage ?? body?.error?.message ?? body?.message ?? '';
  if (/output_config\.format|structured output/i.test(message)) return false;
  return (
    /output_config\.effort|\beffort\b/i.test(message) || (/output_config/.test(message) && !/format/.test(message))
  );
}

/** The run note of a model sent without effort. */
export function effortOffNotice(model: string, error: InstanceType<typeof Anthropic.APIError>): string {
  const detail =
    error.apiMessage ?? errorBodySchema.safeParse(error.error).data?.error?.message ?? `HTTP ${error.status ?? '?'}`;
  return `The effort parameter is switched off for model "${model}" (${detail}): its calls for the rest of the run are sent without output_config.effort, at the model's default effort. On Vertex AI, allow the feature in the organization policy constraints/vertexai.allowedPartnerModelFeatures to restore it.`;
}

/**
 * A 400 that says structured outputs are switched off: on Vertex AI the default organization policy
 * (`constraints/vertexai.allowedPartnerModelFeatures`) answers `FAILED_PRECONDITION`; the Messages API
 * names `output_config.format` or structured outputs in its `invalid_request_error`.
 */
export function refusesStructuredOutputs(error: InstanceType<typeof Anthropic.APIError>): boolean {
  if (error.status !== 400) return false;
  const body = errorBodySchema.safeParse(error.error).data;
  if (body?.error?.status === 'FAILED_PRECONDITION') return true;
  const message = error.apiMessage ?? body?.error?.message ?? body?.message ?? '';
  return (
    /structured output|output_config\.format/i.test(message) &&
    !/schema is too complex|too many|is not supported/i.test(message)
  );
}

/** The run note of a model that answers in text mode. */
export function structuredOffNotice(model: string, error: InstanceType<typeof Anthropic.APIError>): string {
  const detail =
    error.apiMessage ?? errorBodySchema.safeParse(error.error).data?.error?.message ?? `HTTP ${error.status ?? '?'}`;
  return `Structured outputs are switched off for model "${model}" (${detail}): its replies for the rest of the run are JSON in text, validated against the same schemas. On Vertex AI, allow the feature in the organization policy constraints/vertexai.allowedPartnerModelFeatures to restore them.`;
}

/**
 * The error types of an `event: error` inside a 200 stream that a retry can cure: the Messages API's
 * `overloaded_error` and `api_error` (streaming, "Error events"), and on Bedrock the exceptions of
 * InvokeModelWithResponseStream's ResponseStream whose reference says to retry (`internalServerException`
 * and `modelStreamErrorException`: "Retry your request"; `serviceUnavailableException`: "Try again
 * later"; `throttlingException`: "Resubmit your request later"), which `@anthropic-ai/bedrock-sdk` turns
 * into `event: error` typed by the exception's name.
 */
const RETRYABLE_STREAM_ERRORS = new Set([
  'overloaded_error',
  'api_error',
  'internalServerException',
  'modelStreamErrorException',
  'serviceUnavailableException',
  'throttlingException',
]);

/** An error event inside a 200 stream that a retry can cure: the SDK's APIError without an HTTP status, typed by the event. */
export function isStreamError(error: unknown): boolean {
  return isApiError(error) && error.status === undefined && RETRYABLE_STREAM_ERRORS.has(error.type ?? '');
}

/**
 * The fields of an error body read here, each dropped when it is not a string: the Messages API's
 * `{ error: { type, message } }`, Bedrock's `{ message }`, Vertex's `{ error: { message, status } }`.
 */
const errorBodySchema = z.object({
  message: z.string().optional().catch(undefined),
  error: z
    .object({ message: z.string().optional().catch(undefined), status: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

/** `instanceof` on the SDK's generic error class narrows to `APIError<any, any, any>`; this keeps its declared types. */
export function isApiError(error: unknown): error is InstanceType<typeof Anthropic.APIError> {
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
export function detailsOf(error: InstanceType<typeof Anthropic.APIError>, provider: Provider): ProblemDetails {
  const body = errorBodySchema.safeParse(error.error).data;
  const bodyMessage = body?.message ?? body?.error?.message;
  const detail = error.apiMessage ?? bodyMessage ?? error.message.split('\n')[0] ?? 'no detail';
  if (error instanceof Anthropic.APIConnectionTimeoutError) return { problem: 'timeout', detail };
  // No AWS credentials: the bedrock SDK's signer throws the provider chain's CredentialsProviderError ("Could
  // not load credentials from any providers"), and the SDK reports it as a connection error.
  if (
    error instanceof Anthropic.APIConnectionError &&
    provider === 'bedrock' &&
    error.cause instanceof Error &&
    (error.cause.name === 'CredentialsProviderError' || /credential/i.test(error.message))
  ) {
    return { problem: 'no-credentials', detail: error.cause.message };
  }
  if (error instanceof Anthropic.APIConnectionError)
    return { problem: 'unreachable', detail: error.cause instanceof Error ? error.cause.message : detail };
  // An `event: error` inside the stream: no HTTP status of its own (the stream began with 200), typed by its body.
  if (error.status === undefined && error.type)
    return {
      problem: RETRYABLE_STREAM_ERRORS.has(error.type) ? 'overloaded' : 'bad-request',
      type: error.type,
      detail,
      inStream: true,
    };
  const awsType = error.headers?.get('x-amzn-errortype')?.split(':')[0];
  const type = error.type ?? awsType ?? body?.error?.status;
  const base = { status: error.status, type, detail, retryAfterSeconds: retryAfterOf(error.headers) };
  if (error.status === 429 && error.errorCode && SPEND_LIMIT_CODES.includes(error.errorCode))
    return { ...base, problem: 'spend-limit' };
  if (provider === 'bedrock') {
    if (
      awsType &&
      [
        'UnrecognizedClientException',
        'InvalidSignatureException',
        'ExpiredTokenException',
        'MissingAuthenticationTokenException',
      ].includes(awsType)
    )
      return { ...base, problem: 'auth' };
    if (awsType === 'ServiceQuotaExceededException') return { ...base, problem: 'spend-limit' };
  }
  return { ...base, problem: problemOfStatus(error.status, detail) };
}
