import { ZERO_USAGE } from '../../src/usage/price-usage.js';
import { formatIssues, ModelReplyError, type ModelCall, type ModelClient, type ModelReply } from '../../src/debate/model-client.js';

/**
 * A ModelClient that answers from a script, for the pure debate engine (which only sees this
 * interface). Replies are validated with the call's own schema and fail as the real client fails: a
 * reply that does not match is a ModelReplyError with the validation issues; a script may also return
 * an Error (thrown as is) or {@link truncatedReply} / {@link refusedReply}.
 */
export function scriptedModels(script: (call: ModelCall<unknown>, index: number) => unknown): ModelClient & { calls: ModelCall<unknown>[] } {
  const calls: ModelCall<unknown>[] = [];
  return {
    calls,
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const index = calls.length;
      calls.push(call as ModelCall<unknown>);
      call.onStart?.();
      const usage = { ...ZERO_USAGE, input_tokens: 100, output_tokens: 10 };
      const reply = script(call as ModelCall<unknown>, index);
      if (reply instanceof ModelReplyError) throw new ModelReplyError(reply.message, usage, reply.problem, reply.issues);
      if (reply instanceof Error) throw reply;
      const output = call.schema.safeParse(reply);
      if (!output.success) {
        const issues = formatIssues(output.error.issues);
        throw new ModelReplyError(`the ${call.role} reply did not match its schema: ${issues.join('; ')}`, usage, 'invalid', issues);
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

/** Which prompt a call carries, read from its instructions. */
export type ScriptedPhase = 'moderator' | 'opening' | 'cross-examination' | 'closing' | 'steelman' | 'audit' | 'judge';

/**
 * The phase of a call, the position of an advocate call, and whether it is a retry.
 * @throws Error for instructions that carry none of the prompts (a test bug)
 */
export function describeCall(call: ModelCall<unknown>): { phase: ScriptedPhase; position: string | undefined; retry: boolean; round: number | undefined } {
  const text = call.instructions;
  const retry = text.includes('# Your previous reply could not be used') || text.includes('# Your ruling broke the rules');
  const position = /^# Your role: advocate for position ([A-D])/m.exec(text)?.[1];
  const round = Number(/cross-examination round (\d+) of at most/.exec(text)?.[1] ?? NaN);
  if (text.startsWith('# Your role: moderator')) return { phase: 'moderator', position, retry, round: undefined };
  if (text.startsWith('# Your role: evidence auditor')) return { phase: 'audit', position, retry, round: undefined };
  if (text.startsWith('# Your role: neutral judge')) return { phase: 'judge', position, retry, round: undefined };
  if (/^# Your role: advocate for position [A-D], steelman swap/.test(text)) return { phase: 'steelman', position, retry, round: undefined };
  if (/^# Your role: advocate for position [A-D], closing answers/.test(text)) return { phase: 'closing', position, retry, round: undefined };
  if (/^# Your role: advocate for position [A-D], cross-examination/.test(text)) return { phase: 'cross-examination', position, retry, round };
  if (/^# Your role: advocate for position [A-D]\n/.test(text)) return { phase: 'opening', position, retry, round: undefined };
  throw new Error(`unrecognised instructions: ${text.slice(0, 80)}`);
}

/** The attack ids listed for the advocate to answer in a cross-examination or closing call. */
export function attacksToAnswer(call: ModelCall<unknown>): string[] {
  const section = call.instructions.split('## Attacks on your position that you must answer')[1] ?? '';
  return [...section.matchAll(/^- attack_id (\S+),/gm)].map((m) => m[1]!);
}
