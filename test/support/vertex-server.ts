/**
 * A local stand-in for Google Vertex AI serving Claude (partner models, MaaS), in front of the local
 * Messages server (`anthropic-server.ts`, which does the validation, prompt caching and scripted replies):
 * faithful enough that the real `@anthropic-ai/vertex-sdk` runs against it with `baseURL` (or
 * `ANTHROPIC_VERTEX_BASE_URL`) and a google-auth-library client holding an access token. Sources:
 * - "Claude on Vertex AI" (platform.claude.com/docs/en/build-with-claude/claude-on-vertex-ai): "model is
 *   not passed in the request body. Instead, it is specified in the Google Cloud endpoint URL." and
 *   "anthropic_version is passed in the request body (rather than as a header), and must be set to the
 *   value vertex-2023-10-16": a body without it, or with another value (the Messages API's `2026-10-21`,
 *   which the vertex SDK copies there from the Anthropic SDK's header unless told otherwise), is a 400
 *   `invalid_request_error` in the Messages API's shape, as Vertex passes the model's validation errors
 *   through (the message text is ours);
 * - the endpoint, as the vertex SDK builds it: `POST {baseURL}/projects/{project}/locations/{region}/
 *   publishers/anthropic/models/{model}:streamRawPredict` (a stream, server-sent events as on the
 *   Messages API) or `:rawPredict` (one JSON reply), with `Authorization: Bearer <access token>`;
 * - model ids ({@link VERTEX_MODELS});
 * - errors of the platform in Google's error model (cloud.google.com/apis/design/errors): JSON
 *   `{"error": {"code", "message", "status"}}`, status per google.rpc.Code with its "HTTP Mapping"
 *   (UNAUTHENTICATED 401, PERMISSION_DENIED 403, NOT_FOUND 404, FAILED_PRECONDITION 400,
 *   RESOURCE_EXHAUSTED 429); errors of the model pass through in the Messages API's shape, as reported
 *   from Vertex (`{"type":"error","error":{"type":"invalid_request_error","message":"output_config.format:
 *   Extra inputs are not permitted"},"request_id":"req_vrtx_..."}`, anthropics/anthropic-sdk-python#1188);
 * - structured outputs and the organization policy ({@link STRUCTURED_OUTPUTS_FEATURE});
 * - for runs that log in as google-github-actions/auth leaves it (workload identity federation, an
 *   `external_account` credentials file), Google's Security Token Service at `{origin}/v1/token`
 *   (`token_url` of that file): "Exchanges a credential for a Google OAuth 2.0 access token" (STS REST
 *   v1 `token`), a form-encoded `grant_type=urn:ietf:params:oauth:grant-type:token-exchange` with
 *   `subject_token` and `audience`, answered `{access_token, issued_token_type, token_type: "Bearer",
 *   expires_in}`, a refused token a 400 `{"error": "invalid_grant", "error_description": ...}` (OAuth 2.0
 *   token exchange, RFC 8693 section 2.2.2).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_META_HEADER } from '../../src/llm/request-defaults.js';
import { startAnthropicServer, type AnthropicServer, type Responder } from './anthropic-server.js';

/**
 * Vertex AI model ids. "Claude on Vertex AI", table "Vertex AI API model ID": `claude-opus-4-6`,
 * `claude-sonnet-4-6`, `claude-sonnet-4-5@20250929`, `claude-sonnet-4@20250514`, `claude-opus-4-5@20251101`,
 * `claude-opus-4-1@20250805`, `claude-haiku-4-5@20251001`; later models as the Claude API names them
 * (models/model-ids-and-versions: "On Google Cloud Vertex AI, the format matches the Claude API.").
 */
export const VERTEX_MODELS: readonly string[] = [
  // Claude Haiku 5.5, Fable 5.2 and Opus 4.8 overviews, "Model IDs", Vertex AI: the Claude API's id (read 2026-12-03).
  'claude-haiku-5-5',
  'claude-fable-5-2',
  'claude-opus-4-8',
  'claude-opus-5-5',
  'claude-opus-5',
  'claude-sonnet-5-5',
  'claude-opus-4-7',
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'claude-sonnet-4-5@20250929',
  'claude-sonnet-4@20250514',
  'claude-opus-4-5@20251101',
  'claude-opus-4-1@20250805',
  'claude-haiku-4-5@20251001',
];

/**
 * The feature that lets a project use `output_config.format` and `tools[].strict`. Source,
 * docs.cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/structured_outputs: "By
 * default, structured outputs are disabled by the organization policy constraint
 * constraints/vertexai.allowedPartnerModelFeatures. To enable structured outputs, you must configure this
 * constraint to explicitly allow the structured_outputs feature." The refusal is a 400
 * FAILED_PRECONDITION (issue 21; google.rpc.Code "FAILED_PRECONDITION ... HTTP Mapping: 400 Bad
 * Request"); its message text is ours.
 */
export const STRUCTURED_OUTPUTS_FEATURE = 'structured_outputs';

/** What the server serves and accepts. */
export interface VertexServerOptions {
  /** The OAuth access token the server accepts, as google-github-actions/auth would mint it. */
  accessToken: string;
  projectId: string;
  /** `global` or a region such as `us-east5`. */
  region: string;
  responder: Responder;
  /** The models think as documented (`StartAnthropicServerOptions.thinking`): Claude on Vertex is the same model. */
  thinking?: boolean;
  /** Values the org policy constraints/vertexai.allowedPartnerModelFeatures allows; the documented default is none. */
  allowedPartnerModelFeatures?: readonly string[];
  models?: readonly string[];
  /**
   * The effort parameter refused for the project: a request with `output_config.effort` gets a 400 that names
   * `output_config` but not `output_config.format`, in the Messages API's shape as Vertex passes the model's
   * errors through (anthropics/anthropic-sdk-python#1188: "output_config.format: Extra inputs are not
   * permitted" was how Vertex refused the other half of `output_config`); issue #31 met it on a project
   * whose partner-model features left effort out. The message text is ours.
   */
  effortRefused?: boolean;
  /** The workload identity federation the STS endpoint trades `accessToken` for: the OIDC token and the pool provider's audience. */
  federation?: { subjectToken: string; audience: string };
}

/** A running Vertex-style server. */
export interface VertexServer {
  /** For `baseURL` / `ANTHROPIC_VERTEX_BASE_URL` (ends in `/v1`, as the SDK's default does). */
  url: string;
  /** The STS token endpoint, for the `token_url` of an `external_account` credentials file. */
  tokenUrl: string;
  /** The Messages server behind it: its `requests` are the Messages requests Vertex passed on (with `model` put back). */
  messages: AnthropicServer;
  /** Each Vertex request: path, headers and body. */
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const INNER_KEY = 'vertex-inner-key';
/** The one `anthropic_version` Vertex takes ("must be set to the value vertex-2023-10-16", above). */
const VERTEX_VERSION = 'vertex-2023-10-16';

function sendGoogleError(res: ServerResponse, code: number, status: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code, message, status } }));
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Whether a Messages request uses structured outputs: "JSON outputs (output_config.format)" or "Strict tool use (tools[].strict)". */
function usesStructuredOutputs(body: Record<string, unknown>): boolean {
  const config = body.output_config;
  const format = typeof config === 'object' && config !== null && 'format' in config;
  const strict =
    Array.isArray(body.tools) &&
    body.tools.some(
      (tool: unknown) => typeof tool === 'object' && tool !== null && 'strict' in tool && tool.strict === true,
    );
  return format || strict;
}

/** Starts the Vertex-style server (and the Messages server behind it) on 127.0.0.1. */
export async function startVertexServer(options: VertexServerOptions): Promise<VertexServer> {
  const messages = await startAnthropicServer({
    apiKey: INNER_KEY,
    responder: options.responder,
    ...(options.thinking ? { thinking: true } : {}),
  });
  const requests: VertexServer['requests'] = [];
  const models = options.models ?? VERTEX_MODELS;
  const allowed = options.allowedPartnerModelFeatures ?? [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'POST' && pathname === '/v1/token') return exchangeToken(res, new URLSearchParams(raw));
    // Count tokens: "POST https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}/
    // publishers/anthropic/models/count-tokens:rawPredict" with the model in the body (Google Cloud, Claude on
    // Vertex AI, "Count tokens"; the vertex SDK maps `messages.countTokens` there), answered as the Messages API does.
    const counting =
      /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/count-tokens:rawPredict$/.exec(
        pathname,
      );
    if (req.method === 'POST' && counting) {
      if (req.headers.authorization !== `Bearer ${options.accessToken}`)
        return sendGoogleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      if (counting[1] !== options.projectId || counting[2] !== options.region)
        return sendGoogleError(
          res,
          403,
          'PERMISSION_DENIED',
          `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/${pathname}' (or it may not exist).`,
        );
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return sendGoogleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
      }
      requests.push({ path: req.url ?? '', headers: { ...req.headers }, body });
      if (typeof body.model !== 'string' || !models.includes(body.model))
        return sendGoogleError(res, 404, 'NOT_FOUND', `Publisher Model \`${String(body.model)}\` not found.`);
      const { anthropic_version: _v, ...rest } = body;
      const inner = await fetch(`${messages.url}/v1/messages/count_tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': INNER_KEY, 'anthropic-version': '2023-06-01' },
        body: JSON.stringify(rest),
      });
      res.writeHead(inner.status, { 'content-type': 'application/json' });
      res.end(await inner.text());
      return;
    }
    const route =
      /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(streamRawPredict|rawPredict)$/.exec(
        pathname,
      );
    if (req.method !== 'POST' || !route)
      return sendGoogleError(res, 404, 'NOT_FOUND', `The requested URL ${pathname} was not found on this server.`);
    const [project, location, model, method] = [route[1]!, route[2]!, decodeURIComponent(route[3]!), route[4]!];
    const resource = `projects/${project}/locations/${location}/publishers/anthropic/models/${model}`;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendGoogleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    requests.push({ path: req.url ?? '', headers: { ...req.headers }, body });
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
      return sendGoogleError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      );
    }
    if (project !== options.projectId || location !== options.region) {
      return sendGoogleError(
        res,
        403,
        'PERMISSION_DENIED',
        `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/${resource}' (or it may not exist).`,
      );
    }
    if (!models.includes(model))
      return sendGoogleError(res, 404, 'NOT_FOUND', `Publisher Model \`${resource}\` not found.`);
    const requestId = `req_vrtx_${randomUUID().replace(/-/g, '')}`;
    const invalid = (message: string) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message }, request_id: requestId }),
      );
    };
    if (typeof body.anthropic_version !== 'string') return invalid('anthropic_version: Field required');
    if (body.anthropic_version !== VERTEX_VERSION)
      return invalid(`anthropic_version: Input should be '${VERTEX_VERSION}'`);
    if ('model' in body) return invalid('model: Extra inputs are not permitted');
    const outputConfig =
      typeof body.output_config === 'object' && body.output_config !== null
        ? (body.output_config as Record<string, unknown>)
        : undefined;
    if (options.effortRefused && outputConfig && 'effort' in outputConfig) {
      return invalid(
        `${'format' in outputConfig ? 'output_config.effort' : 'output_config'}: Extra inputs are not permitted`,
      );
    }
    if (usesStructuredOutputs(body) && !allowed.includes(STRUCTURED_OUTPUTS_FEATURE)) {
      return sendGoogleError(
        res,
        400,
        'FAILED_PRECONDITION',
        `Structured outputs are disabled for ${resource} by the organization policy constraint constraints/vertexai.allowedPartnerModelFeatures; allow the ${STRUCTURED_OUTPUTS_FEATURE} feature to use output_config.format or strict tools.`,
      );
    }
    const stream = method === 'streamRawPredict';
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const { anthropic_version: _version, ...rest } = body;
    const inner = await fetch(`${messages.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': INNER_KEY,
        'anthropic-version': '2023-06-01',
        ...(req.headers[CALL_META_HEADER] ? { [CALL_META_HEADER]: String(req.headers[CALL_META_HEADER]) } : {}),
      },
      body: JSON.stringify({ ...rest, model, stream }),
      signal: gone.signal,
    });
    if (!inner.ok) {
      const error = ((await inner.json()) as { error?: { type?: string; message?: string } }).error ?? {};
      // Vertex's quota, not the model's: "Quota exceeded for aiplatform.googleapis.com/..." as RESOURCE_EXHAUSTED.
      if (error.type === 'rate_limit_error')
        return sendGoogleError(
          res,
          429,
          'RESOURCE_EXHAUSTED',
          `Quota exceeded for aiplatform.googleapis.com/online_prediction_input_tokens_per_minute_per_base_model with base model: anthropic-${model}. Please submit a quota increase request.`,
        );
      res.writeHead(inner.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error, request_id: requestId }));
      return;
    }
    res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
    res.flushHeaders();
    for await (const piece of inner.body as unknown as AsyncIterable<Uint8Array>) if (!res.destroyed) res.write(piece);
    res.end();
  };

  const exchangeToken = (res: ServerResponse, form: URLSearchParams): void => {
    const { federation } = options;
    const ok =
      federation !== undefined &&
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:token-exchange' &&
      form.get('subject_token') === federation.subjectToken &&
      form.get('audience') === federation.audience;
    res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify(
        ok
          ? {
              access_token: options.accessToken,
              issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
              token_type: 'Bearer',
              expires_in: 3600,
            }
          : {
              error: 'invalid_grant',
              error_description: 'The audience in ID Token does not match the expected audience.',
            },
      ),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendGoogleError(res, 500, 'INTERNAL', error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    tokenUrl: `http://127.0.0.1:${port}/v1/token`,
    messages,
    requests,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await messages.close();
    },
  };
}
