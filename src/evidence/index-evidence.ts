import type { EvidencePlan } from './plan-evidence.js';
import { showLine } from './show-lines.js';
import type { Hunk, IndexedFile, IndexedSide } from './evidence-types.js';

/**
 * The indexer: what the citation verifier checks against, built once per run from the completed plan. Every line the pack shows is indexed on the sides it exists on, with the text
 * exactly as shown; each side also carries its quote index (line numbers in order, and each line's
 * text with whitespace folded as quotes are compared), so a quote search never re-reads the lines.
 */

/** Folds every run of whitespace to one space and trims: quotes are compared with lines this way. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Indexes the pack.
 * @returns every listed file of the PR and every shown RFC document, by path
 */
export function indexEvidence(plan: EvidencePlan): Map<string, IndexedFile> {
  const index = new Map<string, IndexedFile>();
  const side = emptySide;
  for (const file of plan.input.files) {
    index.set(file.path, {
      path: file.path,
      role: 'changed',
      status: file.status,
      kind: file.kind ?? 'text',
      head: file.status === 'removed' ? undefined : side(),
      base: file.status === 'added' ? undefined : side(),
      basePath: file.status === 'added' ? undefined : (file.previousPath ?? file.path),
      partial: plan.partial.has(file.path),
    });
  }
  for (const doc of plan.rfc) {
    const entry = index.get(doc.path) ?? {
      path: doc.path,
      role: 'rfc',
      status: undefined,
      kind: 'text',
      head: undefined,
      base: undefined,
      basePath: undefined,
      partial: false,
    };
    entry.role = 'rfc';
    entry.head ??= side();
    const head = entry.head;
    doc.lines.slice(0, doc.shown).forEach((line, i) => head.lines.set(i + 1, line));
    head.lineCount = doc.lines.length;
    index.set(doc.path, entry);
  }
  for (const file of plan.input.files) if (file.patch !== undefined) noteLineCounts(index.get(file.path)!, file.patch);
  for (const diff of plan.diffs) {
    const entry = index.get(diff.path)!;
    diff.hunks.slice(0, diff.shownHunks).forEach((h) => indexHunk(entry, h, h.lines.length));
    const cut = diff.hunks[diff.shownHunks];
    if (diff.cutLines > 0 && cut !== undefined) indexHunk(entry, cut, diff.cutLines);
  }
  for (const content of plan.contents) {
    const entry = index.get(content.path)!;
    const head = (entry.head ??= side());
    content.lines.forEach((line, i) => head.lines.set(i + 1, line));
    head.lineCount = content.lines.length;
  }
  for (const entry of index.values()) buildSearch(entry);
  return index;
}

/** (Re)builds the quote index of a file's sides from their lines, once they are all in. */
export function buildSearch(entry: IndexedFile): void {
  for (const s of [entry.head, entry.base]) {
    if (s === undefined) continue;
    const numbers = [...s.lines.keys()].sort((a, b) => a - b);
    s.search = { numbers, folded: numbers.map((n) => foldWhitespace(s.lines.get(n)!)) };
  }
}

/** An empty side of an indexed file. */
export function emptySide(): IndexedSide {
  return { lines: new Map(), lineCount: undefined, search: { numbers: [], folded: [] } };
}

/** Indexes the first `count` lines of a hunk on the sides they exist on, as the pack shows them. */
export function indexHunk(entry: IndexedFile, hunk: Pick<Hunk, 'lines'>, count: number): void {
  for (const line of hunk.lines.slice(0, count)) {
    const text = showLine(line.text);
    if (line.headLine !== undefined) entry.head?.lines.set(line.headLine, text);
    if (line.baseLine !== undefined) entry.base?.lines.set(line.baseLine, text);
  }
}

/** An added (removed) file's one hunk spans its whole head (base): its header gives the line count. */
function noteLineCounts(entry: IndexedFile, patch: string): void {
  if (entry.status !== 'added' && entry.status !== 'removed') return;
  const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(patch);
  if (header === null || patch.indexOf('\n@@', header[0].length) !== -1) return; // one hunk only
  const [baseStart, baseCount, headStart, headCount] = [header[1], header[2] ?? '1', header[3], header[4] ?? '1'].map(
    Number,
  ) as [number, number, number, number];
  if (entry.status === 'added' && baseCount === 0 && entry.head !== undefined && headStart <= 1)
    entry.head.lineCount ??= headCount;
  if (entry.status === 'removed' && headCount === 0 && entry.base !== undefined && baseStart <= 1)
    entry.base.lineCount ??= baseCount;
}
