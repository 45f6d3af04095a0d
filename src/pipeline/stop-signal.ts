import { CallStopped, type EarlyStop } from '../debate/model-client.js';

/**
 * Why a run stops its model calls early, and the signal that says so: the whole-run deadline (input
 * `deadline-minutes`) or the runner cancelling the job (SIGINT, then SIGTERM 7.5 s later, then SIGKILL,
 * as GitHub's runner does). GitHub calls are not aborted, so what exists can still be posted.
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
 * Starts the run's stop signal. Neither the timer nor the signal handlers keep the process alive: the
 * timer is unref'd, and `dispose` removes both once the outcome is known.
 * @param deadlineMinutes input `deadline-minutes`
 * @param warn told once when the job is cancelled
 */
export function createStopSignal(deadlineMinutes: number, warn: (message: string) => void): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new RunStopped(
          'deadline',
          `the run deadline was reached (deadline-minutes: ${deadlineMinutes}); calls still in flight were stopped`,
          `The run deadline (deadline-minutes: ${deadlineMinutes}) was reached before the debate finished; model calls still in flight were stopped.`,
        ),
      ),
    deadlineMinutes * 60_000,
  );
  timer.unref();
  const cancel = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    warn('The job was cancelled: stopping model calls and posting what exists.');
    controller.abort(
      new RunStopped(
        'cancelled',
        `the job was cancelled (${signal}); calls still in flight were stopped`,
        `The job was cancelled (${signal}) before the debate finished; model calls still in flight were stopped.`,
      ),
    );
  };
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    },
  };
}

/** The first sentence of a debate stopped early by its stop signal, or undefined. */
export function stopSummary(stop: AbortSignal | undefined): string | undefined {
  return stop?.aborted && stop.reason instanceof RunStopped ? stop.reason.summary : undefined;
}
