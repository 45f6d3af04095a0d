import type { EvidencePack } from '../evidence/evidence-types.js';
import type { DecisionRecord } from '../report/decision-record.js';
import { describeMergeMeaning, recordMeaning, shortLabel } from '../report/merge-meaning.js';
import { sanitiseText } from '../report/sanitise.js';
import { canonicalJson } from './canonical-json.js';
import { conclusionTitle } from './check-titles.js';
import { unreadCandidates } from '../evidence/split-overflow.js';
import { allowsUnread, allowsUnseen, evaluatePolicy, type GatePolicy, type PolicyFacts } from './evaluate-policy.js';
import type { CheckOutput } from './gate-types.js';

/**
 * The `pr-debate` check run written at the end of a debate or by an accept (contract section 9):
 * conclusion from `gate-policy`, a one-sentence summary with a link to the comment, and the record as
 * canonical JSON (its signature included) in `output.text`. Pure.
 * @param facts what the policy weighs besides the record ({@link debateFacts} for a debate's own check)
 * @param commentUrl the debate comment, linked from the summary and set as `details_url`
 */
export function decisionCheckOutput(record: DecisionRecord, policy: GatePolicy, facts: PolicyFacts, commentUrl: string | undefined): CheckOutput {
  const outcome = evaluatePolicy(record, policy, facts);
  return {
    conclusion: outcome.conclusion,
    title: conclusionTitle(outcome.conclusion),
    // What the verdict means for the PR first (issue 28), then why the check concludes as it does; the
    // summary renders as Markdown, so a model's label in it is sanitised as in the comment.
    summary: `${describeMergeMeaning(recordMeaning(record), (id) => sanitiseText(shortLabel(record.positions.find((p) => p.id === id)?.label ?? id), { inline: true }))} ${outcome.reason}${commentUrl ? ` [The debate](${commentUrl}).` : ''}`,
    text: canonicalJson(record),
    detailsUrl: commentUrl,
  };
}

/**
 * The policy's facts for the check a debate writes on its own record: its unseen files and the files
 * that may hold its unread hunks, matched against config key `allow-unseen` as the gate matches them
 * (`unreadCandidates`, the same for the debate and the gate's rebuild). The record is a version 4 one,
 * so nothing is truncated; it has no accept yet, so whose accept it is does not arise.
 */
export function debateFacts(pack: Pick<EvidencePack, 'coverage' | 'unseen'>, settings: { allowUnseen: string[] }): PolicyFacts {
  return { truncated: false, unseenAllowed: allowsUnseen(pack.unseen, settings.allowUnseen), unreadAllowed: allowsUnread(unreadCandidates(pack.coverage), settings.allowUnseen), author: undefined, authorMayDecide: false };
}
