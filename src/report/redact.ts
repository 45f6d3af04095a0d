/**
 * Removes secret-shaped strings from any text we post or print: comments, replies, the job summary,
 * outputs. The API key and token are also masked through `core.setSecret`; this catches keys that
 * reached model or PR text by other ways (a key pasted in a PR body, echoed back by a model). Pure.
 *
 * A decision record's signature is a compact JWS, and so has a JWT's shape; it is never redacted
 * (docs/gate.md: a record is redacted before it is signed, and a signature is never altered):
 * a JWS whose payload is a `pr-debate/decision@1` record carries nothing but that record, which was
 * redacted before it was signed ({@link redactJsonText}).
 */

/**
 * Key shapes, from the issuers' documented formats. GitHub's: "GitHub issues tokens that begin with a
 * prefix to indicate the token's type": `ghp_` (personal access token, classic), `github_pat_`
 * (fine-grained), `gho_` (OAuth), `ghu_` (user access token of a GitHub App), `ghs_` (installation access
 * token, which is also what `GITHUB_TOKEN` is), `ghr_` (refresh token)
 * (docs.github.com/authentication/keeping-your-account-and-data-secure/about-authentication-to-github),
 * in the character set `[A-Za-z0-9_]` ("The character set changed from [a-f0-9] to [A-Za-z0-9_]",
 * github.blog/changelog/2021-03-31-authentication-token-format-updates-are-generally-available). An
 * installation token may also be stateless, `ghs_<APPID>_<JWT>`: "Starting April 27, 2026, GitHub began a
 * staged rollout of a stateless format (ghs_APPID_JWT) to all newly minted GitHub App installation
 * tokens" (docs.github.com, Generating an installation access token for a GitHub App); "A stateless
 * token is a ghs_-prefixed JWT. It is longer (~520 characters) and contains two dots", matched by
 * "ghs_[A-Za-z0-9\._]{36,}" (github.blog/changelog/2026-05-15-github-app-installation-tokens-per-request-override-header).
 * Here `-` is taken too: a JWT's parts are base64url (RFC 7515), whose alphabet has it, and a token cut
 * at a `-` would leave its tail in the text.
 */
const SECRET_PATTERNS: RegExp[] = [
  // Anthropic (`sk-ant-`) and OpenAI-style (`sk-`, `sk-proj-`) API keys.
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g,
  // GitHub tokens: installation tokens in either format, then the other prefixes.
  /\bghs_[A-Za-z0-9._-]{20,}/g,
  /\bgh[pour]_[A-Za-z0-9_]{20,}/g,
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
    out +=
      redactPlain(text.slice(last, match.index), known) +
      (isRecordPayload(match[1] ?? '', known) ? match[0] : REDACTED);
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
    return (
      typeof value === 'object' &&
      value !== null &&
      'schema' in value &&
      value.schema === 'pr-debate/decision@1' &&
      redactPlain(json, known) === json
    );
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
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJsonText(v, known)]));
  return value;
}
