/**
 * Removes secret-shaped strings from any text we post or print: comments, replies, the job summary,
 * outputs. The API key and token are also masked through `core.setSecret`; this catches keys that
 * reached model or PR text by other ways (a key pasted in a PR body, echoed back by a model). Pure.
 */

/**
 * Key shapes, from the issuers' documented formats: Anthropic (`sk-ant-`), OpenAI-style (`sk-`),
 * GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), AWS access key ids
 * (`AKIA`/`ASIA` + 16), and JWTs (three base64url parts, the first two starting `eyJ`).
 */
const SECRET_PATTERNS: RegExp[] = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** What replaces a secret. */
export const REDACTED = '[redacted secret]';

/**
 * @param text any text
 * @param known exact secrets of this run (the configured key and token), removed wherever they occur
 * @returns the text with every known secret and every key-shaped string replaced by {@link REDACTED}
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) {
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}
