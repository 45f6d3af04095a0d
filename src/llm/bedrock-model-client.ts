import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import type { Middleware } from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ModelClient } from '../debate/model-client.js';
import { createClaudeModelClient, type TokenCounting } from './claude-model-client.js';
import { MODEL_REQUEST_TIMEOUT_MS } from './request-defaults.js';
import { claudeGeneration, isAtLeast } from '../models/model-id.js';

/**
 * The API version Bedrock's InvokeModel documents for Claude: "anthropic_version – (Required) The
 * anthropic version. The value must be bedrock-2023-05-31." (docs.aws.amazon.com/bedrock/latest/userguide/
 * model-parameters-anthropic-claude-messages-request-response.html).
 */
const BEDROCK_LEGACY_API_VERSION = 'bedrock-2023-05-31';

/**
 * The `anthropic_version` a Bedrock Claude model needs, or undefined to keep the SDK's own (`2026-10-21`
 * in SDK 1.x). Source, platform.claude.com/docs/en/build-with-claude/claude-on-amazon-bedrock-legacy
 * ("Claude on Amazon Bedrock (Opus 4.6 and earlier)"), the warning at its top: the latest SDK "sends API
 * version `2026-10-21` by default, including through Amazon Bedrock. The ARN-versioned models in this
 * page's model table do not support `2026-10-21` on Bedrock, and requests to them that send it may
 * return a 400 error ... Boto3 examples set `anthropic_version` in their request body, so they are not
 * affected." That table ends at Opus 4.6, so every Claude model before 4.7 gets the Boto3 examples'
 * version; an id this cannot read (an application inference profile ARN) keeps the SDK's.
 */
function bedrockApiVersion(model: string): string | undefined {
  const name = /(?:^|\.)anthropic\.(claude-.+?)(?:-v\d+(?::\d+)?)?$/.exec(model)?.[1];
  const generation = name ? claudeGeneration(name) : undefined;
  return generation && !isAtLeast(generation, 4, 7) ? BEDROCK_LEGACY_API_VERSION : undefined;
}

const modelOfBody = z.object({ model: z.string() });

/**
 * Sets the API version per request: the bedrock SDK moves the `anthropic-version` header into the body's
 * `anthropic_version` inside `next` (before SigV4 signing), so the signature covers it.
 */
const apiVersionPerModel: Middleware = async (request, next, ctx) => {
  const model = modelOfBody.safeParse(ctx.options?.body).data?.model;
  const version = model ? bedrockApiVersion(model) : undefined;
  if (!version) return next(request);
  const headers = new Headers(request.headers);
  headers.set('anthropic-version', version);
  return next({ ...request, headers });
};

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
 *
 * Claude models before 4.7 get `anthropic_version: bedrock-2023-05-31` ({@link bedrockApiVersion}).
 *
 * Why this path and not the Messages-API endpoint (`AnthropicBedrockMantle` in the same SDK, read
 * 2026-12-03): AWS, "Inference using Anthropic Messages API" (docs.aws.amazon.com/bedrock/latest/userguide/
 * inference-messages-api.html): "You can use the Messages API on both the bedrock-runtime and
 * bedrock-mantle endpoints. For new applications, we recommend the bedrock-runtime endpoint", which "Uses AWS
 * SDK integrations, IAM authentication, and invocation logging", where bedrock-mantle "Supports Amazon
 * Bedrock API key authentication and Workspaces". Today's models are served on bedrock-runtime: Anthropic's
 * release notes of November 9, 2026 list Claude Fable 5.2 on "Amazon Bedrock (`bedrock-runtime`)". So the
 * IAM role `aws-actions/configure-aws-credentials` assumes keeps working unchanged, and a team's invocation
 * logging sees the calls; Mantle would add nothing a workflow needs and would need its own endpoint and
 * regions (`bedrock-mantle.{region}.api.aws`).
 */
export function createBedrockModelClient(options: BedrockClientOptions): ModelClient & TokenCounting {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const awsRegion = options.env.AWS_REGION ?? options.env.AWS_DEFAULT_REGION;
  const client = new AnthropicBedrock({
    ...(awsRegion ? { awsRegion } : {}),
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
    middleware: [apiVersionPerModel],
  });
  return createClaudeModelClient(client, {
    provider: 'bedrock',
    where: client.baseURL,
    timeoutMs,
    signal: options.signal,
    maxRetries: options.maxRetries ?? 2,
  });
}
