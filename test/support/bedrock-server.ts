/**
 * A local stand-in for the Amazon Bedrock runtime API serving Claude, in front of the local Messages
 * server (`anthropic-server.ts`, which does the validation, prompt caching and scripted replies):
 * faithful enough that the real `@anthropic-ai/bedrock-sdk` runs against it with `baseURL` (or
 * `ANTHROPIC_BEDROCK_BASE_URL`). Sources, Amazon Bedrock API reference and user guide:
 * - InvokeModel `POST /model/{modelId}/invoke` and InvokeModelWithResponseStream
 *   `POST /model/{modelId}/invoke-with-response-stream`; the body is the Messages request without
 *   `model` and `stream` and with `anthropic_version` ("Anthropic Claude Messages API" parameters
 *   page: required; the page names `bedrock-2023-05-31`, the bedrock SDK sends its Messages API version);
 * - model ids ({@link BEDROCK_MODELS}) and API versions per model ({@link acceptedVersions}), as
 *   documented on platform.claude.com (cited there); an id Bedrock does not serve is a 400
 *   ValidationException "The provided model identifier is invalid.";
 * - requests are signed with Signature Version 4 (service `bedrock`), with `X-Amz-Date` and, for
 *   temporary credentials, `X-Amz-Security-Token`; an unknown access key is a 403
 *   `UnrecognizedClientException` ("The security token included in the request is invalid.");
 * - errors are JSON `{"message": ...}` with the type in the `x-amzn-ErrorType` header: 400
 *   ValidationException, 403 AccessDeniedException, 404 ResourceNotFoundException, 429
 *   ThrottlingException, 500 InternalServerException, 503 ServiceUnavailableException;
 * - the stream is `application/vnd.amazon.eventstream`: binary frames ("Event stream encoding":
 *   total length, headers length, prelude CRC32, headers, payload, message CRC32), each a `chunk`
 *   event whose payload is `{"bytes": "<base64 of one Messages stream event>"}` (PayloadPart); a failure
 *   inside the stream is an exception event ({@link streamException}).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { CALL_META_HEADER } from '../../src/llm/request-defaults.js';
import { startAnthropicServer, type AnthropicServer, type Responder } from './anthropic-server.js';

/** The AWS credentials the server accepts, as `aws-actions/configure-aws-credentials` would export them. */
export interface BedrockCredentials {
  accessKeyId: string;
  sessionToken: string;
  region: string;
}

/**
 * The Claude models the server serves: base Bedrock model ids. Sources: "Claude on Amazon Bedrock (Opus
 * 4.6 and earlier)" (platform.claude.com/docs/en/build-with-claude/claude-on-amazon-bedrock-legacy), table
 * "Base Bedrock model ID": `anthropic.claude-opus-4-6-v1`, `anthropic.claude-sonnet-4-6`,
 * `anthropic.claude-sonnet-4-5-20250929-v1:0`, `anthropic.claude-sonnet-4-20250514-v1:0`,
 * `anthropic.claude-opus-4-5-20251101-v1:0`, `anthropic.claude-opus-4-1-20250805-v1:0`,
 * `anthropic.claude-haiku-4-5-20251001-v1:0`; from 4.7 on "anthropic.claude-{name}-{major}-{minor}"
 * (models/model-ids-and-versions), e.g. `anthropic.claude-opus-4-7`, `anthropic.claude-sonnet-5-5`.
 */
export const BEDROCK_MODELS: readonly string[] = [
  // Claude Haiku 5.5, Fable 5.2 and Opus 4.8 overviews, "Model IDs", Amazon Bedrock (read 2026-12-03): "anthropic.claude-haiku-5-5"; Fable 5.2 on "Amazon Bedrock (`bedrock-runtime`)" (release notes, November 9, 2026).
  'anthropic.claude-haiku-5-5',
  'anthropic.claude-fable-5-2',
  'anthropic.claude-opus-4-8',
  'anthropic.claude-opus-5-5',
  'anthropic.claude-opus-5',
  'anthropic.claude-sonnet-5-5',
  'anthropic.claude-opus-4-7',
  ...legacyModels(),
];

/** The models of the legacy page's table (Opus 4.6 and earlier), its "ARN-versioned models". */
function legacyModels(): string[] {
  return [
    'anthropic.claude-opus-4-6-v1',
    'anthropic.claude-sonnet-4-6',
    'anthropic.claude-sonnet-4-5-20250929-v1:0',
    'anthropic.claude-sonnet-4-20250514-v1:0',
    'anthropic.claude-opus-4-5-20251101-v1:0',
    'anthropic.claude-opus-4-1-20250805-v1:0',
    'anthropic.claude-haiku-4-5-20251001-v1:0',
  ];
}

/**
 * Cross-region inference profiles: `{profile}.{base id}` ("Claude on Amazon Bedrock (Opus 4.6 and
 * earlier)", model table columns global, us, eu, jp, apac; "Global vs regional endpoints").
 */
const PROFILES = ['global', 'us', 'eu', 'jp', 'apac', 'au'];

/**
 * The `anthropic_version` values Bedrock takes for a base model id. The legacy page's warning: "The
 * ARN-versioned models in this page's model table do not support `2026-10-21` on Bedrock, and requests
 * to them that send it may return a 400 error"; that table's models take the InvokeModel parameters
 * page's "The value must be bedrock-2023-05-31". The models after it (Claude 4.7 on) take the SDK's
 * `2026-10-21` as well. (Bedrock's message for this 400 is not documented; the one below is ours.)
 */
export function acceptedVersions(baseId: string): readonly string[] {
  return legacyModels().includes(baseId) ? ['bedrock-2023-05-31'] : ['bedrock-2023-05-31', '2026-10-21'];
}

/** The base model id of a model id in a request path, or undefined when Bedrock serves no such model. */
function baseIdOf(modelId: string, models: readonly string[]): string | undefined {
  if (models.includes(modelId)) return modelId;
  const dot = modelId.indexOf('.');
  return dot > 0 && PROFILES.includes(modelId.slice(0, dot)) && models.includes(modelId.slice(dot + 1))
    ? modelId.slice(dot + 1)
    : undefined;
}

/** A running Bedrock-style server. */
export interface BedrockServer {
  /** For `baseURL` / `ANTHROPIC_BEDROCK_BASE_URL`. */
  url: string;
  /** The Messages server behind it: its `requests` are the Messages requests Bedrock received (with `model` put back). */
  messages: AnthropicServer;
  /** Each Bedrock request: path and headers. */
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const INNER_KEY = 'bedrock-inner-key';

/** Maps the Messages server's error types to Bedrock's status and `x-amzn-ErrorType`. */
const ERRORS: Record<string, [number, string]> = {
  invalid_request_error: [400, 'ValidationException'],
  authentication_error: [403, 'UnrecognizedClientException'],
  permission_error: [403, 'AccessDeniedException'],
  not_found_error: [404, 'ResourceNotFoundException'],
  rate_limit_error: [429, 'ThrottlingException'],
  api_error: [500, 'InternalServerException'],
  overloaded_error: [503, 'ServiceUnavailableException'],
};

function sendAwsError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(body);
}

/** One event-stream frame with string headers (header value type 7). */
export function eventStreamFrame(headers: Record<string, string>, payload: Buffer): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const n = Buffer.from(name, 'utf8');
      const v = Buffer.from(value, 'utf8');
      const head = Buffer.alloc(1 + n.length + 1 + 2);
      head.writeUInt8(n.length, 0);
      n.copy(head, 1);
      head.writeUInt8(7, 1 + n.length);
      head.writeUInt16BE(v.length, 2 + n.length);
      return Buffer.concat([head, v]);
    }),
  );
  const total = 12 + headerBytes.length + payload.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, payload]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, trailer]);
}

/**
 * A failure inside the stream, as Bedrock sends it: not a `chunk` but an exception event of the
 * ResponseStream (Amazon Bedrock API reference, "ResponseStream": `internalServerException`,
 * `modelStreamErrorException` "An error occurred while streaming the response. Retry your request.",
 * `modelTimeoutException`, `serviceUnavailableException`, `throttlingException`), framed with
 * `:message-type: exception` and `:exception-type` ("Event stream encoding"). The Messages server's
 * overload becomes `modelStreamErrorException`, its rate limit `throttlingException`; the message is ours.
 */
function streamException(data: string): { type: string; message: string } | undefined {
  const error = (JSON.parse(data) as { error?: { type?: string; message?: string } }).error;
  if (!error?.type) return undefined;
  const type =
    error.type === 'rate_limit_error'
      ? 'throttlingException'
      : error.type === 'overloaded_error' || error.type === 'api_error'
        ? 'modelStreamErrorException'
        : 'internalServerException';
  return { type, message: error.message ?? 'An error occurred while streaming the response. Retry your request.' };
}

/** The SigV4 `Authorization` header's parts, or undefined when it is not one. */
function parseSigV4(
  header: string | undefined,
):
  | { accessKeyId: string; date: string; region: string; service: string; signedHeaders: string[]; signature: string }
  | undefined {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  if (!match) return undefined;
  return {
    accessKeyId: match[1]!,
    date: match[2]!,
    region: match[3]!,
    service: match[4]!,
    signedHeaders: match[5]!.split(';'),
    signature: match[6]!,
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the Bedrock-style server (and the Messages server behind it) on 127.0.0.1. */
export async function startBedrockServer(options: {
  credentials: BedrockCredentials;
  responder: Responder;
  models?: readonly string[];
  /** The models think as documented (`StartAnthropicServerOptions.thinking`): Claude on Bedrock is the same model. */
  thinking?: boolean;
}): Promise<BedrockServer> {
  const messages = await startAnthropicServer({
    apiKey: INNER_KEY,
    responder: options.responder,
    ...(options.thinking ? { thinking: true } : {}),
  });
  const requests: BedrockServer['requests'] = [];
  const { credentials } = options;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(
      new URL(req.url ?? '/', 'http://localhost').pathname,
    );
    if (req.method !== 'POST' || !route)
      return sendAwsError(res, 404, 'UnknownOperationException', 'Unknown operation');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendAwsError(
        res,
        400,
        'ValidationException',
        'Malformed input request, please reformat your input and try again.',
      );
    }
    requests.push({ path: req.url ?? '', headers: { ...req.headers }, body });
    const auth = parseSigV4(req.headers.authorization);
    if (
      !auth ||
      !req.headers['x-amz-date'] ||
      !auth.signedHeaders.includes('host') ||
      !auth.signedHeaders.includes('x-amz-date')
    ) {
      return sendAwsError(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    }
    if (
      auth.accessKeyId !== credentials.accessKeyId ||
      req.headers['x-amz-security-token'] !== credentials.sessionToken
    ) {
      return sendAwsError(
        res,
        403,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    }
    if (auth.service !== 'bedrock' || auth.region !== credentials.region) {
      return sendAwsError(
        res,
        403,
        'InvalidSignatureException',
        `Credential should be scoped to a valid region and service 'bedrock' (got ${auth.region}/${auth.service}).`,
      );
    }
    const modelId = decodeURIComponent(route[1]!);
    const baseId = baseIdOf(modelId, options.models ?? BEDROCK_MODELS);
    if (!baseId) return sendAwsError(res, 400, 'ValidationException', 'The provided model identifier is invalid.');
    if (typeof body.anthropic_version !== 'string')
      return sendAwsError(
        res,
        400,
        'ValidationException',
        'Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.',
      );
    for (const key of ['model', 'stream']) {
      if (key in body)
        return sendAwsError(
          res,
          400,
          'ValidationException',
          `Malformed input request: #: extraneous key [${key}] is not permitted, please reformat your input and try again.`,
        );
    }
    if (!acceptedVersions(baseId).includes(body.anthropic_version)) {
      return sendAwsError(
        res,
        400,
        'ValidationException',
        `Invalid API version ${body.anthropic_version} for model ${modelId}; this model accepts anthropic_version ${acceptedVersions(baseId).join(' or ')}.`,
      );
    }
    const stream = route[2] === 'invoke-with-response-stream';
    // A client that goes away (its timeout, the run's deadline) ends the request behind it too.
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
      body: JSON.stringify({ ...rest, model: modelId, stream }),
      signal: gone.signal,
    });
    if (!inner.ok) {
      const error = ((await inner.json()) as { error?: { type?: string; message?: string } }).error ?? {};
      const [status, type] = error.type?.endsWith('Exception')
        ? [inner.status, error.type]
        : (ERRORS[error.type ?? ''] ?? [inner.status, 'InternalServerException']);
      const retryAfter = inner.headers.get('retry-after');
      return sendAwsError(res, status, type, error.message ?? 'error', retryAfter ? { 'retry-after': retryAfter } : {});
    }
    if (!stream) {
      const text = await inner.text();
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() });
      res.end(text);
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-bedrock-content-type': 'application/json',
      'x-amzn-requestid': randomUUID(),
    });
    res.flushHeaders();
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const piece of inner.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(piece, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!data || res.destroyed) continue;
        const failed = /^event: error$/m.test(event) ? streamException(data) : undefined;
        if (failed) {
          res.write(
            eventStreamFrame(
              { ':exception-type': failed.type, ':content-type': 'application/json', ':message-type': 'exception' },
              Buffer.from(JSON.stringify({ message: failed.message })),
            ),
          );
          break;
        }
        const payload = Buffer.from(JSON.stringify({ bytes: Buffer.from(data, 'utf8').toString('base64') }));
        res.write(
          eventStreamFrame(
            { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
            payload,
          ),
        );
      }
    }
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendAwsError(res, 500, 'InternalServerException', error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
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
