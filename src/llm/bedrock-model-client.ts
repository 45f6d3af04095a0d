import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import type { ModelClient } from '../debate/model-client.js';
import { createClaudeModelClient, MODEL_REQUEST_TIMEOUT_MS } from './claude-model-client.js';

/** Options of {@link createBedrockModelClient}. */
export interface BedrockClientOptions {
  /** Undefined: `ANTHROPIC_BEDROCK_BASE_URL`, else `https://bedrock-runtime.<region>.amazonaws.com` (the SDK's default). */
  baseUrl: string | undefined;
  /** The environment the AWS credentials and region are read from. */
  env: Record<string, string | undefined>;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Provider `bedrock:`: Claude on Amazon Bedrock through `@anthropic-ai/bedrock-sdk` (Node 20 or
 * later), which sends the Messages request to InvokeModel (`POST /model/{modelId}/invoke`) or, as
 * here, InvokeModelWithResponseStream (`/invoke-with-response-stream`, AWS event-stream frames the SDK
 * turns back into the Messages stream), signed with SigV4.
 *
 * Credentials: none are passed, so the SDK uses the AWS default provider chain, which reads what
 * `aws-actions/configure-aws-credentials` exports after assuming a role with the job's OIDC token
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`); a Bedrock API key in
 * `AWS_BEARER_TOKEN_BEDROCK` is used instead when set. The region is `AWS_REGION` (set by that action),
 * else `AWS_DEFAULT_REGION`.
 */
export function createBedrockModelClient(options: BedrockClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const awsRegion = options.env.AWS_REGION ?? options.env.AWS_DEFAULT_REGION;
  const client = new AnthropicBedrock({
    ...(awsRegion ? { awsRegion } : {}),
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  return createClaudeModelClient(client, { provider: 'bedrock', where: client.baseURL, timeoutMs, signal: options.signal });
}
