import type { DebateResult } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { markerLine, type CommentContext } from './comment-context.js';
import { recordToYaml, type DecisionRecord } from './decision-record.js';
import { fitComment } from './fit-comment.js';
import { createProse } from './prose.js';
import { renderCollapsed, renderEngineNotes, renderFindings } from './render-findings.js';
import { renderFooter } from './render-footer.js';
import { transcriptSections } from './render-transcript-blocks.js';
import { renderVerdict } from './render-verdict.js';
import { fencedBlock } from './sanitise.js';

/**
 * The final comment of a debate (docs/how-a-debate-runs.md). Pure.
 * Layout (issue 28: the first screen is what a reviewer decides on; each fact once): marker; what the
 * verdict means for this PR; verdict and confidence; warnings; the positions table with what each status
 * means; what would change the decision; the reasons, trade-offs, dissent and each position's evidence;
 * collapsed: blind spots, consensus, open questions, scenarios, the evidence pack, the engine's
 * corrections, the transcript (one `<details>` per phase) and the decision record; the footer (rounds,
 * stop, judge runs, models, usage).
 * @returns `body` under GitHub's 65,536 characters (see `fitComment`) and `full`, the whole report
 */
export function renderDebateComment(
  outcome: DebateResult,
  record: DecisionRecord,
  pack: EvidencePack,
  context: CommentContext,
): { body: string; full: string } {
  const prose = createProse(pack, context);
  return fitComment({
    head: [markerLine(context.id), ...renderVerdict(outcome, record, pack, context, prose)],
    body: renderFindings(outcome, context, prose),
    collapsed: renderCollapsed(outcome, pack, prose),
    notes: renderEngineNotes(outcome, prose),
    transcript: transcriptSections(outcome, context, prose),
    record: [
      '',
      '<details><summary>Decision record</summary>',
      '',
      fencedBlock(recordToYaml(record).trimEnd(), 'yaml'),
      '',
      '</details>',
    ],
    footer: ['', renderFooter(outcome, record, pack, context)],
  });
}
