import parseDiff from 'parse-diff';
import type { Hunk, HunkLine } from './types.js';

/**
 * Splits a file's `patch` (the hunks GitHub returns per file, starting at `@@`) into hunks whose lines
 * carry both line numbers: head-side for added and context lines, base-side for removed and context lines.
 * Uses `parse-diff`; the "\ No newline at end of file" marker is dropped (it is not a line of either side).
 * @param patch the `patch` field of a PR file, or undefined (binary, pure rename, too large)
 * @returns the hunks in order; [] when there is no patch
 */
export function parsePatch(patch: string | undefined): Hunk[] {
  if (!patch) return [];
  const [file] = parseDiff(patch);
  if (!file) return [];
  return file.chunks.map((chunk) => ({
    header: chunk.content,
    lines: chunk.changes.flatMap((change): HunkLine[] => {
      if (change.content.startsWith('\\')) return [];
      const text = change.content.slice(1);
      switch (change.type) {
        case 'add':
          return [{ kind: 'added', baseLine: undefined, headLine: change.ln, text }];
        case 'del':
          return [{ kind: 'removed', baseLine: change.ln, headLine: undefined, text }];
        case 'normal':
          return [{ kind: 'context', baseLine: change.ln1, headLine: change.ln2, text }];
      }
    }),
  }));
}
