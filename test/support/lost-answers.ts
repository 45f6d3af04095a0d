import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { GitHubClient } from '../../src/github/create-octokit.js';
import { octokitOptions } from '../../src/github/octokit-options.js';

/** Requests whose answer is lost: the method, a test on the URL's path, and how many more times. */
export interface LostAnswer {
  method: string;
  path: RegExp;
  times: number;
}

/**
 * The action's write client (`createOctokit`: Octokit with the retry and throttling plugins and
 * `octokitOptions`, write spacing 0) on a transport that loses GitHub's answer to the requests `lost`
 * names once the local server has handled them: the write is done, then the connection drops, and
 * fetch fails as undici reports a reset (`TypeError: fetch failed`). Octokit then has no answer (a
 * `RequestError` 500 without a response), as after a timeout, and cannot tell whether the write landed.
 * @param lost each entry loses the answer of its next `times` matching requests (counted down)
 */
export function clientLosingAnswers(token: string, baseUrl: string, lost: LostAnswer[]): GitHubClient {
  const losing: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname;
    const rule = lost.find((r) => r.times > 0 && r.method === method && r.path.test(path));
    if (rule === undefined) return response;
    rule.times -= 1;
    await response.arrayBuffer();
    throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  };
  return getOctokit(
    token,
    octokitOptions(baseUrl, () => undefined, losing, { writeSpacingMs: 0, id: `lost-${Math.random()}` }),
    retry,
    throttling,
  );
}
