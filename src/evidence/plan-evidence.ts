import { heuristicPriority, type LowPriorityClassifier } from './file-priority.js';
import {
  groupChars,
  listLineChars,
  markerOf,
  SHORT_HEADINGS_CHARS,
  shortLineChars,
  type CompactList,
  type FileState,
} from './list-files.js';
import { openLedger, type BudgetLedger } from './plan-budget.js';
import { placeDiff, type PlannedDiff } from './plan-diff.js';
import {
  descriptionFrame,
  descriptionLines,
  renderListHeader,
  renderNotes,
  renderPreamble,
} from './render-sections.js';
import {
  delimiters,
  fileBlockChars,
  sectionChars,
  showLine,
  splitLines,
  TAG_LENGTH,
  type Delimiters,
} from './show-lines.js';
import type { ChangedFile, OmittedItem, PullRequestInfo, RfcDocument } from './evidence-types.js';

/**
 * The evidence plan: which files and hunks fit the token budget; not the debate plan (src/debate/plan.ts).
 * The budget planner: decides what of the PR the evidence pack shows. Pure; every tier is planned once
 * per run, in two steps around the one read of full contents: {@link planEvidence} plans tiers 1-3 from
 * the hunks (nothing read yet) and leaves the room for the rest; `contentsToRead` (plan-contents.ts)
 * chooses the contents whose estimated sizes fit that room; `completePlan` places the read contents by
 * their exact size (tier 4), then the low-priority hunks (tier 5) in what is left.
 *
 * Budget (input `max-evidence-tokens`, in tokens on the models that read the pack: `maxTokens` times
 * `charsPerToken` characters, the rate `packCharsPerToken` gives for those models; issue #31), spent in this order:
 * 1. fixed: how to read the pack, notes, the PR title and description (the description at most
 *    {@link DESCRIPTION_SHARE} of the budget), the file list and the closing list of what was left out.
 *    The file list names every changed file (issue #14): a full line each while those take at most
 *    {@link FILE_LIST_SHARE} of the budget, else a short line (path, status, line counts) for each file
 *    the pack shows nothing of, while those take at most {@link NAME_SHARE}; past that, as a disclosed
 *    last resort, source files are named before generated, lock and vendored ones, in list order, and
 *    the rest are counted by folder ({@link GROUP_SHARE});
 * 2. the RFC documents, each cut at a line boundary when too long;
 * 3. the hunks of source files, in the file list's order; a diff that does not fit whole keeps its
 *    leading hunks, and the hunk where it stops may be cut at a line;
 * 4. the full head contents of source files, most-changed first (whole files only; added files are
 *    whole in their diff already);
 * 5. the hunks of generated, lock and vendored files ({@link LowPriorityClassifier}), smallest diff
 *    first; their full contents are never shown.
 * What does not fit is marked in the file list by name; hunks the budget left out are the overflow that
 * readers read (split-overflow.ts; what GitHub's API could not give is named, but is no overflow).
 */

/** Share of the budget the PR description may take; the rest of it is cut with a mark. */
export const DESCRIPTION_SHARE = 0.15;

/** Share of the budget above which the file list stops giving every file a full line: files the pack shows nothing of get a short line. */
export const FILE_LIST_SHARE = 0.25;

/** Share of the budget the short lines may take; past it, files are counted by folder instead (the last resort, said in the list and the notes). */
export const NAME_SHARE = 0.5;

/** Share of the budget the folder lines of the files left unnamed may take; deeper folders are used while they fit. */
export const GROUP_SHARE = 0.08;

/** Input of {@link planEvidence} (the evidence plan; not the debate plan, src/debate/plan.ts). */
export interface PlanInput {
  pull: PullRequestInfo;
  /** The PR's files as listed (possibly fewer than `pull.changedFiles`), classified by `classifyFiles`. */
  files: ChangedFile[];
  /** RFC documents read at the head, and the sentence saying how they were chosen. */
  rfc: { documents: RfcDocument[]; note: string };
  /** Budget in estimated tokens (input `max-evidence-tokens`). */
  maxTokens: number;
  /**
   * Characters per estimated token on the models that read the pack (`packCharsPerToken`, src/llm/pack-tokenizer.ts):
   * CHARS_PER_TOKEN (3.5) on tokenizers before Claude 4.7, CHARS_PER_TOKEN / 1.3 when a reader is Claude 4.7 or later.
   */
  charsPerToken: number;
  /** Which files are generated, lock or vendored; the path heuristic when absent. */
  lowPriority?: LowPriorityClassifier;
  /** Config `read-generated`: the hunks of generated, lock and vendored files the pack cannot hold go to readers too (split-overflow.ts). */
  readGenerated?: boolean;
  /** Sentences about how the evidence was gathered, shown to the models (e.g. a refused whole diff). */
  notes?: string[];
}

/** An RFC document as the evidence plan shows it: its lines, shaped, and how many of them fit. */
export interface PlannedRfc {
  path: string;
  lines: string[];
  shown: number;
}

/** A full head content the evidence plan shows: its shaped lines and its FILE block's label after the path. */
export interface PlannedContent {
  path: string;
  label: string;
  lines: string[];
}

/**
 * The evidence plan: which files and hunks fit the token budget; not the debate plan (src/debate/plan.ts).
 * What the pack shows of the PR, decided within the budget; rendered by `renderEvidence`, indexed by `indexEvidence`.
 */
export interface EvidencePlan {
  input: PlanInput;
  classify: LowPriorityClassifier;
  states: Map<string, FileState>;
  /** Set when the file list gives full lines only to the files the pack shows something of (see `renderFileList`). */
  compact: CompactList | undefined;
  /** Files counted by folder rather than named (0 unless the names alone exceed {@link NAME_SHARE}). */
  unnamed: number;
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
  /** See `EvidencePack.fileCount`. */
  fileCount: { listed: number; total: number; fromTrees: number };
  /** The budget as spent so far; see {@link BudgetLedger}. */
  ledger: BudgetLedger;
}

/**
 * Plans tiers 1-3: the fixed parts, the RFC documents and the hunks of source files.
 * @returns the plan so far; `ledger.limit - ledger.used` is the room left for full contents and low-priority hunks
 */
export function planEvidence(input: PlanInput): EvidencePlan {
  const { pull, files, rfc, maxTokens, charsPerToken } = input;
  const classify = input.lowPriority ?? heuristicPriority;
  const limit = maxTokens * charsPerToken;
  const marks = delimiters('0'.repeat(TAG_LENGTH));
  const states = new Map<string, FileState>(
    files.map((f) => [f.path, { diff: f.patch === undefined ? 'none' : 'omitted', content: false, listed: false }]),
  );
  const byPath = new Map(files.map((f) => [f.path, f]));
  const listed = files.length;
  const total = Math.max(pull.changedFiles, listed);

  // ---- 1. fixed parts ---------------------------------------------------------------------
  const description = fitDescription(pull, marks, Math.floor(limit * DESCRIPTION_SHARE));
  const allListChars = files.reduce((sum, f) => sum + listLineChars(f) + markerOf(states.get(f.path)!, f).length, 0);
  const compact = allListChars > limit * FILE_LIST_SHARE ? compactList(files, states, classify, limit) : undefined;
  const unnamed = compact ? files.length - compact.named.size : 0;
  const listReserve = compact ? compact.chars : allListChars;
  const leftOutReserve = 700 + rfc.documents.reduce((sum, d) => sum + d.path.length + 120, 0);
  const fixed =
    sectionChars(renderPreamble(pull, '0'.repeat(TAG_LENGTH), rfc.note)) +
    sectionChars(renderNotes(input.notes ?? [])) +
    description.chars +
    sectionChars(renderListHeader(listed, total, compact !== undefined, unnamed, NAME_SHARE)) +
    listReserve +
    leftOutReserve;
  const plan: EvidencePlan = {
    input,
    classify,
    states,
    compact: compact && { named: compact.named, depth: compact.depth },
    unnamed,
    description: { shown: description.shown, cut: description.cut },
    rfc: [],
    rfcInFull: new Set(),
    diffs: [],
    contents: [],
    omitted: [],
    partial: new Set(),
    // Truncated means the budget left something out; files GitHub did not list are named in the notes.
    truncated: false,
    fileCount: { listed, total, fromTrees: files.filter((f) => f.listedBy === 'git-trees').length },
    ledger: openLedger(limit, fixed, byPath, states, compact?.named),
  };
  const { ledger } = plan;

  // ---- 2. RFC documents -------------------------------------------------------------------
  for (const doc of rfc.documents) {
    const lines = splitLines(doc.content).map(showLine);
    const size = (shown: number) =>
      fileBlockChars(doc.path, '(head, rfc)', lines, shown) + 1 + ledger.listCost(doc.path);
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
    if (shown < lines.length)
      plan.omitted.push({
        path: doc.path,
        what: 'rfc-tail',
        reason: `RFC lines ${shown + 1}-${lines.length} do not fit the evidence budget`,
      });
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

/**
 * The compact list's layout and the characters to keep for it: every file's short line when they fit
 * {@link NAME_SHARE} of the budget; else source files first, in list order, while their short lines fit
 * NAME_SHARE less {@link GROUP_SHARE}, and folder lines at the deepest level that fits GROUP_SHARE for the rest.
 */
function compactList(
  files: ChangedFile[],
  states: Map<string, FileState>,
  classify: LowPriorityClassifier,
  limit: number,
): CompactList & { chars: number } {
  const all = files.reduce((sum, f) => sum + shortLineChars(f), SHORT_HEADINGS_CHARS);
  if (all <= limit * NAME_SHARE) return { named: new Set(files.map((f) => f.path)), depth: 0, chars: all + 1 };
  const ordered = [
    ...files.filter((f) => classify(f.path) === undefined),
    ...files.filter((f) => classify(f.path) !== undefined),
  ];
  const named = new Set<string>();
  let chars = SHORT_HEADINGS_CHARS;
  for (const file of ordered) {
    if (chars + shortLineChars(file) > limit * (NAME_SHARE - GROUP_SHARE)) break;
    chars += shortLineChars(file);
    named.add(file.path);
  }
  const rest = files.filter((f) => !named.has(f.path));
  const depth = [3, 2, 1].find((d) => groupChars(rest, states, d) <= limit * GROUP_SHARE) ?? 0;
  return { named, depth, chars: chars + 1 + groupChars(rest, states, depth) };
}

/** Places a file's diff into the evidence plan (not the debate plan) at its tier (see `placeDiff`). */
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
function fitDescription(
  pull: PullRequestInfo,
  marks: Delimiters,
  maxChars: number,
): { shown: number; cut: string | undefined; chars: number } {
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
