import { describeChange } from './describe-change.js';
import type { ChangedFile } from './evidence-types.js';

/**
 * The pack's list of changed files (issue #14: every changed file is named). Three forms, the planner
 * choosing the first that fits (plan-evidence.ts):
 * - full: a line per file with its description and a mark of what the pack shows of it;
 * - compact: that line for the files the pack shows something of, and a short line (path, status, line
 *   counts) for each other file, under a heading with their common mark;
 * - last resort: as compact, but only the short lines that fit are written; the other files are counted
 *   by folder (a line per folder), and the header and the pack's notes say how many.
 * The planner measures it with these functions; the renderer writes it.
 */

/** What the pack shows of one file, for the file list. */
export interface FileState {
  diff: 'all' | 'partial' | 'omitted' | 'none' | 'in-rfc';
  /** For a partial diff: what was kept, e.g. "hunks 1-3 of 7". */
  diffDetail?: string;
  /** True when the pack shows the file's whole head content. */
  content: boolean;
  rfc?: string;
  /** True once the pack shows something of the file (a compact list names only these). */
  listed: boolean;
}

/** The mark after a file in the list: what of it the pack shows. */
export function markerOf(state: FileState, file: ChangedFile): string {
  const parts: string[] = [];
  if (state.rfc) parts.push(state.rfc);
  if (state.diff === 'all') parts.push('diff');
  else if (state.diff === 'partial') parts.push(`part of the diff: ${state.diffDetail}`);
  else if (state.diff === 'omitted') parts.push('diff left out');
  else if (state.diff === 'none' && file.missingDiff === 'budget') parts.push('diff not computed');
  else if (state.diff === 'none' && file.kind === 'too-large') parts.push('no diff from GitHub');
  if (state.content) parts.push('full content');
  return `[${parts.length === 0 ? 'nothing to show' : parts.join(', ')}]`;
}

/** Characters of a file's list line without its mark. */
export function listLineChars(file: ChangedFile): number {
  return `- ${JSON.stringify(file.path)}: ${describeChange(file)} \n`.length;
}

/** The short line of a file the pack shows nothing of, in a compact list: path, status (and old path), line counts. */
export function shortLine(file: ChangedFile): string {
  const from = file.previousPath === undefined ? '' : ` from ${JSON.stringify(file.previousPath)}`;
  return `- ${JSON.stringify(file.path)} ${file.status}${from} +${file.additions} -${file.deletions}`;
}

/** Characters of a file's short line, its newline included. */
export function shortLineChars(file: ChangedFile): number {
  return shortLine(file).length + 1;
}

/** Characters kept for the headings over the short lines (one per distinct mark; there are at most five). */
export const SHORT_HEADINGS_CHARS = 5 * 60;

/** How a list too long for a full line per file is written: which files get a short line, and the folder depth for the rest. */
export interface CompactList {
  /** Files named by a short line when the pack shows nothing of them; the others are counted by folder. */
  named: Set<string>;
  depth: number;
}

/**
 * The file list section: `header`, then the file lines: all full, or (with `compact`) the full lines of
 * the files the pack shows something of, the short lines of the other named files grouped under their
 * mark, and the folder lines of the files left unnamed.
 */
export function renderFileList(
  files: ChangedFile[],
  states: Map<string, FileState>,
  compact: CompactList | undefined,
  header: string,
): string {
  const line = (file: ChangedFile) =>
    `- ${JSON.stringify(file.path)}: ${describeChange(file)} ${markerOf(states.get(file.path)!, file)}`;
  if (!compact) return [header.trimEnd(), ...files.map(line), ''].join('\n');
  const shown = files.filter((f) => states.get(f.path)?.listed);
  const rest = files.filter((f) => !states.get(f.path)?.listed);
  const byMark = new Map<string, string[]>();
  for (const file of rest.filter((f) => compact.named.has(f.path))) {
    const mark = markerOf(states.get(file.path)!, file);
    const lines = byMark.get(mark) ?? [];
    lines.push(shortLine(file));
    byMark.set(mark, lines);
  }
  const short = [...byMark.entries()].flatMap(([mark, lines]) => ['', `Named only ${mark}:`, ...lines]);
  const grouped = groupLines(
    rest.filter((f) => !compact.named.has(f.path)),
    states,
    compact.depth,
  );
  return [header.trimEnd(), ...shown.map(line), ...short, ...(grouped.length > 0 ? ['', ...grouped] : []), ''].join(
    '\n',
  );
}

/** Characters the folder lines of these files take at this depth (an upper bound for any subset of them). */
export function groupChars(files: ChangedFile[], states: Map<string, FileState>, depth: number): number {
  return groupLines(files, states, depth).reduce((sum, line) => sum + line.length + 1, 0) + 1;
}

function groupLines(files: ChangedFile[], states: Map<string, FileState>, depth: number): string[] {
  const groups = new Map<string, ChangedFile[]>();
  for (const file of files) {
    const dirs = file.path.split('/').slice(0, -1).slice(0, depth);
    const key = dirs.length === 0 ? '' : `${dirs.join('/')}/`;
    const group = groups.get(key) ?? [];
    group.push(file);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, group]) => {
      const additions = group.reduce((sum, f) => sum + f.additions, 0);
      const deletions = group.reduce((sum, f) => sum + f.deletions, 0);
      const statuses = new Map<string, number>();
      for (const f of group) statuses.set(f.status, (statuses.get(f.status) ?? 0) + 1);
      const left = group.filter(
        (f) => states.get(f.path)?.diff === 'omitted' || f.kind === 'too-large' || f.missingDiff === 'budget',
      ).length;
      const where = key === '' ? (depth === 0 ? 'in all folders' : 'at the top level') : `under ${JSON.stringify(key)}`;
      const kinds = [...statuses.entries()].map(([s, n]) => `${n} ${s}`).join(', ');
      return `- ${group.length} more file${group.length === 1 ? '' : 's'} ${where}: ${kinds}, +${additions} -${deletions} [${left > 0 ? `diffs of ${left} left out` : 'nothing to show'}]`;
    });
}
