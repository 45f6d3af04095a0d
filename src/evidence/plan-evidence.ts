import { hasReadableContent } from './describe-change.js';
import { heuristicPriority, type LowPriorityClassifier } from './file-priority.js';
import { groupChars, listLineChars, markerOf, type FileState } from './list-files.js';
import { openLedger } from './plan-budget.js';
import { planDiff, type PlannedDiff } from './plan-diff.js';
import { descriptionFrame, descriptionLines, renderListHeader, renderNotes, renderPreamble } from './render-sections.js';
import { CHARS_PER_TOKEN, delimiters, fileBlockChars, sectionChars, showLine, splitLines, TAG_LENGTH } from './show-lines.js';
import type { ChangedFile, OmittedItem, PullRequestInfo, RfcDocument } from './types.js';

/**
 * The budget planner: decides what of the PR the evidence pack shows, from the hunks and the sizes of
 * the full contents, before any content is read. Pure, and run once per run.
 *
 * Budget (input `max-evidence-tokens`, in tokens at CHARS_PER_TOKEN), spent in this order:
 * 1. fixed: how to read the pack, notes, the PR title and description (the description at most
 *    {@link DESCRIPTION_SHARE} of the budget), the file list and the closing list of what was left out;
 * 2. the RFC documents, each cut at a line boundary when too long;
 * 3. the hunks of source files, in the file list's order; a diff that does not fit whole keeps its
 *    leading hunks, and the hunk where it stops may be cut at a line;
 * 4. the full head contents of source files, most-changed first (whole files only; added files are
 *    whole in their diff already);
 * 5. the hunks of generated, lock and vendored files ({@link LowPriorityClassifier}), smallest diff
 *    first; their full contents are never shown.
 * What does not fit is marked in the file list by name; left-out hunks (or files beyond GitHub's
 * 3,000-file list) make the pack `truncated`.
 */

/** Share of the budget the PR description may take; the rest of it is cut with a mark. */
export const DESCRIPTION_SHARE = 0.15;

/** Share of the budget above which the file list stops naming every file: files the pack shows are still named, the others grouped by folder. */
export const FILE_LIST_SHARE = 0.25;

/** Share of the budget the folder lines of a long file list may take; deeper folders are used while they fit. */
const GROUP_SHARE = 0.08;

/** The size of a changed file's FILE block, in characters with its joining newline, or that its content is binary. */
export type ContentSize = { chars: number } | { binary: true };

/** Input of {@link planEvidence}. */
export interface PlanInput {
  pull: PullRequestInfo;
  /** The PR's files as listed (possibly fewer than `pull.changedFiles`), classified by `classifyFiles`. */
  files: ChangedFile[];
  /** RFC documents read at the head, and the sentence saying how they were chosen. */
  rfc: { documents: RfcDocument[]; note: string };
  /** Sizes of the head contents the pack may show (exact, or estimated before reading); absent ones are "not read". */
  contents: Map<string, ContentSize>;
  /** Budget in estimated tokens. */
  maxTokens: number;
  /** Which files are generated, lock or vendored; the path heuristic when absent. */
  lowPriority?: LowPriorityClassifier;
  /** Sentences about how the evidence was gathered, shown to the models (e.g. a refused whole diff). */
  notes?: string[];
}

/** An RFC document as the pack shows it: its lines, shaped, and how many of them fit. */
export interface PlannedRfc {
  path: string;
  lines: string[];
  shown: number;
}

/** A full head content the pack shows, and the characters reserved for its FILE block. */
export interface PlannedContent {
  path: string;
  /** The FILE block's label after the path, e.g. `(head, modified)`. */
  label: string;
  reserved: number;
}

/** What the pack shows of the PR, decided within the budget; rendered by `renderEvidence`, indexed by `indexEvidence`. */
export interface EvidencePlan {
  input: PlanInput;
  states: Map<string, FileState>;
  /** True when the file list names only the files the pack shows and counts the others by folder, at `groupDepth`. */
  compact: boolean;
  groupDepth: number;
  /** Description lines shown, and the cut when some are left out. */
  description: { shown: number; cut: string | undefined };
  rfc: PlannedRfc[];
  /** DIFF blocks in pack order: source files, then low-priority files. */
  diffs: PlannedDiff[];
  /** Full contents to read and show, in pack order. */
  contents: PlannedContent[];
  /** Added files whose RFC block shows every line, so their diff is not repeated. */
  inRfc: Set<string>;
  omitted: OmittedItem[];
  /** Paths of which the pack leaves something out (diff or content). */
  partial: Set<string>;
  truncated: boolean;
  fileCount: { listed: number; total: number };
  /** Characters planned, reserves included, and per tier. */
  used: number;
  spent: { rfc: number; hunks: number; contents: number; lowPriority: number };
}

/**
 * The files whose full head content is worth reading, in the order the budget takes them (tier 4):
 * readable source files (not removed, not added, not binary, links or pointers), most-changed first.
 */
export function contentCandidates(files: ChangedFile[], lowPriority: LowPriorityClassifier = heuristicPriority): string[] {
  return files
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => hasReadableContent(file) && (file.status !== 'added' || file.kind === 'too-large') && lowPriority(file.path) === undefined)
    .sort((a, b) => b.file.additions + b.file.deletions - (a.file.additions + a.file.deletions) || a.index - b.index)
    .map(({ file }) => file.path);
}

/**
 * Estimated characters of a file's FILE block from its size in bytes, to plan reads before the content is
 * known: every line gains a number column (about a fifth more for lines of 30 characters).
 */
export function estimateContentSize(bytes: number, path: string): ContentSize {
  return { chars: Math.ceil(Math.ceil((bytes * 1.2 + 120 + path.length * 2) / CHARS_PER_TOKEN) * CHARS_PER_TOKEN) + 1 };
}

/** The exact size of a file's FILE block from its text. */
export function measureContent(path: string, status: ChangedFile['status'], text: string): ContentSize {
  if (text.includes('\u0000')) return { binary: true };
  const lines = splitLines(text).map(showLine);
  return { chars: fileBlockChars(path, contentLabel(status), lines, lines.length) + 1 };
}

/** The label of a changed file's FILE block. */
export function contentLabel(status: ChangedFile['status']): string {
  return `(head, ${status})`;
}

/**
 * Plans the pack.
 * @returns what to show of every file, what is left out and why, and how the budget is spent
 */
export function planEvidence(input: PlanInput): EvidencePlan {
  const { pull, files, rfc, contents, maxTokens } = input;
  const classify = input.lowPriority ?? heuristicPriority;
  const limit = maxTokens * CHARS_PER_TOKEN;
  const marks = delimiters('0'.repeat(TAG_LENGTH));
  const omitted: OmittedItem[] = [];
  const partial = new Set<string>();
  const leftOut = (item: OmittedItem) => {
    omitted.push(item);
    partial.add(item.path);
  };
  const states = new Map<string, FileState>(files.map((f) => [f.path, { diff: f.patch === undefined ? 'none' : 'omitted', content: false, listed: false }]));
  const byPath = new Map(files.map((f) => [f.path, f]));
  const listed = files.length;
  const total = Math.max(pull.changedFiles, listed);
  let truncated = listed < total;

  // ---- 1. fixed parts ---------------------------------------------------------------------
  const description = fitDescription(pull, marks, Math.floor(limit * DESCRIPTION_SHARE));
  const allListChars = files.reduce((sum, f) => sum + listLineChars(f) + markerOf(states.get(f.path)!, f).length, 0);
  const compact = allListChars > limit * FILE_LIST_SHARE;
  const groupDepth = compact ? ([3, 2, 1].find((d) => groupChars(files, states, d) <= limit * GROUP_SHARE) ?? 0) : 0;
  const listReserve = compact ? groupChars(files, states, groupDepth) : allListChars;
  const leftOutReserve = 700 + rfc.documents.reduce((sum, d) => sum + d.path.length + 120, 0);
  const fixed =
    sectionChars(renderPreamble(pull, '0'.repeat(TAG_LENGTH), rfc.note)) +
    sectionChars(renderNotes(input.notes ?? [])) +
    description.chars +
    sectionChars(renderListHeader(listed, total, compact)) +
    listReserve +
    leftOutReserve;
  const ledger = openLedger(limit, fixed, byPath, states, compact);

  // ---- 2. RFC documents -------------------------------------------------------------------
  const plannedRfc: PlannedRfc[] = [];
  const inRfc = new Set<string>();
  for (const doc of rfc.documents) {
    const lines = splitLines(doc.content).map(showLine);
    const size = (shown: number) => fileBlockChars(doc.path, '(head, rfc)', lines, shown) + 1 + ledger.listCost(doc.path);
    let shown = lines.length;
    if (!ledger.fits(size(shown))) {
      let low = 0;
      let high = lines.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (ledger.fits(size(mid))) low = mid;
        else high = mid - 1;
      }
      shown = low;
    }
    if (shown === 0) {
      omitted.push({ path: doc.path, what: 'rfc-tail', reason: 'the RFC does not fit the evidence budget' });
      continue;
    }
    if (shown < lines.length) omitted.push({ path: doc.path, what: 'rfc-tail', reason: `RFC lines ${shown + 1}-${lines.length} do not fit the evidence budget` });
    else if (byPath.get(doc.path)?.status === 'added') inRfc.add(doc.path);
    const state = states.get(doc.path);
    if (state) state.rfc = shown === lines.length ? 'RFC in full' : `RFC lines 1-${shown} of ${lines.length}`;
    ledger.markListed(doc.path);
    const chars = fileBlockChars(doc.path, '(head, rfc)', lines, shown) + 1;
    ledger.used += chars;
    ledger.spent.rfc += chars;
    plannedRfc.push({ path: doc.path, lines, shown });
  }
  const shownInFull = new Set(plannedRfc.filter((d) => d.shown === d.lines.length).map((d) => d.path));

  // ---- 3. and 5. hunks ----------------------------------------------------------------------
  const diffs: PlannedDiff[] = [];
  const place = (file: ChangedFile, tier: 'hunks' | 'lowPriority') => {
    const state = states.get(file.path)!;
    if (file.patch === undefined) {
      if (file.kind === 'too-large') {
        leftOut({ path: file.path, what: 'hunks', reason: 'GitHub sent no diff for it (too large to show)' });
        truncated = true;
      }
      return;
    }
    if (file.status === 'added' && inRfc.has(file.path)) {
      state.diff = 'in-rfc'; // the RFC block already shows every line of the added file
      return;
    }
    const planned = planDiff(file, ledger, state, leftOut, tier);
    if (planned) diffs.push(planned);
    if (state.diff !== 'all') truncated = true;
  };
  for (const file of files.filter((f) => classify(f.path) === undefined)) place(file, 'hunks');

  // ---- 4. full head contents of source files ------------------------------------------------
  const plannedContents: PlannedContent[] = [];
  for (const path of contentCandidates(files, classify)) {
    if (shownInFull.has(path)) continue;
    const file = byPath.get(path)!;
    const size = contents.get(path);
    if (size === undefined) {
      leftOut({ path, what: 'content', reason: 'its full content was not read (evidence budget)' });
      continue;
    }
    if ('binary' in size) {
      omitted.push({ path, what: 'content', reason: 'its content at the head is binary' });
      continue;
    }
    if (!ledger.fits(size.chars + ledger.listCost(path))) {
      leftOut({ path, what: 'content', reason: 'its full content does not fit the evidence budget' });
      continue;
    }
    states.get(path)!.content = 'full';
    ledger.markListed(path);
    ledger.used += size.chars;
    ledger.spent.contents += size.chars;
    plannedContents.push({ path, label: contentLabel(file.status), reserved: size.chars });
  }

  // ---- 5. hunks of generated, lock and vendored files ---------------------------------------
  // Smallest first: as many of these files as possible show what changed in them.
  const lowFiles = files.filter((f) => classify(f.path) !== undefined);
  const patchSize = (f: ChangedFile) => (f.patch === undefined ? 0 : f.patch.length);
  for (const { f } of lowFiles.map((f, i) => ({ f, i })).sort((a, b) => patchSize(a.f) - patchSize(b.f) || a.i - b.i)) place(f, 'lowPriority');

  return {
    input,
    states,
    compact,
    groupDepth,
    description: { shown: description.shown, cut: description.cut },
    rfc: plannedRfc,
    diffs,
    contents: plannedContents,
    inRfc,
    omitted,
    partial,
    truncated,
    fileCount: { listed, total },
    used: ledger.used,
    spent: ledger.spent,
  };
}

/** How many description lines fit `maxChars` with the PR block's frame, and the block's characters. */
function fitDescription(pull: PullRequestInfo, marks: ReturnType<typeof delimiters>, maxChars: number): { shown: number; cut: string | undefined; chars: number } {
  const lines = descriptionLines(pull);
  const frame = descriptionFrame(pull, marks);
  let chars = [...frame.head, ...frame.tail].join('\n').length;
  let shown = 0;
  while (shown < lines.length && chars + lines[shown]!.length + 3 <= maxChars) {
    chars += lines[shown]!.length + 3;
    shown += 1;
  }
  const cut = shown < lines.length ? `lines ${shown + 1}-${lines.length} of ${lines.length} are left out` : undefined;
  const markChars = cut === undefined ? 0 : `[description cut here: ${cut} (evidence budget)]`.length + 1;
  return { shown, cut, chars: chars + markChars + 1 };
}
