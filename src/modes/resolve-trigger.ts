import { advocateModelsFor } from '../debate/plan.js';
import { editedByOther } from '../github/read-comment-edit.js';
import { findPlan } from '../pipeline/confirm-plan.js';
import { readPlan } from '../report/render-plan.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';
import { openPublisher, type ConfirmedPlan } from '../pipeline/run-context.js';
import { step } from '../pipeline/step-error.js';
import { withModels, type Settings } from '../settings/settings.js';
import { gatePull } from '../trigger/detect-gate-trigger.js';
import { goDebate, goRefusal, type GoTrigger, type Trigger } from '../trigger/detect-trigger.js';
import { findBridgePull, takeBridgeRequest } from './resolve-bridge.js';
import { failureReply, runMode, type Mode } from './run-mode.js';

/**
 * Two triggers are look-ups that end in another: the `workflow_run` bridge (a fork PR's run is only a
 * pointer: the PR, its head, the label and who added it are read from GitHub) and `/debate go` (the plan
 * it runs is read from the PR). They are resolved here, once, before dispatch; the dispatcher then runs
 * the one mode the resolved trigger names, and no mode starts another.
 */

/** A trigger a mode runs: every kind but those that stop before a run and those resolved here. */
export type ModeTrigger = Exclude<Trigger, { kind: 'skip' | 'misconfigured' | 'go' | 'bridge' }>;

/** What the dispatcher is handed: the trigger to run with its settings, or a run the look-up already ended. */
export type ResolvedTrigger =
  | {
      kind: 'run';
      settings: Settings;
      trigger: ModeTrigger;
      /** The plan `/debate go` confirmed, which the debate runs as planned. */
      confirmed?: ConfirmedPlan;
      /** Set when `/debate go` asked for this run: its failure is named for the command. */
      go?: true;
    }
  | { kind: 'ended'; result: PipelineResult };

/**
 * Resolves the bridge and `/debate go` into the trigger they stand for; every other trigger is its own.
 * A look-up runs under the contract of the modes (`runMode`): what fails is said where the user looks.
 * @throws never
 */
export async function resolveTrigger(
  clients: PipelineClients,
  settings: Settings,
  trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>,
): Promise<ResolvedTrigger> {
  if (trigger.kind === 'go') return resolveGo(clients, settings, trigger);
  if (trigger.kind !== 'bridge') return { kind: 'run', settings, trigger };
  const bridge = 'The workflow_run bridge';
  const refused = (reason: string): ResolvedTrigger => {
    clients.log.notice(`pr-debate bridge did nothing: ${reason}.`);
    return { kind: 'ended', result: skipped({ noDecisionReason: 'untrusted-fork' }) };
  };
  return lookUp(clients, settings, { name: bridge }, async () => {
    const found = await findBridgePull(clients, settings, trigger.run);
    if (found.kind === 'refused') return refused(found.reason);
    if (trigger.purpose === 'gate') {
      clients.log.info(`Bridge: gating PR #${found.pull.number} (head ${found.pull.headSha}).`);
      return { kind: 'run', settings, trigger: gatePull(found.pull.number) };
    }
    // Once the PR is known, a failure is replied on it.
    return lookUp(
      clients,
      settings,
      { name: bridge, reply: failureReply(settings, 'label', found.pull.number, undefined) },
      async () => {
        const request = await takeBridgeRequest(clients, settings, trigger.run, found.pull);
        return request.kind === 'refused' ? refused(request.reason) : { kind: 'run', settings, trigger: request };
      },
    );
  });
}

/**
 * `/debate go`: the waiting plan of this PR (the bot's plan comment) becomes the debate it planned, on the
 * models it named; with no plan to run, a reply says why. A setting the run cannot use is said first, by
 * the debate, as for any debate command, before the plan is read.
 */
function resolveGo(clients: PipelineClients, settings: Settings, go: GoTrigger): Promise<ResolvedTrigger> {
  if (settings.problem) return Promise.resolve({ kind: 'run', settings, trigger: goDebate(go), go: true });
  const { command, triggerLabel } = settings.run;
  return lookUp(
    clients,
    settings,
    { name: `${command} go`, reply: failureReply(settings, 'comment', go.pullNumber, go.requestedBy) },
    async () => {
      const publisher = openPublisher(clients, settings);
      const { found } = await step('reading the plan', () => findPlan(publisher, settings, go.pullNumber));
      // The plan's hidden data decides which position is this PR, the positions and the models, and a writer can
      // edit any comment: the plan runs only as pr-debate last wrote it, read with its last editor in one query.
      const edit = found && (await step('reading who last edited the plan', () => publisher.readEdit(found)));
      const posted = edit ? readPlan(edit.body) : undefined;
      const name = `\`${command} <position A> vs <position B>\``;
      const refuse = (problem: string): ResolvedTrigger => ({ kind: 'run', settings, trigger: goRefusal(go, problem) });
      if (edit && editedByOther(edit))
        return refuse(
          `the plan comment was last edited by \`${edit.editor}\`, not by pr-debate, so it is not run: its hidden data (which position is this PR, the positions, the models) may no longer be what the moderator framed. For a new plan, comment \`${command}\` (or remove and add the "${triggerLabel}" label); or name the positions: ${name}`,
        );
      if (!found || !posted) {
        if (!settings.debate.confirmPlan)
          return refuse(
            `there is no plan to run: \`${command} go\` runs a plan posted under confirm-plan, which is off in this workflow. Name the positions instead: ${name}`,
          );
        return refuse(
          `there is no plan waiting on this pull request. The "${triggerLabel}" label or a bare \`${command}\` posts one (unless the moderator finds nothing contested); or name the positions: ${name}`,
        );
      }
      if (posted.state !== 'waiting') {
        return refuse(
          `the plan on this pull request was already ${posted.state === 'ran' ? 'run' : 'replaced'}. For a new plan, comment \`${command}\` (or remove and add the "${triggerLabel}" label); or name the positions: ${name}`,
        );
      }
      // The plan runs on the models it named, whatever the inputs say now; a change is logged.
      const { models } = settings;
      const now = {
        moderator: models.model,
        advocates: advocateModelsFor(models.advocateModels, posted.positions.length, models.model),
        judge: models.judgeModel,
      };
      if (JSON.stringify(now) !== JSON.stringify(posted.models))
        clients.log.notice(
          `The models changed since the plan was posted (${JSON.stringify(posted.models)} then, ${JSON.stringify(now)} now): the plan runs on the models it named.`,
        );
      const planned = withModels(settings, {
        model: posted.models.moderator,
        advocateModels: posted.models.advocates,
        judgeModel: posted.models.judge,
      });
      return {
        kind: 'run',
        settings: planned,
        trigger: goDebate(go, posted),
        confirmed: { commentId: found.id, posted },
        go: true,
      };
    },
  );
}

/** Runs a look-up under the contract of the modes: a failure is said like a mode's, and ends the run. */
async function lookUp(
  clients: PipelineClients,
  settings: Settings,
  mode: Mode,
  work: () => Promise<ResolvedTrigger>,
): Promise<ResolvedTrigger> {
  let resolved: ResolvedTrigger | undefined;
  const result = await runMode(clients, settings, mode, async () => {
    resolved = await work();
    return skipped();
  });
  return resolved ?? { kind: 'ended', result };
}
