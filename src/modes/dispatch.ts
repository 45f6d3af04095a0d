import { planDebate } from '../debate/plan.js';
import type { Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { checkRoleModels } from '../pipeline/check-role-models.js';
import { answerCommand, answerProblem, authorize, findProblem, reactToCommand } from './reply-mode.js';
import { holdDebate } from '../pipeline/hold-debate.js';
import { publishFailure, publishNotContested, publishNothingToDebate, publishVerdict } from '../pipeline/publish-result.js';
import { readEvidence } from '../pipeline/read-evidence.js';
import { saveResult, type SavedResult } from '../pipeline/save-result.js';
import { describeConfirmation, plannedDebate, postPlan, resolveGo, markPlanDone, withPlannedModels } from '../pipeline/confirm-plan.js';
import { openPublisher, openRun, type ConfirmedPlan, type DebateTrigger } from '../pipeline/run-context.js';
import { acceptStage } from './accept-mode.js';
import { acceptResult, gateResult } from './gate-results.js';
import { renderAcceptFailure } from '../report/render-accept.js';
import { meaningLine } from '../report/merge-meaning.js';
import { renderRunFailure } from '../report/render-notices.js';
import { runGateMode } from './gate-mode.js';
import { bridgeGate, findBridgePull, takeBridgeRequest } from './resolve-bridge.js';
import { runMode } from './run-mode.js';
import { trackProgress, type ProgressTracker } from '../pipeline/track-progress.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';

/** A trigger the pipeline runs: every kind but those that stop before it. */
type PipelineTrigger = Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>;

/**
 * The run after the trigger: authorize, acknowledge, gather, debate, save, render, publish, conclude.
 * It talks to GitHub only through `src/github` (via `clients.github`) and to models only through
 * `clients.models`; what it produced is saved (`clients.stepOutputs`) before anything else can fail.
 * Every mode runs under the one contract of `run-mode.ts`: it never throws for a failure after the
 * trigger; it says what failed where the user looks and returns `failure`, so the step fails with it said.
 */
export async function runPipeline(clients: PipelineClients, settings: Settings, trigger: PipelineTrigger): Promise<PipelineResult> {
  return finish(clients, await runTrigger(clients, settings, trigger));
}

/** One mode, under the one contract ({@link runMode}): its name, and the reply that says a failure. */
function runTrigger(clients: PipelineClients, settings: Settings, trigger: PipelineTrigger): Promise<PipelineResult> {
  const github = { octokit: clients.github.writes, log: clients.log };
  const source = trigger.kind === 'debate' ? trigger.source : 'comment';
  const replyTo = (pullNumber: number, login: string) => failureReply(settings, source, pullNumber, login);
  switch (trigger.kind) {
    case 'bridge':
      return runMode(clients, settings, { name: 'The workflow_run bridge' }, () => bridge(clients, settings, trigger));
    case 'gate':
      // The gate says a failure on its check run (`hold-check.ts`) and in the log: nobody asked in a comment.
      return runMode(clients, settings, { name: 'The merge gate' }, async () => gateResult(await runGateMode(github, settings, trigger.target)));
    case 'accept': {
      const reply = { pullNumber: trigger.pullNumber, body: (failure: string) => renderAcceptFailure(trigger.requestedBy, failure) };
      return runMode(clients, settings, { name: 'The accept', reply }, async () => acceptResult(await acceptStage(github, settings, openPublisher(clients, settings), trigger)));
    }
    case 'go':
      return runMode(clients, settings, { name: `${settings.command} go`, reply: replyTo(trigger.pullNumber, trigger.requestedBy) }, () => go(clients, settings, trigger));
    case 'debate':
      return runMode(clients, settings, { name: 'The debate', reply: replyTo(trigger.pullNumber, trigger.requestedBy) }, () => debate(clients, settings, trigger));
    case 'reply':
    case 'refuse':
      return runMode(clients, settings, { name: `The reply to ${settings.command}`, reply: replyTo(trigger.pullNumber, trigger.requestedBy) }, () => answerCommand(clients, settings, trigger));
  }
}

/**
 * `/debate go`: the plan posted under confirm-plan becomes the debate, or the reply says why there is none.
 * @throws a `StepError` when the plan cannot be read (the contract replies with it)
 */
async function go(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'go' }>): Promise<PipelineResult> {
  // A bad input or a missing key is said first, as for any debate command, before the plan is read.
  if (await findProblem(settings)) return debate(clients, settings, { kind: 'debate', source: 'comment', pullNumber: trigger.pullNumber, requestedBy: trigger.requestedBy, commentId: trigger.commentId, positions: [], options: { outOfScope: [] } });
  const resolved = await resolveGo(clients, settings, trigger);
  if (resolved.kind === 'reply') return answerCommand(clients, settings, { ...trigger, kind: 'reply', reply: { kind: 'invalid', problem: resolved.problem } });
  return debate(clients, withPlannedModels(settings, resolved.confirmed, clients.log), resolved.trigger, resolved.confirmed);
}

/**
 * The `workflow_run` bridge: a fork PR's run is only a pointer, so the PR, its head, the label and who
 * added it are read from GitHub first. Once the PR is known, a failure is replied on it; the debate or
 * gate it resolves to runs as its own mode.
 * @throws a `StepError` when the PR cannot be found (the contract says it in the log)
 */
async function bridge(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'bridge' }>): Promise<PipelineResult> {
  const refused = (reason: string) => {
    clients.log.notice(`pr-debate bridge did nothing: ${reason}.`);
    return skipped({ noDecisionReason: 'untrusted-fork' });
  };
  const found = await findBridgePull(clients, settings, trigger.run);
  if (found.kind === 'refused') return refused(found.reason);
  if (trigger.purpose === 'gate') return runTrigger(clients, settings, bridgeGate(clients, found.pull));
  const reply = failureReply(settings, 'label', found.pull.number, undefined);
  return runMode(clients, settings, { name: 'The workflow_run bridge', reply }, async () => {
    const request = await takeBridgeRequest(clients, settings, trigger.run, found.pull);
    return request.kind === 'refused' ? refused(request.reason) : runTrigger(clients, settings, request);
  });
}

/**
 * The reply that says a run's failure on the PR, with how to try again for what started it.
 * @param login whom the reply mentions, undefined when nobody is known yet (the bridge before it found the labeller)
 */
function failureReply(settings: Settings, source: 'comment' | 'label' | 'dispatch', pullNumber: number, login: string | undefined) {
  // Plain text: the failure sentence is sanitised as text from outside is, so a code span would not render.
  const again = source === 'label' ? `remove and add the "${settings.triggerLabel}" label` : source === 'dispatch' ? 'run the workflow again' : `write ${settings.command} again`;
  return { pullNumber, body: (failure: string) => renderRunFailure(login, failure, again, settings.runUrl) };
}

/** A debate run, from the permission check to the concluded reaction; a confirmed plan runs as planned. */
async function debate(clients: PipelineClients, settings: Settings, trigger: DebateTrigger, confirmed?: ConfirmedPlan): Promise<PipelineResult> {
  const run = openRun(clients, settings, trigger, confirmed);
  const command = reactToCommand(run.publisher, clients.log, trigger.commentId);
  let progress: ProgressTracker | undefined;
  let saved: SavedResult | undefined;
  try {
    // Authorize: only writers start a debate; a bad input or a missing key is said on the PR at once.
    const allowed = await authorize(clients, settings, run.publisher, trigger);
    if (allowed !== true) return skipped({ commentUrl: allowed.url });
    const problem = await findProblem(settings);
    if (problem) return await command.conclude(await answerProblem(run, problem));
    // Acknowledge: the plan on the PR, then 👀 on the command, neither waited for. The plan's write goes
    // first: the first model call waits for its answer (the permission check). 👀 follows that answer,
    // unless the run has ended by then.
    const plan = confirmed ? plannedDebate(confirmed) : planDebate({ preset: settings.preset, maxRounds: settings.maxRounds, command: trigger.options, judgeRuns: settings.judgeRuns });
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
    if (outcome.kind === 'not-contested') return await command.conclude(await publishNotContested(run, outcome.framing, evidence));
    // The evidence as the debate's calls read it: with the readers' excerpts, when they read what the pack could not hold.
    const read = outcome.reading ? { ...evidence, pack: outcome.reading.pack } : evidence;
    // Save and render: the report, outputs and job summary are kept before any further GitHub call.
    const ran = confirmed ? [describeConfirmation(confirmed, trigger.requestedBy, evidence.pack.headSha)] : [];
    saved = await saveResult(run, outcome, read, { notes: [...ran, ...preflight.notes, ...(clients.models.notices?.() ?? [])], calls: preflight.calls, estimateUsd: estimate.costUsd });
    // Publish: the verdict, the check run, the review; then the reaction, once.
    const result = await publishVerdict(run, saved, read);
    await markPlanDone(run, result, read.pack);
    return await command.conclude(result);
  } catch (error) {
    progress?.stop();
    return await command.conclude(await publishFailure(run, error, saved));
  }
}

/**
 * Sets the final outputs of a run, once, for every mode, and its outcome line: a verdict's own, else the
 * no-decision line of its reason (`merge-meaning.ts`), none for a run that debated nothing by design.
 */
function finish(clients: PipelineClients, result: PipelineResult): PipelineResult {
  const { status, recommendation, confidence, commentUrl, decision, noDecisionReason, gateConclusion, decisionRecordFile } = result;
  clients.stepOutputs.setOutputs({ status, recommendation, confidence, commentUrl, decision, ...(noDecisionReason === undefined ? {} : { noDecisionReason }), ...(gateConclusion === undefined ? {} : { gateConclusion }), ...(decisionRecordFile === undefined ? {} : { decisionRecordFile }) });
  const reason = noDecisionReason && noDecisionReason !== 'not-run' ? noDecisionReason : undefined;
  const outcome = result.outcome ?? (reason && meaningLine({ kind: 'no-decision', reason, leaning: undefined }, (id) => id));
  return outcome === undefined ? result : { ...result, outcome };
}
