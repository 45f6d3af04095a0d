import { framePositions } from '../debate/run-debate.js';
import { advocateModelsFor, type DebatePlan } from '../debate/plan.js';
import type { Publisher } from '../github/create-publisher.js';
import type { FoundComment } from '../github/upsert-comment.js';
import { debateId } from '../report/decision-record.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { createProse, type Prose } from '../report/prose.js';
import { planMarker, readPlan, renderPlanComment, type PostedPlan } from '../report/render-plan.js';
import type { Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { logModelCalls } from './log-model-calls.js';
import { publishNotContested } from './publish-result.js';
import type { RunEvidence } from './read-evidence.js';
import { openPublisher, type ConfirmedPlan, type DebateTrigger, type RunContext } from './run-context.js';
import { describeFailure, step } from './step-error.js';
import { estimateDebate, type ProgressTracker } from './track-progress.js';
import { skipped, type PipelineClients, type PipelineResult } from './pipeline-types.js';

/**
 * Input `confirm-plan` (contract sections 3 and 5, issue #12): the reference protocols never debate a
 * framing nobody confirmed. A run with inferred positions frames them, posts the plan in its own
 * comment and stops; `/debate go` from a maintainer runs that plan; `/debate A vs B` debates other
 * positions and marks the plan replaced. The plan comment always says where it stands.
 */

/**
 * The plan stage: the moderator frames the positions (no advocate or judge call), then the plan is
 * posted in place of the progress, and the run ends `skipped`.
 * @throws StepError when the plan cannot be posted; the moderator's failure as `runDebate` throws it
 */
export async function postPlan(run: RunContext, plan: DebatePlan, evidence: RunEvidence, progress: ProgressTracker): Promise<PipelineResult> {
  const { clients, settings, trigger } = run;
  const { log } = clients;
  const framed = await log.group('Framing', () =>
    framePositions(logModelCalls(clients.models, log), {
      pack: evidence.pack,
      outOfScope: trigger.options.outOfScope,
      command: settings.command,
      moderatorModel: settings.model,
      language: { language: settings.language, commandText: undefined, prText: `${evidence.pull.title}\n\n${evidence.pull.body}` },
    }),
  );
  progress.stop();
  if (framed.kind === 'not-contested') return publishNotContested(run, framed.framing, evidence);
  const estimate = estimateDebate(run, plan, framed.labels.length, false, evidence.pack);
  const posted: PostedPlan = {
    v: 1,
    state: 'waiting',
    topic: framed.topic.trim() || framed.labels.join(' vs '),
    positions: framed.labels,
    prPosition: framed.prPosition,
    ...(trigger.options.prPosition === null ? { noPrPosition: true as const } : {}),
    outOfScope: framed.outOfScope,
    plan: { preset: plan.preset, rounds: plan.rounds, steelman: plan.steelman, ...(plan.note ? { note: plan.note } : {}), ...(plan.judgeRuns === undefined ? {} : { judgeRuns: plan.judgeRuns }) },
    ...(trigger.options.rfc ? { rfc: trigger.options.rfc } : {}),
    headSha: evidence.pack.headSha,
    requestedBy: trigger.requestedBy,
    models: { moderator: settings.model, advocates: advocateModelsFor(settings.advocateModels, framed.labels.length, settings.model), judge: settings.judgeModel },
    estimate,
    framingCostUsd: framed.usage.cost_usd,
    notes: framed.notes,
  };
  const body = renderPlanComment(posted, { id: run.id, command: settings.command, runUrl: settings.runUrl, prose: proseOf(run, evidence.pack) });
  const written = await step('posting the plan', () => run.comment.postUpdate(body));
  log.notice(`The plan is posted for confirmation (${written.url}): a maintainer's "${settings.command} go" runs it. No advocate or judge was called; framing cost $${framed.usage.cost_usd.toFixed(4)}.`);
  await clients.stepOutputs.writeSummary(body);
  return skipped({ commentUrl: written.url, noDecisionReason: 'awaiting-confirmation' });
}

/** What `/debate go` resolves to: the planned debate, or a reply that says why there is none. */
export type ResolvedGo = { kind: 'debate'; trigger: DebateTrigger; confirmed: ConfirmedPlan } | { kind: 'reply'; problem: string };

/**
 * `/debate go`: reads the waiting plan of this PR (the bot's plan comment) and makes it a debate
 * with the planned positions, out-of-scope topics, RFC and rounds.
 * @throws StepError when the PR's comments cannot be read
 */
export async function resolveGo(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'go' }>): Promise<ResolvedGo> {
  const { found, posted } = await step('reading the plan', () => findPlan(openPublisher(clients, settings), settings, trigger.pullNumber));
  const { command } = settings;
  const name = `\`${command} <position A> vs <position B>\``;
  if (!found || !posted) {
    if (!settings.confirmPlan) return { kind: 'reply', problem: `there is no plan to run: \`${command} go\` runs a plan posted under confirm-plan, which is off in this workflow. Name the positions instead: ${name}` };
    return {
      kind: 'reply',
      problem: `there is no plan waiting on this pull request. The "${settings.triggerLabel}" label or a bare \`${command}\` posts one (unless the moderator finds nothing contested); or name the positions: ${name}`,
    };
  }
  if (posted.state !== 'waiting') {
    return { kind: 'reply', problem: `the plan on this pull request was already ${posted.state === 'ran' ? 'run' : 'replaced'}. For a new plan, comment \`${command}\` (or remove and add the "${settings.triggerLabel}" label); or name the positions: ${name}` };
  }
  // The framing's naming of the PR's position is the plan's, read at its head (`prPositionInput`); only the
  // command's own `--no-pr-position` travels as an option.
  const options = { outOfScope: posted.outOfScope, ...(posted.rfc ? { rfc: posted.rfc } : {}), ...(posted.noPrPosition ? { prPosition: null } : {}) };
  return {
    kind: 'debate',
    trigger: { kind: 'debate', source: 'comment', pullNumber: trigger.pullNumber, requestedBy: trigger.requestedBy, commentId: trigger.commentId, positions: posted.positions, options },
    confirmed: { commentId: found.id, posted },
  };
}

/**
 * The settings a confirmed plan runs with: the models the plan comment named, whatever the inputs say
 * now ("runs it as planned"); a change is logged.
 */
export function withPlannedModels(settings: Settings, confirmed: ConfirmedPlan, log: { notice(message: string): void }): Settings {
  const { models } = confirmed.posted;
  const now = { moderator: settings.model, advocates: advocateModelsFor(settings.advocateModels, confirmed.posted.positions.length, settings.model), judge: settings.judgeModel };
  if (JSON.stringify(now) !== JSON.stringify(models)) log.notice(`The models changed since the plan was posted (${JSON.stringify(models)} then, ${JSON.stringify(now)} now): the plan runs on the models it named.`);
  return { ...settings, model: models.moderator, advocateModels: models.advocates, judgeModel: models.judge };
}

/** The debate plan of a confirmed plan, as planned (the inputs may have changed since). */
export function plannedDebate(confirmed: ConfirmedPlan): DebatePlan {
  const { plan } = confirmed.posted;
  return { preset: plan.preset, rounds: plan.rounds, steelman: plan.steelman, note: plan.note, ...(plan.judgeRuns === undefined ? {} : { judgeRuns: plan.judgeRuns }) };
}

/** The sentence the verdict carries about the plan it ran, for the comment's engine notes. */
export function describeConfirmation(confirmed: ConfirmedPlan, requestedBy: string, headSha: string): string {
  const framedAt = confirmed.posted.headSha;
  const moved = framedAt === headSha ? '' : ' The positions were framed at an earlier head of the pull request; the evidence was read again at its current head, and which position is this PR was named again from its diff.';
  return `This debate ran the plan posted for confirmation, as confirmed by ${requestedBy} with "go".${moved}`;
}

/** The id of a PR's debate with inferred positions: its plan comment's, and the confirmed debate's (contract section 7). */
function inferredDebateId(settings: Settings, pullNumber: number): string {
  return debateId(`${settings.owner}/${settings.repo}`, pullNumber, []);
}

/** The bot's plan comment on a PR and the plan it holds (undefined when there is none or its data does not parse). */
async function findPlan(publisher: Publisher, settings: Settings, pullNumber: number): Promise<{ found: FoundComment | undefined; posted: PostedPlan | undefined }> {
  const found = await publisher.find(pullNumber, planMarker(inferredDebateId(settings, pullNumber)));
  return { found, posted: found ? readPlan(found.body) : undefined };
}

/** The prose renderer of the plan: references in the moderator's text checked against this run's pack (issue #11). */
function proseOf(run: RunContext, pack: EvidencePack): Prose {
  return createProse(pack, { id: run.id, serverUrl: run.settings.serverUrl, ...run.repo, headSha: pack.headSha, baseSha: pack.baseSha, runUrl: run.settings.runUrl, durationMs: 0, currentHeadSha: pack.headSha });
}

/**
 * After a run that posted a verdict: the plan comment says it ran (a confirmed plan), or that it was
 * replaced (a debate with named positions while a plan waited). Best effort: a failure is a warning.
 * @param result the run's result; nothing is changed unless it is `success` or `degraded-success`
 * @param pack this run's evidence pack, whose references the re-rendered plan text is checked against
 */
export async function markPlanDone(run: RunContext, result: PipelineResult, pack: EvidencePack): Promise<void> {
  const { settings, trigger, clients } = run;
  if (result.status !== 'success' && result.status !== 'degraded-success') return;
  if (!run.confirmed && !(settings.confirmPlan && trigger.positions.length > 0)) return;
  try {
    let target = run.confirmed;
    if (!target) {
      const { found, posted } = await findPlan(run.publisher, settings, trigger.pullNumber);
      if (!found || posted?.state !== 'waiting') return;
      target = { commentId: found.id, posted };
    }
    const what = run.confirmed ? `${settings.command} go` : `${settings.command} ${trigger.positions.join(' vs ')}`;
    const done: PostedPlan = { ...target.posted, state: run.confirmed ? 'ran' : 'replaced', outcome: { by: trigger.requestedBy, url: result.commentUrl, what } };
    await run.publisher.edit(target.commentId, renderPlanComment(done, { id: inferredDebateId(settings, trigger.pullNumber), command: settings.command, runUrl: settings.runUrl, prose: proseOf(run, pack) }));
  } catch (error) {
    clients.log.warning(`Could not mark the plan comment as ${run.confirmed ? 'run' : 'replaced'}: ${describeFailure(error)}`);
  }
}
