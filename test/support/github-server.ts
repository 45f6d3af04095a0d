/**
 * A local HTTP server on 127.0.0.1 that answers the part of the GitHub REST API pr-debate uses,
 * with GitHub's status codes, headers (Link, rate limit, request id), media types and error
 * bodies, so tests can run the real Octokit against it. Every request is kept, and faults can
 * be injected per path.
 *
 * Shapes and limits follow docs.github.com/rest and observed API behaviour, one area a file under
 * `github-server/`: users and repositories (`repos.ts`), pull requests and commits (`pulls.ts`), issue
 * comments, reactions, labels and timelines (`issues.ts`), check runs (`checks.ts`), reviews and review
 * comments (`reviews.ts`), the repository activity (`activity.ts`), and `POST /graphql` (`graphql.ts`:
 * blobs by `repository.object(expression: "<sha>:<path>")`; review threads, `threads.ts`). Every route
 * declares the query parameters and body fields it reads, and can read no other; a test checks each
 * route and what it reads against GitHub's OpenAPI description (`test/support/github-server-schema.test.ts`).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { activityRoutes } from './github-server/activity.js';
import { checkRoutes } from './github-server/checks.js';
import { createFaults } from './github-server/faults.js';
import type { FakeApp, FakeRepository } from './github-server/fixtures.js';
import { graphqlRoutes } from './github-server/graphql.js';
import { issueRoutes } from './github-server/issues.js';
import { createKit, type Context, type Route } from './github-server/kit.js';
import { pullRoutes } from './github-server/pulls.js';
import { repoRoutes } from './github-server/repos.js';
import { reviewRoutes } from './github-server/reviews.js';
import { createShapes } from './github-server/shapes.js';
import type { Fault, GitHubServerState } from './github-server/state.js';
import { declaredBody, declaredQuery, readBody } from './github-server/request.js';
import {
  DOCS,
  errorReply,
  KEEP_ALIVE_TIMEOUT_MS,
  notFound,
  REQUEST_TIMEOUT_MS,
  safeDecode,
} from './github-server/util.js';

export type * from './github-server/fixtures.js';
export type * from './github-server/state.js';
export type { ReviewComment, ReviewState, ReviewThread } from './github-server/reviews.js';
export type { Route } from './github-server/kit.js';
export { diffLines } from './github-server/reviews.js';
export { emptyPullRequest, gitBlobSha } from './github-server/util.js';

/** Options of {@link startGitHubServer}. */
export interface GitHubServerOptions {
  repositories: FakeRepository[];
  /** The token of the bot identity (the action's `github-token`). */
  token: string;
  /** Login the configured token acts as, type `Bot`; default `github-actions[bot]`. */
  botLogin?: string;
  /** HTML base for `html_url`s; default `https://github.com`. */
  serverUrl?: string;
  /** More tokens, token -> login, e.g. to comment as a human. */
  tokens?: Record<string, string>;
  /**
   * The app the bot token (`token`) belongs to; default GitHub Actions (id 15368), as for `GITHUB_TOKEN`.
   * A GitHub App installation token acts as `<slug>[bot]` and its check runs name that app.
   */
  botApp?: FakeApp;
  /** Tokens of other GitHub Apps, token -> app: they act as `<slug>[bot]` (type Bot) and can write check runs. */
  appTokens?: Record<string, FakeApp>;
  /**
   * Path form of the URLs in `Link` headers: `repos` (`/repos/{owner}/{repo}/...`, default) or
   * `repositories` (`/repositories/{id}/...`, what github.com itself sends). Both are served.
   */
  linkStyle?: 'repos' | 'repositories';
  /**
   * The workflow's `permissions:` of the bot token (`token`), by scope; a scope not given is `write`.
   * A write the scope does not allow is refused as GitHub refuses it: REST 403 and GraphQL `FORBIDDEN`,
   * both "Resource not accessible by integration": check runs need `checks: write`; reviews on a PR
   * `pull-requests: write`; comments and their reactions `issues: write` or `pull-requests: write` (the
   * fine-grained permissions each REST endpoint lists: "Issues" or "Pull requests" for issue comments);
   * resolving a review thread `contents: write` (`github-server/threads.ts`).
   */
  botPermissions?: Partial<Record<'checks' | 'pull-requests' | 'issues' | 'contents', 'write' | 'read' | 'none'>>;
}

/** A running server. */
export interface GitHubServer {
  /** API base, e.g. `http://127.0.0.1:PORT`; use as `GITHUB_API_URL`. */
  url: string;
  /** HTML base, e.g. `https://github.com`. */
  serverUrl: string;
  state: GitHubServerState;
  /** Every route the server answers, with the query parameters and body fields it reads. */
  routes: readonly Route[];
  /** Stops listening and destroys open sockets. */
  close(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1 at a free port.
 * @returns the server; call `close()` when done.
 */
export async function startGitHubServer(options: GitHubServerOptions): Promise<GitHubServer> {
  const linkStyle = options.linkStyle ?? 'repos';
  const state: GitHubServerState = {
    requests: [],
    comments: [],
    reactions: [],
    checkRuns: [],
    checkRunAnnotations: [],
    commentEditors: new Map(),
    reviews: { reviews: [], reviewComments: [], threads: [] },
    faults: [],
  };
  const kit = createKit(options, state);
  const { send, actorHeaders, authenticate, repos, findRepo, routes, serverUrl } = kit;
  const shapes = createShapes(kit);
  repoRoutes(kit, shapes);
  pullRoutes(kit, shapes);
  issueRoutes(kit);
  checkRoutes(kit, shapes);
  reviewRoutes(kit);
  activityRoutes(kit);
  graphqlRoutes(kit);
  const faults = createFaults(state, send);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    if (raw === undefined) {
      send({ res }, errorReply(413, 'Payload Too Large', DOCS.root));
      return;
    }
    const text = raw.toString('utf8');
    let body: unknown = text === '' ? undefined : text;
    let badJson = false;
    if (text !== '' && (/json/i.test(req.headers['content-type'] ?? '') || /^\s*[{[]/.test(text))) {
      try {
        body = JSON.parse(text);
      } catch {
        badJson = /json/i.test(req.headers['content-type'] ?? '');
      }
    }
    state.requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body,
      receivedAt: Date.now(),
    });

    const actor = authenticate(req);
    if (!('error' in actor)) actorHeaders.set(res, actor);
    const fault = faults.take(method, url.pathname);
    fault?.onMatch?.();
    if (fault?.pass === true) await faults.hold(fault);
    else if (fault !== undefined) return faults.answer({ req, res }, fault);
    if ('error' in actor) return send({ res }, errorReply(401, actor.error, DOCS.root));
    if (badJson) return send({ res }, errorReply(400, 'Problems parsing JSON', DOCS.root));

    // `/repositories/{id}/...` is how github.com writes its own Link URLs; serve it as `/repos/...`.
    let pathname = url.pathname;
    let linkPathname = url.pathname;
    const byId = /^\/repositories\/(\d+)(\/.*)?$/.exec(pathname);
    if (byId !== null) {
      const entry = repos.find((e) => e.id === Number(byId[1]));
      if (entry === undefined) return send({ res }, notFound(DOCS.root));
      pathname = `/repos/${encodeURIComponent(entry.repo.owner)}/${encodeURIComponent(entry.repo.name)}${byId[2] ?? ''}`;
    } else if (linkStyle === 'repositories') {
      const named = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(pathname);
      const entry = named && findRepo(decodeURIComponent(named[1] ?? ''), decodeURIComponent(named[2] ?? ''));
      if (named && entry) linkPathname = `/repositories/${entry.id}${named[3] ?? ''}`;
    }

    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(pathname);
      if (match === null) continue;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) {
        params[name] = name === 'path' ? value : safeDecode(value);
      }
      const where = `${candidate.method} ${candidate.path}`;
      candidate.handler(
        {
          req,
          res,
          query: declaredQuery(url.searchParams, candidate.reads.query, where),
          body: declaredBody(body, candidate.reads.body, where),
          actor,
          linkPathname,
        },
        params,
      );
      return;
    }
    send({ res }, notFound(DOCS.root));
  };

  // Idle keep-alive sockets stay open as long as a client may wait between requests of one test on a
  // loaded machine (Node's default of 5 s closed sockets undici was about to reuse: ECONNRESET).
  const server = createServer(
    { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        send(
          { res },
          errorReply(500, `Server Error: ${error instanceof Error ? error.message : String(error)}`, DOCS.root),
        );
      });
    },
  );
  // Idle keep-alive sockets outlive every client's (undici closes its own after 4 s): the server never
  // closes one just as a client reuses it, which is an ECONNRESET under load. close() ends them all.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  kit.setApiUrl(apiUrl);

  let closing: Promise<void> | undefined;
  return {
    url: apiUrl,
    serverUrl,
    state,
    routes,
    close: () => {
      closing ??= new Promise<void>((resolvePromise) => {
        faults.clear();
        server.close(() => resolvePromise());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export type { Context, FakeApp, FakeRepository, Fault };
