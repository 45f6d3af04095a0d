import type { EvidenceFile } from './rehearsal-model.js';

/**
 * The rehearsal's reading of a reader's part (issue #40): the DIFF blocks the evidence stage renders
 * (`renderHunk`: two number columns of six, the op, the text), so a rehearsal reader quotes real lines.
 */

const BEGIN_DIFF = /^=== BEGIN (\S+) DIFF ("(?:[^"\\]|\\.)*") /;
const DIFF_ROW = /^([ \d]{6}) ([ \d]{6}) ([+ -]) (.*)$/;

/**
 * Parses the head lines of the DIFF blocks of a prompt (added and context rows, by their head line
 * number): what a reader's part shows (issue #40). Removed rows, which have no head line, are skipped,
 * as the rehearsal cites the head.
 */
export function parseDiffEvidence(text: string): EvidenceFile[] {
  const lines = text.split(/\r?\n/);
  const files = new Map<string, EvidenceFile>();
  for (let i = 0; i < lines.length; i++) {
    const begin = BEGIN_DIFF.exec(lines[i] ?? '');
    if (!begin) continue;
    let path: string;
    try {
      path = String(JSON.parse(begin[2] ?? '""'));
    } catch {
      continue;
    }
    const end = `=== END ${begin[1]} DIFF `;
    const file = files.get(path) ?? { path, label: 'head', lines: [] };
    for (i += 1; i < lines.length && !(lines[i] ?? '').startsWith(end); i++) {
      const row = DIFF_ROW.exec(lines[i] ?? '');
      const head = row?.[2]?.trim();
      if (row && head && row[3] !== '-') file.lines.push({ line: Number(head), text: row[4] ?? '' });
    }
    files.set(path, file);
  }
  return [...files.values()];
}
