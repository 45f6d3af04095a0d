/**
 * The text of a decision key as a workflow hands it over, apart from the key itself: read before any key
 * is imported (the action masks it first thing), so it loads without the crypto library.
 */

/**
 * The strings to mask and redact for a private key: the whole PEM and each line of its base64 body
 * (the runner masks a multi-line secret line by line only when each line is registered).
 */
export function keySecrets(pem: string | undefined): string[] {
  if (!pem) return [];
  const lines = normalisePem(pem)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 8 && !l.startsWith('-----'));
  return [pem, ...lines];
}

/** Secrets pasted into YAML often lose their line breaks or gain `\n` escapes; both are restored. */
export function normalisePem(pem: string): string {
  return pem.replace(/\\n/g, '\n').trim();
}
