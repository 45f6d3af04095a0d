import type { DecisionRecord } from './decision-record.js';
import { NO_DECISION_WORDS, type NoDecisionReason } from './no-decision-reason.js';
import { standInOf, type StandIn } from '../rehearsal/stand-ins.js';
import { capitalise, sanitiseText } from './sanitise.js';

/**
 * What a verdict means for the PR it was about (issue 28, docs/how-a-debate-runs.md: the comment's first line),
 * derived in one place from the record's fields, for the comment, the check run's summary and the
 * decision document. A team gates merges on the check; this says in words what merging would follow. Pure.
 */

/** The decision of a verdict, read against the PR as written. */
export type MergeMeaning =
  /** The decided position (accepted, else recommended) is `pr_position`: the PR may merge as it is. */
  | { kind: 'merge-as-written'; position: string; accepted: boolean }
  /** The decided position is another than `pr_position`: the PR should change to follow it. */
  | { kind: 'changes-requested'; position: string; prPosition: string; accepted: boolean }
  /** A position was decided and no position is the PR as written (`--no-pr-position`: a design doc weighing options): a choice recorded, not a verdict on the change. */
  | { kind: 'decided'; position: string; accepted: boolean }
  /**
   * A position was decided, but which position is the PR is unknown (no moderator confirmed one from the
   * diff): the gate cannot tell what merging follows, and passes only another maintainer's accept.
   */
  | { kind: 'unmarked'; position: string; accepted: boolean }
  /** Nothing to merge on, and why; `leaning` is the judge's recommendation when it made one (e.g. on truncated evidence). */
  | { kind: 'no-decision'; reason: NoDecisionReason; leaning: string | undefined };

/** The record fields the meaning is derived from (docs/how-a-debate-runs.md). */
export interface MeaningInput {
  recommendation: string;
  accepted: { position: string } | null;
  /** Undefined when unknown: no moderator confirmed a position from the diff (or a record from before the field). */
  pr_position: string | null | undefined;
  completion: 'success' | 'degraded-success' | 'aborted';
  no_decision_reason: NoDecisionReason | null;
}

/**
 * @returns the merge meaning: no decision whenever `no_decision_reason` is set or the run did not
 *   complete (then `degraded-run` / `provider-error` if the record gives no reason); else the decided
 *   position (the accepted one first) against `pr_position`
 */
export function mergeMeaning(input: MeaningInput): MergeMeaning {
  const recommended = input.recommendation === 'none' ? undefined : input.recommendation;
  const decided = input.accepted?.position ?? recommended;
  const fallback: NoDecisionReason | null =
    input.completion === 'aborted'
      ? 'provider-error'
      : input.completion === 'degraded-success'
        ? 'degraded-run'
        : decided === undefined
          ? 'no-recommendation'
          : null;
  const reason = input.no_decision_reason ?? fallback;
  if (reason !== null || decided === undefined)
    return { kind: 'no-decision', reason: reason ?? 'no-recommendation', leaning: recommended };
  const accepted = input.accepted !== null;
  if (input.pr_position === undefined) return { kind: 'unmarked', position: decided, accepted };
  if (input.pr_position === null) return { kind: 'decided', position: decided, accepted };
  if (decided === input.pr_position) return { kind: 'merge-as-written', position: decided, accepted };
  return { kind: 'changes-requested', position: decided, prPosition: input.pr_position, accepted };
}

/**
 * The meaning of a decision record (docs/how-a-debate-runs.md), for the check run and the decision document.
 * @param stale true when the PR's head moved past the record's head (the comment knows it; the record does not)
 */
export function recordMeaning(
  record: Pick<DecisionRecord, 'recommendation' | 'accepted' | 'pr_position' | 'completion' | 'no_decision_reason'>,
  stale = false,
): MergeMeaning {
  return mergeMeaning({
    recommendation: record.recommendation,
    accepted: record.accepted,
    pr_position: record.pr_position,
    completion: record.completion,
    no_decision_reason: stale ? 'stale-head' : (record.no_decision_reason ?? null),
  });
}

/** The first few words of a label, for a sentence that names a position in passing ("a few words", issue 28). */
export function shortLabel(label: string, words = 8): string {
  const all = label
    .trim()
    .replace(/[.。]\s*$/u, '')
    .split(/\s+/);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')}…`;
}

/**
 * The meaning as one plain sentence (for the check run's summary, the log and the decision document),
 * e.g. `Merge as written: the debate decided for position A, this PR as written.`
 * @param label renders a position's label for this sentence (sanitised by the caller's rules); called only with a decided or PR position id
 */
export function describeMergeMeaning(meaning: MergeMeaning, label: (id: string) => string): string {
  const how = (accepted: boolean) => (accepted ? 'a maintainer accepted' : 'the debate decided for');
  switch (meaning.kind) {
    case 'merge-as-written':
      return `Merge as written: ${how(meaning.accepted)} position ${meaning.position} (${label(meaning.position)}), which is this PR as written.`;
    case 'changes-requested':
      return `Changes requested: ${how(meaning.accepted)} position ${meaning.position} (${label(meaning.position)}), not position ${meaning.prPosition}, this PR as written; change the PR to follow it, or accept ${meaning.prPosition}.`;
    case 'decided':
      return `Decided: ${how(meaning.accepted)} position ${meaning.position} (${label(meaning.position)}); no position is this PR as written, so this records a choice rather than a verdict on the change.`;
    case 'unmarked':
      return meaning.accepted
        ? `Decided by accept: a maintainer accepted position ${meaning.position} (${label(meaning.position)}); which position is this PR as written was not confirmed from the diff, so the accept is what decides.`
        : `Not tied to the PR: the debate decided for position ${meaning.position} (${label(meaning.position)}), but which position is this PR as written is unknown (no moderator confirmed one from the diff), so the gate passes it only by another maintainer's accept; or debate again with \`(this PR)\` after the position that is the change, or with \`--no-pr-position\` if none is.`;
    case 'no-decision': {
      const leaning = meaning.leaning
        ? ` The judge recommended position ${meaning.leaning} (${label(meaning.leaning)}), which is not a decision to merge on.`
        : '';
      return `No decision: ${NO_DECISION_WORDS[meaning.reason]} (\`${meaning.reason}\`).${leaning}`;
    }
  }
}

const ICONS: Record<MergeMeaning['kind'], string> = {
  'merge-as-written': '✅',
  'changes-requested': '🔁',
  decided: '🧭',
  unmarked: '❔',
  'no-decision': '⚠️',
};

/**
 * The outcome in one line, the same everywhere a run states it: the comment's first visible line (after
 * its icon, {@link meaningHeading}), the CLI's last line and the action's log, e.g.
 * `pr-debate: merge as written. Position A (this PR) won`.
 * @param label renders a position's label for this line; called only with a decided or PR position id
 * @param standIn the stand-in that wrote the run, if one did (`stand-ins.ts`): the line then names it, e.g. `pr-debate rehearsal: …`
 */
export function meaningLine(meaning: MergeMeaning, label: (id: string) => string, standIn?: StandIn): string {
  const who = standIn ? `pr-debate ${standIn}` : 'pr-debate';
  switch (meaning.kind) {
    case 'merge-as-written':
      return `${who}: merge as written. Position ${meaning.position} (this PR) ${meaning.accepted ? 'was accepted' : 'won'}`;
    case 'changes-requested':
      return `${who}: changes requested. ${meaning.accepted ? 'Accepted' : 'The verdict is'} ${meaning.position} (${label(meaning.position)}), not this PR as written (${meaning.prPosition})`;
    case 'decided':
      return `${who}: decided ${meaning.position} (${label(meaning.position)}); no position is this PR as written`;
    case 'unmarked':
      return meaning.accepted
        ? `${who}: accepted ${meaning.position} (${label(meaning.position)}); which position is this PR was not confirmed`
        : `${who}: decided ${meaning.position} (${label(meaning.position)}); which position is this PR is unknown`;
    case 'no-decision':
      return `${who}: no decision. ${capitalise(NO_DECISION_WORDS[meaning.reason])}`;
  }
}

/** The comment's first visible line (after the marker): {@link meaningLine} as a heading with its icon; `label` renders a position's label as Markdown. */
export function meaningHeading(meaning: MergeMeaning, label: (id: string) => string, standIn?: StandIn): string {
  return `## ${ICONS[meaning.kind]} ${meaningLine(meaning, label, standIn)}`;
}

/**
 * The outcome line ({@link meaningLine}) of a record, as plain text: its labels shortened and sanitised
 * as the comment's first line has them, and the stand-in named when one wrote the run.
 */
export function outcomeLine(record: Pick<DecisionRecord, 'positions' | 'models'>, meaning: MergeMeaning): string {
  return meaningLine(
    meaning,
    (id) => sanitiseText(shortLabel(record.positions.find((p) => p.id === id)?.label ?? id), { inline: true }),
    standInOf(record.models),
  );
}

/** The output `no-decision-reason` of a meaning: its reason, or '' when there is a decision. */
export function noDecisionOutput(meaning: MergeMeaning): NoDecisionReason | '' {
  return meaning.kind === 'no-decision' ? meaning.reason : '';
}
