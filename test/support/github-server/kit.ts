/**
 * What every part of the local GitHub server shares, built once per server: who a token is (identities,
 * roles, the bot's `permissions:`), the repositories and how refs resolve in them, the route table, and
 * replies with GitHub's headers (request id, rate limit, `Link` pagination).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GitHubServerOptions } from '../github-server.js';
import type { FakeApp, FakePullRequest, FakeRepository, RepositoryRole } from './fixtures.js';
import type { GitHubServerState, IssueComment, SimpleUser } from './state.js';
import { createReplies } from './replies.js';
import { escapeRegExp, GITHUB_ACTIONS_APP, GITHUB_ACTIONS_BOT_ID, nodeId, numericId } from './util.js';

/** Who sent a request: a user, the bot (the action's token) or another GitHub App. */
export interface Actor {
  login: string;
  type: 'User' | 'Bot' | 'Organization';
  isBot: boolean;
  rateKey: string;
  /** The GitHub App the token belongs to; only app tokens may write check runs. */
  app?: FakeApp;
}

export interface RepoEntry {
  repo: FakeRepository;
  id: number;
}

/** One request as a route sees it: only the query parameters and body fields the route declares can be read. */
export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  body: unknown;
  actor: Actor;
  /** Pathname as it appears in Link headers (`/repos/...` or `/repositories/{id}/...`). */
  linkPathname: string;
}

/** What a route reads besides its path: its query parameters and its JSON body's top-level fields. */
export interface Reads {
  query?: readonly string[];
  body?: readonly string[];
}

/** One route the server answers: `path` as written (`/repos/:owner/:repo`, `*path` for the rest). */
export interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  reads: Required<Reads>;
  handler: (ctx: Context, params: Record<string, string>) => void;
}

/** The query parameters of a paginated list (`sendPage`): "per_page" and "page" (docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api). */
export const PAGED = ['per_page', 'page'] as const;

/** The shared part of one server. */
export type ServerKit = ReturnType<typeof createKit>;

/** Builds the shared part of a server over its options and state; `setApiUrl` once it listens. */
export function createKit(options: GitHubServerOptions, state: GitHubServerState) {
  const serverUrl = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  const botLogin = options.botLogin ?? 'github-actions[bot]';
  const botApp: FakeApp = options.botApp ?? GITHUB_ACTIONS_APP;
  const repos: RepoEntry[] = options.repositories.map((repo) => ({
    repo,
    id: numericId(`repo:${repo.owner}/${repo.name}`),
  }));
  let apiUrl = '';

  // ---- identities -------------------------------------------------------------------------

  const userType = (login: string): SimpleUser['type'] => (login === botLogin ? 'Bot' : 'User');

  const simpleUser = (login: string, type: SimpleUser['type'] = userType(login)): SimpleUser => {
    const id = login === 'github-actions[bot]' ? GITHUB_ACTIONS_BOT_ID : numericId(`user:${login}`);
    const appSlug = type === 'Bot' ? login.replace(/\[bot\]$/, '') : undefined;
    return {
      login,
      id,
      node_id: nodeId(type === 'Bot' ? 'Bot' : 'User', id),
      avatar_url: `https://avatars.githubusercontent.com/${appSlug === undefined ? 'u/' + id : 'in/' + id}?v=4`,
      url: `${apiUrl}/users/${encodeURIComponent(login)}`,
      html_url: appSlug === undefined ? `${serverUrl}/${login}` : `${serverUrl}/apps/${appSlug}`,
      type,
      site_admin: false,
    };
  };

  const authenticate = (req: IncomingMessage): Actor | { error: string } => {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === '') return { error: 'Requires authentication' };
    const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header);
    const token = match?.[1];
    if (token === undefined) return { error: 'Bad credentials' };
    if (token === options.token) return { login: botLogin, type: 'Bot', isBot: true, rateKey: token, app: botApp };
    const app = options.appTokens?.[token];
    if (app !== undefined) return { login: `${app.slug}[bot]`, type: 'Bot', isBot: true, rateKey: token, app };
    const login = options.tokens?.[token];
    if (login === undefined) return { error: 'Bad credentials' };
    const type = userType(login);
    return { login, type, isBot: type === 'Bot', rateKey: token };
  };

  /** The role of `login`; the bot acts with the token's write access. */
  const roleOf = (entry: RepoEntry, login: string): RepositoryRole => {
    const listed = entry.repo.permissions?.[login];
    if (listed !== undefined) return listed;
    if (login.toLowerCase() === entry.repo.owner.toLowerCase()) return 'admin';
    return 'none';
  };

  const canWrite = (entry: RepoEntry, actor: Actor): boolean =>
    actor.login === botLogin || ['admin', 'maintain', 'write'].includes(roleOf(entry, actor.login));

  /** False when the bot token's `permissions:` lack `scope: write` ({@link GitHubServerOptions.botPermissions}). */
  const scopeAllows = (actor: Actor, scope: 'checks' | 'pull-requests' | 'contents' | 'comments'): boolean => {
    if (actor.login !== botLogin) return true;
    const writes = (name: 'checks' | 'pull-requests' | 'issues' | 'contents') =>
      (options.botPermissions?.[name] ?? 'write') === 'write';
    return scope === 'comments' ? writes('issues') || writes('pull-requests') : writes(scope);
  };

  const authorAssociation = (entry: RepoEntry, login: string): IssueComment['author_association'] => {
    if (login === botLogin || userType(login) === 'Bot') return 'NONE';
    if (login.toLowerCase() === entry.repo.owner.toLowerCase()) return 'OWNER';
    const role = roleOf(entry, login);
    if (role !== 'none') return 'COLLABORATOR';
    return 'NONE';
  };

  // ---- repositories and pull requests ------------------------------------------------------

  const repoApi = (entry: RepoEntry): string =>
    `${apiUrl}/repos/${encodeURIComponent(entry.repo.owner)}/${encodeURIComponent(entry.repo.name)}`;
  const repoHtml = (entry: RepoEntry): string => `${serverUrl}/${entry.repo.owner}/${entry.repo.name}`;
  const defaultBranch = (entry: RepoEntry): string => entry.repo.defaultBranch ?? 'main';

  /** The commit at the tip of the default branch when {@link FakeRepository.defaultBranchFiles} gives it. */
  const defaultTipSha = (entry: RepoEntry): string =>
    createHash('sha1').update(`tip:${entry.repo.owner}/${entry.repo.name}`).digest('hex');

  /** The commit a tag of {@link FakeRepository.tags} points at. */
  const tagSha = (entry: RepoEntry, name: string): string =>
    createHash('sha1').update(`tag:${entry.repo.owner}/${entry.repo.name}:${name}`).digest('hex');

  const findRepo = (owner: string, name: string): RepoEntry | undefined =>
    repos.find(
      (e) => e.repo.owner.toLowerCase() === owner.toLowerCase() && e.repo.name.toLowerCase() === name.toLowerCase(),
    );

  /** A repository the actor may see; private ones are hidden (404) from users without a role. */
  const visibleRepo = (ctx: Context, params: Record<string, string>): RepoEntry | undefined => {
    const entry = findRepo(params.owner ?? '', params.repo ?? '');
    if (entry === undefined) return undefined;
    if (entry.repo.private === true && ctx.actor.login !== botLogin && roleOf(entry, ctx.actor.login) === 'none') {
      return undefined;
    }
    return entry;
  };

  const findPull = (entry: RepoEntry, number: string | undefined): FakePullRequest | undefined =>
    /^\d+$/.test(number ?? '') ? entry.repo.pulls.find((p) => p.number === Number(number)) : undefined;

  /** Resolves a ref (a PR's head/base SHA or branch name; default: the default branch) to a SHA. */
  const resolveRef = (entry: RepoEntry, ref: string | null): string | undefined => {
    // A short name is a tag first (gitrevisions), `refs/tags/<name>` always, `refs/heads/<name>` never.
    const tag =
      ref?.startsWith('refs/tags/') === true
        ? ref.slice('refs/tags/'.length)
        : ref !== null && !ref.startsWith('refs/')
          ? ref
          : undefined;
    if (tag !== undefined && entry.repo.tags?.[tag] !== undefined) return tagSha(entry, tag);
    if (ref?.startsWith('refs/tags/') === true) return undefined;
    const wanted = ref === null || ref === '' ? defaultBranch(entry) : ref.replace(/^refs\/heads\//, '');
    if (
      entry.repo.defaultBranchFiles !== undefined &&
      (wanted === defaultBranch(entry) || wanted === defaultTipSha(entry))
    )
      return defaultTipSha(entry);
    for (const pull of entry.repo.pulls) {
      for (const side of [pull.head, pull.base]) {
        if (side.sha === wanted || side.ref === wanted) return side.sha;
      }
      if (pull.commits?.includes(wanted) === true) return wanted;
    }
    if (entry.repo.commits?.some((c) => c.sha === wanted) === true) return wanted;
    if (ref === null || ref === '') return entry.repo.pulls[0]?.head.sha;
    return undefined;
  };

  const readAt = (entry: RepoEntry, sha: string, path: string): Buffer | undefined => {
    for (const [name, files] of Object.entries(entry.repo.tags ?? {})) {
      if (sha !== tagSha(entry, name)) continue;
      const text = files[path];
      return text === undefined ? undefined : Buffer.from(text);
    }
    if (entry.repo.defaultBranchFiles !== undefined && sha === defaultTipSha(entry)) {
      const text = entry.repo.defaultBranchFiles[path];
      return text === undefined ? undefined : Buffer.from(text);
    }
    for (const pull of entry.repo.pulls) {
      if (pull.head.sha !== sha && pull.base.sha !== sha) continue;
      const content = pull.readFile(sha, path);
      if (content !== undefined) return content;
    }
    return undefined;
  };

  // ---- routes -------------------------------------------------------------------------------

  const routes: Route[] = [];
  /** Adds a route; `reads` declares the query parameters and body fields its handler may read. */
  const route = (method: string, path: string, handler: Route['handler'], reads: Reads = {}): void => {
    const source = path
      .split('/')
      .map((segment) => {
        if (segment === '*path') return '(?<path>.+)';
        return segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : escapeRegExp(segment);
      })
      .join('/');
    routes.push({
      method,
      path,
      pattern: new RegExp(`^${source}/?$`),
      reads: { query: reads.query ?? [], body: reads.body ?? [] },
      handler,
    });
  };

  const { actorHeaders, send, sendPage } = createReplies(() => apiUrl);

  return {
    options,
    state,
    serverUrl,
    botLogin,
    repos,
    routes,
    apiUrl: () => apiUrl,
    setApiUrl: (url: string) => void (apiUrl = url),
    actorHeaders,
    route,
    send,
    sendPage,
    userType,
    simpleUser,
    authenticate,
    roleOf,
    canWrite,
    scopeAllows,
    authorAssociation,
    repoApi,
    repoHtml,
    defaultBranch,
    defaultTipSha,
    findRepo,
    visibleRepo,
    findPull,
    resolveRef,
    readAt,
  };
}
