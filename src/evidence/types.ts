/**
 * Shapes shared by the evidence stage and its consumers (citation verification, report).
 */

/** The pull request fields the pipeline uses (from `GET /repos/{o}/{r}/pulls/{n}`). */
export interface PullRequestInfo {
  number: number;
  title: string;
  body: string;
  author: string;
  headSha: string;
  baseSha: string;
  htmlUrl: string;
  /** GitHub's count of changed files; the file list may hold fewer (it stops at 3,000). */
  changedFiles: number;
}

/** GitHub's file change kinds (`GET /repos/{o}/{r}/pulls/{n}/files`, field `status`). */
export type ChangeStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

/** One entry of the PR's file list. `patch` is absent for binary files, pure renames and very large diffs. */
export interface ChangedFile {
  path: string;
  previousPath: string | undefined;
  status: ChangeStatus;
  additions: number;
  deletions: number;
  patch: string | undefined;
}

/** A line of a hunk with the line numbers it has on each side (undefined on the side it is absent from). */
export interface HunkLine {
  kind: 'context' | 'added' | 'removed';
  baseLine: number | undefined;
  headLine: number | undefined;
  text: string;
}

/** A hunk of a file's patch, as `@@ -oldStart,oldLines +newStart,newLines @@`. */
export interface Hunk {
  header: string;
  lines: HunkLine[];
}

/** A design document used as the RFC, read at the head commit. */
export interface RfcDocument {
  path: string;
  content: string;
}

/** Something left out of the pack, listed by name to the models and in the comment. */
export interface OmittedItem {
  path: string;
  what: 'hunks' | 'content' | 'rfc-tail';
  reason: string;
}

/** What the verifier knows of one file: the head lines that were shown to the models. */
export interface IndexedFile {
  path: string;
  role: 'changed' | 'rfc';
  /** Head-side line number -> text, for every line present in the pack. */
  headLines: Map<number, string>;
  /** Number of lines of the whole file at the head, when its full content was read. */
  headLineCount: number | undefined;
  /** True when the full head content is in the pack (not just hunks). */
  fullContent: boolean;
}

/**
 * The evidence pack exactly as the models see it, plus the index the verifier checks citations against.
 */
export interface EvidencePack {
  /** The rendered pack, the shared prefix of every model call. */
  text: string;
  /** `sha256:<hex>` of `text` (decision record `evidence_digest`). */
  digest: string;
  /** The delimiter tag of this pack's blocks; derived from the content, so content cannot contain it. */
  tag: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  headSha: string;
  /** Indexed by path. */
  files: Map<string, IndexedFile>;
  rfcPaths: string[];
  /** One sentence on how the RFC was chosen, or that there is none. */
  rfcNote: string;
  omitted: OmittedItem[];
  /** True when changed hunks had to be left out: the debate ran on truncated evidence. */
  truncated: boolean;
  /** Files in the PR, and how many of them the file list returned. */
  fileCount: { listed: number; total: number };
}
