/**
 * The JSON the local GitHub server sends for a repository, a pull request (with a fork's head), a changed
 * file (its patch left out past GitHub's limits) and a commit, and why GitHub would refuse a PR's `.diff`.
 */
import { createHash } from 'node:crypto';
import type { FakePullRequest, PullRequestFileFixture } from './fixtures.js';
import type { Actor, RepoEntry, ServerKit } from './kit.js';
import type { CheckRun } from './state.js';
import {
  countLines,
  encodePath,
  MAX_DIFF_FILES,
  MAX_DIFF_LINES,
  MAX_FILE_PATCH_BYTES,
  nodeId,
  numericId,
  permissionFlags,
  type JsonObject,
} from './util.js';

/** The JSON shapes of one server. */
export type Shapes = ReturnType<typeof createShapes>;

/** Builds the JSON shapes over a server's kit. */
export function createShapes(k: ServerKit) {
  const {
    state,
    serverUrl,
    botLogin,
    simpleUser,
    userType,
    roleOf,
    authorAssociation,
    repoApi,
    repoHtml,
    defaultBranch,
  } = k;

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
        repo: {
          ...repoJson(entry),
          id,
          node_id: nodeId('Repository', id),
          name: forkName,
          full_name: fork,
          owner: simpleUser(forkOwner),
          fork: true,
          html_url: `${serverUrl}/${fork}`,
          url: `${k.apiUrl()}/repos/${fork}`,
        },
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
      labels: (pull.labels ?? []).map((name) => ({
        id: numericId(`label:${entry.id}/${name}`),
        node_id: nodeId('Label', numericId(`label:${entry.id}/${name}`)),
        url: `${base}/labels/${encodeURIComponent(name)}`,
        name,
        color: 'ededed',
        default: false,
        description: null,
      })),
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

  /** GitHub's `commit` JSON (as the list and compare endpoints send it) for a known SHA. */
  const commitJson = (entry: RepoEntry, sha: string): JsonObject => {
    const known = entry.repo.commits?.find((c) => c.sha === sha);
    const person = { name: 'Octo Cat', email: 'octocat@example.com', date: '2024-01-01T00:00:00Z' };
    return {
      sha,
      node_id: nodeId('Commit', numericId(`commit:${sha}`)),
      commit: {
        author: person,
        committer: person,
        message: known?.message ?? `Commit ${sha.slice(0, 7)}`,
        tree: { sha: createHash('sha1').update(sha).digest('hex'), url: '' },
        url: `${repoApi(entry)}/git/commits/${sha}`,
        comment_count: 0,
      },
      url: `${repoApi(entry)}/commits/${sha}`,
      html_url: `${repoHtml(entry)}/commit/${sha}`,
      comments_url: `${repoApi(entry)}/commits/${sha}/comments`,
      author: null,
      committer: null,
      parents: (known?.parents ?? []).map((parent) => ({
        sha: parent,
        url: `${repoApi(entry)}/commits/${parent}`,
        html_url: `${repoHtml(entry)}/commit/${parent}`,
      })),
    };
  };

  return { repoJson, pullJson, fileJson, diffRefusal, pullRefsOf, commitJson };
}
