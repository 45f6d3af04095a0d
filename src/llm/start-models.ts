import type { ModelClient } from '../debate/model-client.js';
import { createModelClient } from './create-model-client.js';
import { parseModelId } from '../models/model-id.js';
import { withRefusalFallback } from './refusal-fallback.js';
import { capSpending, type CappedModelClient } from './spending-cap.js';
import { useModelPrices } from '../models/price-usage.js';
import type { ModelPrices } from '../models/price-usage.js';
import { RunStopped } from './stop-signal.js';

/**
 * The model side of a run, built in one place for the action (`src/main.ts`) and the CLI
 * (`src/cli/run-pull-request.ts`): one client per provider behind one router, under the spending cap
 * (issue #12), and the run's stop signal, which aborts the calls in flight when the whole-run deadline
 * (input `deadline-minutes`) passes or a cancellation comes (the runner cancelling the job, Ctrl-C).
 * GitHub calls are not aborted, so what exists can still be posted.
 */

/**
 * One cause of cancellation: starts listening, calls `stop` with why when it comes, and returns a
 * function that stops listening. `stop` returns false when the run was already stopped.
 */
export type Cancellation = (stop: (reason: RunStopped) => boolean) => () => void;

/** What the models of a run are built from: the model inputs, `max-cost-usd` and `deadline-minutes`, as the settings hold them. */
export interface ModelSettings {
  anthropicApiKey: string | undefined;
  openaiApiKey: string | undefined;
  baseUrl: string | undefined;
  /** Input `model`: its provider is the default of a model id without one. */
  model: string;
  maxCostUsd: number;
  deadlineMinutes: number;
  prices?: ModelPrices;
  refusalFallbackModel?: string | undefined;
}

/**
 * Starts a timer that calls `fire` after `ms` milliseconds, without keeping the process alive, and
 * returns the function that clears it. The default is `setTimeout`; a test passes its own clock to say
 * when the deadline comes.
 */
export type StartTimer = (fire: () => void, ms: number) => () => void;

const realTimer: StartTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** The models of a run and its stop signal. */
export interface RunModels {
  /** Every role's model, under the spending cap, with the refusal fallback (input `refusal-fallback-model`) around it. */
  models: CappedModelClient & { notices(): string[] };
  /** Aborted, with a {@link RunStopped} reason, at the deadline or on a cancellation. */
  stop: AbortSignal;
  /** Clears the deadline timer and stops listening for cancellations, once the outcome is known. */
  dispose: () => void;
}

/**
 * Builds the model clients under the cap and starts the deadline. The timer does not keep the process
 * alive.
 * @param settings the run's settings: the model inputs, `max-cost-usd`, `deadline-minutes`
 * @param options.env the environment (cloud credentials, the SDKs' `*_BASE_URL`)
 * @param options.cancellations what else stops the run: {@link jobCancellation} for the action, Ctrl-C for the CLI
 * @param options.client the models to use instead of the providers' (the CLI's `--rehearsal`: the rehearsal model), still under the cap and the deadline
 * @param options.startTimer starts the deadline's timer (default `setTimeout`, unref'd)
 */
export function startModels(
  settings: ModelSettings,
  options: {
    env: Record<string, string | undefined>;
    cancellations: Cancellation[];
    client?: ModelClient;
    startTimer?: StartTimer;
  },
): RunModels {
  const controller = new AbortController();
  const stop = (reason: RunStopped) => {
    if (controller.signal.aborted) return false;
    controller.abort(reason);
    return true;
  };
  // The user's prices (input `model-prices`) before any call, for the cap and the record alike.
  useModelPrices(settings.prices ?? new Map());
  // Built first: a client that cannot be built leaves no timer or listener behind.
  const capped = capSpending(
    options.client ??
      createModelClient({
        ...settings,
        defaultProvider: parseModelId(settings.model).provider,
        env: options.env,
        signal: controller.signal,
      }),
    settings.maxCostUsd,
  );
  const models = withRefusalFallback(capped, settings.refusalFallbackModel);
  const minutes = settings.deadlineMinutes;
  const clearDeadline = (options.startTimer ?? realTimer)(
    () =>
      stop(
        new RunStopped(
          'deadline',
          `the run deadline was reached (deadline-minutes: ${minutes}); calls still in flight were stopped`,
          `The run deadline (deadline-minutes: ${minutes}) was reached before the debate finished; model calls still in flight were stopped.`,
        ),
      ),
    minutes * 60_000,
  );
  const listening = options.cancellations.map((listen) => listen(stop));
  return {
    models,
    stop: controller.signal,
    dispose: () => {
      clearDeadline();
      for (const stopListening of listening) stopListening();
    },
  };
}

/**
 * The runner cancelling the job: SIGINT, then SIGTERM 7.5 s later, then SIGKILL, as GitHub's runner does.
 * @param warn told once when the job is cancelled
 */
export function jobCancellation(warn: (message: string) => void): Cancellation {
  return (stop) => {
    const cancel = (signal: NodeJS.Signals) => {
      const reason = new RunStopped(
        'cancelled',
        `the job was cancelled (${signal}); calls still in flight were stopped`,
        `The job was cancelled (${signal}) before the debate finished; model calls still in flight were stopped.`,
      );
      if (stop(reason)) warn('The job was cancelled: stopping model calls and posting what exists.');
    };
    process.once('SIGINT', cancel);
    process.once('SIGTERM', cancel);
    return () => {
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    };
  };
}
