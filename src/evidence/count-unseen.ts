import type { FileState } from './list-files.js';
import type { ChangedFile, UnseenFiles } from './evidence-types.js';

/**
 * The changed files whose content the models did not see (decision record `evidence.unseen`;
 * issue 30): the pack names them, but what changed in them is not in it, for a reason no
 * budget fixes. Pure. A file counts when:
 * - it is binary (git's "Binary files ... differ", or no patch and no line counts), unless every side
 *   the pack knows is the empty blob;
 * - it is a Git LFS pointer: the pointer's diff is shown, the object it points to is not in the repository;
 * - GitHub sent no diff and no text for it, and the pack shows neither a diff nor its full content;
 * - it is a rename or copy without content changes as far as the file list says, but without git's
 *   whole diff (which says so) and with blob SHAs that are unknown or differ: it may be a changed binary;
 * - GitHub's file list does not name it at all (past 3,000 files, when the git trees could not be read).
 * A diff the evidence budget left out is not counted here: it makes the pack `truncated`, which never passes.
 */

/** The blob SHA of an empty file (`git hash-object /dev/null`). */
const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';

/**
 * @param files the PR's files as the plan listed them
 * @param states what the pack shows of each (the evidence plan's `states`)
 * @param total GitHub's count of changed files (`changed_files`), at least the files listed
 */
export function countUnseen(files: ChangedFile[], states: Map<string, FileState>, total: number): UnseenFiles {
  const paths = files.filter((f) => isUnseen(f, states.get(f.path))).map((f) => f.path);
  return { paths, count: paths.length + Math.max(0, total - files.length) };
}

function isUnseen(file: ChangedFile, state: FileState | undefined): boolean {
  const kind = file.kind ?? 'text';
  if (kind === 'lfs-pointer') return true;
  if (kind === 'binary') return !onlyEmpty(file);
  if (kind === 'no-content-change') {
    // Git's whole diff says a pure rename or mode change; without it, equal blobs do.
    if (file.mode !== undefined) return false;
    return !(file.blobs?.base !== undefined && file.blobs.base === file.blobs.head);
  }
  if (kind === 'empty') return false;
  const shown = state !== undefined && (state.diff !== 'none' || state.content || state.rfc !== undefined);
  return !shown && file.missingDiff !== 'budget';
}

/** True when every side known of the file is the empty blob (a binary-or-empty file that is empty). */
function onlyEmpty(file: ChangedFile): boolean {
  const sides = [
    file.status === 'added' ? undefined : file.blobs?.base,
    file.status === 'removed' ? undefined : file.blobs?.head,
  ];
  const needed = [file.status !== 'added', file.status !== 'removed'];
  return needed.every((need, i) => !need || sides[i] === EMPTY_BLOB);
}
