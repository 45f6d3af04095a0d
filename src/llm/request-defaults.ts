/**
 * Request settings every provider client shares. They live apart from the clients so that loading one
 * provider's client (each is imported only when a model id names it) loads no other provider's SDK.
 */

/**
 * The request header that carries the call's {@link ModelCall.meta} as JSON: what the call is for, for
 * a proxy's logs and the local test servers; the APIs ignore headers they do not know.
 */
export const CALL_META_HEADER = 'x-pr-debate-call';

/** Per-request timeout: long enough for a 16k-token streamed reply, short enough that retries fit a run. */
export const MODEL_REQUEST_TIMEOUT_MS = 5 * 60_000;

/** What a model without structured outputs is told instead, after its instructions: the reply's JSON schema. */
export function textModeNote(schema: unknown): string {
  return `\n\n# Reply format\nReply with one JSON object and nothing else (no prose before or after it), matching this JSON schema:\n\n${JSON.stringify(schema)}\n`;
}
