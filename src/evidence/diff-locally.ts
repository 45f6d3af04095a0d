import { structuredPatch } from 'diff';

/**
 * A file's diff computed here from both of its sides, for a changed text file GitHub sent no patch for
 * (its file list leaves out large diffs, and the whole diff is refused past 300 files or 20,000 lines).
 * jsdiff's `structuredPatch` finds the hunks (Myers' algorithm, as git's default); this module writes
 * them as git writes a patch and GitHub returns it in `patch`:
 * - three lines of context, and hunks whose context would touch or overlap merged (git-diff(1) `-U3`);
 * - `@@ -a,b +c,d @@`, with `,1` left out and an empty side starting one line before its position
 *   (`-0,0` for an added file), as GNU unified format and git's xdiff write it;
 * - after the header, git's default function context: the nearest line before the hunk, in the base,
 *   that starts with a letter, `_` or `$`, cut at 80 bytes and right-trimmed (xdiff/xemit.c `def_ff`);
 * - `\ No newline at end of file` after a last line without one.
 * Git's indent heuristic may slide an ambiguous hunk by a line or two where jsdiff does not; each line
 * still carries its own true number on each side, so citations verify the same way.
 */

/** Context lines around each hunk, as git and GitHub use. */
const CONTEXT = 3;

/** Longest function context git writes after a hunk header, in bytes (xdiff's `func_line.buf`). */
const FUNC_CONTEXT_BYTES = 80;

/** Give up on one file's diff after this long (ms): a pathological pair of sides must not stall the run. */
const DIFF_TIMEOUT_MS = 5_000;

/** What {@link diffLocally} returns. */
export interface LocalDiff {
  /** The hunks as a GitHub `patch` (from the first `@@`); undefined when the sides are equal. */
  patch: string | undefined;
  additions: number;
  deletions: number;
}

/**
 * Diffs a file's two sides.
 * @param base the file at the merge base ('' when the PR adds it)
 * @param head the file at the head ('' when the PR removes it)
 * @returns the patch and its line counts, or undefined when the diff took longer than DIFF_TIMEOUT_MS
 */
export function diffLocally(base: string, head: string): LocalDiff | undefined {
  const patch = structuredPatch('a', 'b', base, head, undefined, undefined, {
    context: CONTEXT,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (patch === undefined) return undefined;
  const baseLines = base.split('\n');
  let additions = 0;
  let deletions = 0;
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    // jsdiff numbers an empty side from the line after it; git from the line before.
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
    const func = functionContext(baseLines, oldStart - 1);
    out.push(
      `@@ -${range(oldStart, hunk.oldLines)} +${range(newStart, hunk.newLines)} @@${func === '' ? '' : ` ${func}`}`,
    );
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
      out.push(line);
    }
  }
  return { patch: out.length === 0 ? undefined : out.join('\n'), additions, deletions };
}

/** Git's default function context for a hunk whose first base line has index `first` (0-based). */
function functionContext(baseLines: string[], first: number): string {
  for (let i = Math.min(first, baseLines.length) - 1; i >= 0; i -= 1) {
    const line = baseLines[i]!;
    if (!/^[A-Za-z_$]/.test(line)) continue;
    const bytes = Buffer.from(line, 'utf8');
    return (bytes.length > FUNC_CONTEXT_BYTES ? bytes.subarray(0, FUNC_CONTEXT_BYTES).toString('utf8') : line).replace(
      /\s+$/,
      '',
    );
  }
  return '';
}
