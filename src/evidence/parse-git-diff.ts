import { parsePatch as parseUnifiedDiff } from 'diff';
import { parsePatch } from './parse-patch.js';
import type { ChangeStatus } from './evidence-types.js';

/**
 * Reads a whole `git diff` as GitHub serves it for a pull request (`Accept: application/vnd.github.diff`):
 * one section per file, `diff --git a/x b/x`, git's extended header lines (modes, renames, copies,
 * `Binary files ... differ`), then the hunks. The format is git's, documented in git-diff(1)
 * "GENERATING PATCH TEXT WITH -P". jsdiff's `parsePatch` (`diff` 9) reads each section's header (it
 * decodes git's C-quoted paths and reads `rename`/`copy`/`new file mode`/`deleted file mode`/`old mode`/
 * `new mode`); this adapter adds what jsdiff leaves out: the mode of an unchanged-mode file, from the
 * `index <a>..<b> <mode>` line, and `GIT binary patch` sections.
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
  // No line of a hunk starts with `diff --git ` (hunk lines start with ` `, `+`, `-` or `\`).
  for (let i = 0; i <= lines.length; i += 1) {
    if (i === lines.length || (lines[i] ?? '').startsWith('diff --git ')) {
      if (start !== -1) files.push(readSection(lines.slice(start, i)));
      start = i;
    }
  }
  return files;
}

function readSection(lines: string[]): GitDiffFile {
  const hunkStart = lines.findIndex((line) => line.startsWith('@@'));
  const header = hunkStart === -1 ? lines : lines.slice(0, hunkStart);
  let parsed: ReturnType<typeof parseUnifiedDiff>[number] | undefined;
  try {
    parsed = parseUnifiedDiff(header.join('\n'))[0];
  } catch {
    parsed = undefined;
  }
  const name = (value: string | undefined, prefix: 'a/' | 'b/') =>
    value === undefined || value === '/dev/null'
      ? undefined
      : value.startsWith(prefix)
        ? value.slice(prefix.length)
        : value;
  const path = name(parsed?.newFileName, 'b/') ?? name(parsed?.oldFileName, 'a/');
  if (path === undefined || path === '') throw new Error(`cannot find the file name in: ${lines[0] ?? ''}`);
  const oldName = name(parsed?.oldFileName, 'a/');

  const patch = hunkStart === -1 ? undefined : lines.slice(hunkStart).join('\n');
  let additions = 0;
  let deletions = 0;
  for (const hunk of parsePatch(patch)) {
    for (const line of hunk.lines) {
      if (line.kind === 'added') additions += 1;
      else if (line.kind === 'removed') deletions += 1;
    }
  }

  const indexMode = /^index [0-9a-f]+\.\.[0-9a-f]+ (\d{6})$/.exec(
    header.find((l) => l.startsWith('index ')) ?? '',
  )?.[1];
  const binary = parsed?.isBinary === true || header.includes('GIT binary patch');
  const modeOnly = !parsed?.isCreate && !parsed?.isDelete && parsed?.newMode !== undefined;
  let status: GitDiffFile['status'] = 'modified';
  if (parsed?.isRename) status = 'renamed';
  else if (parsed?.isCopy) status = 'copied';
  else if (parsed?.isCreate) status = 'added';
  else if (parsed?.isDelete) status = 'removed';
  else if (hunkStart === -1 && !binary && modeOnly) status = 'changed';

  return {
    path,
    previousPath: status === 'renamed' || status === 'copied' ? oldName : undefined,
    status,
    additions,
    deletions,
    patch,
    baseMode: parsed?.oldMode ?? (parsed?.isCreate ? undefined : indexMode),
    headMode: parsed?.newMode ?? (parsed?.isDelete ? undefined : indexMode),
    binary,
  };
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
