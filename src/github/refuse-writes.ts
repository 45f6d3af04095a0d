import type { GitHubClient } from './create-octokit.js';

/** Thrown for a write a dry run was about to send. */
export class DryRunWrite extends Error {
  override name = 'DryRunWrite';
}

/**
 * The CLI dry run's guarantee, at the transport: every request that is not a read (GET, HEAD, and
 * GraphQL, which pr-debate only queries) fails before it is sent, whatever stage asks for it.
 */
export function refuseWrites(octokit: GitHubClient): void {
  octokit.hook.before('request', (options) => {
    const method = options.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD' || (method === 'POST' && options.url === '/graphql')) return;
    throw new DryRunWrite(`a dry run writes nothing, and ${method} ${options.url} was not sent; --post publishes`);
  });
}

/**
 * The login of the token (`GET /user`), for the record's `requested_by` of a CLI run.
 * @returns undefined for a token that has none: an App or Actions token (GitHub answers 403), or when GitHub does not answer
 */
export async function readTokenLogin(octokit: GitHubClient): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return typeof data.login === 'string' && data.login ? data.login : undefined;
  } catch {
    return undefined;
  }
}
