import type { GitTree } from './complete-file-list.js';
import type { ChangedFile, PullRequestInfo } from './evidence-types.js';

/**
 * What the evidence stage reads from GitHub, in one place: `gather-evidence.ts`, `complete-changes.ts`
 * and `read-base-blobs.ts` read through it (implemented in `src/github/pull-request-source.ts`, and by
 * the eval's cases in `eval/load-eval-cases.ts`).
 */

/** Size of a file at a commit, without its content. */
export interface FileStat {
  bytes: number;
  binary: boolean;
}

/** A file read at a commit: its text, or why there is none to show. */
export type FileRead = { text: string } | { binary: true } | { tooLarge: true };

/** What the evidence stage reads from GitHub; implemented in `src/github/pull-request-source.ts`. */
export interface EvidenceSource {
  getPullRequest(pullNumber: number): Promise<PullRequestInfo>;
  /** Every listed file, through all pages (GitHub stops at 3,000). */
  listFiles(pullNumber: number): Promise<ChangedFile[]>;
  /** The whole-PR diff, or why GitHub did not give it (it answers 406 above 300 files or 20,000 lines). Never throws for a refusal. */
  getWholeDiff(pullNumber: number): Promise<{ diff: string } | { refused: string }>;
  /**
   * Files at a commit, in as few calls as the source can: the texts of `texts` and the sizes of `sizes`.
   * A path that is not a file there is absent from the result.
   */
  fetchFiles(request: { texts: string[]; sizes: string[] }, ref: string): Promise<FetchedFiles>;
  /** The merge base of two commits and its tree (the compare API's `merge_base_commit`), as GitHub's three-dot diff uses. */
  getMergeBase(base: string, head: string): Promise<{ sha: string; treeSha: string }>;
  /** The recursive git tree of a commit or tree SHA (`GET /git/trees/{sha}?recursive=1`), and whether GitHub cut it short. */
  getTree(sha: string): Promise<GitTree>;
  /** The blob SHAs of files at a commit, by path, in as few calls as the source can; a path that is not a file there is absent. */
  getBlobShas(paths: string[], ref: string): Promise<Map<string, string>>;
}

/** What {@link EvidenceSource.fetchFiles} returns. */
export interface FetchedFiles {
  texts: Map<string, FileRead>;
  sizes: Map<string, FileStat>;
}
