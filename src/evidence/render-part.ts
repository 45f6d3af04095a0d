import { buildSearch, emptySide, indexHunk } from './index-evidence.js';
import { renderPreamble } from './render-sections.js';
import { renderHunk, sectionChars, TAG_LENGTH } from './show-lines.js';
import type { EvidencePack, HunkLine, IndexedFile, PartPiece, PullRequestInfo, ReaderPart } from './evidence-types.js';

/**
 * A reader's part as the reader reads it, and the index its excerpts are checked against. Pure. A part
 * is framed as the pack is (the same preamble, tag and DIFF blocks), so a reader reads and cites it as
 * every advocate reads and cites the pack, and the citation verifier checks its quotes by the same rules.
 */

/** Characters kept on a hunk header row for the mark of a piece (a run of a hunk's lines). */
export const PIECE_MARK_CHARS = 48;

/** Characters kept for a part's heading and its sentence under the preamble. */
const HEADING_CHARS = 400;

/** Characters a part takes besides its DIFF blocks: the pack's preamble and the part's heading. */
export function partPreambleChars(
  pull: Pick<PullRequestInfo, 'number' | 'headSha' | 'baseSha'>,
  rfcNote: string,
): number {
  return sectionChars(renderPreamble(pull, '0'.repeat(TAG_LENGTH), rfcNote)) + HEADING_CHARS;
}

/** The hunks (whole, or counted once however many pieces) a part holds. */
export function partHunks(part: ReaderPart): number {
  return part.files.reduce((sum, f) => sum + new Set(f.pieces.map((p) => p.hunk)).size, 0);
}

/**
 * The part's text: the pack's preamble, a heading that says what the part is, and its DIFF blocks.
 * @param pack the pack the part did not fit: its PR, commits, tag and RFC note, and its parts
 */
export function renderPart(
  part: ReaderPart,
  pack: Pick<EvidencePack, 'pullNumber' | 'headSha' | 'baseSha' | 'tag' | 'rfcNote' | 'coverage'>,
): string {
  const context = { tag: pack.tag, parts: pack.coverage.parts.length };
  const hunks = partHunks(part);
  const heading = [
    `## Reader part ${part.number} of ${context.parts}`,
    `These DIFF blocks are changed hunks of this pull request that did not fit the evidence pack the debate reads: ${hunks} hunk${hunks === 1 ? '' : 's'} of ${part.files.length} file${part.files.length === 1 ? '' : 's'}. Cite only lines shown here.`,
    '',
  ].join('\n');
  const blocks = part.files.map((file) => {
    const name = JSON.stringify(file.path);
    return [
      `=== BEGIN EVIDENCE-${context.tag} DIFF ${name} ${file.label} ===`,
      ...file.pieces.map(renderPiece),
      `=== END EVIDENCE-${context.tag} DIFF ${name} ===`,
      '',
    ].join('\n');
  });
  return [
    renderPreamble({ number: pack.pullNumber, headSha: pack.headSha, baseSha: pack.baseSha }, pack.tag, pack.rfcNote),
    heading,
    ...blocks,
  ].join('\n');
}

/** A piece as a DIFF block shows it: the hunk's rows, its header row marked when the piece is a run of the hunk's lines. */
function renderPiece(piece: PartPiece): string {
  const text = renderHunk(piece.shown);
  if (!piece.piece) return text;
  const newline = text.indexOf('\n');
  const mark = ` [part ${piece.piece.n} of ${piece.piece.of} of this hunk]`;
  return newline === -1 ? `${text}${mark}` : `${text.slice(0, newline)}${mark}${text.slice(newline)}`;
}

/**
 * The index a reader's citations are checked against: the part's lines on the sides they exist on, as
 * the part shows them, each file as the pack indexes it (status, kind, old path).
 * @param packFiles the pack's index, for each file's status, kind and base path
 */
export function indexPart(part: ReaderPart, packFiles: ReadonlyMap<string, IndexedFile>): Map<string, IndexedFile> {
  const index = new Map<string, IndexedFile>();
  for (const file of part.files) {
    const known = packFiles.get(file.path);
    const entry: IndexedFile = {
      path: file.path,
      role: 'changed',
      status: known?.status,
      kind: known?.kind ?? 'text',
      head: known?.status === 'removed' ? undefined : emptySide(),
      base: known?.status === 'added' ? undefined : emptySide(),
      basePath: known?.basePath ?? file.path,
      partial: true,
    };
    for (const piece of file.pieces) indexHunk(entry, piece.shown, piece.shown.lines.length);
    buildSearch(entry);
    index.set(file.path, entry);
  }
  return index;
}

/**
 * The rows of a part's file that a citation of `start`-`end` on `side` spans, as the part shows them:
 * in each hunk, from the first row numbered in the range on that side to the last, with the rows of the
 * other side between them (a removed line among cited head lines is shown where it is).
 */
export function partRows(
  part: ReaderPart,
  path: string,
  side: 'head' | 'base',
  start: number,
  end: number,
): HunkLine[] {
  const rows: HunkLine[] = [];
  for (const piece of part.files.filter((f) => f.path === path).flatMap((f) => f.pieces)) {
    const lines = piece.shown.lines;
    const inRange = lines.flatMap((l, i) => {
      const n = side === 'head' ? l.headLine : l.baseLine;
      return n !== undefined && n >= start && n <= end ? [i] : [];
    });
    if (inRange.length > 0) rows.push(...lines.slice(inRange[0], inRange.at(-1)! + 1));
  }
  return rows;
}
