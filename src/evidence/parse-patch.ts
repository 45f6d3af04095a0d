import type { Hunk, HunkLine } from './types.js';

/**
 * Splits a file's `patch` (the hunks GitHub returns per file, starting at `@@`) into hunks whose lines
 * carry both line numbers: head-side for added and context lines, base-side for removed and context lines.
 *
 * Each hunk is read as its header says (`@@ -a,b +c,d @@`, a count of 1 when omitted, as in GNU diff's
 * unified format): lines are taken until both counts are used up, so text after the hunk (or a line
 * that only looks like a hunk line) is never numbered. "\ No newline at end of file" is dropped: it is
 * not a line of either side. An empty line inside a hunk is a context line whose leading space was
 * stripped (some tools do that).
 * @param patch the `patch` field of a PR file, or undefined (binary, pure rename, too large)
 * @returns the hunks in order; [] when there is no patch or it holds no hunk header
 */
export function parsePatch(patch: string | undefined): Hunk[] {
  if (!patch) return [];
  const hunks: Hunk[] = [];
  const lines = patch.split('\n');
  let i = 0;
  while (i < lines.length) {
    const headerLine = lines[i] ?? '';
    const header = HUNK_HEADER.exec(headerLine);
    i += 1;
    if (header === null) continue;
    const base = { start: Number(header[1]), count: header[2] === undefined ? 1 : Number(header[2]) };
    const head = { start: Number(header[3]), count: header[4] === undefined ? 1 : Number(header[4]) };
    const hunkLines: HunkLine[] = [];
    let baseLine = base.start;
    let headLine = head.start;
    let baseLeft = base.count;
    let headLeft = head.count;
    while (i < lines.length && (baseLeft > 0 || headLeft > 0 || (lines[i] ?? '').startsWith('\\'))) {
      const line = lines[i] ?? '';
      if (line.startsWith('@@ ')) break;
      i += 1;
      const op = line[0];
      const text = line.slice(1);
      if (op === '\\') continue;
      if (op === '+' && headLeft > 0) {
        hunkLines.push({ kind: 'added', baseLine: undefined, headLine: headLine++, text });
        headLeft -= 1;
      } else if (op === '-' && baseLeft > 0) {
        hunkLines.push({ kind: 'removed', baseLine: baseLine++, headLine: undefined, text });
        baseLeft -= 1;
      } else if ((op === ' ' || op === undefined) && baseLeft > 0 && headLeft > 0) {
        hunkLines.push({ kind: 'context', baseLine: baseLine++, headLine: headLine++, text });
        baseLeft -= 1;
        headLeft -= 1;
      } else {
        break; // a line the header does not account for: the hunk is over
      }
    }
    hunks.push({ header: headerLine, base, head, lines: hunkLines });
  }
  return hunks;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

