import { CallStopped, type EarlyStop } from '../debate/model-client.js';
import { describeCapStop } from './spending-cap.js';

/**
 * Why a run stops its model calls early: the whole-run deadline (input `deadline-minutes`), the runner
 * cancelling the job, or Ctrl-C in the CLI. The signal that says so starts in `start-models.ts`.
 */

/**
 * The reason of a stopped run's signal, which the model clients throw for every call it stops.
 * `message` is what each stopped call reports; `summary` is one sentence for the head of the comment.
 */
export class RunStopped extends CallStopped {
  override name = 'RunStopped';
  constructor(
    /** What stopped the run: input `deadline-minutes`, the runner cancelling the job, or Ctrl-C in the CLI. */
    readonly kind: 'deadline' | 'cancelled' | 'ctrl-c',
    message: string,
    readonly summary: string,
  ) {
    super(message);
  }

  /** The run's stop reason, as the debate engine returns it. */
  get stop(): EarlyStop {
    return { kind: this.kind, summary: this.summary };
  }
}

/**
 * The sentence that heads the comment of a debate the run stopped early, from the stop reason the
 * engine returned (`DebateResult.stoppedBy`) or its failure carried (`earlyStopOf`); undefined for none.
 * @param estimateUsd the plan's estimate, for what finishing a run the cap stopped would take (undefined: not said)
 */
export function describeEarlyStop(stop: EarlyStop | undefined, estimateUsd: number | undefined): string | undefined {
  if (!stop) return undefined;
  return stop.kind === 'spending-cap' ? describeCapStop(stop, estimateUsd) : stop.summary;
}
