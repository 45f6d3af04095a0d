import type { EvidencePack } from '../evidence/evidence-types.js';
import type { DecisionRecord } from '../report/decision-record.js';
import { describeMergeMeaning, recordMeaning, shortLabel } from '../report/merge-meaning.js';
import { sanitiseEngineText, sanitiseText } from '../report/sanitise.js';
import { standInOf, standInSentence } from '../rehearsal/stand-ins.js';
import { canonicalJson } from './canonical-json.js';
import { CHECK_TITLES, conclusionTitle } from './check-titles.js';
import { CHECK_OUTPUT_BYTES, recordFitsCheck, UNRECORDED_SCHEMA } from './fit-record.js';
import { unreadCandidates } from '../evidence/split-overflow.js';
import { allowsUnread, allowsUnseen, evaluatePolicy, type PolicyFacts, type PrAuthor } from './evaluate-policy.js';
import type { CheckOutput, GatePolicy } from './gate-types.js';

/**
 * The `pr-debate` check run written at the end of a debate or by an accept (docs/gate.md):
 * conclusion from `gate-policy`, a one-sentence summary with a link to the comment, and the record as
 * canonical JSON (its signature included) in `output.text`. Pure.
 * @param facts what the policy weighs besides the record ({@link debateFacts} for a debate's own check)
 * @param commentUrl the debate comment, linked from the summary and set as `details_url`
 */
export function decisionCheckOutput(
  record: DecisionRecord,
  policy: GatePolicy,
  facts: PolicyFacts,
  commentUrl: string | undefined,
): CheckOutput {
  if (!recordFitsCheck(record)) return unrecordedOutput(record, commentUrl);
  const outcome = evaluatePolicy(record, policy, facts);
  const standIn = standInOf(record.models);
  return {
    conclusion: outcome.conclusion,
    title: conclusionTitle(outcome.conclusion),
    // What the verdict means for the PR first (issue 28; after what wrote it, when no model did), then why the check concludes as it does; the
    // summary renders as Markdown, so a model's label in it (in the meaning and in the policy's reason) is
    // sanitised as in the comment, and the reason's code spans are the engine's, shown as written.
    summary: `${standIn ? `${standInSentence(standIn)} ` : ''}${describeMergeMeaning(recordMeaning(record), (id) => sanitiseText(shortLabel(record.positions.find((p) => p.id === id)?.label ?? id), { inline: true }))} ${sanitiseEngineText(outcome.reason, { inline: true })}${commentUrl ? ` [The debate](${commentUrl}).` : ''}`,
    text: canonicalJson(record),
    detailsUrl: commentUrl,
  };
}

/**
 * The check of a record too large for a check run's text even with its free texts cut
 * (`fitRecordText`): not passing, saying that no decision is recorded and why. Its text names the PR and
 * head it stands for (`UNRECORDED_SCHEMA`), so the gate never takes an older record of the PR for
 * the decision (`select-record.ts`): a record that cannot be written is never replaced by an older one.
 */
export function unrecordedOutput(
  record: Pick<DecisionRecord, 'id' | 'repo' | 'pull_request' | 'head_sha'>,
  detailsUrl: string | undefined,
): CheckOutput {
  return {
    conclusion: 'action_required',
    title: CHECK_TITLES.unrecorded,
    summary: `No decision is recorded: the decision record is larger than a check run can hold (${CHECK_OUTPUT_BYTES.toLocaleString('en-US')} bytes), even with its free texts cut, so it was not written, and no older record stands in for it. Debate again with fewer or shorter out-of-scope topics and positions.${detailsUrl ? ` [The debate](${detailsUrl}).` : ''}`,
    text: canonicalJson({
      schema: UNRECORDED_SCHEMA,
      id: record.id,
      repo: record.repo,
      pull_request: record.pull_request,
      head_sha: record.head_sha,
    }),
    detailsUrl,
  };
}

/**
 * The policy's facts for the check a debate writes on its own record: its unseen files and the files
 * that may hold its unread hunks, matched against config key `allow-unseen` as the gate matches them
 * (`unreadCandidates`, the same for the debate and the gate's rebuild), the PR's authors (whether one of
 * them asked for the debate), and a config file key the gate does not know. The record is a version 4
 * one, so nothing is truncated.
 * @param authors the PR's opener and the pusher of the debated head, as the run read them
 */
export function debateFacts(
  pack: Pick<EvidencePack, 'coverage' | 'unseen'>,
  settings: { allowUnseen: string[]; authorMayDecide: boolean; unknownConfigKey?: string | undefined },
  authors: readonly PrAuthor[] = [],
): PolicyFacts {
  return {
    truncated: false,
    unseenAllowed: allowsUnseen(pack.unseen, settings.allowUnseen),
    unreadAllowed: allowsUnread(unreadCandidates(pack.coverage), settings.allowUnseen),
    authors,
    authorMayDecide: settings.authorMayDecide,
    configProblem: settings.unknownConfigKey,
  };
}
