import { judgeAgreement } from '../debate/combine-rulings.js';
import type { DebateResult } from '../debate/debate-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { CommentContext } from './comment-context.js';
import type { DecisionRecord } from './decision-record.js';
import { sanitiseText } from './sanitise.js';
import { STAND_INS, standInOf } from '../rehearsal/stand-ins.js';

/** The stop reason in a word or two, for the footer (the transcript says it in full). */
const STOP_WORDS: Record<DebateResult['stop']['kind'], string> = {
  'no-rounds': 'no rounds planned',
  'max-rounds': 'round cap',
  surrender: 'surrender',
  converged: 'converged',
  'too-few-advocates': 'too few advocates',
};

/** Whether the judge runs (half under swapped ids, mapped back) agreed, for the footer; '' with fewer than two rulings. */
function judgeRunsWord(outcome: DebateResult): string {
  const rulings = outcome.judgeRuns.flatMap((r) => (r.ruling ? [r.ruling] : []));
  if (rulings.length < 2) return '';
  const agreement = judgeAgreement(outcome.judgeRuns);
  if (!agreement.agreed) return ' · judge runs disagreed';
  const [first] = rulings;
  const split = first!.positions
    .filter((p) => rulings.some((r) => r.positions.find((q) => q.id === p.id)?.status !== p.status))
    .map((p) => p.id);
  const agreed = `judge runs agreed (${agreement.agreeing} of ${agreement.runs})`;
  return split.length === 0 ? ` · ${agreed}` : ` · ${agreed} on the recommendation, not on ${split.join(', ')}`;
}

/**
 * The comment's footer: preset, rounds and stop, models, calls, tokens (cache writes and
 * reads), cost, wall time, completion, head commit, and a link to the workflow run; first, when a
 * stand-in wrote the run (`stand-ins.ts`), what it is. Pure.
 * @returns one `<sub>` line
 */
export function renderFooter(
  outcome: DebateResult,
  record: DecisionRecord,
  pack: EvidencePack,
  context: CommentContext,
): string {
  const usage = outcome.usage;
  const advocates = [...new Set(record.models.advocates)].join(', ');
  const cost = `$${usage.cost_usd.toFixed(4)}${usage.unpricedCalls > 0 ? ` (plus ${usage.unpricedCalls} calls on models without a known price)` : ''}`;
  const run = context.runUrl ? ` · [workflow run](${context.runUrl})` : '';
  const standIn = standInOf(record.models);
  return [
    `<sub>pr-debate · ${standIn ? `${STAND_INS[standIn]} · ` : ''}preset ${record.preset} · rounds ${record.rounds} (stop: ${STOP_WORDS[outcome.stop.kind]})${judgeRunsWord(outcome)} · advocates ${sanitiseText(advocates, { inline: true })} · judge ${sanitiseText(record.models.judge, { inline: true })}`,
    ` · ${outcome.calls.length} ${standIn ? `calls the ${standIn} answered · tokens as a model would count them` : 'model calls · tokens'}: ${usage.input_tokens} in, ${usage.output_tokens} out, ${usage.cache_creation_input_tokens} cache written, ${usage.cache_read_input_tokens} cache read`,
    ` · cost ${cost} · ${(context.durationMs / 1000).toFixed(1)} s · ${record.completion} · head \`${pack.headSha.slice(0, 7)}\`${run}</sub>`,
  ].join('');
}
