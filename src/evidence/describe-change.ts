import { parseGitDiff, type GitDiffFile } from './parse-git-diff.js';
import type { ChangedFile, FileKind } from './evidence-types.js';

/**
 * Tells what each changed file is (text, binary, symlink, submodule, LFS pointer, too large, ...) and
 * writes the one-line description the evidence pack lists it with, even when its content cannot be shown.
 *
 * Sources: GitHub's file list has no modes and no `patch` for binary files, pure renames and diffs too
 * large to show; git's whole diff (`Accept: application/vnd.github.diff`, refused with 406 above 300
 * files or 20,000 lines) carries modes (`120000` symlink, `160000` submodule) and "Binary files ...
 * differ". Without the whole diff the file list alone decides, and descriptions say what stays unknown.
 */

const SYMLINK_MODE = '120000';
const SUBMODULE_MODE = '160000';
const SUBPROJECT_LINE = /^[-+]Subproject commit ([0-9a-f]{7,40})(-dirty)?$/;
const LFS_VERSION = 'version https://git-lfs.github.com/spec/v1';

/**
 * Sets `kind`, `mode` and, where the file list had none, `patch` from the whole diff. Pure.
 * @param files the file list, in GitHub's order
 * @param wholeDiff the text of the whole-PR diff, or undefined when GitHub refused it or it was not asked for
 * @returns new file entries in the same order
 * @throws nothing: a whole diff that cannot be parsed is ignored (the file list alone then decides)
 */
export function classifyFiles(files: ChangedFile[], wholeDiff: string | undefined): ChangedFile[] {
  let byPath: Map<string, GitDiffFile> | undefined;
  if (wholeDiff !== undefined) {
    try {
      byPath = new Map(parseGitDiff(wholeDiff).map((f) => [f.path, f]));
    } catch {
      byPath = undefined;
    }
  }
  return files.map((file) => classifyFile(file, byPath));
}

function classifyFile(file: ChangedFile, byPath: Map<string, GitDiffFile> | undefined): ChangedFile {
  const entry = byPath?.get(file.path);
  const mode = byPath === undefined ? undefined : { base: entry?.baseMode, head: entry?.headMode };
  let patch = file.patch;
  let patchSource: ChangedFile['patchSource'] = patch === undefined ? undefined : 'file-list';
  if (patch === undefined && entry?.patch !== undefined && !entry.binary) {
    patch = entry.patch;
    patchSource = 'whole-diff';
  }
  const next: ChangedFile = { ...file, patch, patchSource, mode };
  next.kind = kindOf(next, entry);
  return next;
}

function kindOf(file: ChangedFile, entry: GitDiffFile | undefined): FileKind {
  const modes = [file.mode?.base, file.mode?.head];
  // A submodule's patch is one or two "Subproject commit" lines; only short patches can be one.
  const changed = (file.patch?.length ?? 0) < 400 ? patchLines(file.patch) : [];
  if (modes.includes(SUBMODULE_MODE) || (changed.length > 0 && changed.every((l) => SUBPROJECT_LINE.test(l))))
    return 'submodule';
  if (modes.includes(SYMLINK_MODE)) return 'symlink';
  if (entry?.binary) return 'binary';
  if (file.patch !== undefined) return isLfsPointerPatch(file.patch) ? 'lfs-pointer' : 'text';
  if (file.additions + file.deletions > 0) return 'too-large';
  if (file.status === 'renamed' || file.status === 'copied' || file.status === 'changed' || file.status === 'unchanged')
    return 'no-content-change';
  // Added, removed or modified with no patch and no lines: binary, unless git's own diff says otherwise.
  return entry !== undefined ? 'empty' : 'binary';
}

/** The `+` and `-` lines of a patch, without hunk headers and markers. */
function patchLines(patch: string | undefined): string[] {
  if (patch === undefined) return [];
  return patch
    .split('\n')
    .filter((l) => (l.startsWith('+') || l.startsWith('-')) && !l.startsWith('+++') && !l.startsWith('---'));
}

/** True when every side the patch shows is a Git LFS pointer (`version`, `oid sha256:...`, `size N`). */
function isLfsPointerPatch(patch: string): boolean {
  if (patch.length > 2_000 || !patch.includes(LFS_VERSION)) return false;
  const lines = patch.split('\n').map((l) => l.slice(1));
  return (
    lines.includes(LFS_VERSION) &&
    lines.some((l) => /^oid sha256:[0-9a-f]{64}$/.test(l)) &&
    lines.some((l) => /^size \d+$/.test(l))
  );
}

/**
 * The one-line description of a changed file, e.g. `modified, +12 -3`, `renamed from "a.js" without
 * content changes`, `binary file added`, `submodule updated from 1a2b3c4 to 5d6e7f8`,
 * `symlink added, pointing to "../lib"`, `Git LFS pointer modified (object size 1,024 -> 2,048 bytes)`.
 * Paths inside are JSON strings, so no name can break the line.
 */
export function describeChange(file: ChangedFile): string {
  const kind = file.kind ?? 'text';
  const lines = `+${file.additions} -${file.deletions}`;
  const from = file.previousPath === undefined ? '' : ` from ${JSON.stringify(file.previousPath)}`;
  const status = file.status === 'renamed' || file.status === 'copied' ? `${file.status}${from}` : file.status;
  const modeChange =
    file.mode?.base !== undefined && file.mode.head !== undefined && file.mode.base !== file.mode.head
      ? `; mode ${file.mode.base} -> ${file.mode.head}`
      : '';
  const trees = file.listedBy === 'git-trees' ? "; past GitHub's 3,000-file list, found in the git trees" : '';
  switch (kind) {
    case 'text':
      if (file.patch === undefined && file.listedBy === 'git-trees')
        return `${status}${modeChange}${trees}; line counts unknown, its diff not computed (evidence budget)`;
      return `${status}, ${lines}${modeChange}${trees}${file.patchSource === 'local' ? '; diff computed here from both sides (GitHub sent none)' : ''}`;
    case 'too-large':
      return `${status}, ${lines}; GitHub sent no diff for it (too large to show)${file.missingDiff === 'budget' ? ', and it was not computed here (evidence budget)' : ''}`;
    case 'no-content-change':
      if (file.status === 'renamed' || file.status === 'copied') {
        return file.mode === undefined
          ? `${status}; no textual diff (a pure ${file.status === 'renamed' ? 'rename' : 'copy'}, or a binary file)`
          : `${status} without content changes${modeChange}`;
      }
      return modeChange !== ''
        ? `mode changed from ${file.mode?.base} to ${file.mode?.head}`
        : `${file.status} (mode or file type; no textual diff)`;
    case 'empty':
      return `empty file ${file.status === 'removed' ? 'removed' : file.status === 'added' ? 'added' : file.status}`;
    case 'binary':
      return file.mode === undefined && file.status !== 'renamed' && file.status !== 'copied'
        ? `binary or empty file ${file.status} (GitHub sent no diff and no line counts)`
        : `binary file ${status}${modeChange}`;
    case 'symlink':
      return describeSymlink(file, status);
    case 'submodule':
      return describeSubmodule(file, status);
    case 'lfs-pointer':
      return describeLfs(file, status);
  }
}

function describeSymlink(file: ChangedFile, status: string): string {
  const target = (sign: '+' | '-') => {
    const line = file.patch?.split('\n').find((l) => l.startsWith(sign) && !l.startsWith(`${sign}${sign}${sign}`));
    return line === undefined ? undefined : JSON.stringify(line.slice(1));
  };
  const [base, head] = [file.mode?.base, file.mode?.head];
  if (base !== undefined && head !== undefined && base !== head) {
    return head === SYMLINK_MODE
      ? `${status}: a file replaced by a symlink${target('+') ? ` pointing to ${target('+')}` : ''}`
      : `${status}: a symlink replaced by a file`;
  }
  if (file.status === 'removed') return `symlink removed${target('-') ? ` (it pointed to ${target('-')})` : ''}`;
  if (file.status === 'added') return `symlink added${target('+') ? `, pointing to ${target('+')}` : ''}`;
  const to = target('+');
  return `symlink ${status}${to ? `, now pointing to ${to}${target('-') ? ` (was ${target('-')})` : ''}` : ''}`;
}

function describeSubmodule(file: ChangedFile, status: string): string {
  const commit = (sign: '+' | '-') => {
    const line = file.patch?.split('\n').find((l) => l.startsWith(`${sign}Subproject commit `));
    return line === undefined ? undefined : SUBPROJECT_LINE.exec(line)?.[1]?.slice(0, 12);
  };
  const [before, after] = [commit('-'), commit('+')];
  if (file.status === 'added') return `submodule added${after ? ` at commit ${after}` : ''}`;
  if (file.status === 'removed') return `submodule removed${before ? ` (was at commit ${before})` : ''}`;
  if (before && after)
    return `submodule ${status === 'modified' ? 'updated' : status} from commit ${before} to ${after}`;
  return `submodule ${status}`;
}

function describeLfs(file: ChangedFile, status: string): string {
  const size = (sign: '+' | '-') => {
    const line = file.patch?.split('\n').find((l) => l.startsWith(`${sign}size `));
    return line === undefined ? undefined : Number(line.slice(6)).toLocaleString('en-US');
  };
  const [before, after] = [size('-'), size('+')];
  const sizes =
    before && after
      ? ` (object size ${before} -> ${after} bytes)`
      : after
        ? ` (object of ${after} bytes)`
        : before
          ? ` (object of ${before} bytes)`
          : '';
  return `Git LFS pointer ${status}${sizes}; the object itself is not in the repository`;
}

/** True for kinds whose head content is text worth reading in full (not binary, links, pointers or submodules). */
export function hasReadableContent(file: ChangedFile): boolean {
  const kind = file.kind ?? 'text';
  return (kind === 'text' || kind === 'too-large' || kind === 'no-content-change') && file.status !== 'removed';
}
