import { describeChange } from './describe-change.js';
import type { FileState } from './list-files.js';
import { parsePatch } from './parse-patch.js';
import type { BudgetLedger } from './plan-budget.js';
import { renderHunk, TAG_LENGTH } from './show-lines.js';
import type { ChangedFile, Hunk, OmittedItem } from './evidence-types.js';

/**
 * What the evidence plan (not the debate plan, src/debate/plan.ts) shows of one file's diff: the parsed
 * hunks and the rendered parts of its DIFF block.
 */
export interface PlannedDiff {
  path: string;
  /** The DIFF block's label after the path: the file's one-line description. */
  label: string;
  hunks: Hunk[];
  /** Whole hunks shown, from the first. */
  shownHunks: number;
  /** Lines of the next hunk shown after them (0: none). */
  cutLines: number;
  /** The block's body: the shown hunks as rendered, the cut hunk's rows and the cut mark. */
  parts: string[];
}

/** A hunk is cut at a line only if at least this many of its lines fit; else the diff stops before it. */
const MIN_CUT_LINES = 5;

/** Fewest characters any shown part of a diff takes: a hunk header and MIN_CUT_LINES rows of 16 or more, and the cut mark. */
const MIN_HUNK_CHARS = 15 + MIN_CUT_LINES * 17;

/** Room kept for the cut mark of a diff, in characters. */
const CUT_MARK_CHARS = 160;

/**
 * Places a file's diff (tiers 3 and 5), or says why there is none: a file with no diff is named as left
 * out, and makes the pack truncated only when the budget left its diff out (not when GitHub could not
 * serve it); an added file the RFC block shows whole is not repeated.
 * @returns the planned diff, or undefined; `truncated` when hunks of the file are left out
 */
export function placeDiff(
  file: ChangedFile,
  ledger: BudgetLedger,
  state: FileState,
  leftOut: (item: OmittedItem) => void,
  tier: 'hunks' | 'lowPriority',
  inRfc: Set<string>,
): { diff: PlannedDiff | undefined; truncated: boolean } {
  if (file.patch === undefined) {
    // Only the budget makes the evidence truncated; what GitHub could not serve is named, not counted.
    if (file.missingDiff === 'budget') {
      leftOut({
        path: file.path,
        what: 'hunks',
        reason: 'its diff was not computed here: past the files read to compute diffs (evidence budget)',
      });
      return { diff: undefined, truncated: true };
    }
    if (file.kind === 'too-large')
      leftOut({
        path: file.path,
        what: 'hunks',
        reason: 'GitHub sent no diff for it (too large to show), and its sides could not be read to compute one',
      });
    return { diff: undefined, truncated: false };
  }
  if (file.status === 'added' && inRfc.has(file.path)) {
    state.diff = 'in-rfc'; // the RFC block already shows every line of the added file
    return { diff: undefined, truncated: false };
  }
  const diff = planDiff(file, ledger, state, leftOut, tier);
  return { diff, truncated: state.diff !== 'all' };
}

/**
 * Places a file's diff within the budget (tiers 3 and 5 of the plan): whole when it fits, else its
 * leading hunks and the next hunk cut at a line when at least {@link MIN_CUT_LINES} of its lines fit,
 * else nothing. Charges the ledger, sets the file's list state, and notes what was left out.
 * A diff for which not even a cut hunk has room is left out without parsing (on a huge PR most are).
 * @returns the planned diff, or undefined when nothing of it is shown
 */
export function planDiff(
  file: ChangedFile,
  ledger: BudgetLedger,
  state: FileState,
  leftOut: (item: OmittedItem) => void,
  tier: 'hunks' | 'lowPriority',
): PlannedDiff | undefined {
  if (file.patch === undefined) return undefined;
  const name = JSON.stringify(file.path);
  const label = `(${describeChange(file)})`;
  const frame =
    `=== BEGIN EVIDENCE-${'0'.repeat(TAG_LENGTH)} DIFF ${name} ${label} ===`.length +
    1 +
    `=== END EVIDENCE-${'0'.repeat(TAG_LENGTH)} DIFF ${name} ===`.length +
    2;
  const extra = ledger.listCost(file.path);
  const omit = (reason: string) => {
    leftOut({ path: file.path, what: 'hunks', reason });
    return undefined;
  };
  if (ledger.limit - ledger.used - extra - frame < MIN_HUNK_CHARS)
    return omit('its diff does not fit the evidence budget');
  const hunks = parsePatch(file.patch);
  const texts = hunks.map(renderHunk);
  const chars = texts.map((t) => t.length + 1);
  const whole = frame + chars.reduce((a, b) => a + b, 0);
  let planned: PlannedDiff;
  if (ledger.fits(whole + extra)) {
    planned = { path: file.path, label, hunks, shownHunks: hunks.length, cutLines: 0, parts: texts };
    state.diff = 'all';
  } else {
    const n = hunks.length;
    let room = ledger.limit - ledger.used - extra - frame - CUT_MARK_CHARS;
    let k = 0;
    while (k < n && (chars[k] ?? 0) <= room) {
      room -= chars[k] ?? 0;
      k += 1;
    }
    // Cut the next hunk at a line when enough of it fits.
    let cutLines = 0;
    const rows = k < n ? texts[k]!.split('\n') : [];
    let used = 0;
    while (cutLines + 1 < rows.length && used + rows[cutLines + 1]!.length + 1 + rows[0]!.length + 1 <= room) {
      used += rows[cutLines + 1]!.length + 1;
      cutLines += 1;
    }
    if (cutLines < MIN_CUT_LINES) cutLines = 0;
    if (k === 0 && cutLines === 0)
      return omit(`its diff (${n} hunk${n === 1 ? '' : 's'}) does not fit the evidence budget`);
    const parts = texts.slice(0, k);
    let detail: string;
    if (cutLines > 0) {
      parts.push(rows.slice(0, cutLines + 1).join('\n'));
      detail =
        k === 0
          ? `${cutLines} lines of hunk 1 of ${n}`
          : `hunks 1-${k} and ${cutLines} lines of hunk ${k + 1}, of ${n}`;
      parts.push(
        `[diff cut here: the rest of hunk ${k + 1}${k + 1 < n ? ` and hunks ${k + 2}-${n}` : ''} are left out (evidence budget)]`,
      );
    } else {
      detail = `hunk${k === 1 ? '' : 's'} 1${k === 1 ? '' : `-${k}`} of ${n}`;
      parts.push(
        `[diff cut here: hunk${k + 1 === n ? ` ${n}` : `s ${k + 1}-${n}`} of ${n} left out (evidence budget)]`,
      );
    }
    leftOut({ path: file.path, what: 'hunks', reason: `only ${detail} fit the evidence budget` });
    state.diff = 'partial';
    state.diffDetail = detail;
    planned = { path: file.path, label, hunks, shownHunks: k, cutLines, parts };
  }
  ledger.markListed(file.path);
  const blockChars = frame + planned.parts.reduce((sum, part) => sum + part.length + 1, 0);
  ledger.used += blockChars;
  ledger.spent[tier] += blockChars;
  return planned;
}

/** The DIFF block of a planned diff, delimited with `tag`. */
export function diffBlockText(diff: PlannedDiff, tag: string): string {
  const name = JSON.stringify(diff.path);
  return [
    `=== BEGIN EVIDENCE-${tag} DIFF ${name} ${diff.label} ===`,
    ...diff.parts,
    `=== END EVIDENCE-${tag} DIFF ${name} ===`,
    '',
  ].join('\n');
}
