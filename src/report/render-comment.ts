import type { DebateResult } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { markerLine, type CommentContext } from './comment-context.js';
import { recordToYaml, type DecisionRecord } from './decision-record.js';
import { fitComment } from './fit-comment.js';
import { createProse } from './prose.js';
import { renderEngineNotes, renderFindings } from './render-findings.js';
import { renderFooter } from './render-footer.js';
import { transcriptSections } from './render-transcript-blocks.js';
import { renderVerdict } from './render-verdict.js';
import { fencedBlock } from './sanitise.js';

/**
 * The final comment of a debate (contract section 7). Pure.
 * Layout: marker; verdict, confidence and why; how the debate ran; positions table; the positions with
 * their evidence, reasons, trade-offs, what would change the decision, dissent, blind spots, scenarios,
 * evidence notes; the engine's corrections, collapsed; the transcript, one `<details>` per phase; the decision record in
 * `<details>`; the footer.
 * @returns `body` under GitHub's 65,536 characters (see `fitComment`) and `full`, the whole report
 */
export function renderDebateComment(outcome: DebateResult, record: DecisionRecord, pack: EvidencePack, context: CommentContext): { body: string; full: string } {
  const prose = createProse(pack, context);
  return fitComment({
    head: [markerLine(context.id), ...renderVerdict(outcome, record, pack, context, prose)],
    body: renderFindings(outcome, pack, context, prose),
    notes: renderEngineNotes(outcome, prose),
    transcript: transcriptSections(outcome, context, prose),
    record: ['', '<details><summary>Decision record</summary>', '', fencedBlock(recordToYaml(record).trimEnd(), 'yaml'), '', '</details>'],
    footer: ['', renderFooter(outcome, record, pack, context)],
  });
}
