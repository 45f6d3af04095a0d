import type { ChangeStatus } from './types.js';

/**
 * Reads a whole `git diff` as GitHub serves it for a pull request (`Accept: application/vnd.github.diff`):
 * one section per file, `diff --git a/x b/x`, git's extended header lines (modes, renames, copies,
 * `Binary files ... differ`), then the hunks. Only the header matters to the evidence stage (modes,
 * binary markers, and hunks the file list left out); the format is git's, documented in
 * git-diff(1) "GENERATING PATCH TEXT WITH -P".
 */

/** One file of a whole diff. `patch` runs from its first `@@` line, as the `patch` of GitHub's file list. */
export interface GitDiffFile {
  path: string;
  previousPath: string | undefined;
  status: Extract<ChangeStatus, 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed'>;
  additions: number;
  deletions: number;
  patch: string | undefined;
  /** Git mode at the base and at the head (`100644`, `100755`, `120000` symlink, `160000` submodule), when the header says. */
  baseMode: string | undefined;
  headMode: string | undefined;
  /** True for `Binary files a/x and b/x differ` (or a `GIT binary patch`). */
  binary: boolean;
}

/**
 * Splits a whole diff into its files.
 * @param diff the text of the whole diff
 * @returns one entry per `diff --git` section, in order
 * @throws when a section names no file (the text is not a git diff)
 */
export function parseGitDiff(diff: string): GitDiffFile[] {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const files: GitDiffFile[] = [];
  let start = -1;
  for (let i = 0; i <= lines.length; i += 1) {
    if (i === lines.length || (lines[i] ?? '').startsWith('diff --git ')) {
      if (start !== -1) files.push(parseSection(lines, start, i));
      start = i;
    }
  }
  return files;
}

function parseSection(lines: string[], from: number, to: number): GitDiffFile {
  const gitLine = lines[from] ?? '';
  let hunkStart = -1;
  for (let i = from + 1; i < to; i += 1) {
    if ((lines[i] ?? '').startsWith('@@')) {
      hunkStart = i;
      break;
    }
  }
  const header = lines.slice(from + 1, hunkStart === -1 ? to : hunkStart);
  const field = (prefix: string): string | undefined => {
    const line = header.find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : line.slice(prefix.length).replace(/\t$/, '');
  };
  const side = (value: string | undefined, prefix: 'a/' | 'b/'): string | undefined => {
    if (value === undefined || value === '/dev/null') return undefined;
    const path = unquoteGitPath(value);
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
  };

  const renameTo = field('rename to ');
  const copyTo = field('copy to ');
  const oldPath = field('rename from ') ?? field('copy from ');
  const binaryLine = header.find((line) => line.startsWith('Binary files '));
  const newFileMode = field('new file mode ');
  const deletedFileMode = field('deleted file mode ');
  const indexMode = /^index [0-9a-f]+\.\.[0-9a-f]+ (\d{6})$/.exec(header.find((l) => l.startsWith('index ')) ?? '')?.[1];
  const path =
    (renameTo ?? copyTo) !== undefined
      ? unquoteGitPath((renameTo ?? copyTo) as string)
      : (side(field('+++ '), 'b/') ?? side(field('--- '), 'a/') ?? binaryPath(binaryLine) ?? gitLinePath(gitLine));
  if (path === undefined || path === '') throw new Error(`cannot find the file name in: ${gitLine}`);

  let additions = 0;
  let deletions = 0;
  if (hunkStart !== -1) {
    for (let i = hunkStart; i < to; i += 1) {
      const line = lines[i] ?? '';
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
  }

  let status: GitDiffFile['status'] = 'modified';
  if (renameTo !== undefined) status = 'renamed';
  else if (copyTo !== undefined) status = 'copied';
  else if (newFileMode !== undefined) status = 'added';
  else if (deletedFileMode !== undefined) status = 'removed';
  else if (hunkStart === -1 && binaryLine === undefined && field('new mode ') !== undefined) status = 'changed';

  return {
    path,
    previousPath: oldPath === undefined ? undefined : unquoteGitPath(oldPath),
    status,
    additions,
    deletions,
    patch: hunkStart === -1 ? undefined : lines.slice(hunkStart, to).join('\n'),
    baseMode: field('old mode ') ?? deletedFileMode ?? (newFileMode === undefined ? indexMode : undefined),
    headMode: field('new mode ') ?? newFileMode ?? (deletedFileMode === undefined ? indexMode : undefined),
    binary: binaryLine !== undefined || header.includes('GIT binary patch'),
  };
}

/** The existing side of `Binary files a/x and b/x differ` (either side may be /dev/null). */
function binaryPath(line: string | undefined): string | undefined {
  const match = line === undefined ? null : /^Binary files (.*) differ$/.exec(line);
  const pair = match?.[1];
  if (pair === undefined) return undefined;
  if (pair.startsWith('/dev/null and ')) return stripSide(unquoteGitPath(pair.slice('/dev/null and '.length)));
  if (pair.endsWith(' and /dev/null')) return stripSide(unquoteGitPath(pair.slice(0, -' and /dev/null'.length)));
  return splitSymmetric(pair, ' and ');
}

/** The path of `diff --git a/x b/x` when both sides name the same file (mode changes). */
function gitLinePath(line: string): string | undefined {
  return splitSymmetric(line.slice('diff --git '.length), ' ');
}

/** For `L<sep>R` where L and R are the same path on sides a/ and b/, that path. */
function splitSymmetric(pair: string, separator: string): string | undefined {
  const half = (pair.length - separator.length) / 2;
  if (!Number.isInteger(half) || pair.slice(half, half + separator.length) !== separator) return undefined;
  const left = stripSide(unquoteGitPath(pair.slice(0, half)));
  const right = stripSide(unquoteGitPath(pair.slice(half + separator.length)));
  return left === right ? left : undefined;
}

function stripSide(path: string): string {
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Decodes git's C-style quoted path to the real name: git quotes a path that holds a double quote, a
 * backslash, a control character or (with the default `core.quotePath`) any byte above 0x7f, writing
 * those bytes as octal escapes of their UTF-8 (`"docs/caf\303\251.md"` is `docs/café.md`).
 * An unquoted path is returned as is.
 */
export function unquoteGitPath(value: string): string {
  if (!(value.length >= 2 && value.startsWith('"') && value.endsWith('"'))) return value;
  const bytes: number[] = [];
  const inner = Array.from(value.slice(1, -1)); // code points, so a non-BMP character stays whole
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i] ?? '';
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = inner[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(inner.slice(i + 1, i + 4).join(''));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
