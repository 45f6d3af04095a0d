import { RequestError } from '@octokit/request-error';

/**
 * Sends a write that creates something (a POST: a comment, a check run, a review) so that what it
 * makes is made once. GitHub's REST API has no idempotency key: the same POST sent twice is made
 * twice. `@octokit/plugin-retry` re-sends a request that failed with a 5xx or got no answer, and such a
 * write may have landed all the same (the answer is lost after GitHub did the write). So the write goes
 * out with the plugin's retries off, and when its outcome is unknown, `find` looks for what it would
 * have made (by the marker it carries) before it is sent again.
 * @param create sends the write with `request` as Octokit's per-request options (`{ retries: 0 }`)
 * @param find what the write made if it landed, else undefined
 * @returns what the write made: answered, or found
 * @throws the write's error when GitHub refused it (4xx), or when it is still unknown after
 *   {@link SENDS} sends; whatever `find` throws
 */
export async function createOnce<T>(
  create: (request: { retries: 0 }) => Promise<T>,
  find: () => Promise<T | undefined>,
): Promise<T> {
  for (let sent = 1; ; sent += 1) {
    try {
      return await create({ retries: 0 });
    } catch (error) {
      if (!outcomeUnknown(error) || sent >= SENDS) throw error;
      const found = await find();
      if (found !== undefined) return found;
    }
  }
}

/** Sends at most, as many as the retry plugin makes (the request and its 3 retries). */
const SENDS = 4;

/**
 * True when GitHub may have done the write although the request failed: a 5xx, or no answer at all,
 * which Octokit reports as a `RequestError` 500 without a response (`@octokit/request`: a timeout, a
 * dropped connection). A 4xx is GitHub's refusal: nothing was written.
 */
function outcomeUnknown(error: unknown): boolean {
  return error instanceof RequestError && error.status >= 500;
}
