import { describeChange } from './describe-change.js';
import type { EvidencePlan, PlanInput } from './plan-evidence.js';
import { parsePatch } from './parse-patch.js';
import { partPreambleChars, PIECE_MARK_CHARS } from './render-part.js';
import { renderHunk, TAG_LENGTH } from './show-lines.js';
import type { ChangedFile, Coverage, Hunk, PartFile, PartPiece, ReaderPart } from './evidence-types.js';

/**
 * The overflow: the changed hunks the evidence pack could not hold, split into parts that readers read
 * (one model call per part, src/debate/phases/read-overflow.ts), and the count of where every hunk is.
 * Pure, and decided by the plan alone (the files, the budget and `read-generated`), so the merge gate's
 * rebuild of the same evidence at the record's budget finds the same pack and the same parts.
 *
 * What is overflow: the hunks of a diff the pack left out, and the hunk it cut at a line (whole, with the
 * ones after it). Hunks of generated, vendored and lock files go to readers only with config
 * `read-generated: true`; else they are listed and counted apart (`generatedSkipped`), as GitHub collapses
 * them in its own diff view. A text file whose diff was not computed has nothing a reader could read: it
 * is listed and counts as one hunk no model read.
 *
 * How parts are formed: by file and hunk, source files before generated ones, largest first; a file's
 * hunks go whole into the first part with room for them (first fit), so one reader sees a whole file's
 * hunks where it can; a file larger than a part is split between hunks over parts of its own, and a hunk
 * larger than a part into runs of its lines ("pieces").
 */

/**
 * Most tokens a reader's part holds, whatever `max-evidence-tokens` allows: about a third of the default
 * pack, so a reader reads a short context (quality falls as the context grows) and a wave of
 * `max-reader-calls` of them stays within the default spending cap at a Sonnet-class price.
 */
export const READER_PART_TOKENS = 32_000;

/** Fewest characters of DIFF blocks a part holds, however small the budget (a file's frame and a few rows). */
const MIN_PART_CHARS = 2_000;

/**
 * The characters of DIFF blocks one part may hold: the smaller of the pack's budget and
 * {@link READER_PART_TOKENS}, at the pack's characters per token, less the part's preamble.
 */
export function partBudgetChars(input: Pick<PlanInput, 'pull' | 'rfc' | 'maxTokens' | 'charsPerToken'>): number {
  const total = Math.floor(Math.min(input.maxTokens, READER_PART_TOKENS) * input.charsPerToken);
  return Math.max(MIN_PART_CHARS, total - partPreambleChars(input.pull, input.rfc.note));
}

/** A file's overflow hunks, with the characters each takes in a DIFF block. */
interface Item {
  file: ChangedFile;
  order: number;
  generated: boolean;
  frame: number;
  hunks: { index: number; hunk: Hunk; chars: number }[];
}

/**
 * Where every changed hunk of a completed plan is.
 * @param plan completed by `completePlan` (its diffs say what the pack shows)
 */
export function splitOverflow(plan: EvidencePlan): Coverage {
  const { files, readGenerated = false } = plan.input;
  const planned = new Map(plan.diffs.map((d) => [d.path, d]));
  let shown = 0;
  const items: Item[] = [];
  const generatedSkipped: Coverage['generatedSkipped'] = [];
  const noDiff: string[] = [];
  files.forEach((file, order) => {
    if (file.patch === undefined) {
      if (file.missingDiff === 'budget') noDiff.push(file.path);
      return;
    }
    const state = plan.states.get(file.path);
    const diff = planned.get(file.path);
    const hunks = diff?.hunks ?? parsePatch(file.patch);
    const inPack = state?.diff === 'in-rfc' ? hunks.length : (diff?.shownHunks ?? 0);
    shown += inPack;
    if (inPack >= hunks.length) return;
    const generated = plan.classify(file.path) !== undefined;
    if (generated && !readGenerated) {
      generatedSkipped.push({ path: file.path, hunks: hunks.length - inPack });
      return;
    }
    const rest = hunks
      .slice(inPack)
      .map((hunk, i) => ({ index: inPack + i, hunk, chars: renderHunk(hunk).length + 1 }));
    items.push({ file, order, generated, frame: frameChars(file), hunks: rest });
  });
  return { shown, parts: packParts(items, partBudgetChars(plan.input)), generatedSkipped, noDiff };
}

/** Characters of a DIFF block's two delimiter lines for the file, as `planDiff` measures them. */
function frameChars(file: ChangedFile): number {
  const name = JSON.stringify(file.path);
  const tag = '0'.repeat(TAG_LENGTH);
  return (
    `=== BEGIN EVIDENCE-${tag} DIFF ${name} (${describeChange(file)}) ===`.length +
    1 +
    `=== END EVIDENCE-${tag} DIFF ${name} ===`.length +
    2
  );
}

/** A part being filled. */
interface Draft {
  files: Map<string, PartFile>;
  chars: number;
}

/** First fit, largest first: see the module comment. */
function packParts(items: Item[], limit: number): ReaderPart[] {
  const size = (item: Item) => item.frame + item.hunks.reduce((sum, h) => sum + h.chars, 0);
  const ordered = [...items].sort(
    (a, b) => Number(a.generated) - Number(b.generated) || size(b) - size(a) || a.order - b.order,
  );
  const drafts: Draft[] = [];
  const open = (): Draft => {
    const draft = { files: new Map<string, PartFile>(), chars: 0 };
    drafts.push(draft);
    return draft;
  };
  const add = (draft: Draft, item: Item, piece: PartPiece, chars: number) => {
    let entry = draft.files.get(item.file.path);
    if (!entry) {
      entry = { path: item.file.path, label: `(${describeChange(item.file)})`, pieces: [], generated: item.generated };
      draft.files.set(item.file.path, entry);
      draft.chars += item.frame;
    }
    entry.pieces.push(piece);
    draft.chars += chars;
  };
  for (const item of ordered) {
    const whole = size(item);
    if (whole <= limit) {
      const draft = drafts.find((d) => d.chars + whole <= limit) ?? open();
      for (const h of item.hunks) add(draft, item, { hunk: h.index, shown: h.hunk }, h.chars);
      continue;
    }
    // Larger than a part: runs of whole hunks, each run in a part of its own; a hunk larger than a part in pieces.
    let draft = open();
    for (const h of item.hunks) {
      if (item.frame + h.chars <= limit) {
        const room = limit - draft.chars - (draft.files.has(item.file.path) ? 0 : item.frame);
        if (h.chars > room) draft = open();
        add(draft, item, { hunk: h.index, shown: h.hunk }, h.chars);
        continue;
      }
      const pieces = piecesOf(h.hunk, limit - item.frame);
      pieces.forEach((lines, i) => {
        if (draft.chars > 0) draft = open();
        const shown = { ...h.hunk, lines };
        add(
          draft,
          item,
          { hunk: h.index, shown, piece: { n: i + 1, of: pieces.length } },
          renderHunk(shown).length + 1 + PIECE_MARK_CHARS,
        );
      });
    }
  }
  return drafts.map((d, i) => ({ number: i + 1, files: [...d.files.values()], chars: d.chars }));
}

/** A hunk's lines in runs whose rows, under the header and a piece mark, fit `room` characters (one line a run at least). */
function piecesOf(hunk: Hunk, room: number): Hunk['lines'][] {
  const headerChars = renderHunk({ ...hunk, lines: [] }).length + 1 + PIECE_MARK_CHARS;
  const runs: Hunk['lines'][] = [];
  let run: Hunk['lines'] = [];
  let chars = headerChars;
  for (const line of hunk.lines) {
    const row = renderHunk({ ...hunk, header: '', lines: [line] }).length;
    if (run.length > 0 && chars + row > room) {
      runs.push(run);
      run = [];
      chars = headerChars;
    }
    run.push(line);
    chars += row;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Where the changed hunks ended once readers read some parts (decision record `evidence`). */
export interface CoverageCount {
  /** Hunks in the pack. */
  shown: number;
  /** Hunks every piece of which was in a part a reader read. */
  read: number;
  /** Hunks no model read: in no part read, or of a file whose diff was not computed (one each). */
  unread: number;
  /** Hunks of generated, vendored and lock files no one read (not counted in `unread`). */
  generatedSkipped: number;
  /** The files with hunks no model read, in part order, then the files without a computed diff. */
  unreadFiles: { path: string; hunks: number }[];
}

/**
 * Counts where every hunk is.
 * @param read the numbers of the parts a reader read
 */
export function countCoverage(coverage: Coverage, read: ReadonlySet<number>): CoverageCount {
  const parts = new Map<string, { path: string; parts: Set<number> }>();
  for (const part of coverage.parts) {
    for (const file of part.files) {
      for (const piece of file.pieces) {
        const key = `${piece.hunk}\u0000${file.path}`;
        const entry = parts.get(key) ?? { path: file.path, parts: new Set<number>() };
        entry.parts.add(part.number);
        parts.set(key, entry);
      }
    }
  }
  let readHunks = 0;
  const unreadByFile = new Map<string, number>();
  for (const { path, parts: holding } of parts.values()) {
    if ([...holding].every((n) => read.has(n))) readHunks += 1;
    else unreadByFile.set(path, (unreadByFile.get(path) ?? 0) + 1);
  }
  const unreadFiles = [
    ...[...unreadByFile].map(([path, hunks]) => ({ path, hunks })),
    ...coverage.noDiff.map((path) => ({ path, hunks: 1 })),
  ];
  return {
    shown: coverage.shown,
    read: readHunks,
    unread: unreadFiles.reduce((sum, f) => sum + f.hunks, 0),
    generatedSkipped: coverage.generatedSkipped.reduce((sum, f) => sum + f.hunks, 0),
    unreadFiles,
  };
}

/**
 * The files that may hold hunks no model read, whichever parts the readers read: every file of a part
 * and every file without a computed diff. The merge gate matches these against `allow-unseen`, since the
 * record counts the unread hunks but does not name their files.
 */
export function unreadCandidates(coverage: Coverage): string[] {
  return [...new Set([...coverage.parts.flatMap((p) => p.files.map((f) => f.path)), ...coverage.noDiff])];
}
