import type { Settings } from '../settings/settings.js';
import { openPublisher } from '../pipeline/run-context.js';
import { describeFailure } from '../pipeline/step-error.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';

/**
 * The one error contract of every mode (debate, go, accept, gate, reply, and the `workflow_run`
 * bridge; `../shared/style.md`, "one function per mode, each with the same contract: catch, post
 * what failed, return the outcome"). After the trigger nothing throws: what a mode throws is caught
 * here, said where the user looks, and returned as the run's outcome, so the step fails with the
 * failure said. Where the user looks: for a run a comment or a label started, a reply on the PR; for
 * the gate, the `pr-debate` check run, which the gate itself completes with the failure in its
 * summary (`gate/hold-check.ts`); for every mode, the log.
 */

/** A mode's name for its failure sentence, and the reply that says it. */
export interface Mode {
  /** Starts the failure sentence: "The merge gate", "The accept". */
  name: string;
  /**
   * The PR a comment or label started this run on, and the reply's body for a failure; undefined
   * when no reply is due (the gate: its check says it; the bridge before it has found the PR).
   */
  reply?: { pullNumber: number; body: (failure: string) => string };
}

/**
 * Runs one mode under the contract. What `work` returns is the outcome as it is; what it throws
 * becomes `failure` ("<name> failed: <what, with the fix where known>"), a warning in the log, and the
 * mode's reply on the PR (a reply that fails too is only a warning).
 * @returns the outcome; on a failure: status `aborted`, `failure` set, `comment-url` the reply
 * @throws never
 */
export async function runMode(clients: PipelineClients, settings: Settings, mode: Mode, work: () => Promise<PipelineResult>): Promise<PipelineResult> {
  try {
    return await work();
  } catch (error) {
    const failure = `${mode.name} failed: ${describeFailure(error)}`;
    clients.log.warning(failure);
    let commentUrl = '';
    if (mode.reply) {
      try {
        commentUrl = (await openPublisher(clients, settings).reply(mode.reply.pullNumber, mode.reply.body(failure))).url;
      } catch (replyError) {
        clients.log.warning(`Could not reply on the pull request either: ${describeFailure(replyError)}`);
      }
    }
    return { ...skipped({ failure, commentUrl }), status: 'aborted' };
  }
}
