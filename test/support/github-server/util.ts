/**
 * The local GitHub server's limits and pure helpers: error replies in GitHub's shape, media types, ids,
 * paths and git object SHAs.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FakeApp, FakePullRequest, FakeRepository, RepositoryRole, TreeEntryFixture } from './fixtures.js';
import type { ReactionRollup } from './state.js';

export type JsonObject = Record<string, unknown>;

/** An answer ready to send: a Buffer body is sent as is, a string with `contentType` as text, anything else as JSON. */
export interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  mediaType?: string;
}

export const GITHUB_ACTIONS_BOT_ID = 41898282;
/** The app of `GITHUB_TOKEN`: check runs written with it name GitHub Actions (id 15368). */
export const GITHUB_ACTIONS_APP: FakeApp = { id: 15368, slug: 'github-actions', name: 'GitHub Actions' };
export const MAX_PER_PAGE = 100;
/** GitHub lists at most 3,000 files of a pull request. */
export const MAX_LISTED_FILES = 3000;
/** Limits of the `.diff` media type. */
export const MAX_DIFF_FILES = 300;
export const MAX_DIFF_LINES = 20_000;
/** "No single file's diff may exceed ... 500 KB of raw diff data" (docs.github.com, Repository limits). */
export const MAX_FILE_PATCH_BYTES = 500 * 1024;
/** "The limit for the tree array is 100,000 entries with a maximum size of 7 MB when using the recursive parameter" (REST, Get a tree). */
export const MAX_TREE_ENTRIES = 100_000;
/** Files the compare API lists: "it includes up to 300 changed files for the entire comparison" (REST, Compare two commits). */
export const MAX_COMPARE_FILES = 300;
export const MAX_COMMENT_LENGTH = 65_536;
export const MAX_CHECK_TEXT_LENGTH = 65_535;
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
/** Above this the JSON contents API sends no content (`encoding: "none"`). */
export const MAX_JSON_CONTENT_BYTES = 1024 * 1024;
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 60_000;
export const RATE_LIMIT = 5000;
export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export const CHECK_STATUSES = ['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending'] as const;
export const CHECK_CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'stale',
  'timed_out',
] as const;
export const ANNOTATION_LEVELS = ['notice', 'warning', 'failure'] as const;

export const DOCS = {
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

export function errorReply(status: number, message: string, documentationUrl: string, errors?: unknown[]): Reply {
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

export function notFound(documentationUrl: string): Reply {
  return errorReply(404, 'Not Found', documentationUrl);
}

/** GitHub's answer to a body that fails its JSON schema. */
export function invalid(detail: string, documentationUrl: string): Reply {
  return errorReply(422, `Invalid request.\n\n${detail}`, documentationUrl);
}

export function validationFailed(errors: unknown[], documentationUrl: string): Reply {
  return errorReply(422, 'Validation Failed', documentationUrl, errors);
}

/**
 * The format asked for in `Accept`: `application/vnd.github[.v3][.FORMAT][+json]`, first non-JSON
 * format wins; anything else is JSON.
 */
export function mediaFormat(accept: string | undefined): { format: string; type: string } {
  for (const part of (accept ?? '').split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    const match = /^application\/vnd\.github(?:\.v3)?(?:\.([a-z]+))?(?:\+json)?$/.exec(type);
    const format = match?.[1];
    if (format !== undefined && format !== 'json') return { format, type };
  }
  return { format: 'json', type: 'application/json' };
}

/** A `git format-patch`-style mail for the `.patch` media type. */
export function formatPatch(pull: FakePullRequest): string {
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

export function emptyRollup(url: string): ReactionRollup {
  return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

export function permissionFlags(role: RepositoryRole): Record<string, boolean> {
  const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role);
  return { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 };
}

/** Where github.com serves raw files; GHES serves them under the server itself. */
export function rawDownloadUrl(serverUrl: string, repo: FakeRepository, ref: string, encodedPath: string): string {
  const base = serverUrl === 'https://github.com' ? 'https://raw.githubusercontent.com' : `${serverUrl}/raw`;
  return `${base}/${repo.owner}/${repo.name}/${ref}/${encodedPath}`;
}

/** Git's blob SHA-1 of `content`, as `git hash-object` prints it. */
export function gitBlobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Base64 with a newline after every 60 characters, as the contents API sends it. */
export function wrapBase64(base64: string): string {
  let out = '';
  for (let i = 0; i < base64.length; i += 60) out += `${base64.slice(i, i + 60)}\n`;
  return out;
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Decodes a URL path into a repository path; `/` may come encoded (`%2F`, as Octokit sends it).
 * Undefined for empty, `.` or `..` segments.
 */
export function decodePath(encoded: string): string | undefined {
  const segments = safeDecode(encoded).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0'))) return undefined;
  return segments.join('/');
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

export function numericId(seed: string): number {
  return 10_000_000 + (createHash('sha1').update(seed).digest().readUInt32BE(0) % 900_000_000);
}

export function nodeId(kind: string, id: number): string {
  return Buffer.from(`0:${kind}${id}`).toString('base64').replace(/=+$/, '');
}

export function requestId(): string {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex').toUpperCase();
  return `${hex(2)}:${hex(2)}:${hex(3)}:${hex(3)}:${hex(4)}`;
}

export function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function removeWhere<T>(list: T[], predicate: (item: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i -= 1) if (predicate(list[i] as T)) list.splice(i, 1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
export function treeSha(commitSha: string): string {
  return createHash('sha1').update(commitSha).digest('hex');
}

/** A tree's entries as `GET /git/trees` lists them: folders (`040000 tree`) before their contents, in path order. */
export function treeEntries(
  blobs: TreeEntryFixture[],
  recursive: boolean,
): { path: string; mode: string; type: string; sha: string; size?: number }[] {
  const out = new Map<string, { path: string; mode: string; type: string; sha: string; size?: number }>();
  for (const blob of [...blobs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const parts = blob.path.split('/');
    for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth += 1) {
      const dir = parts.slice(0, depth).join('/');
      if (!out.has(dir))
        out.set(dir, {
          path: dir,
          mode: '040000',
          type: 'tree',
          sha: createHash('sha1').update(`dir:${dir}`).digest('hex'),
        });
    }
    if (recursive || parts.length === 1) {
      const type = blob.mode === '160000' ? 'commit' : 'blob';
      out.set(blob.path, {
        path: blob.path,
        mode: blob.mode,
        type,
        sha: blob.sha,
        ...(type === 'blob' ? { size: blob.size } : {}),
      });
    }
  }
  return [...out.values()];
}
