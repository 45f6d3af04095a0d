/** The call runner's shapes: what a call asks for, what it comes to, and the runner of one debate. */
import type { z } from 'zod';
import type { CallMeta, EarlyStop, ModelRole } from './model-client.js';
import type { CallLogEntry } from './debate-types.js';

/** What a call asks for, before the shared prefix is added. */
export interface CallSpec<T> {
  role: ModelRole;
  /** For the records, e.g. `opening`, `cross-examination 2`, `judge (order B, A)`. */
  purpose: string;
  /** The phase, position, round, steelman target or judge order; `retry` is the caller's to set. */
  meta: Omit<CallMeta, 'retry'>;
  model: string;
  /** The field of the reply envelope the call must fill (named in the repair message). */
  field: string;
  instructions: string;
  /** The call's own evidence block instead of the run's (a reader's part, issue #40). */
  evidence?: string;
  /** The transcript block shared by the speakers of a phase (see `ModelCall.transcript`). */
  transcript?: string;
  /** The output format sent to the API: the debate's one envelope (see `schemas.ts`). */
  format: z.ZodType<unknown>;
  schema: z.ZodType<T>;
  maxTokens: number;
}

/** The result of a call and its possible repair. */
export type Attempt<T> =
  | { ok: true; output: T; model: string; repaired: boolean; warnings: string[] }
  | { ok: false; error: string; repaired: boolean };

/** The call runner of one debate. */
export interface Caller {
  /** Every call made so far, in the order they finished. */
  calls: CallLogEntry[];
  /**
   * Makes a call; an unusable reply (malformed, schema violation, cut at `max_tokens`, refused, or in
   * the wrong script) gets one repair retry that names the problem (issue #4, rules). API errors get
   * no retry here: the SDK has already retried them.
   * @returns the output, or the error after the retry; never throws for a model failure
   */
  attempt<T>(spec: CallSpec<T>): Promise<Attempt<T>>;
  /**
   * {@link attempt} for the parallel calls of a phase. Calls that share a prefix the cache does not hold
   * yet go out after a warm-up call, or behind a leader, whichever costs less (`chooseFanOut`).
   * @returns the attempts in the order of `specs`
   */
  attemptAll<T>(specs: CallSpec<T>[]): Promise<Attempt<T>[]>;
  /** One call with extra instructions after the spec's (a ruling retried for breaking the rules), no repair. */
  retryWith<T>(spec: CallSpec<T>, addendum: string): Promise<Attempt<T>>;
  /**
   * Why the run stopped making calls, from the first call a {@link CallStopped} error ended; undefined
   * while none did. The spending cap's refusal wins over the stop signal: once the cap refused a call,
   * finishing takes a higher cap, whatever stopped the calls in flight.
   */
  stoppedBy(): EarlyStop | undefined;
  /**
   * The same run's caller (one call log, stop and prompt-cache knowledge) for the calls after the readers:
   * each of them reads `readings` after the evidence (issue #40).
   */
  withReadings(readings: string): Caller;
}
