import type { ReaderPlan } from '../debate/reading-types.js';
import {
  advocateModelsFor,
  callsModerator,
  plannedCalls,
  plannedPhases,
  plannedReaders,
  plannedWarmUps,
  readingPhase,
  type DebatePlan,
} from '../debate/plan.js';
import { partPreambleChars } from '../evidence/render-part.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { PackCount } from '../llm/count-pack-tokens.js';
import { estimateTokensOn } from '../llm/pack-tokenizer.js';
import { callsByModel, estimateReaderCostUsd, estimateRunCostUsd } from '../models/price-usage.js';
import { isPermissionRefusal } from '../github/describe-github-error.js';
import { isStatus } from '../github/parse-response.js';
import { createProse } from '../report/prose.js';
import { describeRounds } from '../report/render-plan.js';
import { renderProgressComment, type ProgressState } from '../report/render-progress.js';
import { prPositionInput, type RunContext } from './run-context.js';
import { describeFailure, StepError } from './step-error.js';

/**
 * The progress comment of a run (issue #5): the plan at once, then one update per phase. Writes stay
 * off the critical path: nothing waits for them, updates made while one is being written are merged
 * into the next, and a failed update is only a warning. Only the first write is waited for, once,
 * before the first model call: when GitHub refuses it for permissions, no result could be posted, so
 * no money is spent. Once the run stops writing, nothing more is sent: the verdict replaces the
 * progress, and the debate comment never writes an update once its verdict is being written.
 */
export interface ProgressTracker {
  /** Applies a change to the state and schedules a write of the comment. */
  update(change: (state: ProgressState) => void): void;
  /**
   * Ticks the evidence off and adds the plan's estimate of calls and cost ({@link estimateDebate}).
   * @returns that estimate: calls, and USD (what the spending cap's stop sentence measures against)
   */
  evidenceRead(pack: EvidencePack): DebateEstimate;
  /**
   * Estimates again with the pack's tokens as pre-flight found them per model (`countPackTokens`: counted by
   * the provider, or estimated for its tokenizer), and shows it.
   * @returns that estimate, which the spending cap's stop sentence then measures against
   */
  packCounted(counts: ReadonlyMap<string, PackCount>): DebateEstimate;
  /**
   * Resolves once the first write has been answered.
   * @throws StepError when GitHub refused it for the token's permissions (403 "Resource not accessible
   *   by integration", 401): the step names the missing `permissions:` entry
   */
  ready(): Promise<void>;
  /** Stops writing: nothing more is sent (a write in flight is left to land; the verdict handles it). */
  stop(): void;
  /** Settles once the first write has been answered, whatever the answer (never rejects). */
  answered: Promise<void>;
}

/** Starts the tracker and its first write (the plan). */
export function trackProgress(run: RunContext, plan: DebatePlan): ProgressTracker {
  const { settings, trigger, clients } = run;
  const needsFraming = trigger.positions.length === 0;
  // A plan framed at another head than the debate's names the PR's position again: one moderator call more.
  const moderatorCall = (headSha: string | undefined) =>
    callsModerator(trigger.positions.length, prPositionInput(trigger, run.confirmed, headSha));
  const phases = plannedPhases(plan, needsFraming);
  const state: ProgressState = {
    id: run.id,
    topic: needsFraming ? undefined : (run.confirmed?.posted.topic ?? trigger.positions.join(' vs ')),
    positions: needsFraming ? undefined : trigger.positions,
    // Unknown (undefined) until the moderator names or confirms it; null only for `--no-pr-position`.
    prPosition: needsFraming || trigger.options.prPosition !== null ? undefined : null,
    command: settings.run.command,
    outOfScope: trigger.options.outOfScope,
    preset: describeRounds(plan),
    models: { advocates: settings.models.advocateModels, judge: settings.models.judgeModel },
    evidence: undefined,
    estimate: undefined,
    // A confirm-plan run only frames the positions.
    phases: run.planStage ? phases.filter((p) => p.id === 'framing') : phases,
    done: new Set(),
    evidenceDone: false,
    runUrl: settings.github.runUrl,
    ...(run.planStage ? { stage: 'plan' as const } : {}),
  };
  // Set when the run stops writing (or a verdict is found): nothing more is sent.
  let stopped = false;
  const halt = () => void (stopped = true);
  let writing = false;
  let dirty = false;
  let firstError: unknown;
  let writes = 0;
  let read: EvidencePack | undefined;
  // Settles with the first write's answer, not with the updates merged after it (each waits a second of
  // write spacing): the first model call waits for the permission check that answer is, nothing more.
  let firstAnswered: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstAnswered = resolve));

  const send = async (): Promise<void> => {
    dirty = false;
    try {
      const posted = await run.comment.postUpdate(renderProgressComment(state));
      if (posted.kept === 'verdict') {
        halt();
        clients.log.info(
          'A verdict is already posted on this PR: it stays until a newer one replaces it, and the progress of this run shows here in the log.',
        );
      }
    } catch (error) {
      if (writes === 0) firstError = error;
      clients.log.warning(`Could not update the progress comment: ${describeFailure(error)}`);
    }
    writes += 1;
    firstAnswered();
  };
  // The plan goes at once; the changes made while a write is in flight ride in the next one.
  const write = async (first: boolean): Promise<void> => {
    writing = true;
    try {
      if (first) await send();
      while (dirty && !stopped) await send();
    } finally {
      writing = false;
    }
  };
  void write(true);

  const update = (change: (state: ProgressState) => void) => {
    change(state);
    if (stopped) return;
    dirty = true;
    if (!writing) void write(false);
  };
  return {
    update,
    evidenceRead(pack) {
      read = pack;
      const estimate = estimateDebate(run, plan, trigger.positions.length || 4, moderatorCall(pack.headSha), pack);
      update((s) => {
        s.evidenceDone = true;
        s.evidence = { files: pack.fileCount.total, tokens: pack.tokens, rfc: pack.rfcNote };
        s.estimate = estimate;
        s.phases = withReaders(s.phases, estimate.readers.calls);
        s.prose = createProse(pack, {
          id: run.id,
          serverUrl: settings.github.serverUrl,
          ...run.repo,
          headSha: pack.headSha,
          baseSha: pack.baseSha,
          runUrl: settings.github.runUrl,
          durationMs: 0,
          currentHeadSha: pack.headSha,
        });
      });
      return estimate;
    },
    packCounted(counts) {
      const estimate = estimateDebate(
        run,
        plan,
        trigger.positions.length || 4,
        moderatorCall(read?.headSha),
        read ?? { text: '' },
        counts,
      );
      update((s) => {
        s.estimate = estimate;
        s.phases = withReaders(s.phases, estimate.readers.calls);
      });
      return estimate;
    },
    async ready() {
      await first;
      if (firstError !== undefined && (isPermissionRefusal(firstError) || isStatus(firstError, 401))) {
        throw new StepError('posting the progress comment', firstError);
      }
    },
    stop: halt,
    answered: first,
  };
}

/** The checklist with the readers' phase (before the openings) when there are reader calls, without it when there are none. */
function withReaders(phases: ProgressState['phases'], readers: number): ProgressState['phases'] {
  const rest = phases.filter((p) => p.id !== 'reading');
  if (readers === 0) return rest;
  const at = rest.findIndex((p) => p.id === 'openings');
  return at === -1 ? rest : [...rest.slice(0, at), readingPhase(readers), ...rest.slice(at)];
}

/** The plan's estimate of a whole run: model calls (an upper bound) and cost in USD. */
export interface DebateEstimate {
  calls: number;
  costUsd: number | undefined;
  /**
   * The reader calls counted (issue #40): one per part of the changes the pack cannot hold, at most
   * `max-reader-calls`, and fewer (`bound: 'max-cost-usd'`) when the estimate with more would pass `max-cost-usd`.
   */
  readers: ReaderPlan;
  /**
   * How the pack's tokens in `costUsd` were found: `estimated` for each model's tokenizer (`estimateTokensOn`),
   * `counted` by each model's provider (pre-flight's `countPackTokens`), `partly-counted` for some models only.
   */
  packTokens: PackTokensBasis;
}

/** See {@link DebateEstimate.packTokens}. */
export type PackTokensBasis = 'estimated' | 'counted' | 'partly-counted';

/**
 * The plan's estimate: calls and cost. Calls are an upper bound with every turn succeeding first time
 * (`plannedCalls`), plus the reader calls (issue #40), the one-token prompt-cache warm-ups (`plannedWarmUps`)
 * and one pre-flight call per distinct model; the cost prices each model's calls at its own rates
 * (`estimateRunCostUsd`), with the pack's tokens on that model: its provider's count when pre-flight has
 * one, else the estimate for its tokenizer (issue #31), and says which; and each reader call with its part
 * (`estimateReaderCostUsd`). Readers are counted up to `max-reader-calls`, and fewer while the estimate
 * would pass `max-cost-usd`: the parts past them are listed as unread rather than the debate stopped by the cap.
 * @param positions how many positions (4 while the moderator has not framed them)
 * @param pack the evidence pack's text (its length is what the estimate reads) and its reader parts
 * @param counts the pack's tokens per model from pre-flight, when it has run
 * @returns calls, USD (undefined when a model has no known price), and how the pack's tokens were found
 */
export function estimateDebate(
  run: Pick<RunContext, 'settings'>,
  plan: DebatePlan,
  positions: number,
  needsFraming: boolean,
  pack: EstimatedPack,
  counts?: ReadonlyMap<string, PackCount>,
): DebateEstimate {
  const { settings } = run;
  const parts = pack.coverage?.parts ?? [];
  const planned = plannedReaders(parts.length, settings.models.maxReaderCalls);
  // As many readers as the input allows, fewer while the whole run's estimate would pass the spending cap.
  for (let readers = planned; ; readers -= 1) {
    const estimate = estimateWith(settings, plan, positions, needsFraming, pack, counts, readers);
    const bound = readers < planned ? 'max-cost-usd' : 'max-reader-calls';
    if (readers === 0 || estimate.costUsd === undefined || estimate.costUsd <= settings.models.maxCostUsd)
      return { ...estimate, readers: { model: settings.models.readerModel, calls: readers, bound } };
  }
}

/** What the estimate reads of the pack: its text, and the parts readers read when it cannot hold every hunk. */
export type EstimatedPack = Pick<EvidencePack, 'text'> &
  Partial<Pick<EvidencePack, 'coverage' | 'pullNumber' | 'headSha' | 'baseSha' | 'rfcNote'>>;

/** Tokens a read part adds to the evidence of every later call (its readers' excerpts), for the estimate. */
const READINGS_TOKENS_PER_PART = 1_500;

/** The estimate with `readers` reader calls (the first parts). */
function estimateWith(
  settings: RunContext['settings'],
  plan: DebatePlan,
  positions: number,
  needsFraming: boolean,
  pack: EstimatedPack,
  counts: ReadonlyMap<string, PackCount> | undefined,
  readers: number,
): Omit<DebateEstimate, 'readers'> {
  const debateCalls = plannedCalls(plan, positions, needsFraming);
  const advocates = advocateModelsFor(settings.models.advocateModels, positions, settings.models.model);
  const preflight = new Set([
    settings.models.model,
    ...advocates,
    settings.models.judgeModel,
    ...(readers > 0 ? [settings.models.readerModel] : []),
  ]).size;
  const calls = debateCalls + readers + plannedWarmUps(plan, advocates) + preflight;
  const byModel = callsByModel({ total: debateCalls, framing: needsFraming, positions, ...settings.models }).filter(
    (c) => c.calls > 0,
  );
  const counted = byModel.filter((c) => counts?.get(c.model)?.how === 'counted').length;
  const packTokens: PackTokensBasis =
    counted === 0 ? 'estimated' : counted === byModel.length ? 'counted' : 'partly-counted';
  const tokensOn = (model: string) =>
    (counts?.get(model)?.tokens ?? estimateTokensOn(model, pack.text.length)) + readers * READINGS_TOKENS_PER_PART;
  const preamble =
    pack.coverage && pack.pullNumber !== undefined
      ? partPreambleChars(
          { number: pack.pullNumber, headSha: pack.headSha ?? '', baseSha: pack.baseSha ?? '' },
          pack.rfcNote ?? '',
        )
      : 0;
  const partTokens = (pack.coverage?.parts ?? [])
    .slice(0, readers)
    .map((part) => estimateTokensOn(settings.models.readerModel, part.chars + preamble));
  const debate = estimateRunCostUsd(byModel, tokensOn);
  const reading = estimateReaderCostUsd(settings.models.readerModel, partTokens);
  return { calls, costUsd: debate === undefined || reading === undefined ? undefined : debate + reading, packTokens };
}
