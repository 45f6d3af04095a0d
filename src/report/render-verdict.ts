import { describeReasons } from '../citations/tally-citations.js';
import type { DebateResult, FinalRuling, JudgeRun, PositionStatus } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import { judgeAgreement, judgeRunsDisagree } from '../debate/combine-rulings.js';
import type { DecisionRecord } from './decision-record.js';
import { meaningHeading, recordMeaning, shortLabel } from './merge-meaning.js';
import { renderBullets, type Prose } from './prose.js';
import { renderUnreadNotice } from './render-unread.js';
import { renderUnseenNotice } from './render-unseen.js';
import { sanitiseEngineText } from './sanitise.js';
import { STAND_INS, standInOf } from '../rehearsal/stand-ins.js';

/**
 * The first screen of the debate comment (docs/how-a-debate-runs.md, issue 28): what the verdict means for
 * this PR (merge as written, changes requested, or no decision and why), the verdict and its confidence,
 * the warnings a reader must see before anything else (degraded, stale, unread, unseen, merge blocked), the
 * positions with what each status means, and what would change the decision. Each fact once: the
 * position labels are in the table only; the rounds and the stop are in the footer. Pure.
 */

const STATUS_ICON: Record<PositionStatus, string> = {
  survived: '✅ survived',
  untested: '🧪 untested',
  falsified: '❌ falsified',
  conceded: '🏳️ conceded',
  unresolved: '❔ unresolved',
};

/** What each status promises a reader (docs/how-a-debate-runs.md), one line each; the comment explains those it shows. */
export const STATUS_MEANING: Record<PositionStatus, string> = {
  survived:
    'it withstood attack: an attack on it that cited evidence was refuted with verified evidence, and none was left unanswered',
  untested:
    'its own evidence checked out, but no attack that cited evidence was made on it, so nothing tested it (a recommendation of it has low confidence at most)',
  falsified: "verified evidence defeated it (shown under the positions' evidence)",
  conceded: 'its advocate gave it up during cross-examination',
  unresolved:
    'the debate neither established nor defeated it (too little verified support, an attack left open or not withstood, or the judge runs split on it)',
};

/**
 * @param prose renders model-written text (see {@link Prose})
 * @returns the lines of the head, marker excluded; the first is the merge meaning
 */
export function renderVerdict(
  outcome: DebateResult,
  record: DecisionRecord,
  pack: EvidencePack,
  context: CommentContext,
  prose: Prose,
): string[] {
  const ruling = outcome.ruling;
  const label = (id: string) => outcome.positions.find((p) => p.id === id)?.label ?? id;
  const stale = context.currentHeadSha !== context.headSha;
  const meaning = recordMeaning(record, stale);
  const standIn = standInOf(record.models);
  const head = [meaningHeading(meaning, (id) => prose(shortLabel(label(id)), { inline: true }), standIn), ''];
  // A run no model wrote says so before anything else it shows (its footer says it again).
  if (standIn) head.push(`> [!IMPORTANT]\n> **This comment is ${STAND_INS[standIn]}.**`, '');
  const disagreed = judgeRunsDisagree(outcome.judgeRuns);
  if (!ruling) {
    head.push(
      `**The debate was aborted.** ${prose(outcome.problems.join(' '), { inline: true })} What the advocates produced is kept below; re-run the debate to get a verdict.`,
    );
  } else if (disagreed) {
    head.push(...renderSplitJudges(outcome.judgeRuns, prose));
  } else {
    const verdict =
      ruling.recommendation === 'none'
        ? `no position recommended${ruling.tied_on_axis ? `; the positions trade off on ${prose(ruling.tied_on_axis, { inline: true })}` : ''}`
        : `position ${ruling.recommendation}`;
    head.push(
      `**Verdict:** ${verdict}. **Confidence: ${ruling.confidence}.** ${prose(ruling.confidence_reason, { inline: true })}`,
      '',
      `> ${prose(ruling.summary, { inline: true })}`,
    );
    const agreement = describeAgreement(outcome.judgeRuns);
    if (agreement) head.push('', agreement);
  }
  if (outcome.completion === 'degraded-success')
    head.push('', `> [!WARNING]\n> **Degraded run.** ${prose(outcome.problems.join(' '), { inline: true })}`);
  if (stale) {
    head.push(
      '',
      `> [!CAUTION]\n> **Stale result:** the PR head moved to \`${context.currentHeadSha.slice(0, 7)}\` during the run; this debate saw \`${context.headSha.slice(0, 7)}\`. Re-run it for the new head.`,
    );
  }
  const unread = renderUnreadNotice(outcome, pack, context.gate?.unreadAllowed);
  if (unread) head.push('', unread);
  if (pack.unseen.count > 0) head.push('', renderUnseenNotice(pack.unseen, context.gate?.unseenAllowed));
  // The comment mirrors the decision of record (docs/gate.md): a verdict whose check does not pass must not read as a green light.
  if (context.gate && context.gate.conclusion !== 'success') {
    head.push(
      '',
      `> [!CAUTION]\n> **Merge blocked:** the \`pr-debate\` check on \`${context.headSha.slice(0, 7)}\` is \`${context.gate.conclusion}\`, which a required check does not pass. ${sanitiseEngineText(context.gate.reason, { inline: true })}`,
    );
  }
  head.push(
    '',
    `**Topic:** ${prose(outcome.topic, { inline: true })}`,
    '',
    '| Position | Status | Citations |',
    '|---|---|---|',
  );
  for (const p of record.positions) {
    const reasons = describeReasons(outcome.counts.get(p.id)?.reasons);
    const mark = p.id === record.pr_position ? ' **(this PR)**' : '';
    head.push(
      `| **${p.id}.** ${prose(p.label, { inline: true })}${mark} | ${STATUS_ICON[p.status]} | ${p.verified_citations} verified · ${p.unverified_citations} unverified${reasons ? ` (${reasons})` : ''} |`,
    );
  }
  const shown = [...new Set(record.positions.map((p) => p.status))];
  head.push('', ...shown.map((s) => `- ${STATUS_ICON[s]}: ${STATUS_MEANING[s]}.`));
  // The heading of a decision with no PR position says so already; each fact once.
  // Only a null says none is; an absent pr_position (no position marked) is unknown, and its heading says so.
  if (record.pr_position === null && meaning.kind !== 'decided') head.push('', '_No position is this PR as written._');
  // What would change the decision is on the first screen (issue 28); when the judge runs split, each run's is with its reasons.
  if (ruling && !disagreed)
    head.push('', '### What would change the decision', ...renderBullets(ruling.what_would_change, prose));
  return head;
}

/**
 * Whether the judge runs agreed after their ids were mapped back, in one line (the runs' split itself is
 * shown by {@link renderSplitJudges}), e.g. `_Judge runs: 2 of 2 agreed on position A after mapping back…_`.
 * @returns undefined for a single run
 */
function describeAgreement(runs: JudgeRun[]): string | undefined {
  const a = judgeAgreement(runs);
  if (a.runs < 2 || !a.agreed) return undefined;
  const pick = a.recommendation === 'none' ? 'no position' : `position ${a.recommendation}`;
  const failed = a.ruled < a.runs ? `; ${a.runs - a.ruled} run${a.runs - a.ruled === 1 ? '' : 's'} failed` : '';
  return `_Judge runs: ${a.agreeing} of ${a.runs} recommended ${pick}${failed}. Half the runs read the positions under swapped ids and in swapped order; their rulings were mapped back before comparing._`;
}

/**
 * Judge runs that did not agree on a position, shown as they are (issue 28): each run's pick,
 * confidence and summary, and nothing that argues for one of them under "no clear winner".
 */
function renderSplitJudges(runs: JudgeRun[], prose: Prose): string[] {
  const lines = [
    `**No clear winner: the judge runs disagreed.** The judge ran ${runs.length} times, half of the runs with the positions under swapped ids and in swapped order, and after mapping back the runs recommended different positions:`,
    '',
  ];
  runs.forEach((run, i) => {
    const r = run.ruling;
    if (r)
      lines.push(
        `- **Run ${i + 1}** (order ${run.order.join(', ')}${run.swapped ? ', swapped ids' : ''}): ${r.recommendation === 'none' ? 'no position' : `position ${r.recommendation}`}, confidence ${r.confidence}. ${prose(r.summary, { inline: true })}`,
      );
  });
  return lines;
}

/**
 * Each judge run's own reasons, trade-offs, what would change its decision and dissent, collapsed, for
 * a split verdict: attributed to the run whose pick they argue for.
 * @returns `<details>` blocks, or [] when the runs agreed
 */
export function renderJudgeRunReasons(outcome: DebateResult, prose: Prose): string[] {
  if (!judgeRunsDisagree(outcome.judgeRuns)) return [];
  return outcome.judgeRuns.flatMap((run, i) => {
    const r: FinalRuling | undefined = run.ruling;
    if (!r) return [];
    const pick = r.recommendation === 'none' ? 'no position' : `position ${r.recommendation}`;
    return [
      '',
      `<details><summary>Judge run ${i + 1}'s reasons (it recommended ${pick})</summary>`,
      '',
      ...r.key_reasons.map((k, n) => `${n + 1}. ${prose(k, { inline: true })}`),
      '',
      '**Trade-offs**',
      ...renderBullets(r.trade_offs, prose),
      '',
      "**What would change this run's decision**",
      ...renderBullets(r.what_would_change, prose),
      '',
      `**Dissent:** ${prose(r.dissent, { inline: true })}`,
      '',
      '</details>',
    ];
  });
}
