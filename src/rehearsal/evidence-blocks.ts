/**
 * The evidence blocks of a prompt, as the rehearsal model reads them to quote real lines: the FILE blocks
 * every debate call cites, and the DIFF blocks of a reader's part (issue #40), both as the evidence stage
 * renders them (`renderFileBlock`: `N | text`; `renderHunk`: two number columns of six, the op, the text).
 */

/** One numbered line of a FILE evidence block. */
export interface EvidenceLine {
  line: number;
  text: string;
}

/** A FILE evidence block parsed from a prompt. */
export interface EvidenceFile {
  path: string;
  /** The parenthesised label after the path, e.g. `head, modified`; empty when absent. */
  label: string;
  lines: EvidenceLine[];
}

const BEGIN_FILE = /^=== BEGIN (\S+) FILE ("(?:[^"\\]|\\.)*")(?: \(([^)]*)\))? ===$/;
const NUMBERED_LINE = /^(\d+) \| (.*)$/;

/**
 * Parses the FILE evidence blocks of a prompt:
 * `=== BEGIN <tag> FILE "<json path>" (<label>) ===`, numbered `N | text` lines, and
 * `=== END <tag> FILE "<json path>" ===`. Other block kinds (e.g. DIFF) are ignored. When a path
 * appears in several blocks, the one labelled `head` (else the first) wins.
 */
export function parseEvidence(text: string): EvidenceFile[] {
  const lines = text.split(/\r?\n/);
  const files = new Map<string, EvidenceFile>();
  for (let i = 0; i < lines.length; i++) {
    const begin = BEGIN_FILE.exec(lines[i] ?? '');
    if (!begin) continue;
    const [, tag = '', quotedPath = '""', label = ''] = begin;
    let path: string;
    try {
      path = String(JSON.parse(quotedPath));
    } catch {
      continue;
    }
    const endPrefix = `=== END ${tag} FILE `;
    const body: EvidenceLine[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (line.startsWith(endPrefix)) break;
      const numbered = NUMBERED_LINE.exec(line);
      if (numbered) body.push({ line: Number(numbered[1]), text: numbered[2] ?? '' });
    }
    if (j >= lines.length) continue; // unterminated block
    i = j;
    const file: EvidenceFile = { path, label: label.trim(), lines: body };
    const existing = files.get(path);
    const isHead = (f: EvidenceFile): boolean => /\bhead\b/.test(f.label);
    if (!existing || (!isHead(existing) && isHead(file))) files.set(path, file);
  }
  return [...files.values()];
}

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
