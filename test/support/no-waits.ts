import type { OctokitOptions } from '../../src/github/octokit-options.js';

/**
 * The production GitHub clients' options without their waits: write spacing 0 and back-off 0. The
 * requests, the retries and the rate-limit handling stay the same; they are sent at once.
 */
export const NO_WAITS = { writeSpacingMs: 0, retryAfterBaseMs: 0 } as const satisfies OctokitOptions;
