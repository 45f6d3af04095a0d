import { citationSide } from '../citations/citation.js';
import type { CheckedCitation } from '../citations/verify-citations.js';
import { verifiedSupport } from '../debate/claims.js';
import type { Claim, DebateResult, PositionStatus } from '../debate/debate-types.js';
import type { ChangedFile } from '../evidence/evidence-types.js';
import { parsePatch } from '../evidence/parse-patch.js';
import type { CheckAnnotation } from '../github/check-runs.js';
import { STATUS_MEANING } from '../report/render-verdict.js';
import type { ReviewThreadMode } from './thread-modes.js';

/**
 * The review threads of a debate (issue #34): for each position, one comment on the line of its
 * decisive verified citation, and one for each verified citation that defeated a falsified position.
 * Pure: it reads the debate (its citations carry the lines as the verifier found them in the pack)
 * and the PR's file list (its patches), and says where GitHub can take each comment.
 */

/** Most inline comments one debate posts with `review-threads: all` (each is a notification). */
export const MAX_THREADS = 30;

/**
 * Where GitHub can take a comment on the cited lines:
 * - `line`: on the diff (`POST /pulls/{n}/reviews` `comments[]`: `line`, `side`, `start_line`), when
 *   every cited line is a line of one hunk on that side (RIGHT: added or context; LEFT: removed or
 *   context), as GitHub's REST reference defines `line` ("the line of the blob in the pull request diff");
 * - `file`: a file-level comment (`subject_type: file`), when the file is changed by the PR but the
 *   lines are outside its diff (or GitHub sent no diff of its own for it);
 * - `none`: the file is not part of the PR (an RFC it does not change): the verdict comment only.
 */
export type ThreadPlacement =
  | { kind: 'line'; path: string; side: 'LEFT' | 'RIGHT'; line: number; startLine: number | undefined }
  | { kind: 'file'; path: string }
  | { kind: 'none'; reason: string };

/** One comment the debate would leave on the diff. */
export interface PlannedThread {
  /** Stable within a debate: `A` (position A's decisive citation), `A.all.2`, `B.defeat.1`. */
  key: string;
  positionId: string;
  role: 'decisive' | 'defeating' | 'support';
  status: PositionStatus;
  /** The claim the citation supports (the judge's rationale for a defeating citation). */
  claim: string;
  citation: CheckedCitation;
  /** The cited lines as the evidence pack shows them at that side's commit. */
  lines: string[];
  placement: ThreadPlacement;
}

/** What a position's status means, in the words of the comment's legend (`STATUS_MEANING`, one place). */
export function statusMeaning(status: PositionStatus): string {
  return `${status}: ${STATUS_MEANING[status]}`;
}

/**
 * The threads of a finished debate.
 * @param result the debate (with its ruling; without one there is nothing decisive to show)
 * @param files the PR's changed files with their patches (GitHub's own, or computed here: `patchSource`)
 * @param mode `decisive` or `all` (`off` plans nothing)
 * @returns at most one comment per position (`decisive`), and per defeating citation; with `all`, up
 *   to {@link MAX_THREADS}; never two comments on the same lines
 */
export function planThreads(
  result: DebateResult,
  files: readonly ChangedFile[],
  mode: ReviewThreadMode,
): PlannedThread[] {
  if (mode === 'off' || result.ruling === undefined) return [];
  const planned: PlannedThread[] = [];
  const seen = new Set<string>();
  const add = (thread: Omit<PlannedThread, 'lines' | 'placement'>) => {
    const where = `${citationSide(thread.citation)}:${thread.citation.path}:${thread.citation.line_start}-${thread.citation.line_end}`;
    if (seen.has(where) || planned.length >= MAX_THREADS) return;
    seen.add(where);
    planned.push({ ...thread, lines: shownLines(thread.citation), placement: placeOnDiff(thread.citation, files) });
  };
  for (const position of result.ruling.positions) {
    const support = rankSupport(result, position.id, files);
    const decisive = support[0];
    if (decisive)
      add({
        key: position.id,
        positionId: position.id,
        role: 'decisive',
        status: position.status,
        claim: decisive.claim.text,
        citation: decisive.citation,
      });
    if (mode === 'all')
      support.slice(1).forEach((s, i) =>
        add({
          key: `${position.id}.all.${i + 1}`,
          positionId: position.id,
          role: 'support',
          status: position.status,
          claim: s.claim.text,
          citation: s.citation,
        }),
      );
  }
  for (const position of result.ruling.positions) {
    if (position.status !== 'falsified') continue;
    position.defeating_citations
      .filter((c) => c.check.status === 'verified')
      .forEach((citation, i) =>
        add({
          key: `${position.id}.defeat.${i + 1}`,
          positionId: position.id,
          role: 'defeating',
          status: 'falsified',
          claim: position.rationale,
          citation,
        }),
      );
  }
  return planned;
}

/**
 * A position's verified own citations, strongest first by the rubric: those of answers that refuted
 * an attack (a claim that withstood attack weighs more than one never challenged), then of openings,
 * then of attacks; within each, a citation GitHub can place on a diff line before one it cannot.
 */
function rankSupport(
  result: DebateResult,
  positionId: string,
  files: readonly ChangedFile[],
): { claim: Claim; citation: CheckedCitation }[] {
  const held = new Set<string>();
  for (const round of [...result.transcript.rounds.flatMap((r) => r.turns), ...result.transcript.closing]) {
    for (const answer of round.answers)
      if (answer.answer === 'refute' && answer.claim.positionId === positionId) held.add(answer.claim.id);
  }
  const weight = (claim: Claim) => (held.has(claim.id) ? 0 : claim.id.startsWith('O.') ? 1 : 2);
  const placeWeight = (citation: CheckedCitation) => ({ line: 0, file: 1, none: 2 })[placeOnDiff(citation, files).kind];
  return verifiedSupport(result.transcript, positionId)
    .flatMap((claim) =>
      claim.citations.filter((c) => c.check.status === 'verified').map((citation) => ({ claim, citation })),
    )
    .map((entry, order) => ({ ...entry, order }))
    .sort(
      (a, b) =>
        weight(a.claim) - weight(b.claim) || placeWeight(a.citation) - placeWeight(b.citation) || a.order - b.order,
    )
    .map(({ claim, citation }) => ({ claim, citation }));
}

/** Where GitHub can take a comment on `citation` ({@link ThreadPlacement}). */
export function placeOnDiff(citation: CheckedCitation, files: readonly ChangedFile[]): ThreadPlacement {
  const base = citationSide(citation) === 'base';
  const sidePath = sidePathOf(citation);
  const file =
    files.find((f) => (base ? (f.previousPath ?? f.path) : f.path) === sidePath) ??
    files.find((f) => f.path === citation.path);
  if (file === undefined) return { kind: 'none', reason: `${citation.path} is not changed by the pull request` };
  // A patch computed here is not GitHub's diff: its lines may not be the ones GitHub accepts.
  if (file.patch === undefined || file.patchSource === 'local') return { kind: 'file', path: file.path };
  const side = base ? 'LEFT' : 'RIGHT';
  for (const hunk of parsePatch(file.patch)) {
    const numbers = new Set(
      hunk.lines.flatMap((l) =>
        base ? (l.kind === 'added' ? [] : [l.baseLine]) : l.kind === 'removed' ? [] : [l.headLine],
      ),
    );
    let every = true;
    for (let n = citation.line_start; n <= citation.line_end && every; n += 1) every = numbers.has(n);
    if (every)
      return {
        kind: 'line',
        path: file.path,
        side,
        line: citation.line_end,
        startLine: citation.line_start < citation.line_end ? citation.line_start : undefined,
      };
  }
  return { kind: 'file', path: file.path };
}

/** The cited lines as the file has them at that commit (the verifier's, from the pack), never the model's quote. */
function shownLines(citation: CheckedCitation): string[] {
  return citation.check.status === 'unverified' ? [] : citation.check.lines;
}

/** The file's path at the cited commit (a renamed file's base lines are under its old name). */
function sidePathOf(citation: CheckedCitation): string {
  return citation.check.status === 'unverified' ? citation.path : citation.check.sidePath;
}

/**
 * The check run's notices on the same lines as the threads (issue #34), so the Files view shows them
 * without the review: head lines only (an annotation is on a file at the check's head), plain text.
 * @returns one annotation per placed head-side thread
 */
export function threadAnnotations(
  threads: readonly PlannedThread[],
  positions: readonly { id: string; label: string }[],
): CheckAnnotation[] {
  return threads
    .filter((t) => t.placement.kind !== 'none' && citationSide(t.citation) === 'head')
    .map((t) => {
      const label = positions.find((p) => p.id === t.positionId)?.label ?? t.positionId;
      const who = t.role === 'defeating' ? `Evidence against position ${t.positionId}` : `Position ${t.positionId}`;
      return {
        path: t.placement.kind === 'none' ? t.citation.path : t.placement.path,
        start_line: t.citation.line_start,
        end_line: t.citation.line_end,
        annotation_level: 'notice' as const,
        title: `pr-debate: ${who} (${t.status})`.slice(0, 255),
        message:
          `${who}: ${label}\n${statusMeaning(t.status)}\n${t.role === 'defeating' ? 'The judge' : 'Claim'}: ${t.claim}`.slice(
            0,
            4_000,
          ),
      };
    });
}
