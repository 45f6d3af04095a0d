import type { Caller } from './call-models.js';
import { enforceRuling, type RulingContext } from './enforce-ruling.js';
import { loadPrompt } from './prompts.js';
import { renderTranscript } from './render-transcript.js';
import { replyOf } from './schemas.js';
import type { FinalRuling, JudgeRun, PositionStatus, Transcript } from './types.js';

/**
 * The judge (issue #4, phase 6): neutral, never a debater, run twice with the positions in
 * different orders. Each run's ruling is checked against the rules; one that breaks them is
 * retried once with the violations, then corrected conservatively by the engine, which says so. If
 * the two runs disagree on the recommendation, the result is "no clear winner" with that reason.
 */

/** What the judge needs beyond the call runner. */
export interface JudgeInput {
  transcript: Transcript;
  rules: RulingContext;
  judgeModel: string;
  /** The out-of-scope paragraph of the prompts (may be empty). */
  outOfScopeText: string;
  /** Facts the engine recorded (stop reason, surrenders, concessions, audit tally), one per line. */
  facts: string;
  language: string;
  maxTokens: number;
}

/** The two runs, the combined ruling, and what the engine changed or could not do. */
export interface JudgeOutcome {
  runs: JudgeRun[];
  /** Undefined when both runs failed. */
  ruling: FinalRuling | undefined;
  /** What the engine changed in the rulings, one sentence each (shown in the comment). */
  enforcement: string[];
  /** What went wrong (makes the run degraded, or aborted without a ruling). */
  problems: string[];
}

/**
 * Runs the judge twice, in parallel: the positions in the debate's order, then reversed.
 * @returns never throws for a model failure; `ruling` is undefined when both runs failed twice
 */
export async function judgeTwice(caller: Caller, input: JudgeInput): Promise<JudgeOutcome> {
  const ids = input.rules.positions.map((p) => p.id);
  const orders = [ids, [...ids].reverse()];
  const runs = await Promise.all(orders.map((order) => judgeOnce(caller, input, order)));
  const enforcement = runs.flatMap((run, i) => run.fixes.map((fix) => `Judge run ${i + 1}: ${fix}`));
  const problems = runs.flatMap((run, i) => [
    ...(run.error ? [`Judge run ${i + 1} (order ${run.order.join(', ')}) failed: ${run.error}`] : []),
    ...run.warnings.map((w) => `Judge run ${i + 1}: ${w}.`),
  ]);
  const [first, second] = runs.map((run) => run.ruling);
  if (!first && !second) return { runs, ruling: undefined, enforcement, problems };
  if (!first || !second) {
    const only = (first ?? second)!;
    enforcement.push('Only one of the two judge runs produced a ruling, so the order check could not be made; confidence is low.');
    return { runs, ruling: { ...only, confidence: 'low', confidence_reason: `Only one judge run succeeded; the order check could not be made. ${only.confidence_reason}` }, enforcement, problems };
  }
  return { runs, ruling: combineRulings(first, second, enforcement), enforcement, problems };
}

/**
 * Combines the two rulings: a status the runs disagree on becomes `unresolved`; a recommendation
 * they disagree on becomes "no clear winner" with low confidence; otherwise the lower confidence.
 * The text fields are run 1's. Pushes one sentence per change onto `notes`.
 */
export function combineRulings(first: FinalRuling, second: FinalRuling, notes: string[]): FinalRuling {
  const positions = first.positions.map((p) => {
    const other = second.positions.find((q) => q.id === p.id);
    if (!other || other.status === p.status) return p;
    notes.push(`The two judge runs disagreed on position ${p.id} (${p.status} / ${other.status}); it is recorded as unresolved.`);
    return { ...p, status: 'unresolved' as PositionStatus, rationale: `${p.rationale} (Run 2: ${other.rationale})`, defeating_citations: [] };
  });
  if (first.recommendation !== second.recommendation) {
    const reason = `The two judge runs, with the positions in different orders, disagreed: one recommended ${first.recommendation}, the other ${second.recommendation}.`;
    notes.push(`${reason} The result is no clear winner.`);
    return {
      ...first,
      positions,
      recommendation: 'none',
      tied_on_axis: first.tied_on_axis ?? second.tied_on_axis,
      confidence: 'low',
      confidence_reason: reason,
      summary: `No clear winner: ${reason}`,
    };
  }
  const rank = { low: 0, medium: 1, high: 2 } as const;
  const lower = rank[second.confidence] < rank[first.confidence] ? second : first;
  return { ...first, positions, confidence: lower.confidence, confidence_reason: lower.confidence_reason };
}

async function judgeOnce(caller: Caller, input: JudgeInput, order: string[]): Promise<JudgeRun> {
  const positions = order.map((id) => input.rules.positions.find((p) => p.id === id)!);
  const spec = {
    role: 'judge' as const,
    purpose: `judge (order ${order.join(', ')})`,
    model: input.judgeModel,
    field: 'ruling',
    instructions: loadPrompt('judge', {
      positions: positions.map((p) => `- ${p.id}: ${p.label}`).join('\n'),
      out_of_scope: input.outOfScopeText,
      debate_facts: input.facts,
      transcript: renderTranscript(input.rules.positions, input.transcript, { order, judge: true }),
      language: input.language,
    }),
    schema: replyOf('ruling'),
    maxTokens: input.maxTokens,
  };
  const reply = await caller.attempt(spec);
  if (!reply.ok) return { order, ruling: undefined, violations: [], retried: false, fixes: [], warnings: [], error: reply.error };
  const warnings = reply.warnings;
  const first = enforceRuling(reply.output, input.rules);
  if (first.violations.length === 0) return { order, ruling: first.ruling, violations: [], retried: false, fixes: first.notes, warnings, error: undefined };

  const violations = first.violations.map((v) => v.rule);
  const retry = await caller.retryWith(spec, loadPrompt('judge-retry', { violations: violations.map((v) => `- ${v}`).join('\n') }));
  if (!retry.ok) {
    return {
      order,
      ruling: first.ruling,
      violations,
      retried: true,
      fixes: [...first.violations.map((v) => `${v.rule} The retry failed (${retry.error}), so the engine corrected it: ${v.fix}`), ...first.notes],
      warnings,
      error: undefined,
    };
  }
  const second = enforceRuling(retry.output, input.rules);
  return {
    order,
    ruling: second.ruling,
    violations,
    retried: true,
    fixes: [
      `The first ruling broke ${violations.length === 1 ? `a rule (${violations[0]})` : `${violations.length} rules (listed in the transcript)`} and was rejected; the judge was asked once more.`,
      ...second.violations.map((v) => `${v.rule} The retried ruling broke this rule, so the engine corrected it: ${v.fix}`),
      ...second.notes,
    ],
    warnings,
    error: undefined,
  };
}
