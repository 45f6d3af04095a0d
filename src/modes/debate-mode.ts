import { planDebate } from '../debate/plan.js';
import type { Settings } from '../settings/settings.js';
import type { DebateTrigger } from '../trigger/detect-trigger.js';
import { answerProblem, authorize, reactToCommand } from '../pipeline/answer-requester.js';
import { checkRoleModels } from '../pipeline/check-role-models.js';
import { describeConfirmation, markPlanDone, plannedDebate, postPlan } from '../pipeline/confirm-plan.js';
import { holdDebate } from '../pipeline/hold-debate.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';
import {
  publishFailure,
  publishNotContested,
  publishNothingToDebate,
  publishVerdict,
} from '../pipeline/publish-result.js';
import { readEvidence } from '../pipeline/read-evidence.js';
import { openRun, type ConfirmedPlan } from '../pipeline/run-context.js';
import { saveResult, type SavedResult } from '../pipeline/save-result.js';
import { trackProgress, type ProgressTracker } from '../pipeline/track-progress.js';

/**
 * The debate mode, from the permission check to the concluded reaction: authorize, acknowledge, gather,
 * pre-flight, debate, save, publish, conclude; a confirmed plan runs as planned. It talks to GitHub only
 * through `src/github` (via `clients.github`) and to models only through `clients.models`; what it
 * produced is saved (`clients.stepOutputs`) before anything else can fail, and a failure after the
 * permission check goes into the debate comment (`publishFailure`).
 * @throws whatever opening the run throws (the contract says it); every later failure is published
 */
export async function debateMode(
  clients: PipelineClients,
  settings: Settings,
  trigger: DebateTrigger,
  confirmed?: ConfirmedPlan,
): Promise<PipelineResult> {
  const run = openRun(clients, settings, trigger, confirmed);
  const command = reactToCommand(run.publisher, clients.log, trigger.commentId);
  let progress: ProgressTracker | undefined;
  let saved: SavedResult | undefined;
  try {
    // Authorize: only writers start a debate; a setting the run cannot use (a bad input, a retired or
    // unpriced model, a missing key: `settings.problem`) is said on the PR at once.
    const allowed = await authorize(clients, settings, run.publisher, trigger);
    if (allowed !== true) return skipped({ commentUrl: allowed.url });
    if (settings.problem) return await command.conclude(await answerProblem(run, settings.problem));
    // Acknowledge: the plan on the PR, then 👀 on the command, neither waited for. The plan's write goes
    // first: the first model call waits for its answer (the permission check). 👀 follows that answer,
    // unless the run has ended by then.
    const plan = confirmed
      ? plannedDebate(confirmed)
      : planDebate({
          preset: settings.debate.preset,
          maxRounds: settings.debate.maxRounds,
          command: trigger.options,
          judgeRuns: settings.debate.judgeRuns,
        });
    progress = trackProgress(run, plan);
    void progress.answered.then(() => command.acknowledge());
    // Gather: the evidence pack; then make sure the result could be posted before spending money.
    const evidence = await readEvidence(run, plan);
    // Nothing to debate (no changed file, or only generated ones): said in one sentence, before any model call.
    if (evidence.pack.nothingToDebate !== undefined) {
      progress.stop();
      return await command.conclude(await publishNothingToDebate(run, evidence.pack.nothingToDebate));
    }
    let estimate = progress.evidenceRead(evidence.pack);
    await progress.ready();
    // confirm-plan: frame the positions, post the plan, and stop before any advocate or judge call.
    if (run.planStage) return await command.conclude(await postPlan(run, plan, evidence, progress));
    // Pre-flight: one short call per distinct model, so a model that does not answer stops the run before the debate.
    const preflight = await checkRoleModels(run, evidence.pack, estimate.readers);
    // The estimate again, with the pack's tokens as each provider counted them where it could (issue #31).
    estimate = progress.packCounted(preflight.packCounts);
    // Debate: the readers of what the pack could not hold first (issue #40), as many as the estimate counts.
    const outcome = await holdDebate(run, plan, evidence, progress, estimate.readers);
    progress.stop();
    if (outcome.kind === 'not-contested')
      return await command.conclude(await publishNotContested(run, outcome.framing, evidence));
    // The evidence as the debate's calls read it: with the readers' excerpts, when they read what the pack could not hold.
    const read = outcome.reading ? { ...evidence, pack: outcome.reading.pack } : evidence;
    // Save and render: the report, outputs and job summary are kept before any further GitHub call.
    const ran = confirmed ? [describeConfirmation(confirmed, trigger.requestedBy, evidence.pack.headSha)] : [];
    saved = await saveResult(run, outcome, read, {
      notes: [...ran, ...preflight.notes, ...(clients.models.notices?.() ?? [])],
      calls: preflight.calls,
      estimateUsd: estimate.costUsd,
    });
    // Publish: the verdict, the check run, the review; then the reaction, once.
    const result = await publishVerdict(run, saved, read);
    await markPlanDone(run, result, read.pack);
    return await command.conclude(result);
  } catch (error) {
    progress?.stop();
    return await command.conclude(await publishFailure(run, error, saved));
  }
}
