import { framePositions } from '../debate/run-debate.js';
import { advocateModelsFor, type DebatePlan } from '../debate/plan.js';
import type { Publisher } from '../github/create-publisher.js';
import type { FoundComment } from '../github/upsert-comment.js';
import { debateId } from '../report/decision-record.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { createProse, type Prose } from '../report/prose.js';
import { planMarker, readPlan, renderPlanComment, type PostedPlan } from '../report/render-plan.js';
import type { Settings } from '../settings/settings.js';
import { logModelCalls } from './log-model-calls.js';
import { publishNotContested } from './publish-result.js';
import type { RunEvidence } from './read-evidence.js';
import type { ConfirmedPlan, RunContext } from './run-context.js';
import { describeFailure, step } from './step-error.js';
import { estimateDebate, type ProgressTracker } from './track-progress.js';
import { skipped, type PipelineResult } from './pipeline-types.js';

/**
 * Input `confirm-plan` (docs/how-a-debate-runs.md, docs/config.md, issue #12): the reference protocols never debate a
 * framing nobody confirmed. A run with inferred positions frames them, posts the plan in its own
 * comment and stops; `/debate go` from a maintainer runs that plan; `/debate A vs B` debates other
 * positions and marks the plan replaced. The plan comment always says where it stands.
 */

/**
 * The plan stage: the moderator frames the positions (no advocate or judge call), then the plan is
 * posted in place of the progress, and the run ends `skipped`.
 * @throws StepError when the plan cannot be posted; the moderator's failure as `runDebate` throws it
 */
export async function postPlan(
  run: RunContext,
  plan: DebatePlan,
  evidence: RunEvidence,
  progress: ProgressTracker,
): Promise<PipelineResult> {
  const { clients, settings, trigger } = run;
  const { log } = clients;
  const framed = await log.group('Framing', () =>
    framePositions(logModelCalls(clients.models, log), {
      pack: evidence.pack,
      outOfScope: trigger.options.outOfScope,
      command: settings.run.command,
      moderatorModel: settings.models.model,
      language: {
        language: settings.debate.language,
        commandText: undefined,
        prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
      },
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
    plan: {
      preset: plan.preset,
      rounds: plan.rounds,
      steelman: plan.steelman,
      ...(plan.note ? { note: plan.note } : {}),
      ...(plan.judgeRuns === undefined ? {} : { judgeRuns: plan.judgeRuns }),
    },
    ...(trigger.options.rfc ? { rfc: trigger.options.rfc } : {}),
    headSha: evidence.pack.headSha,
    requestedBy: trigger.requestedBy,
    models: {
      moderator: settings.models.model,
      advocates: advocateModelsFor(settings.models.advocateModels, framed.labels.length, settings.models.model),
      judge: settings.models.judgeModel,
    },
    estimate,
    framingCostUsd: framed.usage.cost_usd,
    notes: framed.notes,
  };
  const body = renderPlanComment(posted, {
    id: run.id,
    command: settings.run.command,
    runUrl: settings.github.runUrl,
    prose: proseOf(run, evidence.pack),
  });
  const written = await step('posting the plan', () => run.comment.postUpdate(body));
  log.notice(
    `The plan is posted for confirmation (${written.url}): a maintainer's "${settings.run.command} go" runs it. No advocate or judge was called; framing cost $${framed.usage.cost_usd.toFixed(4)}.`,
  );
  await clients.stepOutputs.writeSummary(body);
  return skipped({ commentUrl: written.url, noDecisionReason: 'awaiting-confirmation' });
}

/** The debate plan of a confirmed plan, as planned (the inputs may have changed since). */
export function plannedDebate(confirmed: ConfirmedPlan): DebatePlan {
  const { plan } = confirmed.posted;
  return {
    preset: plan.preset,
    rounds: plan.rounds,
    steelman: plan.steelman,
    note: plan.note,
    ...(plan.judgeRuns === undefined ? {} : { judgeRuns: plan.judgeRuns }),
  };
}

/** The sentence the verdict carries about the plan it ran, for the comment's engine notes. */
export function describeConfirmation(confirmed: ConfirmedPlan, requestedBy: string, headSha: string): string {
  const framedAt = confirmed.posted.headSha;
  const moved =
    framedAt === headSha
      ? ''
      : ' The positions were framed at an earlier head of the pull request; the evidence was read again at its current head, and which position is this PR was named again from its diff.';
  return `This debate ran the plan posted for confirmation, as confirmed by ${requestedBy} with "go".${moved}`;
}

/** The id of a PR's debate with inferred positions: its plan comment's, and the confirmed debate's (docs/how-a-debate-runs.md). */
function inferredDebateId(settings: Settings, pullNumber: number): string {
  return debateId(`${settings.github.owner}/${settings.github.repo}`, pullNumber, []);
}

/** The bot's plan comment on a PR and the plan it holds (undefined when there is none or its data does not parse). */
export async function findPlan(
  publisher: Publisher,
  settings: Settings,
  pullNumber: number,
): Promise<{ found: FoundComment | undefined; posted: PostedPlan | undefined }> {
  const found = await publisher.find(pullNumber, planMarker(inferredDebateId(settings, pullNumber)));
  return { found, posted: found ? readPlan(found.body) : undefined };
}

/** The prose renderer of the plan: references in the moderator's text checked against this run's pack (issue #11). */
function proseOf(run: RunContext, pack: EvidencePack): Prose {
  return createProse(pack, {
    id: run.id,
    serverUrl: run.settings.github.serverUrl,
    ...run.repo,
    headSha: pack.headSha,
    baseSha: pack.baseSha,
    runUrl: run.settings.github.runUrl,
    durationMs: 0,
    currentHeadSha: pack.headSha,
  });
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
  if (!run.confirmed && !(settings.debate.confirmPlan && trigger.positions.length > 0)) return;
  try {
    let target = run.confirmed;
    if (!target) {
      const { found, posted } = await findPlan(run.publisher, settings, trigger.pullNumber);
      if (!found || posted?.state !== 'waiting') return;
      target = { commentId: found.id, posted };
    }
    const what = run.confirmed
      ? `${settings.run.command} go`
      : `${settings.run.command} ${trigger.positions.join(' vs ')}`;
    const done: PostedPlan = {
      ...target.posted,
      state: run.confirmed ? 'ran' : 'replaced',
      outcome: { by: trigger.requestedBy, url: result.commentUrl, what },
    };
    await run.publisher.edit(
      target.commentId,
      renderPlanComment(done, {
        id: inferredDebateId(settings, trigger.pullNumber),
        command: settings.run.command,
        runUrl: settings.github.runUrl,
        prose: proseOf(run, pack),
      }),
    );
  } catch (error) {
    clients.log.warning(
      `Could not mark the plan comment as ${run.confirmed ? 'run' : 'replaced'}: ${describeFailure(error)}`,
    );
  }
}
