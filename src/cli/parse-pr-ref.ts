/**
 * A pull request named on the command line: `owner/repo#N`, or its URL on github.com or on a GitHub
 * Enterprise Server (`https://ghe.example.com/owner/repo/pull/N`, optionally with `/files` and such). Pure.
 */

/** A parsed pull request reference. */
export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  /** The web server of a URL (`https://github.com`, `https://ghe.example.com`); undefined for `owner/repo#N`. */
  serverUrl: string | undefined;
}

/** GitHub's rules for names: an owner is letters, digits and single hyphens; a repository also takes `.` and `_`. */
const OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const REPO = '[A-Za-z0-9._-]{1,100}';
const SHORT = new RegExp(`^(${OWNER})/(${REPO})#(\\d+)$`);

/**
 * @param text what the user typed
 * @returns the reference, or undefined when it is neither form (the caller shows the usage)
 */
export function parsePullRequestRef(text: string): PullRequestRef | undefined {
  const short = SHORT.exec(text.trim());
  if (short) return valid({ owner: short[1]!, repo: short[2]!, number: Number(short[3]), serverUrl: undefined });
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const path = new RegExp(`^/(${OWNER})/(${REPO})/pull/(\\d+)(?:/[^?#]*)?$`).exec(url.pathname.replace(/\/+$/, ''));
  if (!path) return undefined;
  return valid({ owner: path[1]!, repo: path[2]!, number: Number(path[3]), serverUrl: url.origin });
}

function valid(ref: PullRequestRef): PullRequestRef | undefined {
  return Number.isSafeInteger(ref.number) && ref.number > 0 && ref.repo !== '.' && ref.repo !== '..' ? ref : undefined;
}

/**
 * The REST base and the web base for a run: `--api-url`, else `GITHUB_API_URL`, else the PR URL's server
 * (`https://api.github.com` for github.com, `{server}/api/v3` for GitHub Enterprise Server, as GHES
 * documents its REST base), else github.com; the web base from `GITHUB_SERVER_URL`, the PR URL, or the
 * REST base read back the same way.
 */
export function resolveGitHubUrls(
  ref: PullRequestRef,
  apiUrlOption: string | undefined,
  env: Record<string, string | undefined>,
): { apiUrl: string; serverUrl: string } {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const fromServer = (server: string) =>
    new URL(server).hostname === 'github.com' ? 'https://api.github.com' : `${trim(server)}/api/v3`;
  const apiUrl = trim(
    apiUrlOption ?? env.GITHUB_API_URL ?? (ref.serverUrl ? fromServer(ref.serverUrl) : 'https://api.github.com'),
  );
  const fromApi =
    apiUrl === 'https://api.github.com'
      ? 'https://github.com'
      : apiUrl.endsWith('/api/v3')
        ? apiUrl.slice(0, -'/api/v3'.length)
        : 'https://github.com';
  return { apiUrl, serverUrl: trim(env.GITHUB_SERVER_URL ?? ref.serverUrl ?? fromApi) };
}
