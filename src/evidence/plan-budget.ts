import { listLineChars, markerOf, shortLineChars, type FileState } from './list-files.js';
import type { ChangedFile } from './evidence-types.js';

/**
 * The evidence budget as the evidence planner spends it (not the debate plan, src/debate/plan.ts), in
 * characters (tokens times the plan's `charsPerToken`): what is used so far, per tier, and the cost of a file's line
 * in the list as the pack shows more of it.
 */
export interface BudgetLedger {
  /** The budget in characters. */
  readonly limit: number;
  /** Characters used so far, reserves included. */
  used: number;
  /** Characters of shown material per tier. */
  readonly spent: { rfc: number; hunks: number; contents: number; lowPriority: number };
  /** True when `chars` more still fit. */
  fits(chars: number): boolean;
  /** Room to keep free for a file's list line before showing something of it. */
  listCost(path: string): number;
  /** Charges the change of a file's list line once the pack shows more of it. */
  markListed(path: string): void;
  /** A copy to spend on without touching this one, over copies of the list states (returned with it). */
  fork(): { ledger: BudgetLedger; states: Map<string, FileState> };
}

/** Room kept for a list mark to grow when the pack shows more of a file, in characters. */
const MARKER_SLACK = 100;

/**
 * A ledger that starts at `fixed` characters used. In a compact list (`named` set: the files with a
 * short line, already in `fixed`) a file's full line is charged, less its short line, when the pack
 * first shows something of it; in a full list every line is already in `fixed`, and only the growth of
 * its mark is charged.
 */
export function openLedger(
  limit: number,
  fixed: number,
  files: Map<string, ChangedFile>,
  states: Map<string, FileState>,
  named: Set<string> | undefined,
): BudgetLedger {
  const charged = new Map(
    [...files.values()].map((f) => [f.path, named ? 0 : markerOf(states.get(f.path)!, f).length]),
  );
  return ledgerOver(limit, fixed, { rfc: 0, hunks: 0, contents: 0, lowPriority: 0 }, files, states, named, charged);
}

function ledgerOver(
  limit: number,
  used: number,
  spent: BudgetLedger['spent'],
  files: Map<string, ChangedFile>,
  states: Map<string, FileState>,
  named: Set<string> | undefined,
  charged: Map<string, number>,
): BudgetLedger {
  const ledger: BudgetLedger = {
    limit,
    used,
    spent,
    fits: (chars) => ledger.used + chars <= limit,
    listCost: (path) => {
      const state = states.get(path);
      const file = files.get(path);
      if (state === undefined || file === undefined) return 0;
      return MARKER_SLACK + (named && !state.listed ? lineGrowth(file, named) : 0);
    },
    markListed: (path) => {
      const state = states.get(path);
      const file = files.get(path);
      if (state === undefined || file === undefined) return;
      if (named && !state.listed) ledger.used += lineGrowth(file, named);
      state.listed = true;
      const marker = markerOf(state, file).length;
      ledger.used += marker - (charged.get(path) ?? 0);
      charged.set(path, marker);
    },
    fork: () => {
      const copies = new Map([...states].map(([path, state]) => [path, { ...state }]));
      return {
        ledger: ledgerOver(limit, ledger.used, { ...ledger.spent }, files, copies, named, new Map(charged)),
        states: copies,
      };
    },
  };
  return ledger;
}

/** Characters a file's line grows by when a compact list gives it a full line instead of its short line (or its share of a folder line). */
function lineGrowth(file: ChangedFile, named: Set<string>): number {
  return Math.max(0, listLineChars(file) - (named.has(file.path) ? shortLineChars(file) : 0));
}
