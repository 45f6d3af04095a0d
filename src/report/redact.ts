/**
 * Removes secret-shaped strings from any text we post or print: comments, replies, the job summary,
 * outputs. The API key and token are also masked through `core.setSecret`; this catches keys that
 * reached model or PR text by other ways (a key pasted in a PR body, echoed back by a model). Pure.
 *
 * A decision record's signature is a compact JWS, and so has a JWT's shape; it is never redacted
 * (contract section 9: a record is redacted before it is signed, and a signature is never altered):
 * a JWS whose payload is a `pr-debate/decision@1` record carries nothing but that record, which was
 * redacted before it was signed ({@link redactJsonText}).
 */

/** Key shapes, from the issuers' documented formats. */
const SECRET_PATTERNS: RegExp[] = [
  // Anthropic (`sk-ant-`) and OpenAI-style (`sk-`, `sk-proj-`) API keys.
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g,
  // GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`).
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // AWS access key ids.
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
];

/** JWTs (RFC 7519 compact form: three base64url parts, the first two JSON objects, so starting `eyJ`). */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.(eyJ[A-Za-z0-9_-]{8,})\.[A-Za-z0-9_-]{8,}/g;

/** What replaces a secret. */
export const REDACTED = '[redacted secret]';

/**
 * @param text any text
 * @param known exact secrets of this run (the configured key and token), removed wherever they occur
 * @returns the text with every known secret and every key-shaped string replaced by {@link REDACTED};
 *   a decision record's signature is kept whole
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  // The text between signatures is redacted piece by piece, so that no pattern and no known secret cuts into one.
  let out = '';
  let last = 0;
  for (const match of text.matchAll(JWT)) {
    out += redactPlain(text.slice(last, match.index), known) + (isRecordPayload(match[1] ?? '', known) ? match[0] : REDACTED);
    last = match.index + match[0].length;
  }
  return out + redactPlain(text.slice(last), known);
}

function redactPlain(text: string, known: readonly string[]): string {
  let out = text;
  for (const secret of known) {
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/** Whether a JWS payload (base64url) is a decision record (`schema: pr-debate/decision@1`) with nothing secret-shaped in it. */
function isRecordPayload(payload: string, known: readonly string[]): boolean {
  try {
    const json = Buffer.from(payload, 'base64url').toString('utf8');
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && 'schema' in value && value.schema === 'pr-debate/decision@1' && redactPlain(json, known) === json;
  } catch {
    return false;
  }
}

/**
 * Redacts every text of a JSON value (strings at any depth; keys and other values unchanged), such as
 * a decision record before it is signed.
 * @returns a copy, to be parsed again by the caller's schema
 */
export function redactJsonText(value: unknown, known: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, known);
  if (Array.isArray(value)) return value.map((v) => redactJsonText(v, known));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJsonText(v, known)]));
  return value;
}
