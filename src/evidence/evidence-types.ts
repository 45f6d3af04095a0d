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
  /** The base branch's name (`base.ref`), part of the content digest from version 4 (a retarget is another decision). */
  baseRef: string;
  /** The head branch and the repository it lives in (`head.ref`, `head.repo.full_name`), when GitHub names them: where the head's pusher is looked up. */
  head?: { ref: string; repository: string };
  htmlUrl: string;
  /** GitHub's count of changed files; the file list may hold fewer (it stops at 3,000). */
  changedFiles: number;
}

/** GitHub's file change kinds (`GET /repos/{o}/{r}/pulls/{n}/files`, field `status`). */
export type ChangeStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

/**
 * What a changed file is, as far as the file list and (when GitHub serves it) the whole-PR diff tell:
 * - `text`: an ordinary file with a textual diff;
 * - `binary`: git reports "Binary files ... differ" (or, without the whole diff, no patch and no lines);
 * - `symlink` / `submodule`: git mode 120000 / 160000 (a submodule also shows as "Subproject commit");
 * - `lfs-pointer`: a Git LFS pointer (`version https://git-lfs.github.com/spec/v1`);
 * - `too-large`: lines changed but GitHub sent no patch for the file;
 * - `empty`: an added or removed file without content;
 * - `no-content-change`: a pure rename or copy, or a mode change alone.
 */
export type FileKind =
  'text' | 'binary' | 'symlink' | 'submodule' | 'lfs-pointer' | 'too-large' | 'empty' | 'no-content-change';

/** One entry of the PR's file list. `patch` is absent for binary files, pure renames and very large diffs. */
export interface ChangedFile {
  path: string;
  previousPath: string | undefined;
  status: ChangeStatus;
  additions: number;
  deletions: number;
  patch: string | undefined;
  /** What the file is; set by {@link import('./describe-change.js').classifyFiles}, `text` until then. */
  kind?: FileKind;
  /** Git file modes (`100644`, `100755`, `120000`, `160000`) on each side, when the whole-PR diff was read. */
  mode?: { base: string | undefined; head: string | undefined };
  /**
   * Where `patch` came from: the file list, the whole-PR diff when the list had none for this file, or
   * `local`: computed here from the file at the merge base and at the head, because GitHub sent none.
   */
  patchSource?: 'file-list' | 'whole-diff' | 'local';
  /** `git-trees`: past GitHub's 3,000-file list, found by comparing the trees of the merge base and the head. */
  listedBy?: 'git-trees';
  /**
   * Blob SHAs on each side, as far as they were read: the head's from the file list's `sha` (for a
   * removed file, the base's), both from the git trees for files found there. `content_digest` covers them.
   */
  blobs?: { base: string | undefined; head: string | undefined };
  /** Blob sizes in bytes on each side, from the git trees (files found there). */
  treeSizes?: { base: number | undefined; head: number | undefined };
  /**
   * Why a changed text file has no diff: `github` when GitHub could serve neither its patch nor its
   * sides, `budget` when its sides were not read (the bounds of what is read to compute diffs here).
   */
  missingDiff?: 'github' | 'budget' | undefined;
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
  /** The numbers of the header: where the hunk starts and how many lines it spans on each side. */
  base: { start: number; count: number };
  head: { start: number; count: number };
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
  /** `hunks`: all or part of the file's diff; `content`: its full head content; `rfc-tail`: the end of an RFC. */
  what: 'hunks' | 'content' | 'rfc-tail';
  /** One plain phrase: why, and what exactly (e.g. "hunks 3-7 of 7 do not fit the evidence budget"). */
  reason: string;
}

/** What the verifier knows of one side (head or base) of a file: the lines the models were shown. */
export interface IndexedSide {
  /** Line number on this side -> the text exactly as the pack shows it. */
  lines: Map<number, string>;
  /** Number of lines of the file on this side, when known (its full content, or a hunk that spans it all). */
  lineCount: number | undefined;
  /**
   * The quote index, built once with the pack: the shown line numbers in ascending order, and each one's
   * text with whitespace folded as quotes are compared (`foldWhitespace`).
   */
  search: { numbers: number[]; folded: string[] };
}

/** What the verifier knows of one file of the PR or the RFC set. */
export interface IndexedFile {
  path: string;
  /** `rfc` when the file is (also) an RFC document; `changed` for a file of the PR alone. */
  role: 'changed' | 'rfc';
  /** The PR's change status, or undefined for an RFC the PR does not change. */
  status: ChangeStatus | undefined;
  kind: FileKind;
  /** Undefined when the file does not exist at the head (removed). */
  head: IndexedSide | undefined;
  /** Undefined when the file does not exist at the base (added), or is an RFC the PR does not change. */
  base: IndexedSide | undefined;
  /** The file's path at the base commit: its old name when renamed or copied; undefined when it has no base side. */
  basePath: string | undefined;
  /** True when parts of the file's diff or its head content were left out of the pack. */
  partial: boolean;
}

/** How the budget was spent, in estimated tokens at `charsPerToken` (see {@link import('./plan-evidence.js').planEvidence}). */
export interface BudgetUse {
  maxTokens: number;
  /** Characters per token the pack was sized at (`PlanInput.charsPerToken`). */
  charsPerToken: number;
  /** Preamble, PR text, file list and notes. */
  fixed: number;
  rfc: number;
  /** Hunks of source files (not generated, lock or vendored). */
  hunks: number;
  /** Full head contents of source files. */
  contents: number;
  /** Hunks and contents of generated, lock and vendored files. */
  lowPriority: number;
  /** Left unused. */
  spare: number;
}

/** The changed files whose content the models did not see (decision record `evidence.unseen`; see count-unseen.ts). */
export interface UnseenFiles {
  /** Paths of the listed files whose content was not seen, in list order. */
  paths: string[];
  /** `paths` plus the changed files GitHub's file list did not name (`changed_files` minus those listed). */
  count: number;
}

/**
 * The evidence pack exactly as the models see it, plus the index the verifier checks citations against.
 */
export interface EvidencePack {
  /** The rendered pack, the shared prefix of every model call. */
  text: string;
  /** `sha256:<hex>` of `text`, and of `readings` after it when readers ran (decision record `evidence_digest`). */
  digest: string;
  /** Of the content as structured data, not of `text` (decision record `content_digest`, src/evidence/content-digest.ts). */
  contentDigest: string;
  /** The delimiter tag of this pack's blocks; derived from the content, so content cannot contain it. */
  tag: string;
  /**
   * Estimated tokens of `text` at the rate it was sized at (`budget.charsPerToken`): its tokens on the reader
   * with the largest tokenizer factor, the figure `max-evidence-tokens` bounds. One model's own figure is
   * `estimateTokensOn` (src/llm/pack-tokenizer.ts), or the provider's count (`countPackTokens`).
   */
  tokens: number;
  /** The PR's number (0 for a local range), head and base commits, as the preamble names them. */
  pullNumber: number;
  headSha: string;
  baseSha: string;
  /** The base branch's name (`PullRequestInfo.baseRef`): decision record `base.ref`. */
  baseRef: string;
  /** Every listed file of the PR and every RFC document, by path. */
  files: Map<string, IndexedFile>;
  rfcPaths: string[];
  /** One sentence on how the RFC was chosen, or that there is none. */
  rfcNote: string;
  /** What was left out, hunks first, then RFC tails, then full contents. */
  omitted: OmittedItem[];
  /**
   * Where every changed hunk is: in the pack, in the parts readers read when the pack cannot hold it, or
   * left for no one (generated, vendored and lock files; diffs not computed). See split-overflow.ts.
   */
  coverage: Coverage;
  /**
   * The verified excerpts readers quoted from the parts, as the block every call after them reads after
   * the pack (render-readings.ts); absent until readers ran. Its lines are in `files` too, so citations of them verify.
   */
  readings?: string;
  /**
   * The changed files whose content the models did not see (binary, no diff or text from GitHub, not named):
   * record `evidence.unseen` (count-unseen.ts); generated ones are in `coverage.generatedSkipped` instead, unless `read-generated`.
   */
  unseen: UnseenFiles;
  /**
   * Files in the PR (`total`, GitHub's `changed_files`), how many the pack names (`listed`), and how many
   * of those were found in the git trees past GitHub's 3,000-file list (`fromTrees`; the others came from
   * the file list). Decision record `evidence` (src/report/decision-record.ts).
   */
  fileCount: { listed: number; total: number; fromTrees: number };
  /** Sentences about how the pack was made that the models and the comment should know (e.g. a refused whole diff). */
  notes: string[];
  budget: BudgetUse;
  /** One sentence when the change holds nothing to debate (no changed file, or only generated ones: nothing-to-debate.ts); the run stops before any model call. */
  nothingToDebate: string | undefined;
}

/**
 * One piece of an overflow hunk as a reader reads it: the whole hunk, or, for a hunk larger than a part,
 * a run of its lines. Rendered with the hunk's own header and line numbers.
 */
export interface PartPiece {
  /** The hunk's place in its file's diff, 0-based. */
  hunk: number;
  /** The hunk (`lines` all of it, or the run of its lines this piece holds). */
  shown: Hunk;
  /** For a hunk split over parts: this piece's number (1-based) and how many pieces the hunk has. */
  piece?: { n: number; of: number };
}

/** A file's overflow hunks (or pieces) in one reader part. */
export interface PartFile {
  path: string;
  /** The DIFF block's label after the path: the file's one-line description, as in the pack. */
  label: string;
  pieces: PartPiece[];
  /** True for a generated, vendored or lock file (read only with config `read-generated: true`). */
  generated: boolean;
}

/** One part of the overflow: what one reader call reads. */
export interface ReaderPart {
  /** 1-based, in reading order: parts past the reader bound are the last ones. */
  number: number;
  files: PartFile[];
  /** Characters of the part's DIFF blocks as rendered, at most the part budget. */
  chars: number;
}

/**
 * Where every changed hunk of the PR is (decision record `evidence.shown`, `read`, `unread`,
 * `generated_skipped`): a hunk is in the pack, or in a reader part, or left for no one.
 */
export interface Coverage {
  /** Changed hunks the pack shows whole (a hunk the pack cuts at a line is in the overflow). */
  shown: number;
  /** The hunks the pack could not hold, split into parts for readers, in reading order. */
  parts: ReaderPart[];
  /**
   * Generated, vendored and lock files whose hunks the pack could not hold and no one reads (unless config
   * `read-generated`): path and hunks; one whose content no model could see (binary) counts as one, and is not unseen.
   */
  generatedSkipped: { path: string; hunks: number }[];
  /** Changed text files whose diff was not computed (past the reads that compute diffs): no model can read them; one hunk each. */
  noDiff: string[];
}
