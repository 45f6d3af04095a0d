import { CallStopped, type EarlyStop } from '../debate/model-client.js';

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

/** The first sentence of a debate stopped early by its stop signal, or undefined. */
export function stopSummary(stop: AbortSignal | undefined): string | undefined {
  return stop?.aborted && stop.reason instanceof RunStopped ? stop.reason.summary : undefined;
}
