import type { Attempt, Caller, CallSpec } from '../caller-types.js';
import { verifiedSupport } from '../claims.js';
import { combineRulings } from '../combine-rulings.js';
import { enforceRuling, type RulingContext } from '../enforce-ruling.js';
import { loadPrompt } from '../prompts.js';
import { attackTallies, countedAttacks, judgeFacts } from '../judge-facts.js';
import {
  relabelPositions,
  relabelStop,
  relabelText,
  relabelTranscript,
  rulingInOriginalIds,
  SAME_IDS,
  swapIds,
  type Relabel,
} from '../relabel-positions.js';
import { renderTranscript } from '../render-transcript.js';
import type { Ruling } from '../schemas.js';
import type { AuditResult, FinalRuling, JudgeRun, StopReason, Transcript } from '../debate-types.js';
import { listPositions, MAX_TOKENS, type DebateContext } from './debate-context.js';

/**
 * The judge (issue #4, phase 6): neutral, never a debater, run `plan.judgeRuns` times (2 by default) in
 * parallel. The runs alternate: the debate's ids and order, then the positions under swapped ids and in
 * swapped order everywhere the judge reads them (`relabel-positions.ts`), each ruling mapped back by the
 * engine. Each ruling is checked against the rules; one that breaks them is retried once with the
 * violations, then corrected conservatively by the engine, which says so. The runs are combined by
 * `combine-rulings.ts`: without the agreement a recommendation needs, the result is "no clear winner".
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

/** The runs, the combined ruling, and what the engine changed or could not do. */
export interface JudgeOutcome {
  runs: JudgeRun[];
  /** Undefined when every run failed. */
  ruling: FinalRuling | undefined;
  /** What the engine changed in the rulings, one sentence each (shown in the comment). */
  enforcement: string[];
  /** What went wrong (makes the run degraded, or aborted without a ruling). */
  problems: string[];
}

/**
 * Phase 6: runs the judge `ctx.plan.judgeRuns` times (default 2), in parallel, odd runs in the debate's
 * ids and order, even runs swapped.
 * @returns never throws for a model failure; `ruling` is undefined when every run failed twice
 */
export async function judgeRuns(ctx: DebateContext, input: JudgeInput): Promise<JudgeOutcome> {
  const support = new Map(ctx.positions.map((p) => [p.id, verifiedSupport(input.transcript, p.id).length]));
  const rules: RulingContext = {
    positions: ctx.positions,
    support,
    attacks: attackTallies(input.transcript, ctx.positions),
    surrendered: input.surrendered,
    pack: ctx.pack,
  };
  const ids = ctx.positions.map((p) => p.id);
  const relabels = Array.from({ length: ctx.plan.judgeRuns ?? 2 }, (_, i) => (i % 2 === 0 ? SAME_IDS : swapIds(ids)));
  const specs = relabels.map((relabel) => judgeSpec(ctx, input, support, relabel));
  const replies = await ctx.caller.attemptAll(specs);
  const runs = await Promise.all(
    relabels.map((relabel, i) => finishJudgeRun(ctx.caller, rules, relabel, specs[i]!, replies[i]!)),
  );
  const enforcement = runs.flatMap((run, i) => run.fixes.map((fix) => `Judge run ${i + 1}: ${fix}`));
  const problems = runs.flatMap((run, i) => [
    ...(run.error
      ? [`Judge run ${i + 1} (order ${run.order.join(', ')}${run.swapped ? ', swapped ids' : ''}) failed: ${run.error}`]
      : []),
    ...run.warnings.map((w) => `Judge run ${i + 1}: ${w}.`),
  ]);
  const combined = combineRulings(runs);
  return { runs, ruling: combined?.ruling, enforcement: [...enforcement, ...(combined?.notes ?? [])], problems };
}

/** The judge's call under `relabel`: the positions, the facts and the transcript as that run reads them. */
function judgeSpec(
  ctx: DebateContext,
  input: JudgeInput,
  support: ReadonlyMap<string, number>,
  relabel: Relabel,
): CallSpec<Ruling> {
  const positions = relabelPositions(ctx.positions, relabel);
  const transcript = relabelTranscript(input.transcript, relabel);
  const order = positions.map((p) => relabel.original(p.id));
  return {
    role: 'judge' as const,
    purpose: `judge (order ${order.join(', ')}${relabel === SAME_IDS ? '' : ', swapped ids'})`,
    meta: { phase: 'judge' as const, order },
    model: input.judgeModel,
    field: 'ruling',
    instructions: loadPrompt('judge', {
      positions: listPositions(positions),
      out_of_scope: ctx.scopeText,
      out_of_scope_note: outOfScopeNote(ctx.outOfScope, input.audit),
      debate_facts: judgeFacts({
        positions,
        transcript,
        stop: relabelStop(input.stop, relabel),
        surrendered: new Set([...input.surrendered].map(relabel.shown)),
        audit: input.audit,
        support: new Map([...support].map(([id, n]) => [relabel.shown(id), n])),
      }),
      transcript: renderTranscript(positions, transcript, {
        order: positions.map((p) => p.id),
        judge: true,
        counts: countedAttacks(transcript),
      }),
      language: ctx.language,
    }),
    format: ctx.schemas.format,
    schema: ctx.schemas.replyOf('ruling'),
    maxTokens: MAX_TOKENS.judge,
  };
}

/** One judge run from its reply: mapped back, the rules enforced, and one retry of a ruling that broke them. */
async function finishJudgeRun(
  caller: Caller,
  rules: RulingContext,
  relabel: Relabel,
  spec: CallSpec<Ruling>,
  reply: Attempt<Ruling>,
): Promise<JudgeRun> {
  const run = { order: spec.meta.order ?? [], swapped: relabel !== SAME_IDS };
  if (!reply.ok)
    return { ...run, ruling: undefined, violations: [], retried: false, fixes: [], warnings: [], error: reply.error };
  const first = enforceRuling(rulingInOriginalIds(reply.output, relabel), rules);
  if (first.violations.length === 0)
    return {
      ...run,
      ruling: first.ruling,
      violations: [],
      retried: false,
      fixes: first.notes,
      warnings: reply.warnings,
      error: undefined,
    };

  const violations = first.violations.map((v) => v.rule);
  // The judge is told what it broke in the ids it read.
  const retry = await caller.retryWith(
    spec,
    loadPrompt('judge-retry', { violations: violations.map((v) => `- ${relabelText(v, relabel.shown)}`).join('\n') }),
  );
  if (!retry.ok) {
    return {
      ...run,
      ruling: first.ruling,
      violations,
      retried: true,
      fixes: [
        ...first.violations.map(
          (v) => `${v.rule} The retry failed (${retry.error}), so the engine corrected it: ${v.fix}`,
        ),
        ...first.notes,
      ],
      warnings: reply.warnings,
      error: undefined,
    };
  }
  const second = enforceRuling(rulingInOriginalIds(retry.output, relabel), rules);
  return {
    ...run,
    ruling: second.ruling,
    violations,
    retried: true,
    fixes: [
      `The first ruling broke ${violations.length === 1 ? `a rule (${violations[0]})` : `${violations.length} rules (listed in the transcript)`} and was rejected; the judge was asked once more.`,
      ...second.violations.map(
        (v) => `${v.rule} The retried ruling broke this rule, so the engine corrected it: ${v.fix}`,
      ),
      ...second.notes,
    ],
    warnings: reply.warnings,
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
