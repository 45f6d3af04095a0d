import { z } from 'zod';
import { UNTESTED_PLAN_NOTE } from '../debate/plan.js';
import type { Prose } from './prose.js';
import { codeSpan, sanitiseText } from './sanitise.js';

/**
 * The plan comment of `confirm-plan` (docs/config.md, issue #12): what a debate with inferred
 * positions would run, posted before any advocate or judge call, for a maintainer to confirm with
 * `/debate go` or to correct with `/debate A vs B`. Pure.
 *
 * The comment carries the plan twice: readable, sanitised like all model text, and as data on its
 * last line (base64url JSON inside an HTML comment, so nothing in it can close the comment or render).
 * The data is trusted only in a comment whose author is `bot-login` (the caller checks), as the
 * decision records are; anyone who can edit the bot's comments can also start any debate, so editing
 * the data grants nothing.
 */

/** First line of the plan comment of one PR's inferred debate; distinct from the debate comment's marker. */
export function planMarker(debateId: string): string {
  return `<!-- pr-debate:plan v1 id=${debateId} -->`;
}

const DATA_LINE = /^<!-- pr-debate:plan-data ([A-Za-z0-9_-]+) -->$/;

/** What a plan holds: enough to run the debate as planned, and to say what was planned. */
export const postedPlanSchema = z.object({
  v: z.literal(1),
  /** `waiting` for `/debate go`; `ran` once it ran; `replaced` by a `/debate A vs B` or a newer plan. */
  state: z.enum(['waiting', 'ran', 'replaced']),
  topic: z.string(),
  positions: z.array(z.string().min(1)).min(2).max(4),
  /**
   * The position the framing moderator named the change as written, from the diff at `headSha`; null when
   * it found none (recorded as unknown, never as null); absent in plans posted before it existed.
   */
  prPosition: z.enum(['A', 'B', 'C', 'D']).nullable().optional(),
  /** The command that asked for the plan said `--no-pr-position`: no position is the change as written (record `pr_position: null`). */
  noPrPosition: z.literal(true).optional(),
  outOfScope: z.array(z.string()),
  /** `judgeRuns` absent in plans posted before it existed, or at its default (2). */
  plan: z.object({
    preset: z.enum(['quick', 'standard', 'deep', 'custom']),
    rounds: z.number().int().min(0).max(5),
    steelman: z.boolean(),
    note: z.string().optional(),
    judgeRuns: z.union([z.literal(2), z.literal(4)]).optional(),
  }),
  rfc: z.string().optional(),
  /** The head commit the positions were framed at. */
  headSha: z.string(),
  requestedBy: z.string(),
  models: z.object({ moderator: z.string(), advocates: z.array(z.string()).min(1), judge: z.string() }),
  /** `packTokens`: how the pack's tokens in the cost were found (`DebateEstimate.packTokens`); absent in plans posted before it existed. */
  estimate: z.object({
    calls: z.number().int(),
    costUsd: z.number().optional(),
    packTokens: z.enum(['estimated', 'counted', 'partly-counted']).optional(),
  }),
  /** What framing cost (USD), already spent. */
  framingCostUsd: z.number(),
  /** The moderator's notes (positions cut to four). */
  notes: z.array(z.string()),
  /** Where it went: the verdict of the run, or the command that replaced it. */
  outcome: z.object({ by: z.string(), url: z.string(), what: z.string() }).optional(),
});

/** A plan as posted. */
export type PostedPlan = z.infer<typeof postedPlanSchema>;

/**
 * What a cost estimate says of the pack's tokens it counts (issue #31), after the figure: the progress
 * comment and the plan say it alike.
 * @param basis `DebateEstimate.packTokens`; undefined (a plan posted before it existed) says nothing
 */
export function packTokensNote(basis: 'estimated' | 'counted' | 'partly-counted' | undefined): string {
  if (basis === undefined) return '';
  const how = {
    estimated: "the evidence pack's tokens estimated for each model's tokenizer",
    counted: "the evidence pack's tokens as each model's provider counted them",
    'partly-counted':
      "the evidence pack's tokens as the provider counted them where it could, else estimated for the model's tokenizer",
  }[basis];
  return ` (${how})`;
}

/**
 * Reads the plan data of a plan comment's body.
 * @returns the plan, or undefined when the body holds no plan data or the data does not parse
 */
export function readPlan(body: string): PostedPlan | undefined {
  // Only the last line: model text above it is sanitised, but the data line is ours by position too.
  const data = DATA_LINE.exec(body.trimEnd().split('\n').at(-1) ?? '')?.[1];
  if (!data) return undefined;
  try {
    const parsed = postedPlanSchema.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param plan the plan
 * @param context.id the inferred debate's id; `command` the configured command word; `prose` renders
 *   the moderator's text (topic, positions, out of scope, notes): `createProse` over the run's evidence
 *   pack checks and marks every `path:line` reference in it as the debate comment does (issue #11)
 * @returns the comment body: the marker, the plan as a reader sees it, what to do next, and the data line
 */
export function renderPlanComment(
  plan: PostedPlan,
  context: { id: string; command: string; runUrl: string | undefined; prose: Prose },
): string {
  const { command, prose } = context;
  const heading = {
    waiting: '## 📋 pr-debate plan: waiting for confirmation',
    ran: '## ✅ pr-debate plan: confirmed and run',
    replaced: '## ↩️ pr-debate plan: replaced',
  }[plan.state];
  const cost =
    plan.estimate.costUsd === undefined
      ? 'cost unknown for these models'
      : `about $${plan.estimate.costUsd.toFixed(2)}${packTokensNote(plan.estimate.packTokens)}`;
  const lines = [
    planMarker(context.id),
    heading,
    '',
    `**Topic:** ${prose(plan.topic, { inline: true })}`,
    '',
    ...renderPositionList(plan.positions, plan.noPrPosition ? null : (plan.prPosition ?? undefined), {
      command,
      prose,
    }),
    '',
    ...(plan.outOfScope.length > 0
      ? [`**Out of scope:** ${plan.outOfScope.map((t) => prose(t, { inline: true })).join('; ')}`, '']
      : []),
    `**Preset:** ${describeRounds(plan.plan)} · **Advocates:** ${sanitiseText([...new Set(plan.models.advocates)].join(', '), { inline: true })} · **Judge:** ${sanitiseText(plan.models.judge, { inline: true })}`,
    `**Estimate:** up to ${plan.estimate.calls} model calls, ${cost}; framing the positions cost $${plan.framingCostUsd.toFixed(4)}.`,
    ...[...plan.notes, ...(plan.plan.note ? [plan.plan.note] : [])].map((note) => `> ${prose(note, { inline: true })}`),
    '',
  ];
  if (plan.state === 'waiting') {
    lines.push(
      `No advocate or judge has been called. A maintainer (write access) can run this plan with ${codeSpan(`${command} go`)}, or debate other positions instead with ${codeSpan(`${command} <position A> vs <position B>`)}.`,
      `Planned for ${sanitiseText(plan.requestedBy, { inline: true })} at head ${codeSpan(plan.headSha.slice(0, 7))}${context.runUrl ? ` in this [workflow run](${context.runUrl})` : ''}.`,
    );
  } else if (plan.outcome) {
    lines.push(
      `${plan.state === 'ran' ? 'Run' : 'Replaced'} by ${sanitiseText(plan.outcome.by, { inline: true })} with ${codeSpan(plan.outcome.what)}: [the result](${plan.outcome.url}).`,
    );
  }
  lines.push('', `<!-- pr-debate:plan-data ${Buffer.from(JSON.stringify(plan), 'utf8').toString('base64url')} -->`);
  return lines.join('\n');
}

/**
 * The positions of a plan or a running debate, with the one that is the change as written marked
 * "(this PR)", and one line saying how a maintainer corrects it (docs/how-a-debate-runs.md: the marker).
 * @param prPosition the id a moderator named from the diff; null when the command said `--no-pr-position`;
 *   undefined when unknown (the moderator found none)
 * @returns the lines: a heading, one bullet per position, the correction line
 */
export function renderPositionList(
  positions: readonly string[],
  prPosition: string | null | undefined,
  context: { command: string; prose: Prose },
): string[] {
  const { command, prose } = context;
  const id = (i: number) => String.fromCharCode(65 + i);
  const lines = [
    '**Positions:**',
    ...positions.map(
      (p, i) => `- **${id(i)}.** ${prose(p, { inline: true })}${id(i) === prPosition ? ' **(this PR)**' : ''}`,
    ),
  ];
  const example = codeSpan(`${command} <position A> (this PR) vs <position B>`);
  lines.push(
    prPosition === null
      ? `_No position is this PR as written (${codeSpan('--no-pr-position')}), so the verdict is not read as for or against the change. If one is, say so with ${example}._`
      : prPosition === undefined
        ? `_The moderator found no position to be this PR as written, so which one is stays unknown, and the merge gate passes the verdict only when a maintainer other than the PR's author accepts one. If one is, say so with ${example}; if none is, add ${codeSpan('--no-pr-position')}._`
        : `_Position ${prPosition} is this PR as written (the moderator read it from the diff): the verdict is read as merge as written if it wins, changes requested if another does. If that is wrong, correct it with ${example}._`,
  );
  return lines;
}

/**
 * E.g. `standard (1 cross-examination round, steelman swap)`; a plan without cross-examination says its
 * verdict will be untested ({@link UNTESTED_PLAN_NOTE}), one with 4 judge runs says so.
 */
export function describeRounds(plan: PostedPlan['plan']): string {
  const rounds =
    plan.rounds === 0
      ? `openings and judge; ${UNTESTED_PLAN_NOTE}`
      : `${plan.rounds} cross-examination round${plan.rounds > 1 ? 's' : ''}${plan.steelman ? ', steelman swap' : ''}`;
  return `${plan.preset} (${rounds}${plan.judgeRuns === 4 ? '; 4 judge runs' : ''})`;
}
