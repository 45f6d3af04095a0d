import type { Attempt, Caller, CallSpec } from '../call-models.js';
import { verifiedSupport } from '../claims.js';
import { enforceRuling, type RulingContext } from '../enforce-ruling.js';
import { loadPrompt } from '../prompts.js';
import { describeStop, renderTranscript } from '../render-transcript.js';
import type { ReplySchemas, Ruling } from '../schemas.js';
import type { AuditResult, FinalRuling, JudgeRun, StopReason, Transcript } from '../debate-types.js';
import { listPositions, MAX_TOKENS, type DebateContext } from './debate-context.js';

/**
 * The judge (issue #4, phase 6): neutral, never a debater, run twice with the positions in
 * different orders. Each run's ruling is checked against the rules; one that breaks them is
 * retried once with the violations, then corrected conservatively by the engine, which says so. If
 * the two runs disagree on the recommendation, the result is "no clear winner" with that reason.
 */

/** What the judge reads: the debate as it ended, and the engine's record of it. */
export interface JudgeInput {
  transcript: Transcript;
  stop: StopReason;
  /** Positions whose advocate surrendered. */
  surrendered: Set<string>;
  audit: AuditResult;
  judgeModel: string;
}

/** One judge call's needs. */
interface JudgeCall {
  caller: Caller;
  transcript: Transcript;
  rules: RulingContext;
  judgeModel: string;
  outOfScopeText: string;
  /** What became of claims on out-of-scope topics: removed by the audit, or not (it failed). */
  outOfScopeNote: string;
  /** Facts the engine recorded (stop reason, surrenders, concessions, audit tally), one per line. */
  facts: string;
  language: string;
  schemas: ReplySchemas;
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
 * Phase 6: runs the judge twice, in parallel: the positions in the debate's order, then reversed.
 * @returns never throws for a model failure; `ruling` is undefined when both runs failed twice
 */
export async function judgeTwice(ctx: DebateContext, input: JudgeInput): Promise<JudgeOutcome> {
  const support = new Map(ctx.positions.map((p) => [p.id, verifiedSupport(input.transcript, p.id).length]));
  const call: JudgeCall = {
    caller: ctx.caller,
    transcript: input.transcript,
    rules: { positions: ctx.positions, support, surrendered: input.surrendered, pack: ctx.pack },
    judgeModel: input.judgeModel,
    outOfScopeText: ctx.scopeText,
    outOfScopeNote: outOfScopeNote(ctx.outOfScope, input.audit),
    facts: debateFacts(ctx, input, support),
    language: ctx.language,
    schemas: ctx.schemas,
  };
  const ids = ctx.positions.map((p) => p.id);
  const orders = [ids, [...ids].reverse()];
  const specs = orders.map((order) => judgeSpec(call, order));
  const replies = await ctx.caller.attemptAll(specs);
  const runs = await Promise.all(orders.map((order, i) => finishJudgeRun(call, order, specs[i]!, replies[i]!)));
  const enforcement = runs.flatMap((run, i) => run.fixes.map((fix) => `Judge run ${i + 1}: ${fix}`));
  const problems = runs.flatMap((run, i) => [
    ...(run.error ? [`Judge run ${i + 1} (order ${run.order.join(', ')}) failed: ${run.error}`] : []),
    ...run.warnings.map((w) => `Judge run ${i + 1}: ${w}.`),
  ]);
  const [first, second] = runs.map((run) => run.ruling);
  if (!first && !second) return { runs, ruling: undefined, enforcement, problems };
  if (!first || !second) {
    const only = (first ?? second)!;
    const note = 'Only one of the two judge runs produced a ruling, so the order check could not be made; confidence is low.';
    return { runs, ruling: { ...only, confidence: 'low', confidence_reason: `Only one judge run succeeded; the order check could not be made. ${only.confidence_reason}` }, enforcement: [...enforcement, note], problems };
  }
  const combined = combineRulings(first, second);
  return { runs, ruling: combined.ruling, enforcement: [...enforcement, ...combined.notes], problems };
}

/**
 * Combines the two rulings: a status the runs disagree on becomes `unresolved`; a recommendation
 * they disagree on becomes "no clear winner" with low confidence; otherwise the lower confidence.
 * The text fields are run 1's.
 * @returns the combined ruling, and one sentence per change
 */
export function combineRulings(first: FinalRuling, second: FinalRuling): { ruling: FinalRuling; notes: string[] } {
  const notes: string[] = [];
  const positions = first.positions.map((p): FinalRuling['positions'][number] => {
    const other = second.positions.find((q) => q.id === p.id);
    if (!other || other.status === p.status) return p;
    notes.push(`The two judge runs disagreed on position ${p.id} (${p.status} / ${other.status}); it is recorded as unresolved.`);
    return { ...p, status: 'unresolved', rationale: `${p.rationale} (Run 2: ${other.rationale})`, defeating_citations: [] };
  });
  if (first.recommendation !== second.recommendation) {
    const reason = `The two judge runs, with the positions in different orders, disagreed: one recommended ${first.recommendation}, the other ${second.recommendation}.`;
    notes.push(`${reason} The result is no clear winner.`);
    const ruling: FinalRuling = {
      ...first,
      positions,
      recommendation: 'none',
      tied_on_axis: first.tied_on_axis ?? second.tied_on_axis,
      confidence: 'low',
      confidence_reason: reason,
      summary: `No clear winner: ${reason}`,
    };
    return { ruling, notes };
  }
  const rank = { low: 0, medium: 1, high: 2 } as const;
  const lower = rank[second.confidence] < rank[first.confidence] ? second : first;
  return { ruling: { ...first, positions, confidence: lower.confidence, confidence_reason: lower.confidence_reason }, notes };
}

/** The judge's call with the positions in `order`. */
function judgeSpec(input: JudgeCall, order: string[]): CallSpec<Ruling> {
  const positions = order.map((id) => input.rules.positions.find((p) => p.id === id)!);
  return {
    role: 'judge' as const,
    purpose: `judge (order ${order.join(', ')})`,
    meta: { phase: 'judge' as const, order },
    model: input.judgeModel,
    field: 'ruling',
    instructions: loadPrompt('judge', {
      positions: listPositions(positions),
      out_of_scope: input.outOfScopeText,
      out_of_scope_note: input.outOfScopeNote,
      debate_facts: input.facts,
      transcript: renderTranscript(input.rules.positions, input.transcript, { order, judge: true }),
      language: input.language,
    }),
    format: input.schemas.format,
    schema: input.schemas.replyOf('ruling'),
    maxTokens: MAX_TOKENS.judge,
  };
}

/** One judge run from its reply: the rules enforced, and one retry of a ruling that broke them. */
async function finishJudgeRun(input: JudgeCall, order: string[], spec: CallSpec<Ruling>, reply: Attempt<Ruling>): Promise<JudgeRun> {
  const { caller } = input;
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

/**
 * What the judge is told about claims on out-of-scope topics (issue #20): they were removed only when
 * the auditor ran; when the audit failed nothing was removed, and the judge must set them aside itself.
 */
function outOfScopeNote(topics: readonly string[], audit: AuditResult): string {
  if (topics.length === 0) return 'No topic is out of scope in this debate.';
  if (audit.status === 'checked') {
    return `The auditor marked the claims that argue an out-of-scope topic; the engine shows them as [IGNORED] (${audit.ignored} claim${audit.ignored === 1 ? '' : 's'}). Do not weigh them, or anything that depends on them.`;
  }
  return 'The evidence audit did not run to completion, so no claim was removed for arguing an out-of-scope topic: set aside yourself every argument about the out-of-scope topics, and anything that depends on them.';
}

/** What the engine recorded, for the judge: the stop reason, surrenders, concessions, support and the audit tally. */
function debateFacts(ctx: DebateContext, input: JudgeInput, support: Map<string, number>): string {
  const { transcript, audit } = input;
  const attacks = [...transcript.rounds.flatMap((r) => r.turns), ...transcript.closing].flatMap((t) => t.attacks);
  const lines = ['Facts the engine recorded:', `- ${describeStop(input.stop)}`];
  for (const p of ctx.positions) {
    const against = attacks.filter((a) => a.target === p.id);
    const conceded = against.filter((a) => a.outcome.kind === 'conceded' || (a.outcome.kind === 'unanswered' && a.outcome.countsAsConceded)).length;
    const refuted = against.filter((a) => a.outcome.kind === 'refuted').length;
    lines.push(
      `- Position ${p.id}: ${support.get(p.id) ?? 0} own claim(s) tagged verified; attacks against it: ${against.length} (${refuted} refuted, ${conceded} conceded or unanswered)${input.surrendered.has(p.id) ? '; its advocate SURRENDERED' : ''}.`,
    );
  }
  const t = audit.tally;
  lines.push(`- Evidence audit (${audit.status === 'checked' ? 'verifier and auditor' : 'verifier only'}): ${t.verified} verified, ${t.exaggerated} exaggerated, ${t.irrelevant} irrelevant, ${t.unverified} unverified, ${t['no-citation']} without citation; ${audit.ignored} ignored as out of scope.`);
  return lines.join('\n');
}
