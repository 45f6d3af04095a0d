import { renderRunFailure } from '../report/render-notices.js';
import type { Settings } from '../settings/settings.js';
import { openPublisher } from '../pipeline/run-context.js';
import { describeFailure } from '../pipeline/step-error.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';

/**
 * The one error contract of every mode (debate, gate, accept, reply) and of the look-ups that resolve
 * `/debate go` and the `workflow_run` bridge: catch, say what failed where the user looks, return the
 * outcome. After the trigger nothing throws: what a mode throws is caught
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
export async function runMode(
  clients: PipelineClients,
  settings: Settings,
  mode: Mode,
  work: () => Promise<PipelineResult>,
): Promise<PipelineResult> {
  try {
    return await work();
  } catch (error) {
    const failure = `${mode.name} failed: ${describeFailure(error)}`;
    clients.log.warning(failure);
    let commentUrl = '';
    if (mode.reply) {
      try {
        commentUrl = (await openPublisher(clients, settings).reply(mode.reply.pullNumber, mode.reply.body(failure)))
          .url;
      } catch (replyError) {
        clients.log.warning(`Could not reply on the pull request either: ${describeFailure(replyError)}`);
      }
    }
    return { ...skipped({ failure, commentUrl }), status: 'aborted' };
  }
}

/**
 * The reply that says a run's failure on the PR, with how to try again for what started it.
 * @param login whom the reply mentions, undefined when nobody is known yet (the bridge before it found the labeller)
 */
export function failureReply(
  settings: Settings,
  source: 'comment' | 'label' | 'dispatch',
  pullNumber: number,
  login: string | undefined,
): NonNullable<Mode['reply']> {
  const { command, triggerLabel } = settings.run;
  // Plain text: the failure sentence is sanitised as text from outside is, so a code span would not render.
  const again =
    source === 'label'
      ? `remove and add the "${triggerLabel}" label`
      : source === 'dispatch'
        ? 'run the workflow again'
        : `write ${command} again`;
  return { pullNumber, body: (failure: string) => renderRunFailure(login, failure, again, settings.github.runUrl) };
}
