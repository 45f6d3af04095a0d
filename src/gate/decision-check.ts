import type { DecisionRecord } from '../report/decision-record.js';
import { describeMergeMeaning, recordMeaning, shortLabel } from '../report/merge-meaning.js';
import { sanitiseText } from '../report/sanitise.js';
import { canonicalJson } from './canonical-json.js';
import { conclusionTitle } from './check-titles.js';
import { evaluatePolicy, type GatePolicy } from './evaluate-policy.js';
import type { CheckOutput } from './run-gate.js';

/**
 * The `pr-debate` check run written at the end of a debate or by an accept (contract section 9):
 * conclusion from `gate-policy`, a one-sentence summary with a link to the comment, and the record as
 * canonical JSON (its signature included) in `output.text`. Pure.
 * @param truncated whether the debate's evidence pack left changed hunks out (then never `success`)
 * @param commentUrl the debate comment, linked from the summary and set as `details_url`
 */
export function decisionCheckOutput(record: DecisionRecord, policy: GatePolicy, truncated: boolean, commentUrl: string | undefined): CheckOutput {
  const outcome = evaluatePolicy(record, policy, truncated);
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
