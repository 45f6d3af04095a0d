import type { ReaderPlan } from '../debate/reading-types.js';
import type { DebatePlan } from '../debate/plan.js';
import { describeStop } from '../debate/render-transcript.js';
import { runDebate } from '../debate/run-debate.js';
import type { DebateOutcome } from '../debate/debate-types.js';
import type { RunEvidence } from './read-evidence.js';
import { prPositionInput, type RunContext } from './run-context.js';
import { logModelCalls } from './log-model-calls.js';
import type { ProgressTracker } from './track-progress.js';

/**
 * Runs the debate on the evidence, telling the log as each model call ends and the log and the progress
 * comment as each phase ends, so a long run never looks hung.
 * @param readers the reader calls of the plan's estimate (issue #40), for the parts the pack cannot hold
 */
export async function holdDebate(
  run: RunContext,
  plan: DebatePlan,
  evidence: RunEvidence,
  progress: ProgressTracker,
  readers: ReaderPlan,
): Promise<DebateOutcome> {
  const { clients, settings, trigger } = run;
  const { log } = clients;
  return log.group('Debate', async () => {
    log.info(
      `Preset ${plan.preset}: up to ${plan.rounds} cross-examination round${plan.rounds === 1 ? '' : 's'}${plan.steelman ? ', steelman swap' : ''}, evidence audit, judge run twice.${plan.note ? ` ${plan.note}` : ''}`,
    );
    const since = Date.now();
    const result = await runDebate(logModelCalls(clients.models, log), {
      pack: evidence.pack,
      positions: trigger.positions,
      // Which position is the PR: named or confirmed by the moderator from this head's diff (issue #38).
      prPosition: prPositionInput(trigger, run.confirmed, evidence.pack.headSha),
      outOfScope: trigger.options.outOfScope,
      ...(run.confirmed ? { topic: run.confirmed.posted.topic } : {}),
      command: settings.run.command,
      moderatorModel: settings.models.model,
      advocateModels: settings.models.advocateModels,
      judgeModel: settings.models.judgeModel,
      plan,
      readers,
      language: {
        language: settings.debate.language,
        commandText: trigger.positions.length > 0 ? trigger.positions.join(' vs ') : undefined,
        prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
      },
      onPrPosition: (prPosition) => progress.update((state) => void (state.prPosition = prPosition)),
      onPhaseEnd: (event) => {
        log.info(`Phase ${event.phase} ended after ${((Date.now() - since) / 1000).toFixed(1)} s`);
        // The judge is the last phase: the verdict replaces the progress comment next, so a write of the
        // ticked checklist would only hold the verdict up by a second of write spacing (issue #34).
        if (event.phase === 'judge') progress.stop();
        progress.update((state) => {
          state.done.add(event.phase);
          if (event.positions) state.positions = event.positions;
          if (event.prPosition !== undefined) state.prPosition = event.prPosition;
          if (event.topic) state.topic = event.topic;
        });
      },
    });
    if (result.kind === 'debate') log.info(`Stop: ${describeStop(result.stop)}`);
    return result;
  });
}
