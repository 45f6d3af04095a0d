import { hasReadableContent } from './describe-change.js';
import { heuristicPriority, type LowPriorityClassifier } from './file-priority.js';
import { placeInto, type EvidencePlan } from './plan-evidence.js';
import { CHARS_PER_TOKEN, fileBlockChars, showLine, splitLines } from './show-lines.js';
import type { ChangedFile } from './evidence-types.js';

/**
 * The evidence plan: which files and hunks fit the token budget; not the debate plan (src/debate/plan.ts).
 * Tiers 4 and 5 of the plan (see plan-evidence.ts): which full head contents to read, chosen by their
 * estimated size before reading, then the read contents placed by their exact size, and the hunks of
 * generated, lock and vendored files in what is left.
 */

/**
 * The files whose full head content is worth reading, in the order the budget takes them (tier 4):
 * readable source files (not removed, not added, not binary, links or pointers), most-changed first.
 */
export function contentCandidates(
  files: ChangedFile[],
  lowPriority: LowPriorityClassifier = heuristicPriority,
): string[] {
  return files
    .map((file, index) => ({ file, index }))
    .filter(
      ({ file }) =>
        hasReadableContent(file) &&
        (file.status !== 'added' || file.kind === 'too-large') &&
        lowPriority(file.path) === undefined,
    )
    .sort((a, b) => b.file.additions + b.file.deletions - (a.file.additions + a.file.deletions) || a.index - b.index)
    .map(({ file }) => file.path);
}

/**
 * Estimated characters of a file's FILE block (with its joining newline) from its size in bytes, to
 * choose reads before the content is known: every line gains a number column (about a fifth more for
 * lines of 30 characters).
 */
export function estimateContentChars(bytes: number, path: string): number {
  return Math.ceil(Math.ceil((bytes * 1.2 + 120 + path.length * 2) / CHARS_PER_TOKEN) * CHARS_PER_TOKEN) + 1;
}

/** The label of a changed file's FILE block. */
export function contentLabel(status: ChangedFile['status']): string {
  return `(head, ${status})`;
}

/**
 * The contents worth reading: in the budget's order, those whose size (estimated, in characters) fits
 * the room the plan leaves after tier 3. Does not change the plan.
 * @param sizes estimated characters by path; a candidate without one is not read
 */
export function contentsToRead(plan: EvidencePlan, sizes: Map<string, number>): string[] {
  const { ledger, states } = plan.ledger.fork();
  const chosen: string[] = [];
  for (const path of contentCandidates(plan.input.files, plan.classify)) {
    const chars = sizes.get(path);
    if (plan.rfcInFull.has(path) || chars === undefined || !ledger.fits(chars + ledger.listCost(path))) continue;
    states.get(path)!.content = true;
    ledger.markListed(path);
    ledger.used += chars;
    chosen.push(path);
  }
  return chosen;
}

/**
 * Completes the plan in place: tier 4, the read contents by exact size in the budget's order (a
 * candidate without a text is "not read"; a binary one is named), then tier 5.
 * @param texts head contents by path, as read
 * @returns the plan
 */
export function completePlan(plan: EvidencePlan, texts: Map<string, string>): EvidencePlan {
  const { ledger, states, input } = plan;
  const byPath = new Map(input.files.map((f) => [f.path, f]));
  const leftOut = (path: string, reason: string) => {
    plan.omitted.push({ path, what: 'content', reason });
    plan.partial.add(path);
  };
  for (const path of contentCandidates(input.files, plan.classify)) {
    if (plan.rfcInFull.has(path)) continue;
    const text = texts.get(path);
    if (text === undefined) {
      leftOut(path, 'its full content was not read (evidence budget)');
      continue;
    }
    if (text.includes('\u0000')) {
      plan.omitted.push({ path, what: 'content', reason: 'its content at the head is binary' });
      continue;
    }
    const label = contentLabel(byPath.get(path)!.status);
    const lines = splitLines(text).map(showLine);
    const chars = fileBlockChars(path, label, lines, lines.length) + 1;
    if (!ledger.fits(chars + ledger.listCost(path))) {
      leftOut(path, 'its full content does not fit the evidence budget');
      continue;
    }
    states.get(path)!.content = true;
    ledger.markListed(path);
    ledger.used += chars;
    ledger.spent.contents += chars;
    plan.contents.push({ path, label, lines });
  }

  // Tier 5, smallest diff first: as many of these files as possible show what changed in them.
  const size = (f: ChangedFile) => (f.patch === undefined ? 0 : f.patch.length);
  const lowFiles = input.files.map((f, i) => ({ f, i })).filter(({ f }) => plan.classify(f.path) !== undefined);
  for (const { f } of lowFiles.sort((a, b) => size(a.f) - size(b.f) || a.i - b.i)) placeInto(plan, f, 'lowPriority');
  return plan;
}
