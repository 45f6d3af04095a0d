import { createHash } from 'node:crypto';
import { buildSearch, emptySide, indexHunk } from './index-evidence.js';
import { renderHunk, showLine } from './show-lines.js';
import type { EvidencePack, HunkLine, IndexedFile } from './evidence-types.js';

/**
 * What readers read, joined to the evidence (issue #40): the verified excerpts as a block every call
 * after the readers reads right after the pack, and the pack's index grown by their lines, so an
 * advocate's or the judge's citation of an excerpt line is checked as any citation is. Pure.
 */

/** A reader's excerpt whose quote the verifier found on the cited lines of its part. */
export interface Excerpt {
  /** The part it was read from (1-based). */
  part: number;
  /** The position it bears on. */
  position: string;
  /** The reader's sentence on how the lines bear on the position: the reader's words, not evidence. */
  note: string;
  path: string;
  side: 'head' | 'base';
  lineStart: number;
  lineEnd: number;
  /** The part's rows the citation spans (`partRows`), as the part showed them. */
  rows: HunkLine[];
}

/** What the readings block says beside the excerpts. */
export interface ReadingSummary {
  /** Parts the overflow was split into, and how many of them a reader read. */
  parts: number;
  readParts: number;
  /** Files with hunks no model read, and how many each. */
  unreadFiles: { path: string; hunks: number }[];
}

/** Files named in the readings block's line of unread hunks; the rest are counted. */
const NAMED_UNREAD = 40;

/**
 * The pack with the readings: `readings` holds the block, `files` the excerpt lines too (copies: the
 * given pack is not changed), `digest` covers the pack's text and the block, as every later call read them.
 * @param excerpts the verified excerpts, in part order
 */
export function addReadings(pack: EvidencePack, excerpts: Excerpt[], summary: ReadingSummary): EvidencePack {
  const readings = renderReadings(pack.tag, excerpts, summary);
  const files = new Map(pack.files);
  const copied = new Set<string>();
  for (const excerpt of excerpts) {
    const known = files.get(excerpt.path);
    if (!known) continue;
    let entry = known;
    if (!copied.has(excerpt.path)) {
      entry = {
        ...known,
        head: copySide(known.head, known.status !== 'removed'),
        base: copySide(known.base, known.status !== 'added'),
      };
      files.set(excerpt.path, entry);
      copied.add(excerpt.path);
    }
    indexHunk(entry, { lines: excerpt.rows }, excerpt.rows.length);
  }
  for (const path of copied) buildSearch(files.get(path)!);
  const digest = `sha256:${createHash('sha256').update(`${pack.text}\n${readings}`).digest('hex')}`;
  return { ...pack, files, readings, digest };
}

function copySide(side: IndexedFile['head'], exists: boolean): IndexedFile['head'] {
  if (!side) return exists ? emptySide() : undefined;
  return { lines: new Map(side.lines), lineCount: side.lineCount, search: side.search };
}

/** The readings block: what readers did, the hunks no model read, and one EXCERPT block per cited range. */
export function renderReadings(tag: string, excerpts: Excerpt[], summary: ReadingSummary): string {
  const unread = summary.unreadFiles.reduce((sum, f) => sum + f.hunks, 0);
  const lines = [
    '## Read by readers',
    `The changed hunks of ${summary.parts} part${summary.parts === 1 ? '' : 's'} did not fit this pack. ${summary.readParts} reader${summary.readParts === 1 ? '' : 's'} (one model call per part) read ${summary.readParts === summary.parts ? 'them' : `${summary.readParts} of them`} against the positions and quoted the lines that bear on each. Every quote was checked against the diff as citations are; only those that held are below, as EXCERPT blocks that show the cited rows as a DIFF block does: cite them as you cite a DIFF block. A row "| Reader's note: ..." is the reader's own sentence, not evidence.`,
  ];
  if (excerpts.length === 0) lines.push('No reader quoted a line that bears on the positions.');
  if (unread > 0) {
    const named = summary.unreadFiles.slice(0, NAMED_UNREAD).map((f) => `${JSON.stringify(f.path)} (${f.hunks})`);
    const more =
      summary.unreadFiles.length > NAMED_UNREAD ? `, and ${summary.unreadFiles.length - NAMED_UNREAD} more files` : '';
    lines.push(
      `No model read ${unread.toLocaleString('en-US')} changed hunk${unread === 1 ? '' : 's'} (in neither this pack nor a part a reader read): ${named.join(', ')}${more}. Weigh what is missing before ruling that something is absent from the change.`,
    );
  }
  lines.push('');
  for (const group of groupExcerpts(excerpts)) {
    const name = JSON.stringify(group.path);
    const where = `${group.side === 'base' ? 'base ' : ''}lines ${group.lineStart}${group.lineEnd > group.lineStart ? `-${group.lineEnd}` : ''}`;
    lines.push(
      `=== BEGIN EVIDENCE-${tag} EXCERPT ${name} (${where}, read in part ${group.part} of ${summary.parts}; bears on position${group.notes.length === 1 ? '' : 's'} ${group.notes.map((n) => n.position).join(', ')}) ===`,
      ...group.notes.map((n) => `| Reader's note on ${n.position}: ${showLine(n.note)}`),
      renderHunk({ header: '', base: { start: 0, count: 0 }, head: { start: 0, count: 0 }, lines: group.rows }).slice(
        1,
      ),
      `=== END EVIDENCE-${tag} EXCERPT ${name} ===`,
      '',
    );
  }
  return lines.join('\n');
}

/** Excerpts of the same rows in one block, with each position's note. */
function groupExcerpts(
  excerpts: Excerpt[],
): (Omit<Excerpt, 'position' | 'note'> & { notes: { position: string; note: string }[] })[] {
  const groups = new Map<
    string,
    Omit<Excerpt, 'position' | 'note'> & { notes: { position: string; note: string }[] }
  >();
  for (const e of excerpts) {
    const key = JSON.stringify([e.part, e.path, e.side, e.lineStart, e.lineEnd]);
    const group = groups.get(key) ?? {
      part: e.part,
      path: e.path,
      side: e.side,
      lineStart: e.lineStart,
      lineEnd: e.lineEnd,
      rows: e.rows,
      notes: [],
    };
    group.notes.push({ position: e.position, note: e.note });
    groups.set(key, group);
  }
  return [...groups.values()];
}
