import { renderTranscriptBlocks, type TranscriptSection } from './render-transcript-blocks.js';

/** GitHub's limit on a comment body, in characters (a longer body is refused with 422). */
export const MAX_COMMENT_CHARS = 65_536;
/** We stay this far below the limit so a small miscount never fails the post. */
const SAFE_COMMENT_CHARS = MAX_COMMENT_CHARS - 1_536;

/** The parts of a debate comment, in order; `head`, `notes`, `record` and `footer` are never cut, `collapsed` only left out whole. */
export interface CommentParts {
  head: string[];
  body: string[];
  /** Collapsed blocks after the body (consensus, scenarios, the evidence pack...): never cut, so no `<details>` is left open. */
  collapsed: string[];
  /** The engine's notes, a collapsed block (so not in `body`, which may be cut). */
  notes: string[];
  transcript: TranscriptSection[];
  record: string[];
  footer: string[];
}

/**
 * Fits a comment under {@link MAX_COMMENT_CHARS} (docs/how-a-debate-runs.md: what does not fit is cut at a
 * safe point with a note). First transcript phases are left out, the least decisive and then the
 * largest first, with a line that names them; then, if even an empty body would not fit, the collapsed
 * blocks are left out whole, with a line that says so; then the body is cut at a line boundary with a note.
 * The body holds no `<details>` or fence, so a cut never leaves one open. Pure.
 * @returns `body`, the comment to post, and `full`, the whole report for the job summary
 */
export function fitComment(parts: CommentParts): { body: string; full: string } {
  const assemble = (dropped: Set<string>, middle: string[] = parts.body) => assembleParts(parts, dropped, middle);
  const full = assemble(new Set());
  if (full.length <= SAFE_COMMENT_CHARS) return { body: full, full };
  const order = [...parts.transcript].sort(
    (x, y) => x.keep - y.keep || y.lines.join('\n').length - x.lines.join('\n').length,
  );
  const dropped = new Set<string>();
  for (const section of order) {
    dropped.add(section.title);
    const candidate = assemble(dropped);
    if (candidate.length <= SAFE_COMMENT_CHARS) return { body: candidate, full };
  }
  const note = [
    '',
    '> [!NOTE]',
    "> This comment reached GitHub's size limit and was cut here; the whole report is in the job summary of the workflow run.",
  ];
  // Last, the collapsed blocks go whole (each judge run's reasons when the runs split can pass the limit on their own).
  const collapsed =
    assemble(dropped, note).length + 200 <= SAFE_COMMENT_CHARS
      ? parts.collapsed
      : ['', '_The collapsed sections were left out of this comment for its size (they are in the job summary)._'];
  const fitted = { ...parts, collapsed };
  const room = SAFE_COMMENT_CHARS - assembleParts(fitted, dropped, note).length - 200;
  let middle = parts.body.join('\n').slice(0, Math.max(0, room));
  middle = middle.slice(0, Math.max(0, middle.lastIndexOf('\n')));
  return { body: assembleParts(fitted, dropped, [middle, ...note]), full };
}

function assembleParts(parts: CommentParts, dropped: Set<string>, middle: string[]): string {
  return [
    ...parts.head,
    ...middle,
    ...parts.collapsed,
    ...parts.notes,
    '',
    renderTranscriptBlocks(parts.transcript, dropped),
    ...parts.record,
    ...parts.footer,
  ].join('\n');
}
