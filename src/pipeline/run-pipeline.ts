import { planDebate } from '../debate/plan.js';
import type { Settings } from '../settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { checkRoleModels } from './check-role-models.js';
import { answerCommand, answerProblem, authorize, findProblem, reactToCommand } from './answer-command.js';
import { holdDebate } from './hold-debate.js';
import { publishFailure, publishNotContested, publishVerdict } from './publish-result.js';
import { readEvidence } from './read-evidence.js';
import { recordResult, type RecordedResult } from './record-result.js';
import { openPublisher, openRun } from './run-context.js';
import { acceptStage } from './accept-decision.js';
import { acceptResult, gateResult } from './gate-results.js';
import { runGateMode } from './run-gate-mode.js';
import { trackProgress, type ProgressTracker } from './track-progress.js';
import { skipped, type PipelineClients, type PipelineResult } from './types.js';

/**
 * The run after the trigger: authorize, acknowledge, gather, debate, record, render, publish, settle.
 * It talks to GitHub only through `src/github` (via `clients.github`) and to models only through
 * `clients.models`; what it produced is recorded (`clients.recorder`) before anything else can fail.
 * Never throws for a failure after the trigger: it posts what failed and returns `failure`, so the
 * step fails with the comment in place.
 */
export async function runPipeline(clients: PipelineClients, settings: Settings, trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>): Promise<PipelineResult> {
  const github = { octokit: clients.github.writes, log: clients.log };
  if (trigger.kind === 'gate') return finish(clients, gateResult(await runGateMode(github, settings, trigger.target)));
  if (trigger.kind === 'accept') return finish(clients, acceptResult(await acceptStage(github, settings, openPublisher(clients, settings), trigger)));
  if (trigger.kind !== 'debate') return finish(clients, await answerCommand(clients, settings, trigger));
  const run = openRun(clients, settings, trigger);
  const command = reactToCommand(run.publisher, clients.log, trigger.commentId);
  let progress: ProgressTracker | undefined;
  let recorded: RecordedResult | undefined;
  try {
    // Authorize: only writers start a debate; a bad input or a missing key is said on the PR at once.
    if (!(await authorize(clients, settings, run.publisher, trigger))) return finish(clients, skipped());
    const problem = findProblem(settings);
    if (problem) return finish(clients, await command.settle(await answerProblem(run, problem)));
    // Acknowledge: 👀 on the command and the plan on the PR, neither waited for.
    command.acknowledge();
    const plan = planDebate({ preset: settings.preset, maxRounds: settings.maxRounds, command: trigger.options });
    progress = trackProgress(run, plan);
    // Gather: the evidence pack; then make sure the result could be posted before spending money.
    const evidence = await readEvidence(run);
    progress.evidenceRead(evidence.pack);
    await progress.ready();
    // Pre-flight: one short call per distinct model, so a model that does not answer stops the run before the debate.
    await checkRoleModels(run);
    // Debate.
    const outcome = await holdDebate(run, plan, evidence, progress);
    progress.stop();
    if (outcome.kind === 'not-contested') return finish(clients, await command.settle(await publishNotContested(run, outcome.framing, evidence)));
    // Record and render: the report, outputs and job summary are kept before any further GitHub call.
    recorded = await recordResult(run, outcome, evidence);
    // Publish, then settle the reaction.
    return finish(clients, await command.settle(await publishVerdict(run, recorded, evidence)));
  } catch (error) {
    progress?.stop();
    return finish(clients, await command.settle(await publishFailure(run, error, recorded)));
  }
}

/** Sets the final outputs of a run. */
function finish(clients: PipelineClients, result: PipelineResult): PipelineResult {
  const { status, recommendation, confidence, commentUrl, decision, gateConclusion, decisionRecordFile } = result;
  clients.recorder.setOutputs({ status, recommendation, confidence, commentUrl, decision, ...(gateConclusion === undefined ? {} : { gateConclusion }), ...(decisionRecordFile === undefined ? {} : { decisionRecordFile }) });
  return result;
}
