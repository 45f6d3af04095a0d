import type { CallMeta, ModelCall, ModelClient } from '../debate/model-client.js';
import { ModelReplyError } from '../debate/model-client.js';
import { costUsd } from '../models/price-usage.js';
import type { Log } from './call-pipeline.js';

/**
 * Progress of a CLI run on stderr (docs/cli.md): on a terminal, one live status line per phase
 * (elapsed time, model calls, tokens and cost so far), rewritten in place and left standing when the
 * phase ends; elsewhere (a pipe, CI) one plain line per phase as it ends. The result goes to stdout.
 */

/** Totals of a run so far. */
export interface RunTotals {
  calls: number;
  tokens: number;
  /** Undefined until a call is priced; calls of a model without a known price add nothing. */
  costUsd: number | undefined;
}

/**
 * One status line. Pure.
 * @param phase what is running, e.g. `Evidence`, `opening`, `cross-examination 1`
 * @param phaseMs time in the phase; `totalMs` since the start
 */
export function formatStatus(phase: string, phaseMs: number, totalMs: number, totals: RunTotals): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cost = totals.costUsd === undefined ? '$0' : `$${totals.costUsd.toFixed(totals.costUsd < 1 ? 4 : 2)}`;
  return `${phase.padEnd(20)} ${seconds(phaseMs).padStart(7)}  | total ${seconds(totalMs)}, ${totals.calls} model call${totals.calls === 1 ? '' : 's'}, ${totals.tokens.toLocaleString('en-US')} tokens, ${cost}`;
}

/** The phase name of a model call, from the engine's own description of it. */
export function phaseOf(meta: CallMeta | undefined, role: string): string {
  if (!meta) return role;
  if (meta.phase === 'preflight') return 'pre-flight';
  return meta.round !== undefined && meta.phase === 'cross-examination'
    ? `cross-examination ${meta.round}`
    : meta.phase;
}

/** A progress display and the hooks that feed it. */
export interface Progress {
  /** For the pipeline: groups are phases; info lines only when verbose; warnings and notices always. */
  log: Log;
  /** Wraps the model client so every call counts (and names its phase). */
  track(client: ModelClient): ModelClient;
  /** Starts a phase (ends the one before). */
  phase(name: string): void;
  /** Ends the last phase and stops the clock. */
  end(): void;
  totals(): RunTotals;
}

/**
 * @param out stderr; `isTTY` decides between the live line and plain lines
 * @param options.verbose also print the pipeline's info lines
 * @param options.callPhases name the phase after each model call's (default); off, only {@link Progress.phase} names it
 */
export function createProgress(
  out: { write(text: string): unknown; isTTY?: boolean },
  options: { verbose: boolean; now?: () => number; callPhases?: boolean },
): Progress {
  const now = options.now ?? Date.now;
  const started = now();
  const totals: RunTotals = { calls: 0, tokens: 0, costUsd: undefined };
  /** The phase on screen; `group` for a pipeline stage, which a model call's phase replaces until the stage has done anything. */
  let current: { name: string; since: number; group: boolean; calls: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const live = out.isTTY === true;
  const line = () => (current ? formatStatus(current.name, now() - current.since, now() - started, totals) : '');
  const redraw = () => live && current && out.write(`\r\x1b[2K${line()}`);
  const finish = () => {
    if (!current) return;
    out.write(live ? `\r\x1b[2K${line()}\n` : `${line()}\n`);
    current = undefined;
  };
  /** Prints a message on its own line, keeping the live line below it. */
  const say = (text: string) => {
    if (live && current) out.write('\r\x1b[2K');
    out.write(`${text}\n`);
    redraw();
  };
  const phase = (name: string, group = false) => {
    if (current?.name === name) return;
    // A stage that only waits for its first model call (the debate) gives way to that call's phase.
    if (current?.group && current.calls === 0 && !group) current = undefined;
    finish();
    current = { name, since: now(), group, calls: 0 };
    if (live && !timer) {
      timer = setInterval(redraw, 250);
      timer.unref();
    }
    redraw();
  };
  const count = (
    model: string,
    usage: {
      input_tokens: number;
      output_tokens: number;
      cache_creation_input_tokens: number;
      cache_read_input_tokens: number;
    },
  ) => {
    totals.calls += 1;
    if (current) current.calls += 1;
    totals.tokens +=
      usage.input_tokens + usage.output_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
    const cost = costUsd(model, usage);
    if (cost !== undefined) totals.costUsd = (totals.costUsd ?? 0) + cost;
    redraw();
  };
  return {
    log: {
      info: (message) => options.verbose && say(message),
      warning: (message) => say(`warning: ${message}`),
      notice: (message) => say(`notice: ${message}`),
      group: async (name, fn) => {
        phase(name, true);
        return fn();
      },
    },
    track: (client) => ({
      async complete<T>(call: ModelCall<T>) {
        if (options.callPhases !== false) phase(phaseOf(call.meta, call.role));
        try {
          const reply = await client.complete(call);
          count(reply.model, reply.usage);
          return reply;
        } catch (error) {
          if (error instanceof ModelReplyError && error.usage) count(call.model, error.usage);
          else totals.calls += 1;
          throw error;
        }
      },
    }),
    phase,
    end: () => {
      finish();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    totals: () => ({ ...totals }),
  };
}
