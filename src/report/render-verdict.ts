import { describeReasons } from '../citations/tally-citations.js';
import { describeStop } from '../debate/render-transcript.js';
import type { DebateResult, JudgeRun } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import type { DecisionRecord } from './decision-record.js';
import type { Prose } from './prose.js';
import { renderUnseenNotice } from './render-unseen.js';
import { sanitiseText } from './sanitise.js';

/**
 * The head of the debate comment (contract section 7: verdict and confidence first): the verdict, its
 * confidence and why, the judge's summary, how the debate ran, the warnings a reader must see before
 * anything else (degraded, stale, truncated), and the positions table. Pure.
 */

const STATUS_ICON: Record<string, string> = { survived: '✅ survived', falsified: '❌ falsified', conceded: '🏳️ conceded', unresolved: '❔ unresolved' };

/**
 * @param prose renders model-written text (see {@link Prose})
 * @returns the lines of the head, marker excluded
 */
export function renderVerdict(outcome: DebateResult, record: DecisionRecord, pack: EvidencePack, context: CommentContext, prose: Prose): string[] {
  const ruling = outcome.ruling;
  const label = (id: string) => outcome.positions.find((p) => p.id === id)?.label ?? id;
  const head: string[] = [];
  if (!ruling) {
    head.push('## ⚠️ pr-debate: no verdict', '', `**The debate was aborted.** ${prose(outcome.problems.join(' '), { inline: true })}`);
    head.push('', 'What the advocates produced is kept below. Re-run the debate to get a verdict.');
  } else if (ruling.recommendation === 'none') {
    const axis = ruling.tied_on_axis ? ` on axis: ${prose(ruling.tied_on_axis, { inline: true })}` : '';
    head.push(`## ⚖️ pr-debate verdict: no clear winner${axis}`, '', `**Confidence: ${ruling.confidence}.** ${prose(ruling.confidence_reason, { inline: true })}`);
  } else {
    head.push(
      `## ⚖️ pr-debate verdict: ${ruling.recommendation}. ${prose(label(ruling.recommendation), { inline: true })}`,
      '',
      `**Confidence: ${ruling.confidence}.** ${prose(ruling.confidence_reason, { inline: true })}`,
    );
  }
  if (ruling) head.push('', `> ${prose(ruling.summary, { inline: true })}`);
  head.push('', `**Debate:** preset ${record.preset}, ${record.rounds} cross-examination round${record.rounds === 1 ? '' : 's'}. ${sanitiseText(describeStop(outcome.stop), { inline: true })}${judgeAgreement(outcome.judgeRuns)}`);
  if (outcome.completion === 'degraded-success') {
    head.push('', `> [!WARNING]\n> **Degraded run.** ${prose(outcome.problems.join(' '), { inline: true })}`);
  }
  if (context.currentHeadSha !== context.headSha) {
    head.push('', `> [!CAUTION]\n> **Stale result:** the PR head moved to \`${context.currentHeadSha.slice(0, 7)}\` during the run; this debate saw \`${context.headSha.slice(0, 7)}\`. Re-run it for the new head.`);
  }
  if (pack.truncated) head.push('', '> [!WARNING]\n> **Evidence truncated:** some changed hunks did not fit the evidence budget (listed under Evidence).');
  if (pack.unseen.count > 0) head.push('', renderUnseenNotice(pack.unseen));
  // The comment mirrors the decision of record (contract section 9): a verdict whose check does not pass must not read as a green light.
  if (context.gate && context.gate.conclusion !== 'success') {
    head.push('', `> [!CAUTION]\n> **Merge blocked:** the \`pr-debate\` check on \`${context.headSha.slice(0, 7)}\` is \`${context.gate.conclusion}\`, which a required check does not pass. ${sanitiseText(context.gate.reason, { inline: true })}`);
  }
  head.push('', `**Topic:** ${prose(outcome.topic, { inline: true })}`, '');
  head.push('| Position | Status | Citations |', '|---|---|---|');
  for (const p of record.positions) {
    const reasons = describeReasons(outcome.counts.get(p.id)?.reasons);
    head.push(`| **${p.id}.** ${prose(p.label, { inline: true })} | ${STATUS_ICON[p.status]} | ${p.verified_citations} verified · ${p.unverified_citations} unverified${reasons ? ` (${reasons})` : ''} |`);
  }
  return head;
}

/** Whether the two judge runs (positions in different orders, issue #4) agreed, as one sentence with a leading space; '' with fewer than two rulings. */
function judgeAgreement(runs: JudgeRun[]): string {
  const rulings = runs.flatMap((r) => (r.ruling ? [r.ruling] : []));
  if (rulings.length < 2) return '';
  const [first, second] = [rulings[0]!, rulings[1]!];
  if (first.recommendation !== second.recommendation) return ' The judge ran twice, with the positions in different orders, and the runs disagreed on the recommendation.';
  const split = first.positions.filter((p) => second.positions.find((q) => q.id === p.id)?.status !== p.status).map((p) => p.id);
  return split.length === 0
    ? ' The judge ran twice, with the positions in different orders, and both runs agreed.'
    : ` The judge ran twice, with the positions in different orders; the runs agreed on the recommendation but not on the status of position${split.length > 1 ? 's' : ''} ${split.join(', ')}.`;
}
