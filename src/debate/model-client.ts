import type { z } from 'zod';
import type { TokenUsage } from '../models/price-usage.js';

export type { TokenUsage } from '../models/price-usage.js';

/**
 * The narrow interface the debate engine calls models through; `src/llm` implements it with the
 * Anthropic SDK, tests and the offline demo point that client at a local server.
 */

/**
 * Who speaks in a call. The auditor and the judge are neutral; only advocates argue. A reader reads a part
 * of the changes the evidence pack could not hold and quotes what bears on the positions (issue #40).
 */
export type ModelRole = 'moderator' | 'reader' | 'advocate' | 'auditor' | 'judge';

/** The phases of a debate a call can belong to (issue #4), and the pre-flight check before it (issue #12). */
export type CallPhase =
  | 'preflight'
  | 'framing'
  | 'reading'
  | 'pr-position'
  | 'opening'
  | 'cross-examination'
  | 'closing'
  | 'steelman'
  | 'audit'
  | 'judge';

/**
 * What a call is for, as data: the engine's own description of the call, for logs, the per-call
 * progress and scripted test models (which route on it rather than on prompt wording). Clients may
 * send it along (the Anthropic client sends it as the `x-pr-debate-call` header, which the API ignores).
 */
export interface CallMeta {
  phase: CallPhase;
  /** The advocate's position, for advocate calls. */
  positionId?: string;
  /** The cross-examination round (1-based); a closing call carries the round whose attacks it answers. */
  round?: number;
  /** The position a steelman argues for. */
  target?: string;
  /** The part a reader reads (1-based). */
  part?: number;
  /** The order the judge reads the positions in. */
  order?: string[];
  /** True for the repair retry of an unusable reply and the retry of a ruling that broke the rules. */
  retry: boolean;
  /**
   * True for a prompt-cache warm-up: a call with the prefix of the phase's calls, `max_tokens` 1,
   * whose reply is thrown away (see `warm-prompt-cache.ts`).
   */
  warmUp?: boolean;
}

/**
 * One structured-output call. Every call of a run starts with the same bytes: `system`, then
 * `evidence`, under the same `format`; only `instructions` differ, so the prefix is cached once per
 * model and read by every later call (the API's cache key covers the model, the output format and
 * the prefix blocks).
 */
export interface ModelCall<T> {
  role: ModelRole;
  model: string;
  /** Shared system text (prompts/system.md). */
  system: string;
  /** The evidence pack text (a reader's: its part); the first cached prefix ends here. */
  evidence: string;
  /**
   * What readers read of the changes the pack could not hold (its verified excerpts, issue #40), the same for
   * every call after the readers: a block of its own after the evidence, with its own cached prefix, so a
   * call made before the readers (the moderator's) leaves the evidence in the cache for the calls after them.
   */
  readings?: string;
  /**
   * The transcript every speaker of a phase reads, word for word the same for all of them: a block of
   * its own after the evidence and the second cached prefix. Undefined for calls without one.
   */
  transcript?: string;
  /** Role- and speaker-specific instructions that follow the evidence (and the transcript). */
  instructions: string;
  /**
   * The output schema sent to the API (`output_config.format`): the same schema for every call of a
   * run, so that it never splits the prompt cache. See `replySchemasFor` in `schemas.ts`.
   */
  format: z.ZodType<unknown>;
  /** Validates the parsed reply and picks out what this call asked for; a failure is a {@link ModelReplyError}. */
  schema: z.ZodType<T>;
  /** Output cap in tokens. */
  maxTokens: number;
  /**
   * Called once when the model starts answering (the API's `message_start`), by which time the
   * prompt-cache entry of the prefix exists; lets the engine hold back parallel calls until then.
   */
  onStart?: () => void;
  /** What the call is for; the engine always sets it. */
  meta?: CallMeta;
}

/** A validated reply. */
export interface ModelReply<T> {
  output: T;
  usage: TokenUsage;
  /** The model that answered, as the API names it. */
  model: string;
  /** A sentence the run should say once about how the reply was obtained (structured outputs switched off). */
  notice?: string;
}

/** Calls a model and returns its reply validated against `call.schema`. */
export interface ModelClient {
  /**
   * @throws ModelReplyError when the reply is truncated, refused, not JSON or does not match the schema
   * @throws the SDK's API errors after its own bounded retries
   */
  complete<T>(call: ModelCall<T>): Promise<ModelReply<T>>;
}

/** Why a reply that arrived cannot be used. */
export type ReplyProblem = 'invalid' | 'truncated' | 'refused';

/**
 * Why a run stopped making model calls before its debate finished, as the error that stopped a call
 * said it: the spending cap refused a call (input `max-cost-usd`, `src/llm/spending-cap.ts`), or the
 * run's stop signal aborted one (`src/llm/stop-signal.ts`: input `deadline-minutes`, the runner
 * cancelling the job, Ctrl-C in the CLI). The engine returns it (`DebateResult.stoppedBy`).
 */
export type EarlyStop =
  | {
      kind: 'spending-cap';
      /** Input `max-cost-usd`. */
      capUsd: number;
      /** USD the run's calls cost before the refused call, as the cap counts it. */
      spentUsd: number;
      /** The refused call's worst case in USD. */
      callUsd: number;
    }
  | {
      kind: 'deadline' | 'cancelled' | 'ctrl-c';
      /** One sentence for the head of the comment. */
      summary: string;
    };

/**
 * A call that failed because the run stopped making calls, not because of its model; `stop` says why.
 * Every call after it fails the same way, so the engine keeps the reason rather than the model's turn.
 */
export abstract class CallStopped extends Error {
  abstract readonly stop: EarlyStop;
}

/**
 * A debate that could not go on (the moderator failed: there is nothing to debate without positions),
 * with the engine's stop reason when the run's calls had stopped by then: a failure the deadline or the
 * spending cap caused says so, from what the engine saw, not from global state.
 */
export class DebateFailed extends Error {
  override name = 'DebateFailed';
  constructor(
    message: string,
    readonly stoppedBy: EarlyStop | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The stop reason an error carries: a {@link DebateFailed}'s, or a {@link CallStopped}'s (a pre-flight
 * call the stop signal aborted), looked for through `cause`.
 * @returns undefined when no stop caused the error
 */
export function earlyStopOf(error: unknown): EarlyStop | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (current instanceof DebateFailed) return current.stoppedBy;
    if (current instanceof CallStopped) return current.stop;
  }
  return undefined;
}

/**
 * A call the client refused without sending it (the spending cap, `src/llm/spending-cap.ts`): it failed,
 * but no request was made, so the run's call log leaves it out.
 */
export abstract class CallNotMade extends CallStopped {
  override name = 'CallNotMade';
}

/** A reply that arrived but cannot be used (truncated, refused, not matching the schema). */
export class ModelReplyError extends Error {
  override name = 'ModelReplyError';
  constructor(
    message: string,
    readonly usage: TokenUsage | undefined,
    /** What was wrong with it; the engine's repair retry says so to the model. */
    readonly problem: ReplyProblem = 'invalid',
    /** Validation errors, one per line (`path: message`), for the repair retry. */
    readonly issues: string[] = [],
  ) {
    super(message);
  }
}

/**
 * Formats zod issues for a repair message and the log: `path: message`, at most `limit` of them.
 * @param issues zod's `error.issues`
 */
export function formatIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  limit = 8,
): string[] {
  const lines = issues
    .slice(0, limit)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  if (issues.length > limit) lines.push(`… and ${issues.length - limit} more`);
  return lines;
}
