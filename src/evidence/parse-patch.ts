import { parsePatch as parseUnifiedDiff } from 'diff';
import type { Hunk, HunkLine } from './evidence-types.js';

/**
 * Splits a file's `patch` (the hunks GitHub returns per file, starting at `@@`) into hunks whose lines
 * carry both line numbers: head-side for added and context lines, base-side for removed and context lines.
 *
 * The unified format is read by jsdiff's `parsePatch` (`diff` 9), which takes each hunk's lines as its
 * header counts them (`@@ -a,b +c,d @@`, a count of 1 when omitted, as in GNU diff's unified format) and
 * keeps `\ No newline at end of file` as a marker line. This adapter numbers the lines (jsdiff does not)
 * from the header's own starts, drops the marker (it is not a line of either side) and keeps the header
 * text with its function context. An empty line inside a hunk is a context line whose leading space was
 * stripped (jsdiff reads it so). jsdiff rejects a hunk whose lines do not add up to its header; such a
 * hunk is read as far as its header counts (lines past the counts, or after a line the counts do not
 * allow, are not part of it, as GNU patch reads a hunk), so no stray line is ever numbered.
 * @param patch the `patch` field of a PR file, or undefined (binary, pure rename, too large)
 * @returns the hunks in order; [] when there is no patch or it holds no hunk header
 */
export function parsePatch(patch: string | undefined): Hunk[] {
  if (!patch) return [];
  try {
    return numberHunks(patch);
  } catch {
    // Hunk by hunk, each cut to what its header counts, so one malformed hunk costs only its stray lines.
    return patch
      .split(/\n(?=@@\s)/)
      .filter((chunk) => HUNK_START.test(chunk))
      .flatMap((chunk) => {
        try {
          return numberHunks(
            countedPart(chunk),
            chunk.slice(0, chunk.indexOf('\n') === -1 ? undefined : chunk.indexOf('\n')),
          );
        } catch {
          return [];
        }
      });
  }
}

/**
 * A hunk cut to the lines its header counts, with the header's counts set to the lines kept (a hunk
 * cut short by the end of the patch keeps what it has). An empty line is written as the context line it is.
 */
function countedPart(chunk: string): string {
  const [header = '', ...body] = chunk.split('\n');
  const numbers = HUNK_HEADER.exec(header);
  if (numbers === null) return chunk;
  const [baseCount, headCount] = [Number(numbers[2] ?? 1), Number(numbers[4] ?? 1)];
  let [baseLeft, headLeft] = [baseCount, headCount];
  const kept: string[] = [];
  for (const line of body) {
    const op = line[0];
    if (op === '\\') {
      if (kept.length > 0) kept.push(line);
      continue;
    }
    if (baseLeft === 0 && headLeft === 0) break;
    if (op === '+' && headLeft > 0) headLeft -= 1;
    else if (op === '-' && baseLeft > 0) baseLeft -= 1;
    else if ((op === ' ' || op === undefined) && baseLeft > 0 && headLeft > 0)
      [baseLeft, headLeft] = [baseLeft - 1, headLeft - 1];
    else break;
    kept.push(op === undefined ? ' ' : line);
  }
  return [`@@ -${numbers[1]},${baseCount - baseLeft} +${numbers[3]},${headCount - headLeft} @@`, ...kept].join('\n');
}

/** The hunks of a patch jsdiff accepts, numbered from their headers (or `header`, for one hunk); throws what jsdiff throws. */
function numberHunks(patch: string, header?: string): Hunk[] {
  const parsed = parseUnifiedDiff(patch).flatMap((file) => file.hunks);
  // jsdiff does not keep header lines; every line that starts a hunk is one (no hunk line starts with `@`).
  const headers = header !== undefined ? [header] : patch.split('\n').filter((line) => HUNK_START.test(line));
  return parsed.map((hunk, i) => {
    const header = headers[i] ?? '';
    const numbers = HUNK_HEADER.exec(header);
    // The header's own starts: jsdiff adds 1 to the start of an empty side (`-0,0`), GNU's quirk.
    const base = {
      start: numbers ? Number(numbers[1]) : hunk.oldStart,
      count: numbers ? Number(numbers[2] ?? 1) : hunk.oldLines,
    };
    const head = {
      start: numbers ? Number(numbers[3]) : hunk.newStart,
      count: numbers ? Number(numbers[4] ?? 1) : hunk.newLines,
    };
    let baseLine = base.start;
    let headLine = head.start;
    const lines: HunkLine[] = [];
    for (const row of hunk.lines) {
      const op = row[0];
      const text = row.slice(1);
      if (op === '+') lines.push({ kind: 'added', baseLine: undefined, headLine: headLine++, text });
      else if (op === '-') lines.push({ kind: 'removed', baseLine: baseLine++, headLine: undefined, text });
      else if (op === ' ' || op === undefined)
        lines.push({ kind: 'context', baseLine: baseLine++, headLine: headLine++, text });
      // `\ No newline at end of file`: a marker, not a line.
    }
    return { header, base, head, lines };
  });
}

const HUNK_START = /^@@\s/;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
