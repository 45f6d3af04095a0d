import { heuristicPriority, type LowPriorityClassifier } from './file-priority.js';
import { groupChars, listLineChars, markerOf, type FileState } from './list-files.js';
import { openLedger, type BudgetLedger } from './plan-budget.js';
import { placeDiff, type PlannedDiff } from './plan-diff.js';
import { descriptionFrame, descriptionLines, renderListHeader, renderNotes, renderPreamble } from './render-sections.js';
import { CHARS_PER_TOKEN, delimiters, fileBlockChars, sectionChars, showLine, splitLines, TAG_LENGTH, type Delimiters } from './show-lines.js';
import type { ChangedFile, OmittedItem, PullRequestInfo, RfcDocument } from './types.js';

/**
 * The budget planner: decides what of the PR the evidence pack shows. Pure; every tier is planned once
 * per run, in two steps around the one read of full contents: {@link planEvidence} plans tiers 1-3 from
 * the hunks (nothing read yet) and leaves the room for the rest; `contentsToRead` (plan-contents.ts)
 * chooses the contents whose estimated sizes fit that room; `completePlan` places the read contents by
 * their exact size (tier 4), then the low-priority hunks (tier 5) in what is left.
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
 * What does not fit is marked in the file list by name; hunks the budget left out make the pack
 * `truncated` (what GitHub's API could not give is named, but does not).
 */

/** Share of the budget the PR description may take; the rest of it is cut with a mark. */
export const DESCRIPTION_SHARE = 0.15;

/** Share of the budget above which the file list stops naming every file: files the pack shows are still named, the others grouped by folder. */
export const FILE_LIST_SHARE = 0.25;

/** Share of the budget the folder lines of a long file list may take; deeper folders are used while they fit. */
const GROUP_SHARE = 0.08;

/** Input of {@link planEvidence}. */
export interface PlanInput {
  pull: PullRequestInfo;
  /** The PR's files as listed (possibly fewer than `pull.changedFiles`), classified by `classifyFiles`. */
  files: ChangedFile[];
  /** RFC documents read at the head, and the sentence saying how they were chosen. */
  rfc: { documents: RfcDocument[]; note: string };
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

/** A full head content the pack shows: its shaped lines and its FILE block's label after the path. */
export interface PlannedContent {
  path: string;
  label: string;
  lines: string[];
}

/** What the pack shows of the PR, decided within the budget; rendered by `renderEvidence`, indexed by `indexEvidence`. */
export interface EvidencePlan {
  input: PlanInput;
  classify: LowPriorityClassifier;
  states: Map<string, FileState>;
  /** True when the file list names only the files the pack shows and counts the others by folder, at `groupDepth`. */
  compact: boolean;
  groupDepth: number;
  /** Description lines shown, and the cut when some are left out. */
  description: { shown: number; cut: string | undefined };
  rfc: PlannedRfc[];
  /** RFC documents shown whole: an added one's diff is not repeated, and no full content is shown again. */
  rfcInFull: Set<string>;
  /** DIFF blocks in pack order: source files, then low-priority files. */
  diffs: PlannedDiff[];
  /** Full contents shown, in pack order (empty until `completePlan`). */
  contents: PlannedContent[];
  omitted: OmittedItem[];
  /** Paths of which the pack leaves something out (diff or content). */
  partial: Set<string>;
  truncated: boolean;
  fileCount: { listed: number; total: number };
  /** The budget as spent so far; see {@link BudgetLedger}. */
  ledger: BudgetLedger;
}

/**
 * Plans tiers 1-3: the fixed parts, the RFC documents and the hunks of source files.
 * @returns the plan so far; `ledger.limit - ledger.used` is the room left for full contents and low-priority hunks
 */
export function planEvidence(input: PlanInput): EvidencePlan {
  const { pull, files, rfc, maxTokens } = input;
  const classify = input.lowPriority ?? heuristicPriority;
  const limit = maxTokens * CHARS_PER_TOKEN;
  const marks = delimiters('0'.repeat(TAG_LENGTH));
  const states = new Map<string, FileState>(files.map((f) => [f.path, { diff: f.patch === undefined ? 'none' : 'omitted', content: false, listed: false }]));
  const byPath = new Map(files.map((f) => [f.path, f]));
  const listed = files.length;
  const total = Math.max(pull.changedFiles, listed);

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
  const plan: EvidencePlan = {
    input,
    classify,
    states,
    compact,
    groupDepth,
    description: { shown: description.shown, cut: description.cut },
    rfc: [],
    rfcInFull: new Set(),
    diffs: [],
    contents: [],
    omitted: [],
    partial: new Set(),
    // Truncated means the budget left something out; files GitHub did not list are named in the notes.
    truncated: false,
    fileCount: { listed, total },
    ledger: openLedger(limit, fixed, byPath, states, compact),
  };
  const { ledger } = plan;

  // ---- 2. RFC documents -------------------------------------------------------------------
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
      plan.omitted.push({ path: doc.path, what: 'rfc-tail', reason: 'the RFC does not fit the evidence budget' });
      continue;
    }
    if (shown < lines.length) plan.omitted.push({ path: doc.path, what: 'rfc-tail', reason: `RFC lines ${shown + 1}-${lines.length} do not fit the evidence budget` });
    else plan.rfcInFull.add(doc.path);
    const state = states.get(doc.path);
    if (state) state.rfc = shown === lines.length ? 'RFC in full' : `RFC lines 1-${shown} of ${lines.length}`;
    ledger.markListed(doc.path);
    const chars = fileBlockChars(doc.path, '(head, rfc)', lines, shown) + 1;
    ledger.used += chars;
    ledger.spent.rfc += chars;
    plan.rfc.push({ path: doc.path, lines, shown });
  }

  // ---- 3. hunks of source files -------------------------------------------------------------
  for (const file of files.filter((f) => classify(f.path) === undefined)) placeInto(plan, file, 'hunks');
  return plan;
}

/** Places a file's diff into the plan at its tier (see `placeDiff`). */
export function placeInto(plan: EvidencePlan, file: ChangedFile, tier: 'hunks' | 'lowPriority'): void {
  const leftOut = (item: OmittedItem) => {
    plan.omitted.push(item);
    plan.partial.add(item.path);
  };
  const placed = placeDiff(file, plan.ledger, plan.states.get(file.path)!, leftOut, tier, plan.rfcInFull);
  if (placed.diff) plan.diffs.push(placed.diff);
  if (placed.truncated) plan.truncated = true;
}

/** How many description lines fit `maxChars` with the PR block's frame, and the block's characters. */
function fitDescription(pull: PullRequestInfo, marks: Delimiters, maxChars: number): { shown: number; cut: string | undefined; chars: number } {
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
