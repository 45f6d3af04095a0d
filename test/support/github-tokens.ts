import { createHash } from 'node:crypto';

/**
 * GitHub tokens shaped as GitHub issues them, for redaction tests: a prefix per type
 * (docs.github.com/authentication/keeping-your-account-and-data-secure/about-authentication-to-github),
 * the character set `[A-Za-z0-9_]`, the lengths GitHub's tokens have (40 characters for the classic
 * ones; `github_pat_` + 22 + `_` + 59 for a fine-grained one), and the stateless installation token
 * `ghs_<APPID>_<JWT>` of ~520 characters with two dots (github.blog/changelog/2026-05-15-github-app-installation-tokens-per-request-override-header).
 * None is a live token: the bodies are digests of fixed text.
 */

/** `length` characters of base64url from a digest of `seed` (deterministic, with `-` and `_` in it). */
function base64url(seed: string, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1) out += createHash('sha512').update(`${seed}:${i}`).digest('base64url');
  return out.slice(0, length);
}

/** `length` characters of `[A-Za-z0-9]` from a digest of `seed`. */
function alphanumeric(seed: string, length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1)
    out += createHash('sha512')
      .update(`${seed}:${i}`)
      .digest('base64')
      .replace(/[^A-Za-z0-9]/g, '');
  return out.slice(0, length);
}

/**
 * A stateless installation token: `ghs_`, the App id, `_`, and a JWT (a JSON header and claims, and a
 * 2048-bit RS256 signature: 342 base64url characters). GitHub documents no claim names ("client apps
 * must not take a dependency on the contents of this JWT"); these are a plausible set.
 */
export function statelessInstallationToken(appId = 1234567, seed = 'installation'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = part({ alg: 'RS256', typ: 'JWT', kid: base64url(`${seed}:kid`, 16) });
  const claims = part({ iss: 'github', sub: 'installation:98765432', iat: 1_782_000_000, exp: 1_782_003_600 });
  return `ghs_${appId}_${header}.${claims}.${base64url(`${seed}:signature`, 342)}`;
}

/** One token of every documented GitHub type, as GitHub issues them today. */
export const GITHUB_TOKENS: Readonly<Record<string, string>> = {
  'personal access token (classic)': `ghp_${alphanumeric('ghp', 36)}`,
  'fine-grained personal access token': `github_pat_${alphanumeric('pat-id', 22)}_${alphanumeric('pat-secret', 59)}`,
  'OAuth access token': `gho_${alphanumeric('gho', 36)}`,
  'user access token of a GitHub App': `ghu_${alphanumeric('ghu', 36)}`,
  'installation access token': `ghs_${alphanumeric('ghs', 36)}`,
  'installation access token, stateless (ghs_APPID_JWT)': statelessInstallationToken(),
  'refresh token of a GitHub App': `ghr_${alphanumeric('ghr', 76)}`,
};
