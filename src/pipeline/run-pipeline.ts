import { planDebate } from '../debate/plan.js';
import type { Settings } from '../settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { checkRoleModels } from './check-role-models.js';
import { answerCommand, answerProblem, authorize, findProblem, reactToCommand } from './answer-command.js';
import { holdDebate } from './hold-debate.js';
import { publishFailure, publishNotContested, publishVerdict } from './publish-result.js';
import { readEvidence } from './read-evidence.js';
import { recordResult, type RecordedResult } from './record-result.js';
import { describeConfirmation, plannedDebate, postPlan, resolveGo, settlePlan, withPlannedModels } from './confirm-plan.js';
import { openPublisher, openRun, type ConfirmedPlan, type DebateTrigger } from './run-context.js';
import { describeFailure } from './step-error.js';
import { acceptStage } from './accept-decision.js';
import { acceptResult, gateResult } from './gate-results.js';
import { renderAcceptFailure } from '../report/render-accept.js';
import { runGateMode } from './run-gate-mode.js';
import { resolveBridge } from './resolve-bridge.js';
import { trackProgress, type ProgressTracker } from './track-progress.js';
import { skipped, type PipelineClients, type PipelineResult } from './pipeline-types.js';

/**
 * The run after the trigger: authorize, acknowledge, gather, debate, record, render, publish, settle.
 * It talks to GitHub only through `src/github` (via `clients.github`) and to models only through
 * `clients.models`; what it produced is recorded (`clients.recorder`) before anything else can fail.
 * Never throws for a failure after the trigger: it posts what failed and returns `failure`, so the
 * step fails with the comment in place.
 */
export async function runPipeline(clients: PipelineClients, settings: Settings, trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>): Promise<PipelineResult> {
  const github = { octokit: clients.github.writes, log: clients.log };
  if (trigger.kind === 'bridge') {
    // A fork PR's run is only a pointer: the PR, its head, the label and who added it are read from GitHub first.
    const resolved = await resolveBridge(clients, settings, trigger.purpose, trigger.run).catch((error: unknown) => ({ kind: 'failed' as const, error }));
    if (resolved.kind === 'failed') return finish(clients, failedWithout(clients, 'The workflow_run bridge', resolved.error));
    if (resolved.kind !== 'refused') return runPipeline(clients, settings, resolved);
    clients.log.notice(`pr-debate bridge did nothing: ${resolved.reason}.`);
    return finish(clients, skipped());
  }
  if (trigger.kind === 'gate') return finish(clients, await runGateMode(github, settings, trigger.target).then(gateResult, (error: unknown) => failedWithout(clients, 'The merge gate', error)));
  if (trigger.kind === 'accept') return finish(clients, await accept(clients, settings, trigger));
  if (trigger.kind === 'go') {
    // A bad input or a missing key is said first, as for any debate command, before the plan is read.
    if (await findProblem(settings)) return debate(clients, settings, { kind: 'debate', source: 'comment', pullNumber: trigger.pullNumber, requestedBy: trigger.requestedBy, commentId: trigger.commentId, positions: [], options: { outOfScope: [] } });
    // `/debate go`: the plan posted under confirm-plan becomes the debate, or the reply says why there is none.
    const resolved = await resolveGo(clients, settings, trigger).catch((error: unknown) => ({ kind: 'failed' as const, failure: describeFailure(error) }));
    if (resolved.kind === 'failed') return finish(clients, { ...skipped({ failure: resolved.failure }), status: 'aborted' });
    if (resolved.kind === 'reply') return finish(clients, await answerCommand(clients, settings, { ...trigger, kind: 'reply', reply: { kind: 'invalid', problem: resolved.problem } }));
    return debate(clients, withPlannedModels(settings, resolved.confirmed, clients.log), resolved.trigger, resolved.confirmed);
  }
  if (trigger.kind !== 'debate') return finish(clients, await answerCommand(clients, settings, trigger));
  return debate(clients, settings, trigger);
}

/** A debate run, from the permission check to the settled reaction; a confirmed plan runs as planned. */
async function debate(clients: PipelineClients, settings: Settings, trigger: DebateTrigger, confirmed?: ConfirmedPlan): Promise<PipelineResult> {
  const run = openRun(clients, settings, trigger, confirmed);
  const command = reactToCommand(run.publisher, clients.log, trigger.commentId);
  let progress: ProgressTracker | undefined;
  let recorded: RecordedResult | undefined;
  try {
    // Authorize: only writers start a debate; a bad input or a missing key is said on the PR at once.
    const allowed = await authorize(clients, settings, run.publisher, trigger);
    if (allowed !== true) return finish(clients, skipped({ commentUrl: allowed.url }));
    const problem = await findProblem(settings);
    if (problem) return finish(clients, await command.settle(await answerProblem(run, problem)));
    // Acknowledge: 👀 on the command and the plan on the PR, neither waited for.
    command.acknowledge();
    const plan = confirmed ? plannedDebate(confirmed) : planDebate({ preset: settings.preset, maxRounds: settings.maxRounds, command: trigger.options });
    progress = trackProgress(run, plan);
    // Gather: the evidence pack; then make sure the result could be posted before spending money.
    const evidence = await readEvidence(run);
    const estimate = progress.evidenceRead(evidence.pack);
    await progress.ready();
    // confirm-plan: frame the positions, post the plan, and stop before any advocate or judge call.
    if (run.planStage) return finish(clients, await command.settle(await postPlan(run, plan, evidence, progress)));
    // Pre-flight: one short call per distinct model, so a model that does not answer stops the run before the debate.
    const preflight = await checkRoleModels(run, evidence.pack.tokens);
    // Debate.
    const outcome = await holdDebate(run, plan, evidence, progress);
    progress.stop();
    if (outcome.kind === 'not-contested') return finish(clients, await command.settle(await publishNotContested(run, outcome.framing, evidence)));
    // Record and render: the report, outputs and job summary are kept before any further GitHub call.
    const ran = confirmed ? [describeConfirmation(confirmed, trigger.requestedBy, evidence.pack.headSha)] : [];
    recorded = await recordResult(run, outcome, evidence, { notes: [...ran, ...preflight.notes], calls: preflight.calls, estimateUsd: estimate.costUsd });
    // Publish, then settle the reaction.
    const result = await publishVerdict(run, recorded, evidence);
    await settlePlan(run, result, evidence.pack);
    return finish(clients, await command.settle(result));
  } catch (error) {
    progress?.stop();
    return finish(clients, await command.settle(await publishFailure(run, error, recorded)));
  }
}

/** `/debate accept`: what fails after the trigger is said in a reply to the command, and the step fails. */
async function accept(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'accept' }>): Promise<PipelineResult> {
  const publisher = openPublisher(clients, settings);
  try {
    return acceptResult(await acceptStage({ octokit: clients.github.writes, log: clients.log }, settings, publisher, trigger));
  } catch (error) {
    const failed = failedWithout(clients, 'The accept', error);
    try {
      failed.commentUrl = (await publisher.reply(trigger.pullNumber, renderAcceptFailure(trigger.requestedBy, failed.failure ?? ''))).url;
    } catch (replyError) {
      clients.log.warning(`Could not reply on the pull request either: ${describeFailure(replyError)}`);
    }
    return failed;
  }
}

/** A gate or accept run that failed after the trigger: no throw, the failure for the step (and the log). */
function failedWithout(clients: PipelineClients, what: string, error: unknown): PipelineResult {
  const failure = `${what} failed: ${describeFailure(error)}`;
  clients.log.warning(failure);
  return { ...skipped({ failure }), status: 'aborted' };
}

/** Sets the final outputs of a run. */
function finish(clients: PipelineClients, result: PipelineResult): PipelineResult {
  const { status, recommendation, confidence, commentUrl, decision, gateConclusion, decisionRecordFile } = result;
  clients.recorder.setOutputs({ status, recommendation, confidence, commentUrl, decision, ...(gateConclusion === undefined ? {} : { gateConclusion }), ...(decisionRecordFile === undefined ? {} : { decisionRecordFile }) });
  return result;
}
