import { createHash } from 'node:crypto';
import { renderFileList, type FileState } from './list-files.js';
import type { EvidencePlan } from './plan-evidence.js';
import { diffBlockText } from './plan-diff.js';
import { renderDescription, renderLeftOut, renderListHeader, renderNotes, renderPreamble } from './render-sections.js';
import { delimiters, fileBlockChars, renderFileBlock, sectionChars, showLine, splitLines, TAG_LENGTH } from './show-lines.js';
import type { OmittedItem } from './types.js';

/**
 * The renderer: writes the evidence pack a plan describes, with the texts of the planned full contents.
 * Pure and run once per run: the same plan and texts always give the same text, tag and digest,
 * whatever order the texts arrived in.
 *
 * Safe framing: every block is delimited by `=== BEGIN/END EVIDENCE-<tag> ... ===` lines whose tag is a
 * hash of the whole input (so no content can hold it), and every line of material inside a block starts
 * with a line number or `|`, so no line of material can begin or end a block. Control, line-separator
 * and bidirectional-override characters are shown as `\uXXXX`.
 *
 * A planned content is shown whole when its block fits the characters the plan reserved for it (its
 * size was estimated before it was read); a longer text shows its leading lines within the reservation,
 * marked, so the pack never passes its budget. A text that was not returned, or turned out binary, is
 * listed as left out.
 */

/** A full head content as shown: its shaped lines and how many of them the pack shows. */
export interface ShownContent {
  lines: string[];
  shown: number;
}

/** What {@link renderEvidence} returns. */
export interface RenderedEvidence {
  text: string;
  /** The delimiter tag of the pack's blocks. */
  tag: string;
  /** `sha256:<hex>` of `text`. */
  digest: string;
  /** Full head contents shown, by path. */
  contents: Map<string, ShownContent>;
  /** The plan's omissions with those found while rendering (a content not read, binary or cut). */
  omitted: OmittedItem[];
  /** The plan's partial paths with those of cut or missing contents. */
  partial: Set<string>;
  /** Characters of the FILE blocks of full contents. */
  contentChars: number;
}

/** Room kept when a content is cut: its longer list mark and the left-out line. */
const CUT_SLACK = 200;

/**
 * Renders the pack.
 * @param plan from `planEvidence`
 * @param texts head contents of the planned full contents, by path (others are ignored)
 */
export function renderEvidence(plan: EvidencePlan, texts: Map<string, string>): RenderedEvidence {
  const { pull, rfc, notes = [] } = plan.input;
  const tag = contentTag(plan, texts);
  const marks = delimiters(tag);
  const states = new Map<string, FileState>([...plan.states].map(([path, state]) => [path, { ...state }]));
  const omitted = [...plan.omitted];
  const partial = new Set(plan.partial);
  const contents = new Map<string, ShownContent>();
  const fileBlocks: string[] = [];
  let contentChars = 0;
  for (const planned of plan.contents) {
    const state = states.get(planned.path)!;
    const text = texts.get(planned.path);
    const dropped = (reason: string, leavesLinesOut = true) => {
      state.content = false;
      omitted.push({ path: planned.path, what: 'content', reason });
      if (leavesLinesOut) partial.add(planned.path);
    };
    if (text === undefined) {
      dropped('its full content was not read (it is not a file at the head)');
      continue;
    }
    if (text.includes('\u0000')) {
      dropped('its content at the head is binary', false);
      continue;
    }
    const lines = splitLines(text).map(showLine);
    let shown = lines.length;
    if (fileBlockChars(planned.path, planned.label, lines, shown) + 1 > planned.reserved) {
      const room = planned.reserved - CUT_SLACK;
      let high = lines.length - 1;
      shown = 0;
      while (shown < high) {
        const mid = Math.ceil((shown + high) / 2);
        if (fileBlockChars(planned.path, planned.label, lines, mid) + 1 <= room) shown = mid;
        else high = mid - 1;
      }
      if (shown === 0) {
        dropped('its full content is larger than its size suggested and does not fit the evidence budget');
        continue;
      }
      state.content = 'part';
      omitted.push({ path: planned.path, what: 'content', reason: `only lines 1-${shown} of ${lines.length} fit the evidence budget` });
      partial.add(planned.path);
    }
    const block = renderFileBlock(marks, planned.path, planned.label, lines, shown);
    fileBlocks.push(block);
    contentChars += sectionChars(block);
    contents.set(planned.path, { lines, shown });
  }

  const { files } = plan.input;
  const { listed, total } = plan.fileCount;
  const description = renderDescription(pull, marks, plan.description.shown);
  const fileList = renderFileList(files, states, plan.compact, plan.groupDepth, renderListHeader(listed, total, plan.compact));
  const rfcBlocks = plan.rfc.map((doc) => renderFileBlock(marks, doc.path, '(head, rfc)', doc.lines, doc.shown));
  const diffBlocks = plan.diffs.map((diff) => diffBlockText(diff, tag));
  const leftOut = renderLeftOut(omitted, states, plan.truncated, listed, total, plan.description.cut);
  const sections = [renderPreamble(pull, tag, rfc.note), renderNotes(notes), description.text, fileList, ...rfcBlocks, ...diffBlocks, ...fileBlocks, leftOut];
  const text = sections.filter((s) => s !== '').join('\n');
  return { text, tag, digest: `sha256:${createHash('sha256').update(text).digest('hex')}`, contents, omitted, partial, contentChars };
}

/** A tag derived from everything that goes into the pack: content cannot contain its own hash. */
function contentTag(plan: EvidencePlan, texts: Map<string, string>): string {
  const hash = createHash('sha256');
  const feed = (value: string) => hash.update(`${value.length}:${value}`);
  const { pull, rfc, files, maxTokens, notes = [] } = plan.input;
  for (const value of [pull.title, pull.body, pull.author, pull.headSha, pull.baseSha, String(pull.number), String(pull.changedFiles), rfc.note, String(maxTokens)]) feed(value);
  for (const note of notes) feed(note);
  for (const file of files) {
    for (const value of [file.path, file.previousPath ?? '', file.status, String(file.additions), String(file.deletions), file.patch ?? '', file.kind ?? '', file.mode?.base ?? '', file.mode?.head ?? '']) feed(value);
  }
  for (const doc of rfc.documents) {
    feed(doc.path);
    feed(doc.content);
  }
  for (const { path } of [...plan.contents].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    feed(path);
    feed(texts.get(path) ?? '');
  }
  return hash.digest('hex').slice(0, TAG_LENGTH);
}
