import { PROVIDER_NAMES, type Provider } from '../models/model-id.js';

/**
 * The typed problems every provider's API errors map to, so that the fault table of issue #6 ends the
 * same way whichever provider a role runs on, and one sentence per problem says what to do.
 */

/**
 * What went wrong with a call, after the SDK's own retries:
 * - `rate-limit`: 429 for a rate (the SDK waited out `retry-after` and retried);
 * - `spend-limit`: a spend limit the account set, its credit or its quota ran out (never retried:
 *   waiting cannot help): OpenAI's 429 `insufficient_quota`, Anthropic's 400 for a spend limit you set
 *   and 402 `billing_error`, a proxy's 402;
 * - `overloaded`: 5xx, 529, 503;
 * - `bad-request`: 400, 413, 422: the request itself was refused;
 * - `auth`: the key or credentials were refused (401, and 403 where it means that);
 * - `no-credentials`: the SDK found no credentials to sign with, so nothing was sent (Bedrock: the AWS
 *   default provider chain came back empty, which `@anthropic-ai/bedrock-sdk` throws as a connection error);
 * - `permission`: the credentials may not use this model or feature;
 * - `not-found`: no such model (or deployment);
 * - `unreachable`: no HTTP answer (DNS, refused connection), or (`inStream`) the connection dropped part-way through a reply;
 * - `timeout`: no answer within the per-request timeout.
 */
export type CallProblem =
  | 'rate-limit'
  | 'spend-limit'
  | 'overloaded'
  | 'bad-request'
  | 'auth'
  | 'no-credentials'
  | 'permission'
  | 'not-found'
  | 'unreachable'
  | 'timeout';

/** What an adapter read from its SDK's error. */
export interface ProblemDetails {
  problem: CallProblem;
  /** HTTP status, when there was one. */
  status?: number | undefined;
  /** The API's error type or code (`overloaded_error`, `insufficient_quota`, `ThrottlingException`). */
  type?: string | undefined;
  /** The API's own message, one line. */
  detail: string;
  /** Seconds the API asked to wait (`retry-after`), when it said. */
  retryAfterSeconds?: number | undefined;
  /**
   * The error came inside a reply stream that had begun with HTTP 200: an error event (Messages API "Error
   * events"), or the connection dropping part-way.
   */
  inStream?: boolean | undefined;
}

/** An API call that failed after the SDK's retries; the message says what happened and what to do. */
export class ModelCallError extends Error {
  override name = 'ModelCallError';
  readonly problem: CallProblem;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** {@link ProblemDetails.inStream}. */
  readonly inStream: boolean;
  constructor(
    message: string,
    details: ProblemDetails,
    readonly provider: Provider,
    override readonly cause: unknown,
  ) {
    super(message);
    this.problem = details.problem;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.inStream = details.inStream === true;
  }
}

/** Where each provider's credentials come from, for the `auth` advice. */
const CREDENTIALS: Record<Provider, string> = {
  anthropic: 'check the anthropic-api-key input and its secret',
  openai: 'check the openai-api-key input and its secret, and that base-url points at the right server',
  bedrock:
    'check the AWS credentials of the aws-actions/configure-aws-credentials step (role-to-assume, aws-region) and that the job has `id-token: write`',
  vertex:
    'check the google-github-actions/auth step (workload_identity_provider, service_account) and that the job has `id-token: write`',
};

/** How a job gets the credentials an SDK looks for. */
const NO_CREDENTIALS: Record<Provider, string> = {
  anthropic: 'pass the anthropic-api-key input',
  openai: 'pass the openai-api-key input',
  bedrock:
    'add an aws-actions/configure-aws-credentials step before pr-debate (role-to-assume: the IAM role that may call bedrock:InvokeModelWithResponseStream, aws-region: a region where the model runs), give the job `permissions: id-token: write`, or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key',
  vertex:
    'add a google-github-actions/auth step before pr-debate (workload_identity_provider, service_account) and give the job `permissions: id-token: write`',
};

/** Where the spend limit is raised. */
const SPEND: Record<Provider, string> = {
  anthropic:
    'raise or remove the spend limit, or settle the payment details, on the Billing page of the Claude Console (platform.claude.com)',
  openai:
    "raise or remove the organization's or project's spend limit, or add credits, in the OpenAI platform settings (Limits, Billing); behind a proxy (OpenRouter, LiteLLM), its budget or credits",
  bedrock: 'raise the service quota in the AWS console',
  vertex: 'raise the quota in the Google Cloud console',
};

/**
 * One sentence for a problem. Anthropic's wording is the one the fault table has asserted since
 * issue #6; the other providers say the same with their own names and fixes.
 * @param where the API address the client used, for `unreachable`
 */
export function describeProblem(
  details: ProblemDetails,
  context: { provider: Provider; model: string; where: string },
): string {
  const { detail } = details;
  const api = context.provider === 'anthropic' ? 'the Anthropic API' : PROVIDER_NAMES[context.provider];
  switch (details.problem) {
    case 'timeout':
      return `the model API did not answer in time (${detail})`;
    case 'unreachable':
      if (details.inStream)
        return `the connection to ${api} dropped in the middle of the reply (${detail}), after retries; try again later`;
      return `could not reach ${api} at ${context.where} (${detail}); check base-url and the runner's network`;
    case 'bad-request':
      return `the model API refused the request: ${detail}`;
    case 'auth':
      return `${context.provider === 'anthropic' ? 'the Anthropic API' : api} refused the key (${detail}): ${CREDENTIALS[context.provider]}`;
    case 'no-credentials':
      return `${api} has no credentials to sign the request with (${detail}): ${NO_CREDENTIALS[context.provider]}`;
    case 'permission':
      return `the key may not use this model or feature (${detail})`;
    case 'not-found':
      return `model "${context.model}" was not found (${detail}): check the model inputs`;
    case 'spend-limit':
      return `${context.provider === 'anthropic' || context.provider === 'openai' ? "the API key's spend limit was reached" : `the ${PROVIDER_NAMES[context.provider]} quota was reached`} (${detail}): ${SPEND[context.provider]}; retrying will not help`;
    case 'rate-limit':
      return `the model API is rate limiting (${detail}) after retries; try again later`;
    case 'overloaded':
      if (details.inStream)
        return `the model API reported ${details.type ?? 'an error'} in the middle of the reply (the streamed equivalent of HTTP 529), after retries: ${detail}; try again later`;
      return `the model is unavailable (HTTP ${details.status ?? '?'}${details.type ? ` ${details.type}` : ''}, after retries): ${detail}; try again later`;
  }
}

/**
 * A 400 for a spend limit the user set. Claude API errors: "The API also returns a 400 when usage reaches
 * an organization or workspace spend limit you set"; its message begins "You have reached your specified
 * API usage limits" (or "... workspace API usage limits").
 */
const SPEND_LIMIT_400 = /you have reached your specified (?:workspace )?api usage limits/i;

/**
 * The problem of an HTTP status, where the status (and, for a 400, the API's message) says it: the common
 * table of both SDKs' error classes, plus the spend limits they have no class for. A 402 is a billing
 * refusal (Claude API errors: "402 - billing_error: There's an issue with your billing or payment
 * information"; OpenRouter: "402 ... insufficient credits").
 * @param detail the API's error message, read for a spend-limit 400
 */
export function problemOfStatus(status: number | undefined, detail = ''): CallProblem {
  if (status === undefined) return 'unreachable';
  if (status === 402) return 'spend-limit';
  if (status === 400 && SPEND_LIMIT_400.test(detail)) return 'spend-limit';
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'overloaded';
  return 'bad-request';
}

/** `retry-after` in seconds (a number or an HTTP date), when the response had one. */
export function retryAfterOf(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - now) / 1000));
}

/**
 * A fetch that marks a 429 whose body names one of `codes` with `x-should-retry: false`. Both SDKs
 * retry every 429 unless the response says so (their `shouldRetry`), and a spend-limit 429 says
 * nothing; with the header, the SDK's own retry logic stops at once.
 */
export function noRetryOn429(
  codes: readonly string[],
  base: typeof globalThis.fetch = globalThis.fetch,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 429 || response.headers.has('x-should-retry')) return response;
    const body = await response.clone().text();
    if (!codes.some((code) => body.includes(`"${code}"`))) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
