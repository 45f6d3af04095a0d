/**
 * A local HTTP server on 127.0.0.1 that answers the part of the GitHub REST API pr-debate uses,
 * with GitHub's status codes, headers (Link, rate limit, request id), media types and error
 * bodies, so tests can run the real Octokit against it. Every request is kept, and faults can
 * be injected per path.
 *
 * Shapes and limits follow docs.github.com/rest and observed API behaviour: 30 items per page by
 * default and 100 at most; at most 3,000 files listed for a pull request; a `.diff` refused with
 * 406 `too_large` past 300 files or 20,000 lines; comment bodies of at most 65,536 characters;
 * contents over 1 MB answered with `encoding: "none"` unless asked for raw. `POST /graphql` answers
 * the one query shape pr-debate sends (blobs by `repository.object(expression: "<sha>:<path>")`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { STATUS_CODES, createServer } from 'node:http';
import { addReviewRoutes, type ReviewState } from './github-reviews.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One item of `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`; URLs are filled in when absent. */
export interface PullRequestFileFixture {
  sha: string;
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  previous_filename?: string;
  blob_url?: string;
  raw_url?: string;
  contents_url?: string;
}

/** A pull request the server serves, with its files and contents at its head and base SHAs. */
export interface FakePullRequest {
  number: number;
  title: string;
  body: string | null;
  user: { login: string; type?: 'User' | 'Bot' };
  head: { sha: string; ref: string };
  base: { sha: string; ref: string };
  /**
   * `owner/name` of the fork the head branch lives in; default the repository itself. A fork PR's
   * `head.label` is `forkowner:ref` and `head.repo` the fork, as `GET /pulls` shows it.
   */
  headRepository?: string;
  /**
   * The issue timeline's label events, oldest first (`GET /issues/{n}/timeline`): who added or removed
   * which label. Removing a label through the API appends an `unlabeled` event by the token's user.
   */
  timeline?: { event: 'labeled' | 'unlabeled'; label: string; actor: string; actorType?: 'User' | 'Bot' }[];
  /**
   * The pushes to the head branch, oldest first, as the repository activity lists them
   * (`GET /repos/{o}/{r}/activity`): who left the branch at which commit. Default: one push of `head.sha`
   * by the PR's author.
   */
  pushes?: { after: string; actor: string; type?: 'push' | 'force_push' | 'branch_creation' }[];
  draft?: boolean;
  state?: 'open' | 'closed';
  files: PullRequestFileFixture[];
  /** Whole-PR diff for the diff media type. */
  diff: string;
  /**
   * Answer 406 `too_large` on the diff media type. When undefined, GitHub's own limits decide:
   * more than 300 files, or more than 20,000 diff lines.
   */
  diffTooLarge?: boolean;
  /**
   * Leave out `patch` in the file list (and the compare API) for a file whose patch has more lines than
   * this, as GitHub does for a diff too large to show: "No single file's diff may exceed 20,000 lines
   * that you can load or 500 KB of raw diff data" (docs.github.com, "Repository limits", Diff limits;
   * "Most of the limits below affect both GitHub and the API"). Users report it from about 2,000 lines
   * (issue #14). Default: 20,000 lines or 500 KB.
   */
  omitPatchesOver?: number;
  /** The merge base of head and base (the compare API's `merge_base_commit`); default `base.sha`. */
  mergeBaseSha?: string;
  /** Every blob and submodule of the git tree at a commit of this PR, for `GET /git/trees/{sha}`; undefined for an unknown SHA. */
  listTree?(sha: string): TreeEntryFixture[] | undefined;
  /** Entries past which a recursive tree answer is cut and marked `truncated` (GitHub: 100,000 entries or 7 MB). */
  treeLimit?: number;
  /** Reads a file at a commit SHA of this PR (head or base); undefined when absent. */
  readFile(sha: string, path: string): Buffer | undefined;
  /** Label names on the PR (`labels[].name` of the pull JSON); default none. */
  labels?: string[];
  /**
   * The SHAs `GET /pulls/{n}/commits` lists, oldest first; default `[head.sha]`. A force-push drops
   * the old commits from this list (the old head stays a commit of the repository, see `commits`).
   */
  commits?: string[];
}

/**
 * A commit of the repository besides the PRs' heads and bases: an earlier head after a push, or a
 * merge-queue commit. Check runs can be created on it and `compare` walks its `parents`.
 */
export interface FakeCommit {
  sha: string;
  message: string;
  parents: string[];
  /** PR numbers `GET /commits/{sha}/pulls` associates with this commit. */
  pulls?: number[];
}

/** A GitHub App identity a token acts as (check runs record it as `app`). */
export interface FakeApp {
  id: number;
  slug: string;
  name: string;
}

/** One blob (`100644`, `100755`, `120000`) or submodule (`160000`) of a git tree. */
export interface TreeEntryFixture {
  path: string;
  mode: string;
  sha: string;
  size: number;
}

/** A repository's role names, as GitHub's `role_name`. */
export type RepositoryRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** A repository and its pull requests. The owner is `admin` unless `permissions` says otherwise. */
export interface FakeRepository {
  owner: string;
  name: string;
  private?: boolean;
  /** Default `main`. */
  defaultBranch?: string;
  /**
   * Files at the tip of the default branch (path -> text), a commit of its own: what `contents` serves
   * for `?ref=<default branch>` or no ref ("Default: the repository's default branch",
   * docs.github.com/rest/repos/contents). Without it the default branch is the PR side whose ref is its name.
   */
  defaultBranchFiles?: Record<string, string>;
  /**
   * Tags (name -> files at the tagged commit, path -> text), each a commit of its own. A ref given by
   * short name resolves as git resolves it ("The name of the commit/branch/tag",
   * docs.github.com/rest/repos/contents; git-scm.com/docs/gitrevisions: "When ambiguous, a <refname> is
   * disambiguated by taking the first match", `refs/tags/<refname>` before `refs/heads/<refname>`): a tag
   * named like the default branch wins over it; `refs/heads/<name>` names the branch.
   */
  tags?: Record<string, Record<string, string>>;
  pulls: FakePullRequest[];
  /** login -> role; logins not listed have `none`. */
  permissions?: Record<string, RepositoryRole>;
  /** More commits (earlier heads, merge-queue commits); see {@link FakeCommit}. */
  commits?: FakeCommit[];
}

/** One request as the server received it; `path` is the raw (still percent-encoded) pathname. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the body is JSON, else the text, else undefined. */
  body: unknown;
  /** When the request arrived (ms since the epoch), for the start-up benchmark. */
  receivedAt: number;
}

/** An answer given instead of the route's, to the first `times` requests that match. */
export interface Fault {
  method?: string;
  /** Exact pathname, or a RegExp tested on the pathname (no query). */
  path: RegExp | string;
  status: number;
  /** JSON body; default GitHub's error shape with the status text for statuses >= 400. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Default 1; `Infinity` never runs out. */
  times?: number;
  /** Wait this long before answering (or destroying). */
  delayMs?: number;
  /** Destroy the socket instead of answering, as a dropped connection. */
  destroy?: boolean;
  /** Answer as the route would, after `delayMs` (`status` is ignored): a slow request, not a failed one. */
  pass?: boolean;
  /** Answer (or, with `pass`, go on to the route) only once this settles too: a request held until something else happens; the test bounds it. */
  until?: Promise<unknown>;
  /**
   * Runs when the fault matches, before any answer: something that happens on GitHub while this request
   * is in flight, such as a push that moves a PR's head (with `pass`, the route then answers normally).
   */
  onMatch?: () => void;
}

/** GitHub's `simple-user`. */
export interface SimpleUser {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  url: string;
  html_url: string;
  type: 'User' | 'Bot' | 'Organization';
  site_admin: boolean;
}

/** GitHub's reaction roll-up on a comment. */
export interface ReactionRollup {
  url: string;
  total_count: number;
  '+1': number;
  '-1': number;
  laugh: number;
  hooray: number;
  confused: number;
  heart: number;
  rocket: number;
  eyes: number;
}

/** GitHub's `issue-comment` JSON. */
export interface IssueComment {
  id: number;
  node_id: string;
  url: string;
  html_url: string;
  issue_url: string;
  body: string;
  user: SimpleUser;
  created_at: string;
  updated_at: string;
  author_association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'NONE';
  performed_via_github_app: null;
  reactions: ReactionRollup;
}

/** A reaction on an issue comment. */
export interface ReceivedReaction {
  id: number;
  commentId: number;
  content: string;
  /** Login of the reacting user. */
  user: string;
  created_at: string;
}

/** One annotation of a check run, as sent in `output.annotations`. */
export interface CheckRunAnnotation {
  checkRunId: number;
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

/** GitHub's `check-run` JSON. */
export interface CheckRun {
  id: number;
  node_id: string;
  head_sha: string;
  external_id: string | null;
  url: string;
  html_url: string;
  details_url: string | null;
  status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  conclusion: 'action_required' | 'cancelled' | 'failure' | 'neutral' | 'success' | 'skipped' | 'stale' | 'timed_out' | null;
  started_at: string | null;
  completed_at: string | null;
  output: {
    title: string | null;
    summary: string | null;
    text: string | null;
    annotations_count: number;
    annotations_url: string;
  };
  name: string;
  check_suite: { id: number };
  app: { id: number; slug: string; node_id: string; name: string };
  pull_requests: {
    url: string;
    id: number;
    number: number;
    head: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
    base: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
  }[];
}

/** Everything the server saw and holds; tests read it and may push faults at any time. */
export interface GitHubServerState {
  requests: ReceivedRequest[];
  /** Every comment on every issue/PR, in creation order (deleted ones are removed). */
  comments: IssueComment[];
  reactions: ReceivedReaction[];
  checkRuns: CheckRun[];
  /** Annotations of every check run, in the order they were sent. */
  checkRunAnnotations: CheckRunAnnotation[];
  /** Reviews, review comments and review threads of every PR (`github-reviews.ts`). */
  reviews: ReviewState;
  /** Consumed in order as they match. */
  faults: Fault[];
}

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
   * resolving a review thread `contents: write` (`github-reviews.ts`).
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
  /** Stops listening and destroys open sockets. */
  close(): Promise<void>;
}

const GITHUB_ACTIONS_BOT_ID = 41898282;
/** The app of `GITHUB_TOKEN`: check runs written with it name GitHub Actions (id 15368). */
const GITHUB_ACTIONS_APP: FakeApp = { id: 15368, slug: 'github-actions', name: 'GitHub Actions' };
const MAX_PER_PAGE = 100;
/** GitHub lists at most 3,000 files of a pull request. */
const MAX_LISTED_FILES = 3000;
/** Limits of the `.diff` media type. */
const MAX_DIFF_FILES = 300;
const MAX_DIFF_LINES = 20_000;
/** "No single file's diff may exceed ... 500 KB of raw diff data" (docs.github.com, Repository limits). */
const MAX_FILE_PATCH_BYTES = 500 * 1024;
/** "The limit for the tree array is 100,000 entries with a maximum size of 7 MB when using the recursive parameter" (REST, Get a tree). */
const MAX_TREE_ENTRIES = 100_000;
/** Files the compare API lists: "it includes up to 300 changed files for the entire comparison" (REST, Compare two commits). */
const MAX_COMPARE_FILES = 300;
const MAX_COMMENT_LENGTH = 65_536;
const MAX_CHECK_TEXT_LENGTH = 65_535;
const MAX_ANNOTATIONS_PER_REQUEST = 50;
/** Above this the JSON contents API sends no content (`encoding: "none"`). */
const MAX_JSON_CONTENT_BYTES = 1024 * 1024;
const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 60_000;
const RATE_LIMIT = 5000;
const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
const CHECK_STATUSES = ['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending'] as const;
const CHECK_CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
] as const;
const ANNOTATION_LEVELS = ['notice', 'warning', 'failure'] as const;

const DOCS = {
  root: 'https://docs.github.com/rest',
  user: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  repo: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  pull: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
  pullFiles: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files',
  contents: 'https://docs.github.com/rest/repos/contents#get-repository-content',
  listComments: 'https://docs.github.com/rest/issues/comments#list-issue-comments',
  createComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  getComment: 'https://docs.github.com/rest/issues/comments#get-an-issue-comment',
  updateComment: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment',
  deleteComment: 'https://docs.github.com/rest/issues/comments#delete-an-issue-comment',
  createReaction: 'https://docs.github.com/rest/reactions/reactions#create-reaction-for-an-issue-comment',
  listReactions: 'https://docs.github.com/rest/reactions/reactions#list-reactions-for-an-issue-comment',
  deleteReaction: 'https://docs.github.com/rest/reactions/reactions#delete-an-issue-comment-reaction',
  permission: 'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user',
  createCheckRun: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
  updateCheckRun: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
  getCheckRun: 'https://docs.github.com/rest/checks/runs#get-a-check-run',
  listAnnotations: 'https://docs.github.com/rest/checks/runs#list-check-run-annotations',
  listCheckRuns: 'https://docs.github.com/rest/checks/runs#list-check-runs-for-a-git-reference',
  pullCommits: 'https://docs.github.com/rest/pulls/pulls#list-commits-on-a-pull-request',
  compare: 'https://docs.github.com/rest/commits/commits#compare-two-commits',
  commitPulls: 'https://docs.github.com/rest/commits/commits#list-pull-requests-associated-with-a-commit',
  timeline: 'https://docs.github.com/rest/issues/timeline#list-timeline-events-for-an-issue',
  activity: 'https://docs.github.com/rest/repos/repos#list-repository-activities',
  graphql: 'https://docs.github.com/graphql',
  tree: 'https://docs.github.com/rest/git/trees#get-a-tree',
  listPulls: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests',
  removeLabel: 'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
} as const;

type JsonObject = Record<string, unknown>;

interface Actor {
  login: string;
  type: 'User' | 'Bot' | 'Organization';
  isBot: boolean;
  rateKey: string;
  /** The GitHub App the token belongs to; only app tokens may write check runs. */
  app?: FakeApp;
}

interface RepoEntry {
  repo: FakeRepository;
  id: number;
}

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  body: unknown;
  actor: Actor;
  /** Pathname as it appears in Link headers (`/repos/...` or `/repositories/{id}/...`). */
  linkPathname: string;
}

interface Route {
  method: string;
  pattern: RegExp;
  handler: (ctx: Context, params: Record<string, string>) => void;
}

/** An answer ready to send: a Buffer body is sent as is, a string with `contentType` as text, anything else as JSON. */
interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  mediaType?: string;
}

/**
 * Starts the server on 127.0.0.1 at a free port.
 * @returns the server; call `close()` when done.
 */
export async function startGitHubServer(options: GitHubServerOptions): Promise<GitHubServer> {
  const serverUrl = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  const botLogin = options.botLogin ?? 'github-actions[bot]';
  const botApp: FakeApp = options.botApp ?? GITHUB_ACTIONS_APP;
  // Page size when `per_page` is absent: 30, as GitHub.
  const perPageDefault = 30;
  const linkStyle = options.linkStyle ?? 'repos';
  const state: GitHubServerState = {
    requests: [],
    comments: [],
    reactions: [],
    checkRuns: [],
    checkRunAnnotations: [],
    reviews: { reviews: [], reviewComments: [], threads: [] },
    faults: [],
  };
  const repos: RepoEntry[] = options.repositories.map((repo) => ({ repo, id: numericId(`repo:${repo.owner}/${repo.name}`) }));
  const rateUsed = new Map<string, number>();
  const rateReset = Math.floor(Date.now() / 1000) + 3600;
  const timers = new Set<NodeJS.Timeout>();
  let nextCommentId = 1_000_001;
  let nextReactionId = 5_000_001;
  let nextCheckRunId = 9_000_001;
  let apiUrl = '';

  // ---- identities -------------------------------------------------------------------------

  const userType = (login: string): SimpleUser['type'] =>
    login === botLogin ? 'Bot' : 'User';

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
    const writes = (name: 'checks' | 'pull-requests' | 'issues' | 'contents') => (options.botPermissions?.[name] ?? 'write') === 'write';
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
  const defaultTipSha = (entry: RepoEntry): string => createHash('sha1').update(`tip:${entry.repo.owner}/${entry.repo.name}`).digest('hex');

  /** The commit a tag of {@link FakeRepository.tags} points at. */
  const tagSha = (entry: RepoEntry, name: string): string => createHash('sha1').update(`tag:${entry.repo.owner}/${entry.repo.name}:${name}`).digest('hex');

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

  const repoJson = (entry: RepoEntry, actor?: Actor): JsonObject => {
    const role = actor === undefined ? 'none' : actor.login === botLogin ? 'write' : roleOf(entry, actor.login);
    return {
      id: entry.id,
      node_id: nodeId('Repository', entry.id),
      name: entry.repo.name,
      full_name: `${entry.repo.owner}/${entry.repo.name}`,
      owner: simpleUser(entry.repo.owner),
      private: entry.repo.private === true,
      visibility: entry.repo.private === true ? 'private' : 'public',
      html_url: repoHtml(entry),
      description: null,
      fork: false,
      url: repoApi(entry),
      default_branch: defaultBranch(entry),
      ...(actor === undefined ? {} : { permissions: permissionFlags(role) }),
    };
  };

  const findPull = (entry: RepoEntry, number: string | undefined): FakePullRequest | undefined =>
    /^\d+$/.test(number ?? '') ? entry.repo.pulls.find((p) => p.number === Number(number)) : undefined;

  const pullTotals = (pull: FakePullRequest): { additions: number; deletions: number } => {
    let additions = 0;
    let deletions = 0;
    for (const file of pull.files) {
      additions += file.additions;
      deletions += file.deletions;
    }
    return { additions, deletions };
  };

  const pullJson = (entry: RepoEntry, pull: FakePullRequest): JsonObject => {
    const base = repoApi(entry);
    const html = `${repoHtml(entry)}/pull/${pull.number}`;
    const author = simpleUser(pull.user.login, pull.user.type ?? userType(pull.user.login));
    const owner = simpleUser(entry.repo.owner);
    const branch = (side: { sha: string; ref: string }): JsonObject => ({
      label: `${entry.repo.owner}:${side.ref}`,
      ref: side.ref,
      sha: side.sha,
      user: owner,
      repo: repoJson(entry),
    });
    // A fork's head: its owner in `label` and `user`, the fork as `repo` (`fork: true`).
    const forkHead = (fork: string): JsonObject => {
      const [forkOwner = '', forkName = ''] = fork.split('/');
      const id = numericId(`repo:${fork}`);
      return {
        label: `${forkOwner}:${pull.head.ref}`,
        ref: pull.head.ref,
        sha: pull.head.sha,
        user: simpleUser(forkOwner),
        repo: { ...repoJson(entry), id, node_id: nodeId('Repository', id), name: forkName, full_name: fork, owner: simpleUser(forkOwner), fork: true, html_url: `${serverUrl}/${fork}`, url: `${apiUrl}/repos/${fork}` },
      };
    };
    const totals = pullTotals(pull);
    const id = numericId(`pull:${entry.id}/${pull.number}`);
    return {
      url: `${base}/pulls/${pull.number}`,
      id,
      node_id: nodeId('PullRequest', id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: `${base}/issues/${pull.number}`,
      commits_url: `${base}/pulls/${pull.number}/commits`,
      review_comments_url: `${base}/pulls/${pull.number}/comments`,
      comments_url: `${base}/issues/${pull.number}/comments`,
      statuses_url: `${base}/statuses/${pull.head.sha}`,
      number: pull.number,
      state: pull.state ?? 'open',
      locked: false,
      title: pull.title,
      user: author,
      body: pull.body,
      labels: (pull.labels ?? []).map((name) => ({ id: numericId(`label:${entry.id}/${name}`), node_id: nodeId('Label', numericId(`label:${entry.id}/${name}`)), url: `${base}/labels/${encodeURIComponent(name)}`, name, color: 'ededed', default: false, description: null })),
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignees: [],
      requested_reviewers: [],
      draft: pull.draft ?? false,
      head: pull.headRepository ? forkHead(pull.headRepository) : branch(pull.head),
      base: branch(pull.base),
      author_association: authorAssociation(entry, pull.user.login),
      merged: false,
      mergeable: null,
      mergeable_state: 'unknown',
      comments: state.comments.filter((c) => c.issue_url === `${base}/issues/${pull.number}`).length,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: (pull.commits ?? [pull.head.sha]).length,
      additions: totals.additions,
      deletions: totals.deletions,
      changed_files: pull.files.length,
    };
  };

  /** Why GitHub would refuse this PR's `.diff`, or undefined. */
  const diffRefusal = (pull: FakePullRequest): string | undefined => {
    if (pull.diffTooLarge === false) return undefined;
    if (pull.diffTooLarge === true || pull.files.length > MAX_DIFF_FILES) {
      return `Sorry, the diff exceeded the maximum number of files (${MAX_DIFF_FILES}). Consider using 'List pull requests files' API or locally cloning the repository instead.`;
    }
    if (countLines(pull.diff) > MAX_DIFF_LINES) {
      return `Sorry, the diff exceeded the maximum number of lines (${MAX_DIFF_LINES}). Consider using 'List pull requests files' API or locally cloning the repository instead.`;
    }
    return undefined;
  };

  const fileJson = (entry: RepoEntry, pull: FakePullRequest, file: PullRequestFileFixture): JsonObject => {
    const sha = file.status === 'removed' ? pull.base.sha : pull.head.sha;
    const path = encodePath(file.filename);
    const json: JsonObject = {
      sha: file.sha,
      filename: file.filename,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      changes: file.changes,
      blob_url: file.blob_url ?? `${repoHtml(entry)}/blob/${sha}/${path}`,
      raw_url: file.raw_url ?? `${repoHtml(entry)}/raw/${sha}/${path}`,
      contents_url: file.contents_url ?? `${repoApi(entry)}/contents/${path}?ref=${sha}`,
    };
    if (file.patch !== undefined && !patchTooLarge(pull, file.patch)) json.patch = file.patch;
    if (file.previous_filename !== undefined) json.previous_filename = file.previous_filename;
    return json;
  };

  /** True when GitHub leaves this patch out of the file list (see `omitPatchesOver`). */
  const patchTooLarge = (pull: FakePullRequest, patch: string): boolean => {
    const limit = pull.omitPatchesOver ?? MAX_DIFF_LINES;
    // A patch of more than `limit` lines has more than `limit` characters: count lines only then.
    const tooLong = patch.length > limit && countLines(patch) > limit;
    return pull.omitPatchesOver !== undefined ? tooLong : tooLong || Buffer.byteLength(patch) > MAX_FILE_PATCH_BYTES;
  };

  /** Resolves a ref (a PR's head/base SHA or branch name; default: the default branch) to a SHA. */
  const resolveRef = (entry: RepoEntry, ref: string | null): string | undefined => {
    // A short name is a tag first (gitrevisions), `refs/tags/<name>` always, `refs/heads/<name>` never.
    const tag = ref?.startsWith('refs/tags/') === true ? ref.slice('refs/tags/'.length) : ref !== null && !ref.startsWith('refs/') ? ref : undefined;
    if (tag !== undefined && entry.repo.tags?.[tag] !== undefined) return tagSha(entry, tag);
    if (ref?.startsWith('refs/tags/') === true) return undefined;
    const wanted = ref === null || ref === '' ? defaultBranch(entry) : ref.replace(/^refs\/heads\//, '');
    if (entry.repo.defaultBranchFiles !== undefined && (wanted === defaultBranch(entry) || wanted === defaultTipSha(entry))) return defaultTipSha(entry);
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

  // ---- comments, reactions, check runs -----------------------------------------------------

  const commentInRepo = (entry: RepoEntry, comment: IssueComment): boolean =>
    comment.url.startsWith(`${repoApi(entry)}/issues/comments/`);

  const findComment = (entry: RepoEntry, id: string | undefined): IssueComment | undefined =>
    /^\d+$/.test(id ?? '') ? state.comments.find((c) => c.id === Number(id) && commentInRepo(entry, c)) : undefined;

  const refreshRollup = (comment: IssueComment): void => {
    const counts: Record<string, number> = {};
    for (const reaction of state.reactions) {
      if (reaction.commentId === comment.id) counts[reaction.content] = (counts[reaction.content] ?? 0) + 1;
    }
    comment.reactions = { ...emptyRollup(comment.reactions.url), ...counts };
    comment.reactions.total_count = Object.values(counts).reduce((a, b) => a + b, 0);
  };

  const reactionJson = (reaction: ReceivedReaction): JsonObject => ({
    id: reaction.id,
    node_id: nodeId('Reaction', reaction.id),
    user: simpleUser(reaction.user),
    content: reaction.content,
    created_at: reaction.created_at,
  });

  /** Validates a comment body; returns the error reply or the body. */
  const commentBody = (body: unknown, docs: string): Reply | string => {
    const value = isObject(body) ? body.body : undefined;
    if (value === undefined) return invalid(`"body" wasn't supplied.`, docs);
    if (typeof value !== 'string') return invalid(`For 'properties/body', ${JSON.stringify(value)} is not a string.`, docs);
    if (value.trim() === '') {
      return validationFailed([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }], docs);
    }
    if (value.length > MAX_COMMENT_LENGTH) {
      return validationFailed(
        [
          {
            resource: 'IssueComment',
            code: 'custom',
            field: 'body',
            message: `body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`,
          },
        ],
        docs,
      );
    }
    return value;
  };

  const pullRefsOf = (entry: RepoEntry, sha: string): CheckRun['pull_requests'] => {
    const repoRef = { id: entry.id, url: repoApi(entry), name: entry.repo.name };
    return entry.repo.pulls
      .filter((p) => p.head.sha === sha && (p.state ?? 'open') === 'open')
      .map((p) => ({
        url: `${repoApi(entry)}/pulls/${p.number}`,
        id: numericId(`pull:${entry.id}/${p.number}`),
        number: p.number,
        head: { ref: p.head.ref, sha: p.head.sha, repo: repoRef },
        base: { ref: p.base.ref, sha: p.base.sha, repo: repoRef },
      }));
  };

  const findCheckRun = (entry: RepoEntry, id: string | undefined): CheckRun | undefined =>
    /^\d+$/.test(id ?? '')
      ? state.checkRuns.find((run) => run.id === Number(id) && run.url.startsWith(`${repoApi(entry)}/check-runs/`))
      : undefined;

  /**
   * Applies the writable fields of a create/update body to `run`; returns an error reply when the
   * body is invalid (nothing is applied then).
   */
  const applyCheckRunBody = (run: CheckRun, body: JsonObject, docs: string, creating: boolean): Reply | undefined => {
    const str = (name: string): Reply | string | undefined => {
      const value = body[name];
      if (value === undefined || value === null) return undefined;
      return typeof value === 'string' ? value : invalid(`For 'properties/${name}', ${JSON.stringify(value)} is not a string.`, docs);
    };
    const fields: Record<string, string | undefined> = {};
    for (const name of ['name', 'details_url', 'external_id', 'status', 'conclusion', 'started_at', 'completed_at']) {
      const value = str(name);
      if (typeof value === 'object') return value;
      fields[name] = value;
    }
    if (creating && fields.name === undefined) return invalid(`"name" wasn't supplied.`, docs);
    if (fields.status !== undefined && !includes(CHECK_STATUSES, fields.status)) {
      return invalid(`For 'properties/status', "${fields.status}" is not one of ${JSON.stringify(CHECK_STATUSES)}.`, docs);
    }
    if (fields.conclusion !== undefined && !includes(CHECK_CONCLUSIONS, fields.conclusion)) {
      return invalid(
        `For 'properties/conclusion', "${fields.conclusion}" is not one of ${JSON.stringify(CHECK_CONCLUSIONS)}.`,
        docs,
      );
    }
    if (fields.status === 'completed' && fields.conclusion === undefined && run.conclusion === null) {
      return invalid(`"conclusion" wasn't supplied.`, docs);
    }
    let annotations: CheckRunAnnotation[] = [];
    let output: CheckRun['output'] | undefined;
    if (body.output !== undefined) {
      if (!isObject(body.output)) return invalid(`For 'properties/output', ${JSON.stringify(body.output)} is not an object.`, docs);
      const { title, summary, text } = body.output;
      if (typeof title !== 'string') return invalid(`"title" wasn't supplied.`, docs);
      if (typeof summary !== 'string') return invalid(`"summary" wasn't supplied.`, docs);
      if (text !== undefined && typeof text !== 'string') return invalid(`For 'properties/text', ${JSON.stringify(text)} is not a string.`, docs);
      for (const [field, value] of [['summary', summary], ['text', text]] as const) {
        if (typeof value === 'string' && value.length > MAX_CHECK_TEXT_LENGTH) {
          return validationFailed(
            [
              {
                resource: 'CheckRun',
                code: 'custom',
                field: `output.${field}`,
                message: `output.${field} is too long (maximum is ${MAX_CHECK_TEXT_LENGTH} characters)`,
              },
            ],
            docs,
          );
        }
      }
      const parsed = parseAnnotations(body.output.annotations, run.id, docs);
      if (!Array.isArray(parsed)) return parsed;
      annotations = parsed;
      output = {
        title,
        summary,
        text: typeof text === 'string' ? text : null,
        annotations_count: run.output.annotations_count + annotations.length,
        annotations_url: run.output.annotations_url,
      };
    }
    const now = timestamp();
    if (fields.name !== undefined) run.name = fields.name;
    if (fields.details_url !== undefined) run.details_url = fields.details_url;
    if (fields.external_id !== undefined) run.external_id = fields.external_id;
    if (fields.started_at !== undefined) run.started_at = fields.started_at;
    if (fields.status !== undefined) run.status = fields.status as CheckRun['status'];
    if (fields.conclusion !== undefined) {
      run.conclusion = fields.conclusion as NonNullable<CheckRun['conclusion']>;
      run.status = 'completed';
    }
    if (run.status === 'completed') run.completed_at = fields.completed_at ?? run.completed_at ?? now;
    if (output !== undefined) run.output = output;
    state.checkRunAnnotations.push(...annotations);
    return undefined;
  };

  // ---- routes -------------------------------------------------------------------------------

  const routes: Route[] = [];
  const route = (method: string, path: string, handler: Route['handler']): void => {
    const source = path
      .split('/')
      .map((segment) => {
        if (segment === '*path') return '(?<path>.+)';
        return segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : escapeRegExp(segment);
      })
      .join('/');
    routes.push({ method, pattern: new RegExp(`^${source}/?$`), handler });
  };

  /**
   * `GET /user` (docs.github.com/rest/users/users#get-the-authenticated-user): the token's user. An
   * installation token (the Actions bot) is not a user: GitHub answers 403 "Resource not accessible by integration".
   */
  route('GET', '/user', (ctx) => {
    if (ctx.actor.isBot) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.user));
    send(ctx, { status: 200, body: simpleUser(ctx.actor.login, ctx.actor.type) });
  });

  route('GET', '/repos/:owner/:repo', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.repo));
    send(ctx, { status: 200, body: repoJson(entry, ctx.actor) });
  });

  route('GET', '/repos/:owner/:repo/pulls/:number', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pull));
    const media = mediaFormat(ctx.req.headers.accept);
    if (media.format === 'diff' || media.format === 'patch') {
      const refusal = diffRefusal(pull);
      if (refusal !== undefined) {
        return send(ctx, {
          status: 406,
          body: {
            message: refusal,
            errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
            documentation_url: DOCS.pull,
            status: '406',
          },
        });
      }
      const text = media.format === 'diff' ? pull.diff : formatPatch(pull);
      return send(ctx, {
        status: 200,
        body: text,
        contentType: `${media.type}; charset=utf-8`,
        mediaType: `github.v3; param=${media.format}; format=${media.format}`,
      });
    }
    send(ctx, { status: 200, body: pullJson(entry, pull) });
  });

  /**
   * `POST /graphql`, the part pr-debate sends: `repository(owner: $owner, name: $name)` with aliased
   * `object(expression: $eN)` fields selecting `__typename` and `... on Blob { byteSize isBinary
   * [isTruncated text] }` or `... on Blob { oid }`, where each expression is `<sha or ref>:<path>`. Anything else gets a
   * GraphQL error (HTTP 200 with `errors`), as GitHub answers a query it cannot run.
   */
  route('POST', '/graphql', (ctx) => {
    const body = isObject(ctx.body) ? ctx.body : {};
    const query = typeof body.query === 'string' ? body.query : '';
    const variables = isObject(body.variables) ? body.variables : {};
    const graphqlError = (message: string, type?: string): void =>
      send(ctx, { status: 200, body: { data: null, errors: [{ ...(type ? { type } : {}), message, locations: [{ line: 1, column: 1 }] }] } });
    if (query === '') return send(ctx, errorReply(400, 'A query attribute must be specified and must be a string.', DOCS.graphql));
    if (reviewRoutes.graphql(ctx, query, variables)) return;
    const repoMatch = /repository\(owner: \$owner, name: \$name\)/.exec(query);
    const fields = [...query.matchAll(/(\w+): object\(expression: \$(\w+)\) \{ __typename \.\.\. on Blob \{ ([\w ]+) \} \}/g)];
    if (repoMatch === null || fields.length === 0) return graphqlError('This local server answers only repository.object(expression:) blob queries.');
    const owner = String(variables.owner ?? '');
    const name = String(variables.name ?? '');
    const entry = visibleRepo(ctx, { owner, repo: name });
    if (entry === undefined) {
      return send(ctx, {
        status: 200,
        body: { data: { repository: null }, errors: [{ type: 'NOT_FOUND', path: ['repository'], message: `Could not resolve to a Repository with the name '${owner}/${name}'.` }] },
      });
    }
    const repository: JsonObject = {};
    for (const [, alias = '', variable = '', selection = ''] of fields) {
      const expression = variables[variable];
      if (typeof expression !== 'string') return graphqlError(`Variable $${variable} of type String! was provided invalid value`);
      const colon = expression.indexOf(':');
      const sha = colon === -1 ? undefined : resolveRef(entry, expression.slice(0, colon));
      const content = sha === undefined ? undefined : readAt(entry, sha, expression.slice(colon + 1));
      if (content === undefined) {
        repository[alias] = null;
        continue;
      }
      const binary = content.subarray(0, 8000).includes(0);
      const blob: JsonObject = { __typename: 'Blob' };
      for (const wanted of selection.split(' ')) {
        if (wanted === 'byteSize') blob.byteSize = content.length;
        else if (wanted === 'isBinary') blob.isBinary = binary;
        else if (wanted === 'isTruncated') blob.isTruncated = false;
        else if (wanted === 'text') blob.text = binary ? null : content.toString('utf8');
        // GitObject `oid`: "The Git object ID" (docs.github.com/graphql/reference/interfaces#gitobject).
        else if (wanted === 'oid') blob.oid = gitBlobSha(content);
        else if (wanted !== '') return graphqlError(`Field '${wanted}' doesn't exist on type 'Blob'`, 'undefinedField');
      }
      repository[alias] = blob;
    }
    send(ctx, { status: 200, body: { data: { repository } } });
  });

  // Reviews and review threads (issue #34): their own module, lent the routing and look-ups. Their ids
  // start past 2^31 - 1, the ids GitHub deprecated the 32-bit `databaseId` for (github-reviews.ts).
  let nextReviewId = 3_100_000_001;
  const reviewRoutes = addReviewRoutes<RepoEntry, FakePullRequest>(
    {
      route: (method, path, handler) => route(method, path, handler as Route['handler']),
      send: (ctx, reply) => send(ctx, reply),
      sendPage: (ctx, items) => sendPage(ctx as Context, items),
      visibleRepo: (ctx, params) => visibleRepo(ctx as Context, params),
      findPull,
      repoName: (entry) => `${entry.repo.owner}/${entry.repo.name}`,
      repoHtml,
      resolveRef: (entry, ref) => resolveRef(entry, ref),
      canWrite: (entry, login) => login === botLogin || ['admin', 'maintain', 'write'].includes(roleOf(entry, login)),
      pullRequestsWritable: (ctx) => scopeAllows((ctx as Context).actor, 'pull-requests'),
      contentsWritable: (ctx) => scopeAllows((ctx as Context).actor, 'contents'),
      userType: (login) => userType(login),
    },
    state.reviews,
    { next: () => nextReviewId++, nodeId, now: timestamp },
  );

  route('GET', '/repos/:owner/:repo/pulls/:number/files', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pullFiles));
    const listed = pull.files.slice(0, MAX_LISTED_FILES).map((file) => fileJson(entry, pull, file));
    sendPage(ctx, listed);
  });

  /**
   * `GET /repos/{o}/{r}/git/trees/{tree_sha}[?recursive=1]` (REST, Get a tree): a commit SHA or its tree
   * SHA; recursive, every blob and submodule with its folders, cut at the pull request's `treeLimit` (or
   * 100,000 entries) with `truncated: true`; without `recursive`, the top level only.
   */
  route('GET', '/repos/:owner/:repo/git/trees/:sha', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const wanted = params.sha ?? '';
    const found = entry?.repo.pulls.flatMap((p) => [p.head.sha, p.base.sha, p.mergeBaseSha ?? p.base.sha].map((sha) => ({ p, sha }))).find(({ sha }) => sha === wanted || treeSha(sha) === wanted);
    const blobs = found?.p.listTree?.(found.sha);
    if (entry === undefined || found === undefined || blobs === undefined) return send(ctx, notFound(DOCS.tree));
    const recursive = ctx.query.has('recursive') && !['0', 'false'].includes(ctx.query.get('recursive') ?? '');
    const listed = treeEntries(blobs, recursive);
    const limit = found.p.treeLimit ?? MAX_TREE_ENTRIES;
    const item = (e: { path: string; mode: string; type: string; sha: string; size?: number }): JsonObject => ({
      ...e,
      url: `${repoApi(entry)}/git/${e.type === 'tree' ? 'trees' : 'blobs'}/${e.sha}`,
    });
    send(ctx, {
      status: 200,
      body: { sha: treeSha(found.sha), url: `${repoApi(entry)}/git/trees/${treeSha(found.sha)}`, tree: listed.slice(0, limit).map(item), truncated: recursive && listed.length > limit },
    });
  });

  route('GET', '/repos/:owner/:repo/contents/*path', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.contents));
    const path = decodePath(params.path ?? '');
    if (path === undefined) return send(ctx, notFound(DOCS.contents));
    const ref = ctx.query.get('ref');
    const sha = resolveRef(entry, ref);
    if (sha === undefined) {
      return send(ctx, errorReply(404, `No commit found for the ref ${ref ?? ''}`, 'https://docs.github.com/rest/repos/contents'));
    }
    const content = readAt(entry, sha, path);
    if (content === undefined) return send(ctx, notFound(DOCS.contents));
    const media = mediaFormat(ctx.req.headers.accept);
    if (media.format === 'raw') {
      return send(ctx, {
        status: 200,
        body: content,
        contentType: `${media.type}; charset=utf-8`,
        mediaType: 'github.v3; param=raw; format=raw',
      });
    }
    const refLabel = ref === null || ref === '' ? defaultBranch(entry) : ref;
    const encoded = encodePath(path);
    const blobSha = gitBlobSha(content);
    const self = `${repoApi(entry)}/contents/${encoded}?ref=${encodeURIComponent(refLabel)}`;
    const git = `${repoApi(entry)}/git/blobs/${blobSha}`;
    const html = `${repoHtml(entry)}/blob/${refLabel}/${encoded}`;
    const small = content.length <= MAX_JSON_CONTENT_BYTES;
    send(ctx, {
      status: 200,
      body: {
        type: 'file',
        encoding: small ? 'base64' : 'none',
        size: content.length,
        name: path.slice(path.lastIndexOf('/') + 1),
        path,
        content: small ? wrapBase64(content.toString('base64')) : '',
        sha: blobSha,
        url: self,
        git_url: git,
        html_url: html,
        download_url: rawDownloadUrl(serverUrl, entry.repo, refLabel, encoded),
        _links: { self, git, html },
      },
    });
  });

  route('GET', '/repos/:owner/:repo/issues/:number/comments', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.listComments));
    const issueUrl = `${repoApi(entry)}/issues/${pull.number}`;
    const since = ctx.query.get('since');
    const comments = state.comments.filter(
      (c) => c.issue_url === issueUrl && (since === null || Date.parse(c.updated_at) >= Date.parse(since)),
    );
    sendPage(ctx, comments);
  });

  route('POST', '/repos/:owner/:repo/issues/:number/comments', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.createComment));
    if (!scopeAllows(ctx.actor, 'comments')) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.createComment));
    const body = commentBody(ctx.body, DOCS.createComment);
    if (typeof body !== 'string') return send(ctx, body);
    const id = nextCommentId++;
    const now = timestamp();
    const url = `${repoApi(entry)}/issues/comments/${id}`;
    const comment: IssueComment = {
      id,
      node_id: nodeId('IssueComment', id),
      url,
      html_url: `${repoHtml(entry)}/pull/${pull.number}#issuecomment-${id}`,
      issue_url: `${repoApi(entry)}/issues/${pull.number}`,
      body,
      user: simpleUser(ctx.actor.login, ctx.actor.type),
      created_at: now,
      updated_at: now,
      author_association: authorAssociation(entry, ctx.actor.login),
      performed_via_github_app: null,
      reactions: emptyRollup(`${url}/reactions`),
    };
    state.comments.push(comment);
    send(ctx, { status: 201, body: comment, headers: { location: url } });
  });

  route('GET', '/repos/:owner/:repo/issues/comments/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (comment === undefined) return send(ctx, notFound(DOCS.getComment));
    send(ctx, { status: 200, body: comment });
  });

  /** `PATCH .../issues/comments/{id}`: the author or a writer, with `pull-requests: write`. */
  const updateComment = (ctx: Context, entry: RepoEntry, comment: IssueComment, requestBody: unknown): Reply => {
    if (!scopeAllows(ctx.actor, 'comments')) return errorReply(403, 'Resource not accessible by integration', DOCS.updateComment);
    if (comment.user.login !== ctx.actor.login && !canWrite(entry, ctx.actor)) return errorReply(403, 'Forbidden', DOCS.updateComment);
    const body = commentBody(requestBody, DOCS.updateComment);
    if (typeof body !== 'string') return body;
    comment.body = body;
    comment.updated_at = timestamp();
    return { status: 200, body: comment };
  };

  route('PATCH', '/repos/:owner/:repo/issues/comments/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (entry === undefined || comment === undefined) return send(ctx, notFound(DOCS.updateComment));
    send(ctx, updateComment(ctx, entry, comment, ctx.body));
  });

  route('DELETE', '/repos/:owner/:repo/issues/comments/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (entry === undefined || comment === undefined) return send(ctx, notFound(DOCS.deleteComment));
    if (comment.user.login !== ctx.actor.login && !canWrite(entry, ctx.actor)) {
      return send(ctx, errorReply(403, 'Forbidden', DOCS.deleteComment));
    }
    state.comments.splice(state.comments.indexOf(comment), 1);
    removeWhere(state.reactions, (r) => r.commentId === comment.id);
    send(ctx, { status: 204 });
  });

  route('GET', '/repos/:owner/:repo/issues/comments/:id/reactions', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (comment === undefined) return send(ctx, notFound(DOCS.listReactions));
    const content = ctx.query.get('content');
    const reactions = state.reactions.filter((r) => r.commentId === comment.id && (content === null || r.content === content));
    sendPage(ctx, reactions.map(reactionJson));
  });

  /** `POST .../issues/comments/{id}/reactions`: an existing reaction of the user is answered 200, as is. */
  const addReaction = (ctx: Context, comment: IssueComment, content: unknown): Reply => {
    if (!scopeAllows(ctx.actor, 'comments')) return errorReply(403, 'Resource not accessible by integration', DOCS.createReaction);
    if (content === undefined) return invalid(`"content" wasn't supplied.`, DOCS.createReaction);
    if (typeof content !== 'string' || !includes(REACTION_CONTENTS, content)) {
      return validationFailed([{ resource: 'Reaction', code: 'custom', field: 'content', message: 'content is not included in the list' }], DOCS.createReaction);
    }
    const existing = state.reactions.find((r) => r.commentId === comment.id && r.content === content && r.user === ctx.actor.login);
    if (existing !== undefined) return { status: 200, body: reactionJson(existing) };
    const reaction: ReceivedReaction = { id: nextReactionId++, commentId: comment.id, content, user: ctx.actor.login, created_at: timestamp() };
    state.reactions.push(reaction);
    refreshRollup(comment);
    return { status: 201, body: reactionJson(reaction) };
  };

  route('POST', '/repos/:owner/:repo/issues/comments/:id/reactions', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    if (comment === undefined) return send(ctx, notFound(DOCS.createReaction));
    send(ctx, addReaction(ctx, comment, isObject(ctx.body) ? ctx.body.content : undefined));
  });

  route('DELETE', '/repos/:owner/:repo/issues/comments/:id/reactions/:reaction', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const comment = entry && findComment(entry, params.id);
    const reaction =
      comment && state.reactions.find((r) => r.commentId === comment.id && String(r.id) === params.reaction);
    if (comment === undefined || reaction === undefined) return send(ctx, notFound(DOCS.deleteReaction));
    if (!scopeAllows(ctx.actor, 'comments')) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.deleteReaction));
    state.reactions.splice(state.reactions.indexOf(reaction), 1);
    refreshRollup(comment);
    send(ctx, { status: 204 });
  });

  route('GET', '/repos/:owner/:repo/collaborators/:user/permission', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.permission));
    const login = params.user ?? '';
    const role = roleOf(entry, login);
    if (role === 'none' && entry.repo.private === true) return send(ctx, notFound(DOCS.permission));
    const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
    send(ctx, {
      status: 200,
      body: {
        permission,
        role_name: role,
        user: { ...simpleUser(login), permissions: permissionFlags(role), role_name: role },
      },
    });
  });

  /** `POST .../check-runs`: only a GitHub App, with `checks: write`. */
  const createCheckRun = (ctx: Context, entry: RepoEntry, requestBody: unknown): Reply => {
    if (!ctx.actor.isBot) return errorReply(403, 'You must authenticate via a GitHub App.', DOCS.createCheckRun);
    if (!scopeAllows(ctx.actor, 'checks')) return errorReply(403, 'Resource not accessible by integration', DOCS.createCheckRun);
    if (!isObject(requestBody)) return invalid(`"name" wasn't supplied.`, DOCS.createCheckRun);
    const headSha = requestBody.head_sha;
    if (headSha === undefined) return invalid(`"head_sha" wasn't supplied.`, DOCS.createCheckRun);
    if (typeof headSha !== 'string' || !/^[0-9a-f]{40}$/.test(headSha) || resolveRef(entry, headSha) !== headSha) {
      return errorReply(422, `No commit found for SHA: ${String(headSha)}`, DOCS.createCheckRun);
    }
    // Only GitHub Apps (GITHUB_TOKEN is the GitHub Actions app's) write check runs; the run names the app.
    const app = ctx.actor.app;
    if (app === undefined) return errorReply(403, 'You must authenticate via a GitHub App.', DOCS.createCheckRun);
    const id = nextCheckRunId;
    const url = `${repoApi(entry)}/check-runs/${id}`;
    const run: CheckRun = {
      id,
      node_id: nodeId('CheckRun', id),
      head_sha: headSha,
      external_id: '',
      url,
      html_url: `${repoHtml(entry)}/runs/${id}`,
      details_url: null,
      status: 'queued',
      conclusion: null,
      started_at: timestamp(),
      completed_at: null,
      output: { title: null, summary: null, text: null, annotations_count: 0, annotations_url: `${url}/annotations` },
      name: '',
      check_suite: { id: numericId(`suite:${entry.id}/${headSha}`) },
      app: { id: app.id, slug: app.slug, node_id: nodeId('App', app.id), name: app.name },
      pull_requests: pullRefsOf(entry, headSha),
    };
    const error = applyCheckRunBody(run, requestBody, DOCS.createCheckRun, true);
    if (error !== undefined) return error;
    nextCheckRunId += 1;
    state.checkRuns.push(run);
    return { status: 201, body: run, headers: { location: url } };
  };

  route('POST', '/repos/:owner/:repo/check-runs', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.createCheckRun));
    send(ctx, createCheckRun(ctx, entry, ctx.body));
  });

  route('GET', '/repos/:owner/:repo/check-runs/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const run = entry && findCheckRun(entry, params.id);
    if (run === undefined) return send(ctx, notFound(DOCS.getCheckRun));
    send(ctx, { status: 200, body: run });
  });

  route('PATCH', '/repos/:owner/:repo/check-runs/:id', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const run = entry && findCheckRun(entry, params.id);
    if (run === undefined) return send(ctx, notFound(DOCS.updateCheckRun));
    if (!ctx.actor.isBot) return send(ctx, errorReply(403, 'You must authenticate via a GitHub App.', DOCS.updateCheckRun));
    // "Only GitHub Apps can create or update check runs"; an app can update only its own (another app gets 403).
    if (ctx.actor.app?.id !== run.app.id || !scopeAllows(ctx.actor, 'checks')) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.updateCheckRun));
    const error = applyCheckRunBody(run, isObject(ctx.body) ? ctx.body : {}, DOCS.updateCheckRun, false);
    if (error !== undefined) return send(ctx, error);
    send(ctx, { status: 200, body: run });
  });

  route('GET', '/repos/:owner/:repo/check-runs/:id/annotations', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const run = entry && findCheckRun(entry, params.id);
    if (run === undefined) return send(ctx, notFound(DOCS.listAnnotations));
    const annotations = state.checkRunAnnotations
      .filter((a) => a.checkRunId === run.id)
      .map(({ checkRunId: _, ...annotation }) => ({
        start_column: null,
        end_column: null,
        title: null,
        raw_details: null,
        ...annotation,
        blob_href: `${serverUrl}/${entry?.repo.owner ?? ''}/${entry?.repo.name ?? ''}/blob/${run.head_sha}/${encodePath(annotation.path)}`,
      }));
    sendPage(ctx, annotations);
  });

  route('GET', '/repos/:owner/:repo/commits/:ref/check-runs', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.listCheckRuns));
    const ref = params.ref ?? '';
    const sha = resolveRef(entry, ref);
    if (sha === undefined) {
      return send(ctx, errorReply(422, `No commit found for SHA: ${ref}`, DOCS.listCheckRuns));
    }
    const checkName = ctx.query.get('check_name');
    const status = ctx.query.get('status');
    // `app_id`: "Filters check runs by GitHub App ID" (same docs page).
    const appId = ctx.query.get('app_id');
    let runs = state.checkRuns
      .filter((run) => run.url.startsWith(`${repoApi(entry)}/check-runs/`) && run.head_sha === sha)
      .filter((run) => (checkName === null || run.name === checkName) && (status === null || run.status === status))
      .filter((run) => appId === null || String(run.app.id) === appId)
      .sort((a, b) => b.id - a.id);
    if (ctx.query.get('filter') !== 'all') {
      // The default `filter=latest` keeps the most recent run of each name.
      const seen = new Set<string>();
      runs = runs.filter((run) => {
        if (seen.has(run.name)) return false;
        seen.add(run.name);
        return true;
      });
    }
    sendPage(ctx, runs, (page) => ({ total_count: runs.length, check_runs: page }));
  });

  // ---- commits (PR history, merge queue) -----------------------------------------------------

  /** GitHub's `commit` JSON (as the list and compare endpoints send it) for a known SHA. */
  const commitJson = (entry: RepoEntry, sha: string): JsonObject => {
    const known = entry.repo.commits?.find((c) => c.sha === sha);
    const person = { name: 'Octo Cat', email: 'octocat@example.com', date: '2024-01-01T00:00:00Z' };
    return {
      sha,
      node_id: nodeId('Commit', numericId(`commit:${sha}`)),
      commit: { author: person, committer: person, message: known?.message ?? `Commit ${sha.slice(0, 7)}`, tree: { sha: createHash('sha1').update(sha).digest('hex'), url: '' }, url: `${repoApi(entry)}/git/commits/${sha}`, comment_count: 0 },
      url: `${repoApi(entry)}/commits/${sha}`,
      html_url: `${repoHtml(entry)}/commit/${sha}`,
      comments_url: `${repoApi(entry)}/commits/${sha}/comments`,
      author: null,
      committer: null,
      parents: (known?.parents ?? []).map((parent) => ({ sha: parent, url: `${repoApi(entry)}/commits/${parent}`, html_url: `${repoHtml(entry)}/commit/${parent}` })),
    };
  };

  // "Lists a maximum of 250 commits for a pull request", oldest first, paginated (30 by default).
  route('GET', '/repos/:owner/:repo/pulls/:number/commits', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.pullCommits));
    sendPage(ctx, (pull.commits ?? [pull.head.sha]).slice(0, 250).map((sha) => commitJson(entry, sha)));
  });

  // `basehead` is `BASE...HEAD`; `commits` are those reachable from HEAD and not from BASE, oldest
  // first; this server walks `parents` from HEAD and stops at BASE. "The response from the API is limited
  // to 250 commits"; "Compare REST API now supports pagination ... It can also now return the results for
  // comparisons over 250 commits" (GitHub changelog 2021-03-22): with `per_page` or `page`, every commit
  // is served, a page at a time with a `Link` header, and the other fields on every page.
  route('GET', '/repos/:owner/:repo/compare/:basehead', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.compare));
    const [base = '', head = ''] = decodeURIComponent(params.basehead ?? '').split('...');
    const baseSha = resolveRef(entry, base);
    const headSha = resolveRef(entry, head);
    if (baseSha === undefined || headSha === undefined) return send(ctx, notFound(DOCS.compare));
    const paginated = ctx.query.has('per_page') || ctx.query.has('page');
    const seen = new Set<string>();
    const order: string[] = [];
    const queue = [headSha];
    while (queue.length > 0 && (paginated || order.length < 250)) {
      const sha = queue.shift()!;
      if (sha === baseSha || seen.has(sha)) continue;
      seen.add(sha);
      order.push(sha);
      queue.push(...(entry.repo.commits?.find((c) => c.sha === sha)?.parents ?? []));
    }
    const commits = order.reverse().map((sha) => commitJson(entry, sha));
    // A pull request's own comparison: its merge base, and "up to 300 changed files for the entire
    // comparison", listed on the first page only, shaped as the file list shapes them.
    const pull = entry.repo.pulls.find((p) => p.base.sha === baseSha && p.head.sha === headSha);
    const firstPage = (Number(ctx.query.get('page') ?? '1') || 1) === 1;
    const body = (page: JsonObject[]): JsonObject => ({
      url: `${repoApi(entry)}/compare/${base}...${head}`,
      html_url: `${repoHtml(entry)}/compare/${base}...${head}`,
      status: commits.length === 0 ? 'identical' : 'ahead',
      ahead_by: commits.length,
      behind_by: 0,
      total_commits: commits.length,
      base_commit: commitJson(entry, baseSha),
      merge_base_commit: commitJson(entry, pull?.mergeBaseSha ?? baseSha),
      commits: page,
      files: pull !== undefined && firstPage ? pull.files.slice(0, MAX_COMPARE_FILES).map((file) => fileJson(entry, pull, file)) : [],
    });
    if (paginated) return sendPage(ctx, commits, body);
    send(ctx, { status: 200, body: body(commits) });
  });

  /**
   * `GET /repos/{o}/{r}/pulls` (List pull requests): `state` (default `open`), `head` ("Filter pulls by
   * head user or head organization and branch name in the format of user:ref-name"), `base`.
   */
  route('GET', '/repos/:owner/:repo/pulls', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.listPulls));
    const wanted = ctx.query.get('state') ?? 'open';
    const head = ctx.query.get('head');
    const base = ctx.query.get('base');
    const pulls = entry.repo.pulls.filter((p) => {
      if (wanted !== 'all' && (p.state ?? 'open') !== wanted) return false;
      if (base !== null && p.base.ref !== base) return false;
      if (head === null) return true;
      const owner = (p.headRepository ?? `${entry.repo.owner}/${entry.repo.name}`).split('/')[0]!;
      return `${owner}:${p.head.ref}`.toLowerCase() === head.toLowerCase();
    });
    sendPage(ctx, pulls.map((p) => pullJson(entry, p)));
  });

  // "List all timeline events for an issue" (REST, Timeline events): `labeled` / `unlabeled` events carry
  // `actor` (who changed the label) and `label: { name, color }`; paginated, oldest first.
  route('GET', '/repos/:owner/:repo/issues/:number/timeline', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.timeline));
    sendPage(ctx, (pull.timeline ?? []).map((e, i) => {
      const id = numericId(`event:${entry.id}/${pull.number}/${i}`);
      // Oldest first: each event a minute after the one before.
      const createdAt = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
      return { id, node_id: nodeId(e.event === 'labeled' ? 'LabeledEvent' : 'UnlabeledEvent', id), url: `${repoApi(entry)}/issues/events/${id}`, actor: simpleUser(e.actor, e.actorType ?? userType(e.actor)), event: e.event, commit_id: null, commit_url: null, created_at: createdAt, performed_via_github_app: null, label: { name: e.label, color: 'ededed' } };
    }));
  });

  /**
   * `GET /repos/{o}/{r}/activity` (List repository activities: "Lists a detailed history of changes to a
   * repository, such as pushes, merges, force pushes, and branch changes, and associates these changes with
   * commits and users"; GitHub's OpenAPI description, `repos/list-activities`): each activity's `before`,
   * `after`, `ref` ("The full Git reference, formatted as `refs/heads/<branch name>`"), `activity_type`
   * and `actor`; filtered by `ref` ("formatted either as `refs/heads/BRANCH_NAME` or `BRANCH_NAME`"),
   * newest first unless `direction=asc`, paginated. The pushes of this repository's PR head branches.
   */
  route('GET', '/repos/:owner/:repo/activity', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.activity));
    const own = `${entry.repo.owner}/${entry.repo.name}`.toLowerCase();
    const wanted = ctx.query.get('ref')?.replace(/^refs\/heads\//, '');
    const activities = entry.repo.pulls
      .filter((p) => (p.headRepository ?? own).toLowerCase() === own && (wanted === undefined || p.head.ref === wanted))
      .flatMap((p) =>
        (p.pushes ?? [{ after: p.head.sha, actor: p.user.login }]).map((push, i, all) => {
          const id = numericId(`activity:${entry.id}/${p.number}/${i}`);
          return { id, node_id: nodeId('RepositoryActivity', id), before: i === 0 ? '0'.repeat(40) : all[i - 1]!.after, after: push.after, ref: `refs/heads/${p.head.ref}`, timestamp: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), activity_type: push.type ?? 'push', actor: simpleUser(push.actor) };
        }),
      );
    sendPage(ctx, ctx.query.get('direction') === 'asc' ? activities : activities.reverse());
  });

  /**
   * `DELETE /repos/{o}/{r}/issues/{n}/labels/{name}` (Remove a label from an issue): 200 with the labels
   * left; 404 "Label does not exist" when the issue does not carry it; a token that cannot write gets 403.
   */
  route('DELETE', '/repos/:owner/:repo/issues/:number/labels/:name', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    const pull = entry && findPull(entry, params.number);
    if (entry === undefined || pull === undefined) return send(ctx, notFound(DOCS.removeLabel));
    if (!canWrite(entry, ctx.actor)) return send(ctx, errorReply(403, 'Resource not accessible by integration', DOCS.removeLabel));
    const name = decodeURIComponent(params.name ?? '');
    const labels = pull.labels ?? [];
    const index = labels.findIndex((l) => l.toLowerCase() === name.toLowerCase());
    if (index < 0) return send(ctx, errorReply(404, 'Label does not exist', DOCS.removeLabel));
    const [removed] = labels.splice(index, 1);
    pull.labels = labels;
    pull.timeline = [...(pull.timeline ?? []), { event: 'unlabeled', label: removed!, actor: ctx.actor.login, actorType: ctx.actor.type === 'Bot' ? 'Bot' : 'User' }];
    send(ctx, { status: 200, body: labels.map((l) => ({ id: numericId(`label:${entry.id}/${l}`), name: l, color: 'ededed', default: false, description: null })) });
  });

  // "Lists the merged pull request that introduced the commit ... [or] merged and open pull requests associated with the commit."
  route('GET', '/repos/:owner/:repo/commits/:sha/pulls', (ctx, params) => {
    const entry = visibleRepo(ctx, params);
    if (entry === undefined) return send(ctx, notFound(DOCS.commitPulls));
    const sha = params.sha ?? '';
    const listed = new Set(entry.repo.commits?.find((c) => c.sha === sha)?.pulls ?? []);
    const pulls = entry.repo.pulls.filter((p) => listed.has(p.number) || p.head.sha === sha || p.commits?.includes(sha) === true);
    sendPage(ctx, pulls.map((p) => pullJson(entry, p)));
  });

  // ---- plumbing ------------------------------------------------------------------------------

  const baseHeaders = (actor: Actor | undefined): Record<string, string> => {
    const key = actor?.rateKey ?? 'anonymous';
    const used = (rateUsed.get(key) ?? 0) + 1;
    rateUsed.set(key, used);
    const limit = actor === undefined ? 60 : RATE_LIMIT;
    return {
      'x-github-request-id': requestId(),
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': String(rateReset),
      'x-ratelimit-used': String(used),
      'x-ratelimit-resource': 'core',
      'access-control-expose-headers':
        'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
      server: 'github.com',
    };
  };

  const actorHeaders = new WeakMap<ServerResponse, Actor | undefined>();

  const send = (ctx: { res: ServerResponse }, reply: Reply): void => {
    const { res } = ctx;
    if (res.headersSent || res.destroyed) return;
    const headers: Record<string, string> = {
      ...baseHeaders(actorHeaders.get(res)),
      'x-github-media-type': reply.mediaType ?? 'github.v3; format=json',
    };
    let payload: Buffer | undefined;
    if (reply.status !== 204 && reply.status !== 304 && reply.body !== undefined) {
      if (Buffer.isBuffer(reply.body)) {
        payload = reply.body;
        headers['content-type'] = reply.contentType ?? 'application/octet-stream';
      } else if (typeof reply.body === 'string' && reply.contentType !== undefined) {
        payload = Buffer.from(reply.body, 'utf8');
        headers['content-type'] = reply.contentType;
      } else {
        payload = Buffer.from(JSON.stringify(reply.body), 'utf8');
        headers['content-type'] = 'application/json; charset=utf-8';
      }
      headers['content-length'] = String(payload.length);
    }
    Object.assign(headers, reply.headers);
    res.writeHead(reply.status, headers);
    res.end(payload);
  };

  /** Sends one page of `items` with GitHub's `Link` header; `wrap` shapes the body (check runs). */
  const sendPage = <T>(ctx: Context, items: T[], wrap?: (page: T[]) => unknown): void => {
    const perPageRaw = Number.parseInt(ctx.query.get('per_page') ?? '', 10);
    const perPage = Number.isFinite(perPageRaw) && perPageRaw > 0 ? Math.min(perPageRaw, MAX_PER_PAGE) : perPageDefault;
    const pageRaw = Number.parseInt(ctx.query.get('page') ?? '', 10);
    const page = Number.isFinite(pageRaw) && pageRaw > 0 ? pageRaw : 1;
    const lastPage = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const pageUrl = (n: number): string => {
      const query = new URLSearchParams(ctx.query);
      query.delete('page');
      query.append('page', String(n));
      return `${apiUrl}${ctx.linkPathname}?${query.toString()}`;
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`);
    if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`);
    send(ctx, {
      status: 200,
      body: wrap === undefined ? slice : wrap(slice),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    });
  };

  const answerFault = (ctx: { req: IncomingMessage; res: ServerResponse }, fault: Fault): void => {
    const answer = (): void => {
      if (fault.destroy === true) {
        ctx.req.socket.destroy();
        return;
      }
      const body =
        fault.body !== undefined || fault.status < 400
          ? fault.body
          : { message: STATUS_CODES[fault.status] ?? 'Error', documentation_url: DOCS.root, status: String(fault.status) };
      send(ctx, { status: fault.status, body, headers: fault.headers ?? {} });
    };
    const delayed = (): void => {
      if (fault.delayMs === undefined || fault.delayMs <= 0) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, fault.delayMs);
      timers.add(timer);
    };
    if (fault.until === undefined) return delayed();
    void fault.until.catch(() => undefined).then(delayed);
  };

  /** The first fault set for this request (and `accept`ed), used up by one. */
  const takeFault = (method: string, pathname: string): Fault | undefined => {
    const index = state.faults.findIndex((fault) => {
      if (fault.method !== undefined && fault.method.toUpperCase() !== method) return false;
      if (typeof fault.path === 'string') return fault.path === pathname;
      fault.path.lastIndex = 0;
      return fault.path.test(pathname);
    });
    const fault = state.faults[index];
    if (fault === undefined) return undefined;
    const left = (fault.times ?? 1) - 1;
    if (left <= 0) state.faults.splice(index, 1);
    else fault.times = left;
    return fault;
  };

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
    const fault = takeFault(method, url.pathname);
    fault?.onMatch?.();
    if (fault?.pass === true) {
      const delay = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.delayMs ?? 0);
        timers.add(timer);
      });
      await Promise.all([delay, fault.until?.catch(() => undefined)]);
    } else if (fault !== undefined) return answerFault({ req, res }, fault);
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

    const ctx: Context = { req, res, query: url.searchParams, body, actor, linkPathname };
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(pathname);
      if (match === null) continue;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) {
        params[name] = name === 'path' ? value : safeDecode(value);
      }
      candidate.handler(ctx, params);
      return;
    }
    send(ctx, notFound(DOCS.root));
  };

  // Idle keep-alive sockets stay open as long as a client may wait between requests of one test on a
  // loaded machine (Node's default of 5 s closed sockets undici was about to reuse: ECONNRESET).
  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      send({ res }, errorReply(500, `Server Error: ${error instanceof Error ? error.message : String(error)}`, DOCS.root));
    });
  });
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
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  return {
    url: apiUrl,
    serverUrl,
    state,
    close: () => {
      closing ??= new Promise<void>((resolvePromise) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolvePromise());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

// ---- helpers (pure) ---------------------------------------------------------------------------

function errorReply(status: number, message: string, documentationUrl: string, errors?: unknown[]): Reply {
  return {
    status,
    body: {
      message,
      ...(errors === undefined ? {} : { errors }),
      documentation_url: documentationUrl,
      status: String(status),
    },
  };
}

function notFound(documentationUrl: string): Reply {
  return errorReply(404, 'Not Found', documentationUrl);
}

/** GitHub's answer to a body that fails its JSON schema. */
function invalid(detail: string, documentationUrl: string): Reply {
  return errorReply(422, `Invalid request.\n\n${detail}`, documentationUrl);
}

function validationFailed(errors: unknown[], documentationUrl: string): Reply {
  return errorReply(422, 'Validation Failed', documentationUrl, errors);
}

function parseAnnotations(value: unknown, checkRunId: number, docs: string): CheckRunAnnotation[] | Reply {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return invalid(`For 'properties/annotations', ${JSON.stringify(value)} is not an array.`, docs);
  if (value.length > MAX_ANNOTATIONS_PER_REQUEST) {
    return invalid(`Only ${MAX_ANNOTATIONS_PER_REQUEST} annotations are allowed per request.`, docs);
  }
  const annotations: CheckRunAnnotation[] = [];
  for (const item of value) {
    if (!isObject(item)) return invalid(`For 'items', ${JSON.stringify(item)} is not an object.`, docs);
    const { path, start_line: startLine, end_line: endLine, annotation_level: level, message } = item;
    for (const [name, field] of [['path', path], ['message', message], ['annotation_level', level]] as const) {
      if (typeof field !== 'string') return invalid(`"${name}" wasn't supplied.`, docs);
    }
    for (const [name, field] of [['start_line', startLine], ['end_line', endLine]] as const) {
      if (typeof field !== 'number' || !Number.isInteger(field)) return invalid(`"${name}" wasn't supplied.`, docs);
    }
    if (typeof level !== 'string' || !includes(ANNOTATION_LEVELS, level)) {
      return invalid(`For 'properties/annotation_level', ${JSON.stringify(level)} is not one of ${JSON.stringify(ANNOTATION_LEVELS)}.`, docs);
    }
    const annotation: CheckRunAnnotation = {
      checkRunId,
      path: String(path),
      start_line: Number(startLine),
      end_line: Number(endLine),
      annotation_level: level,
      message: String(message),
    };
    if (typeof item.start_column === 'number') annotation.start_column = item.start_column;
    if (typeof item.end_column === 'number') annotation.end_column = item.end_column;
    if (typeof item.title === 'string') annotation.title = item.title;
    if (typeof item.raw_details === 'string') annotation.raw_details = item.raw_details;
    annotations.push(annotation);
  }
  return annotations;
}

/**
 * The format asked for in `Accept`: `application/vnd.github[.v3][.FORMAT][+json]`, first non-JSON
 * format wins; anything else is JSON.
 */
function mediaFormat(accept: string | undefined): { format: string; type: string } {
  for (const part of (accept ?? '').split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    const match = /^application\/vnd\.github(?:\.v3)?(?:\.([a-z]+))?(?:\+json)?$/.exec(type);
    const format = match?.[1];
    if (format !== undefined && format !== 'json') return { format, type };
  }
  return { format: 'json', type: 'application/json' };
}

/** A `git format-patch`-style mail for the `.patch` media type. */
function formatPatch(pull: FakePullRequest): string {
  return [
    `From ${pull.head.sha} Mon Sep 17 00:00:00 2001`,
    `From: ${pull.user.login} <${pull.user.login}@users.noreply.github.com>`,
    'Date: Mon, 1 Jan 2024 00:00:00 +0000',
    `Subject: [PATCH] ${pull.title}`,
    '',
    pull.body ?? '',
    '---',
    pull.diff,
  ].join('\n');
}

function emptyRollup(url: string): ReactionRollup {
  return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

function permissionFlags(role: RepositoryRole): Record<string, boolean> {
  const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role);
  return { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 };
}

/** Where github.com serves raw files; GHES serves them under the server itself. */
function rawDownloadUrl(serverUrl: string, repo: FakeRepository, ref: string, encodedPath: string): string {
  const base = serverUrl === 'https://github.com' ? 'https://raw.githubusercontent.com' : `${serverUrl}/raw`;
  return `${base}/${repo.owner}/${repo.name}/${ref}/${encodedPath}`;
}

/** Git's blob SHA-1 of `content`, as `git hash-object` prints it. */
export function gitBlobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Base64 with a newline after every 60 characters, as the contents API sends it. */
function wrapBase64(base64: string): string {
  let out = '';
  for (let i = 0; i < base64.length; i += 60) out += `${base64.slice(i, i + 60)}\n`;
  return out;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Decodes a URL path into a repository path; `/` may come encoded (`%2F`, as Octokit sends it).
 * Undefined for empty, `.` or `..` segments.
 */
function decodePath(encoded: string): string | undefined {
  const segments = safeDecode(encoded).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0'))) return undefined;
  return segments.join('/');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

function numericId(seed: string): number {
  return 10_000_000 + (createHash('sha1').update(seed).digest().readUInt32BE(0) % 900_000_000);
}

function nodeId(kind: string, id: number): string {
  return Buffer.from(`0:${kind}${id}`).toString('base64').replace(/=+$/, '');
}

function requestId(): string {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex').toUpperCase();
  return `${hex(2)}:${hex(2)}:${hex(3)}:${hex(3)}:${hex(4)}`;
}

function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function removeWhere<T>(list: T[], predicate: (item: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i -= 1) if (predicate(list[i] as T)) list.splice(i, 1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads the body, or undefined past the size limit. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** A pull request with no files, for tests of comments, reactions and faults: #3, head `a…a`, base `b…b`. */
export function emptyPullRequest(): FakePullRequest {
  return {
    number: 3,
    title: 't',
    body: null,
    user: { login: 'alice' },
    head: { sha: 'a'.repeat(40), ref: 'feature' },
    base: { sha: 'b'.repeat(40), ref: 'main' },
    files: [],
    diff: '',
    readFile: () => undefined,
  };
}

/** The (made-up, stable) SHA of the root tree of a commit, as the compare route's `commit.tree.sha`. */
function treeSha(commitSha: string): string {
  return createHash('sha1').update(commitSha).digest('hex');
}

/** A tree's entries as `GET /git/trees` lists them: folders (`040000 tree`) before their contents, in path order. */
function treeEntries(blobs: TreeEntryFixture[], recursive: boolean): { path: string; mode: string; type: string; sha: string; size?: number }[] {
  const out = new Map<string, { path: string; mode: string; type: string; sha: string; size?: number }>();
  for (const blob of [...blobs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const parts = blob.path.split('/');
    for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth += 1) {
      const dir = parts.slice(0, depth).join('/');
      if (!out.has(dir)) out.set(dir, { path: dir, mode: '040000', type: 'tree', sha: createHash('sha1').update(`dir:${dir}`).digest('hex') });
    }
    if (recursive || parts.length === 1) {
      const type = blob.mode === '160000' ? 'commit' : 'blob';
      out.set(blob.path, { path: blob.path, mode: blob.mode, type, sha: blob.sha, ...(type === 'blob' ? { size: blob.size } : {}) });
    }
  }
  return [...out.values()];
}
