import type { z } from 'zod';
import { ZERO_USAGE, type ModelCall, type ModelClient, type ModelReply } from '../../src/debate/model-client.js';

/**
 * A ModelClient that answers from a script, for the pure debate engine (which only sees this
 * interface). Replies are validated with the call's own schema, as the real client does.
 */
export function scriptedModels(script: (call: ModelCall<unknown>) => unknown): ModelClient & { calls: ModelCall<unknown>[] } {
  const calls: ModelCall<unknown>[] = [];
  return {
    calls,
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      calls.push(call as ModelCall<unknown>);
      const reply = script(call as ModelCall<unknown>);
      if (reply instanceof Error) throw reply;
      const output = (call.schema as z.ZodType<T>).parse(reply);
      return { output, usage: { ...ZERO_USAGE, input_tokens: 100, output_tokens: 10 }, model: call.model };
    },
  };
}
