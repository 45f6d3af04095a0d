import { filesFromTrees, type GitTree } from './complete-file-list.js';
import { diffLocally } from './diff-locally.js';
import type { LowPriorityClassifier } from './file-priority.js';
import type { EvidenceSource, FetchedFiles } from './evidence-source.js';
import type { ChangedFile, PullRequestInfo } from './evidence-types.js';

/**
 * Makes the PR whole where GitHub's API stops (issue #14):
 * - past the 3,000-file list, the other changed files are found in the git trees of the merge base and
 *   the head (two calls; a truncated tree is said);
 * - a changed text file with no patch (GitHub leaves out large diffs, and refuses the whole diff past
 *   300 files or 20,000 lines) gets its diff computed here from both sides, read at the head and at the
 *   **merge base** (the compare API's `merge_base_commit`, the base of GitHub's three-dot diff).
 * Binary files stay described, never diffed. Reads are bounded: at most {@link MAX_LOCAL_DIFFS} files
 * and {@link MAX_LOCAL_BYTES} bytes, source files first; a file past the bound keeps no diff and is
 * left out of the pack by the evidence budget.
 */

/** Files whose sides are read to compute a diff here (100 texts a GraphQL call: 3 calls a side). */
export const MAX_LOCAL_DIFFS = 300;

/** Bytes of both sides read in all to compute diffs here. */
export const MAX_LOCAL_BYTES = 32 * 1024 * 1024;

/** What {@link completeChanges} returns. */
export interface CompletedChanges {
  files: ChangedFile[];
  /** Sentences for the pack and the comment: how the file list was completed, which diffs were computed here. */
  notes: string[];
  /** The merge base, when it was needed. */
  mergeBase: string | undefined;
}

/**
 * Completes the file list and the missing diffs.
 * @param files the listed files, classified
 * @throws whatever the source throws for the file reads (the caller reports it); a failed compare or
 *   tree read is not fatal: the pack then says what could not be completed
 */
export async function completeChanges(
  source: EvidenceSource,
  pull: PullRequestInfo,
  files: ChangedFile[],
  lowPriority: LowPriorityClassifier,
): Promise<CompletedChanges> {
  const beyondList = pull.changedFiles > files.length;
  if (!beyondList && !files.some(needsDiff)) return { files, notes: [], mergeBase: undefined };
  const notes: string[] = [];
  const unlisted = `GitHub's file list stops at 3,000 files, so ${pull.changedFiles - files.length} changed files are not named here`;
  let mergeBase: { sha: string; treeSha: string };
  try {
    mergeBase = await source.getMergeBase(pull.baseSha, pull.headSha);
  } catch (error) {
    // Optional reads: without them the evidence is what the file list gave, and the pack says so.
    notes.push(
      `${beyondList ? `${unlisted}, and ` : ''}GitHub did not answer the compare of base and head (${reason(error)}), so ${beyondList ? 'they could not be found and ' : ''}diffs GitHub did not send could not be computed here.`,
    );
    return { files, notes, mergeBase: undefined };
  }
  let all = files;
  if (beyondList) {
    try {
      const [baseTree, headTree]: GitTree[] = await Promise.all([
        source.getTree(mergeBase.treeSha),
        source.getTree(pull.headSha),
      ]);
      const found = filesFromTrees(files, baseTree!, headTree!);
      all = [...files, ...found];
      const cut = [baseTree!.truncated ? 'merge base' : '', headTree!.truncated ? 'head' : ''].filter(Boolean);
      notes.push(
        `GitHub's file list stops at 3,000 files; the other ${found.length} changed file${found.length === 1 ? '' : 's'} were found by comparing the git trees of the merge base and the head${cut.length > 0 ? `, but GitHub cut the tree of the ${cut.join(' and the ')} short (too many entries), so some changed files may still be missing` : ''}.`,
      );
    } catch (error) {
      notes.push(`${unlisted}: GitHub did not serve the git trees that would name them (${reason(error)}).`);
    }
  }

  // Read both sides of the files that lack a diff, source files first, within the bounds.
  const wanted = all
    .filter(needsDiff)
    .sort((a, b) => Number(lowPriority(a.path) !== undefined) - Number(lowPriority(b.path) !== undefined));
  const chosen = new Set<string>();
  let bytes = 0;
  for (const file of wanted) {
    const size = (file.treeSizes?.base ?? 0) + (file.treeSizes?.head ?? 0);
    if (chosen.size >= MAX_LOCAL_DIFFS || (chosen.size > 0 && bytes + size > MAX_LOCAL_BYTES)) break;
    chosen.add(file.path);
    bytes += size;
  }
  const picked = wanted.filter((f) => chosen.has(f.path));
  const none: FetchedFiles = { texts: new Map(), sizes: new Map() };
  const [heads, bases] =
    picked.length === 0
      ? [none, none]
      : await Promise.all([
          source.fetchFiles(
            { texts: picked.filter((f) => f.status !== 'removed').map((f) => f.path), sizes: [] },
            pull.headSha,
          ),
          source.fetchFiles(
            { texts: picked.filter((f) => f.status !== 'added').map((f) => f.previousPath ?? f.path), sizes: [] },
            mergeBase.sha,
          ),
        ]);
  let computed = 0;
  const completed = all.map((file): ChangedFile => {
    if (!needsDiff(file)) return file;
    if (!chosen.has(file.path)) return { ...file, missingDiff: 'budget' };
    const head = file.status === 'removed' ? { text: '' } : heads.texts.get(file.path);
    const base = file.status === 'added' ? { text: '' } : bases.texts.get(file.previousPath ?? file.path);
    if (head === undefined || base === undefined || 'tooLarge' in head || 'tooLarge' in base)
      return { ...file, missingDiff: 'github' };
    if ('binary' in head || 'binary' in base || head.text.includes('\u0000') || base.text.includes('\u0000'))
      return { ...file, kind: 'binary', missingDiff: undefined };
    const diff = diffLocally(base.text, head.text);
    if (diff === undefined) return { ...file, missingDiff: 'budget' };
    computed += 1;
    const counts = file.listedBy === 'git-trees' ? { additions: diff.additions, deletions: diff.deletions } : {};
    return {
      ...file,
      ...counts,
      patch: diff.patch,
      patchSource: diff.patch === undefined ? undefined : 'local',
      kind: diff.patch === undefined ? 'no-content-change' : 'text',
      missingDiff: undefined,
    };
  });
  if (computed > 0) {
    notes.push(
      `GitHub sent no diff for ${computed} changed text file${computed === 1 ? '' : 's'}, so ${computed === 1 ? 'its diff was' : 'their diffs were'} computed here from the file at the merge base (${mergeBase.sha.slice(0, 12)}) and at the head, numbered as GitHub numbers a patch; they are marked "diff computed here".`,
    );
  }
  return { files: completed, notes, mergeBase: mergeBase.sha };
}

/** The first line of an error's message. */
function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** A changed text file with lines changed (or found in the trees) but no patch. */
function needsDiff(file: ChangedFile): boolean {
  if (file.patch !== undefined) return false;
  if (file.kind === 'too-large') return true;
  return (
    file.listedBy === 'git-trees' &&
    file.kind === 'text' &&
    (file.status === 'modified' || file.status === 'added' || file.status === 'removed' || file.status === 'renamed')
  );
}
