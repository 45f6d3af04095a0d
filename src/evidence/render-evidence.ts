import { createHash } from 'node:crypto';
import { renderFileList } from './list-files.js';
import { NAME_SHARE, type EvidencePlan } from './plan-evidence.js';
import { diffBlockText } from './plan-diff.js';
import { renderDescription, renderLeftOut, renderListHeader, renderNotes, renderPreamble } from './render-sections.js';
import { delimiters, renderFileBlock, TAG_LENGTH } from './show-lines.js';

/**
 * The renderer: writes the evidence pack a plan describes, with the texts of the planned full contents.
 * Pure and run once per run: the same plan and texts always give the same text, tag and digest,
 * whatever order the texts arrived in.
 *
 * Safe framing: every block is delimited by `=== BEGIN/END EVIDENCE-<tag> ... ===` lines whose tag is a
 * hash of the whole input (so no content can hold it), and every line of material inside a block starts
 * with a line number or `|`, so no line of material can begin or end a block. Control, line-separator
 * and bidirectional-override characters are shown as `\uXXXX`.
 */

/** What {@link renderEvidence} returns. */
export interface RenderedEvidence {
  text: string;
  /** The delimiter tag of the pack's blocks. */
  tag: string;
  /** `sha256:<hex>` of `text`. */
  digest: string;
}

/**
 * Renders the pack.
 * @param plan a plan completed by `completePlan`
 * @param texts the head contents as read, by path (the tag hashes those the plan shows)
 */
export function renderEvidence(plan: EvidencePlan, texts: Map<string, string>): RenderedEvidence {
  const { pull, rfc, files, notes = [] } = plan.input;
  const tag = contentTag(plan, texts);
  const marks = delimiters(tag);
  const { listed, total } = plan.fileCount;
  const sections = [
    renderPreamble(pull, tag, rfc.note),
    renderNotes(notes),
    renderDescription(pull, marks, plan.description.shown).text,
    renderFileList(
      files,
      plan.states,
      plan.compact,
      renderListHeader(listed, total, plan.compact !== undefined, plan.unnamed, NAME_SHARE),
    ),
    ...plan.rfc.map((doc) => renderFileBlock(marks, doc.path, '(head, rfc)', doc.lines, doc.shown)),
    ...plan.diffs.map((diff) => diffBlockText(diff, tag)),
    ...plan.contents.map((content) =>
      renderFileBlock(marks, content.path, content.label, content.lines, content.lines.length),
    ),
    renderLeftOut(plan.omitted, plan.states, plan.truncated, listed, total, plan.description.cut),
  ];
  const text = sections.filter((s) => s !== '').join('\n');
  const digest = `sha256:${createHash('sha256').update(text).digest('hex')}`;
  return { text, tag, digest };
}

/** A tag derived from everything that goes into the pack: content cannot contain its own hash. */
function contentTag(plan: EvidencePlan, texts: Map<string, string>): string {
  const hash = createHash('sha256');
  const feed = (value: string) => hash.update(`${value.length}:${value}`);
  const { pull, rfc, files, maxTokens, notes = [] } = plan.input;
  for (const value of [
    pull.title,
    pull.body,
    pull.author,
    pull.headSha,
    pull.baseSha,
    String(pull.number),
    String(pull.changedFiles),
    rfc.note,
    String(maxTokens),
  ])
    feed(value);
  for (const note of notes) feed(note);
  for (const file of files) {
    for (const value of [
      file.path,
      file.previousPath ?? '',
      file.status,
      String(file.additions),
      String(file.deletions),
      file.patch ?? '',
      file.kind ?? '',
      file.mode?.base ?? '',
      file.mode?.head ?? '',
    ])
      feed(value);
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
