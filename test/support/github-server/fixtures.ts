/**
 * What a test gives the local GitHub server to serve: repositories, their pull requests (files, diff,
 * contents at head and base, labels, timeline, pushes) and other commits, and GitHub App identities.
 */

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
