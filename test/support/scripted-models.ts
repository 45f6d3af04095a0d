import { ZERO_USAGE } from '../../src/models/price-usage.js';
import {
  formatIssues,
  ModelReplyError,
  type CallPhase,
  type ModelCall,
  type ModelClient,
  type ModelReply,
} from '../../src/debate/model-client.js';

/**
 * A ModelClient that answers from a script, for the pure debate engine (which only sees this
 * interface). Prompt-cache warm-ups (`max_tokens` 1) are cut at once and kept apart in `warmUps`. Replies are validated with the call's own schema and fail as the real client fails: a
 * reply that does not match is a ModelReplyError with the validation issues; a script may also return
 * an Error (thrown as is) or {@link truncatedReply} / {@link refusedReply}.
 */
export function scriptedModels(
  script: (call: ModelCall<unknown>, index: number) => unknown,
): ModelClient & { calls: ModelCall<unknown>[]; warmUps: ModelCall<unknown>[] } {
  const calls: ModelCall<unknown>[] = [];
  const warmUps: ModelCall<unknown>[] = [];
  return {
    calls,
    warmUps,
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const index = calls.length;
      (call.meta?.warmUp ? warmUps : calls).push(call as ModelCall<unknown>);
      call.onStart?.();
      const usage = { ...ZERO_USAGE, input_tokens: 100, output_tokens: Math.min(10, call.maxTokens) };
      // A real model stops at max_tokens: every scripted reply is 10 tokens long.
      if (call.maxTokens < 10)
        throw new ModelReplyError(
          `the ${call.role} reply was cut at max_tokens (${call.maxTokens})`,
          usage,
          'truncated',
        );
      const reply = script(call as ModelCall<unknown>, index);
      if (reply instanceof ModelReplyError)
        throw new ModelReplyError(reply.message, usage, reply.problem, reply.issues);
      if (reply instanceof Error) throw reply;
      const output = call.schema.safeParse(reply);
      if (!output.success) {
        const issues = formatIssues(output.error.issues);
        throw new ModelReplyError(
          `the ${call.role} reply did not match its schema: ${issues.join('; ')}`,
          usage,
          'invalid',
          issues,
        );
      }
      return { output: output.data, usage, model: call.model };
    },
  };
}

/** A reply cut at `max_tokens`, as the real client reports it. */
export function truncatedReply(): ModelReplyError {
  return new ModelReplyError('the reply was cut at max_tokens', undefined, 'truncated');
}

/** A refused reply, as the real client reports it. */
export function refusedReply(): ModelReplyError {
  return new ModelReplyError('the model refused the turn', undefined, 'refused');
}

/** Which prompt a call carries: its phase, with the moderator's calls (framing, naming the PR's position) named for its role. */
export type ScriptedPhase = Exclude<CallPhase, 'framing' | 'pr-position'> | 'moderator';

/**
 * The phase of a call, the position of an advocate call, its round, whether it is a retry or a
 * prompt-cache warm-up (`max_tokens` 1, for the phase named), from the
 * call's structured metadata (`call.meta`, which the engine sets on every call).
 * @throws Error for a call without metadata (a test bug)
 */
export function describeCall(call: Pick<ModelCall<unknown>, 'meta'>): {
  phase: ScriptedPhase;
  position: string | undefined;
  retry: boolean;
  round: number | undefined;
  target: string | undefined;
  warmUp: boolean;
} {
  const meta = call.meta;
  if (!meta) throw new Error('a model call without metadata (call.meta)');
  return {
    phase: meta.phase === 'framing' || meta.phase === 'pr-position' ? 'moderator' : meta.phase,
    position: meta.positionId,
    retry: meta.retry,
    round: meta.phase === 'cross-examination' ? meta.round : undefined,
    target: meta.target,
    warmUp: meta.warmUp === true,
  };
}

/** The attack ids listed for the advocate to answer in a cross-examination or closing call. */
export function attacksToAnswer(call: ModelCall<unknown>): string[] {
  const section = call.instructions.split('## Attacks on your position that you must answer')[1] ?? '';
  return [...section.matchAll(/^- attack_id (\S+),/gm)].map((m) => m[1]!);
}

/**
 * True when the judge's facts say no counted attack reached position `id` (as this call shows it): a
 * judge that keeps the rubric then gives a recommendation of it low confidence at most (`rubric.ts`).
 */
export function factsSayUntested(instructions: string, id: string): boolean {
  return new RegExp(`^- Position ${id}: [^\\n]*No counted attack reached it: it is untested\\.`, 'm').test(
    instructions,
  );
}
