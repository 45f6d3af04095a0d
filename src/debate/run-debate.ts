import { summariseUsage, type RunUsage } from '../models/price-usage.js';
import { createCaller } from './call-models.js';
import type { Caller } from './caller-types.js';
import { countCitations } from './claims.js';
import type { DebateRequest } from './debate-request.js';
import { expectedScript, languageRule } from './language.js';
import { DebateFailed, type ModelClient } from './model-client.js';
import { auditEvidence } from './phases/audit-evidence.js';
import { crossExamine } from './phases/cross-examine.js';
import { listPositions, outOfScopeText, type DebateContext } from './phases/debate-context.js';
import { frameDebate, type FramedDebate } from './phases/frame-debate.js';
import { identifyPrPosition, waysOut } from './phases/identify-pr-position.js';
import { judgeRuns } from './phases/judge-runs.js';
import { openDebate } from './phases/open-debate.js';
import { readOverflow } from './phases/read-overflow.js';
import { swapSteelmans } from './phases/swap-steelmans.js';
import { addsPragmatist, advocateModelsFor, pragmatistLabel } from './plan.js';
import { loadPrompt } from './prompts.js';
import { POSITION_IDS, replySchemasFor, type Framing, type ReplySchemas } from './schemas.js';
import type { CallLogEntry, Completion, DebateOutcome, DebateResult, Position } from './debate-types.js';

/**
 * The debate engine: the falsification protocol of issue #4, one phase per file in `phases/`: framing
 * (when no positions were given), openings, cross-examination with convergence and closing answers,
 * the steelman swap, the evidence audit, and the judge's runs (two by default, half under swapped ids).
 * Each phase returns what it produced.
 * Pure logic over {@link ModelClient}: no SDK, no GitHub. Calls within a phase run concurrently.
 * @returns the outcome; model failures do not throw: a failed advocate turn is `[INCOMPLETE]` and the
 *   run `degraded-success`; a judge that fails in every run makes it `aborted`; both keep the transcript.
 *   A call the spending cap refused or the stop signal aborted ends the run's calls: `stoppedBy` says which.
 * @throws DebateFailed only when the moderator fails (there is nothing to debate without positions),
 *   with the stop reason when the run's calls had stopped
 */
export async function runDebate(client: ModelClient, request: DebateRequest): Promise<DebateOutcome> {
  const { pack, plan, judgeModel } = request;
  const language = languageRule(request.language);
  const caller = openCaller(client, request);
  const done = (phase: string) => request.onPhaseEnd?.({ phase });

  // The envelope is keyed by the position ids; before the moderator has framed them, guess two (the usual framing),
  // so that the moderator's call writes the prefix the debate reads. A framing of three or four changes the envelope.
  const guessed = replySchemasFor(
    POSITION_IDS.slice(0, Math.max(2, Math.min(request.positions.length, POSITION_IDS.length))),
  );
  const framed = request.positions.length > 0 ? undefined : await frame(caller, request, guessed);
  if (framed?.kind === 'not-contested')
    return { kind: 'not-contested', framing: framed.framing, calls: caller.calls, usage: summariseUsage(caller.calls) };
  const given = framed?.labels ?? request.positions;
  // In deep, a two-position debate gains the pragmatist (issue #28); the topic stays the two positions'.
  const labels = addsPragmatist(plan, given.length) ? [...given, pragmatistLabel(given)] : given;
  const outOfScope = framed?.outOfScope ?? request.outOfScope;
  const topic = framed?.topic ?? request.topic ?? given.join(' vs ');
  const known = knownPrPosition(request, framed);
  if (framed)
    request.onPhaseEnd?.({
      phase: 'framing',
      positions: given,
      topic,
      ...(known?.prPosition === undefined ? {} : { prPosition: known.prPosition }),
    });
  const models = advocateModelsFor(request.advocateModels, labels.length, request.moderatorModel);
  const positions: Position[] = labels
    .slice(0, POSITION_IDS.length)
    .map((label, i) => ({ id: POSITION_IDS[i]!, label, model: models[i]! }));
  const framedCtx: DebateContext = {
    caller,
    pack,
    positions,
    positionList: listPositions(positions),
    scopeText: outOfScopeText(outOfScope),
    outOfScope,
    language,
    plan,
    schemas: positions.length === guessed.ids.length ? guessed : replySchemasFor(positions.map((p) => p.id)),
  };
  // Readers (issue #40): what the pack could not hold is read in one wave before the openings, and what
  // they quote joins the evidence of every later call.
  const reading = request.readers ? await readOverflow(framedCtx, request.readers) : undefined;
  if (reading) done('reading');
  const ctx: DebateContext = reading
    ? { ...framedCtx, pack: reading.pack, caller: caller.withReadings(reading.pack.readings ?? '') }
    : framedCtx;

  const opened = await openDebate(ctx);
  done('openings');
  // The moderator names which named position is the PR, or checks a `(this PR)` mark. No advocate or judge
  // reads it, so it runs beside the rest of the debate, after the openings have written the prompt cache it
  // reads; the pragmatist is never the PR, so it is not asked about.
  const identifying =
    known !== undefined || opened.openings.every((t) => t.status === 'incomplete')
      ? undefined
      : identifyPrPosition(ctx.caller, {
          model: request.moderatorModel,
          positions: positions.slice(0, given.length),
          claim: request.prPosition?.kind === 'claim' ? request.prPosition.id : undefined,
          command: request.command,
          language,
          schemas: ctx.schemas,
        }).then((found) => {
          if (found.prPosition !== undefined) request.onPrPosition?.(found.prPosition);
          return found;
        });
  const crossed = await crossExamine(ctx, opened.openings, done);
  const debated = { openings: opened.openings, rounds: crossed.rounds, closing: crossed.closing, steelmans: [] };
  // A surrendered position has no case left to steelman, and its advocate argues no more (issue #20).
  const arguing = new Set([...crossed.active].filter((id) => !crossed.surrendered.includes(id)));
  const swapped =
    plan.steelman && crossed.rounds.length > 0 && arguing.size >= 2
      ? await swapSteelmans(ctx, debated, arguing)
      : { steelmans: [], problems: [] };
  if (swapped.steelmans.length > 0) done('steelman');
  const transcript = { ...debated, steelmans: swapped.steelmans };
  const problems = [...(framed?.problems ?? []), ...opened.problems, ...crossed.problems, ...swapped.problems];
  const surrendered = new Set(crossed.surrendered);
  // Unconfirmed until the moderator's call settles: a mark stays a claim, anything else unknown.
  let prPosition: string | null | undefined = known?.prPosition;
  let prPositionClaimed = request.prPosition?.kind === 'claim' ? request.prPosition.id : undefined;
  const result = (
    rest: Pick<
      DebateResult,
      'transcript' | 'audit' | 'judgeRuns' | 'ruling' | 'completion' | 'problems' | 'enforcement' | 'notes'
    >,
  ): DebateResult => ({
    kind: 'debate',
    topic,
    positions,
    prPosition,
    ...(prPosition === undefined && prPositionClaimed !== undefined ? { prPositionClaimed } : {}),
    outOfScope,
    framing: framed?.framing,
    plan,
    language,
    stop: crossed.stop,
    roundsHeld: crossed.rounds.length,
    judgeModel,
    surrendered: positions.filter((p) => surrendered.has(p.id)).map((p) => p.id),
    counts: countCitations(rest.transcript, positions),
    calls: caller.calls,
    usage: summariseUsage(caller.calls),
    stoppedBy: caller.stoppedBy(),
    ...(reading ? { reading } : {}),
    ...rest,
  });
  const notes = [
    ...(plan.note ? [plan.note] : []),
    ...(framed?.notes ?? []),
    ...(known?.notes ?? []),
    ...(labels.length > given.length ? [PRAGMATIST_NOTE] : []),
    ...(reading?.result.notes ?? []),
  ];
  if (transcript.openings.every((t) => t.status === 'incomplete')) {
    const all = [...problems, 'No advocate produced an opening, so the judge was not called.'];
    return result({
      transcript,
      audit: undefined,
      judgeRuns: [],
      ruling: undefined,
      completion: 'aborted',
      problems: all,
      enforcement: [],
      notes,
    });
  }

  const audited = await auditEvidence(ctx, transcript, judgeModel);
  done('audit');
  const judged = await judgeRuns(ctx, {
    transcript: audited.transcript,
    stop: crossed.stop,
    surrendered,
    audit: audited.audit,
    judgeModel,
  });
  done('judge');
  const identified = await identifying;
  if (identified) {
    prPosition = identified.prPosition;
    prPositionClaimed = identified.claimed;
    notes.push(...identified.notes);
  }
  const all = [...problems, ...audited.problems, ...judged.problems];
  const completion: Completion = !judged.ruling ? 'aborted' : all.length > 0 ? 'degraded-success' : 'success';
  return result({
    transcript: audited.transcript,
    audit: audited.audit,
    judgeRuns: judged.runs,
    ruling: judged.ruling,
    completion,
    problems: all,
    enforcement: judged.enforcement,
    notes,
  });
}

/**
 * Which position is the PR when no moderator call is needed for it: `--no-pr-position` (null), the
 * debate's own framing, or a plan framed at this head. A model's "none is" is recorded as unknown, never
 * as null: null would let the gate pass any decision, and only the command can say it.
 * @returns undefined when the moderator is to name it or check a mark
 */
function knownPrPosition(
  request: Pick<DebateRequest, 'prPosition' | 'command'>,
  framed: Extract<FramedDebate, { kind: 'framed' }> | undefined,
): { prPosition: string | null | undefined; notes: string[] } | undefined {
  const input = request.prPosition ?? { kind: 'ask' };
  if (input.kind === 'none') return { prPosition: null, notes: [] };
  const named = framed ? framed.prPosition : input.kind === 'named' ? input.id : undefined;
  if (!framed && input.kind !== 'named') return undefined;
  if (named !== null && named !== undefined) return { prPosition: named, notes: [] };
  return {
    prPosition: undefined,
    notes: [
      `The moderator that framed the positions found no position to be this PR as written, so the record leaves which one is unknown. ${waysOut(request.command)}`,
    ],
  };
}

const PRAGMATIST_NOTE =
  'Preset deep added a third advocate, the pragmatist (position C), who argues for the middle ground the evidence supports between A and B.';

/** What framing alone produced, for a plan that waits for confirmation (input `confirm-plan`). */
export type FramedPositions = (
  | { kind: 'not-contested'; framing: Framing }
  /** The framing phase's result; `notes` also says what went wrong with the reply (its `problems`). */
  | Omit<Extract<FramedDebate, { kind: 'framed' }>, 'problems'>
) & { calls: CallLogEntry[]; usage: RunUsage };

/**
 * The framing phase of {@link runDebate} on its own (the same caller, prompt, rules and envelope): the
 * moderator frames the positions and nothing else is called, so under `confirm-plan` no advocate or
 * judge call is made before a maintainer confirms (docs/config.md).
 * @throws DebateFailed when the moderator fails twice (reply and repair), with the stop reason when the run's calls had stopped
 */
export async function framePositions(
  client: ModelClient,
  request: Pick<DebateRequest, 'pack' | 'outOfScope' | 'command' | 'moderatorModel' | 'language'>,
): Promise<FramedPositions> {
  const caller = openCaller(client, request);
  const framed = await frame(caller, request, replySchemasFor(POSITION_IDS.slice(0, 2)));
  const usage = summariseUsage(caller.calls);
  if (framed.kind === 'not-contested')
    return { kind: 'not-contested', framing: framed.framing, calls: caller.calls, usage };
  const { framing, labels, prPosition, topic, outOfScope } = framed;
  return {
    kind: 'framed',
    framing,
    labels,
    prPosition,
    topic,
    outOfScope,
    notes: [...framed.notes, ...framed.problems],
    calls: caller.calls,
    usage,
  };
}

/** The caller of one run: every call starts with the system prompt and the evidence pack, and is checked for the language's script. */
function openCaller(client: ModelClient, request: Pick<DebateRequest, 'pack' | 'language'>): Caller {
  return createCaller(
    client,
    { system: loadPrompt('system'), evidence: request.pack.text },
    expectedScript(request.language),
  );
}

/** Phase 0, framing, asked as the debate asks it. @param schemas the envelope the debate's later calls send too (the same object, so the prompt cache is not split) */
async function frame(
  caller: Caller,
  request: Pick<DebateRequest, 'outOfScope' | 'command' | 'moderatorModel' | 'language'>,
  schemas: ReplySchemas,
): Promise<FramedDebate> {
  try {
    return await frameDebate(caller, {
      model: request.moderatorModel,
      command: request.command,
      outOfScope: request.outOfScope,
      language: languageRule(request.language),
      schemas,
    });
  } catch (error) {
    // The engine's failure carries its stop reason: a moderator the deadline or the cap stopped is said as such.
    throw new DebateFailed(error instanceof Error ? error.message : String(error), caller.stoppedBy(), {
      cause: error,
    });
  }
}
