import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import type { AuthClient } from 'google-auth-library';
import type { ModelClient } from '../debate/model-client.js';
import { createClaudeModelClient, type TokenCounting } from './claude-model-client.js';
import { MODEL_REQUEST_TIMEOUT_MS } from './request-defaults.js';

/** Options of {@link createVertexModelClient}. */
export interface VertexClientOptions {
  /** Undefined: `ANTHROPIC_VERTEX_BASE_URL`, else the region's endpoint (the SDK's default). */
  baseUrl: string | undefined;
  /** The environment the project and region are read from. */
  env: Record<string, string | undefined>;
  /** A google-auth-library client; undefined lets the SDK use Application Default Credentials. */
  authClient?: AuthClient;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The API version of a Claude request on Vertex AI, sent in the body: "anthropic_version is passed in the
 * request body (rather than as a header), and must be set to the value vertex-2023-10-16"
 * (platform.claude.com/docs/en/build-with-claude/claude-on-vertex-ai). The vertex SDK copies the request's
 * `anthropic-version` header into the body, and the Anthropic SDK's own header names its Messages API
 * version (`2026-10-21`), so the client sets the header to this value.
 */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/**
 * Provider `vertex:`: Claude on Google Vertex AI through `@anthropic-ai/vertex-sdk` (Node 20 or later),
 * which sends the Messages request to `.../publishers/anthropic/models/{model}:streamRawPredict`.
 *
 * Credentials: Application Default Credentials (google-auth-library), which read the file that
 * `google-github-actions/auth` writes and points `GOOGLE_APPLICATION_CREDENTIALS` at (a workload
 * identity federation config that trades the job's OIDC token). The project is
 * `ANTHROPIC_VERTEX_PROJECT_ID`, else the one that action exports (`GOOGLE_CLOUD_PROJECT`,
 * `GCLOUD_PROJECT`); the region `CLOUD_ML_REGION`, else `global`.
 */
export function createVertexModelClient(options: VertexClientOptions): ModelClient & TokenCounting {
  const timeoutMs = options.timeoutMs ?? MODEL_REQUEST_TIMEOUT_MS;
  const { env } = options;
  const projectId =
    env.ANTHROPIC_VERTEX_PROJECT_ID ??
    env.GOOGLE_CLOUD_PROJECT ??
    env.GCLOUD_PROJECT ??
    env.CLOUDSDK_CORE_PROJECT ??
    null;
  const client = new AnthropicVertex({
    region: env.CLOUD_ML_REGION ?? 'global',
    projectId,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    ...(options.authClient ? { authClient: options.authClient } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
    defaultHeaders: { 'anthropic-version': VERTEX_ANTHROPIC_VERSION },
  });
  return createClaudeModelClient(client, {
    provider: 'vertex',
    where: client.baseURL,
    timeoutMs,
    signal: options.signal,
    maxRetries: options.maxRetries ?? 2,
  });
}
