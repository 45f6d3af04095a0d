import type { ModelCall, ModelClient, ModelReply } from '../debate/model-client.js';
import { parseReply } from '../llm/parse-reply.js';
import { jsonSchemaOf } from '../llm/json-schema-of.js';
import { createRehearsalResponder, type RehearsalOptions } from './rehearsal-model.js';

/**
 * The rehearsal model as a {@link ModelClient} (`pr-debate run --rehearsal`, issue #33): no key, no
 * network. Each call gets what the rehearsal responder answers the local Messages API server with for
 * the same request (the call's system, evidence, transcript and instructions, the JSON schema the
 * Claude client would send as `output_config.format`), read back with the call's own zod schema by the
 * same `parseReply` every provider's reply goes through. So the whole pipeline runs, citation checks
 * and judge rules included, on replies no real model wrote.
 */

/**
 * The inputs of a run the rehearsal answers (`pr-debate run --rehearsal`): every role under the model id
 * `rehearsal` (`stand-ins.ts`), so the record's `models` name it and the comment, its footer and the CLI's
 * last line say what the run is; priced at nothing, since nothing is paid.
 */
export const REHEARSAL_INPUTS: Readonly<Record<string, string>> = {
  model: 'rehearsal',
  'advocate-models': 'rehearsal',
  'judge-model': 'rehearsal',
  'reader-model': 'rehearsal',
  'model-prices': 'rehearsal=0/0',
};

/** A token for every 4 bytes of UTF-8, as the local Messages API server counts them (no tokenizer here). */
function approximateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

/**
 * @param options the rehearsal's seed and how many citations a reply gets wrong on purpose (default 1)
 * @returns a client whose replies are valid for each call's schema; `usage` counts 4 bytes a token, all plain input
 * @throws ModelReplyError only if a rehearsal reply does not match the call's schema (a rehearsal bug, said as a model's would be)
 */
export function createRehearsalModelClient(options: RehearsalOptions = {}): ModelClient {
  const respond = createRehearsalResponder(options);
  return {
    complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const text = [call.system, call.evidence, call.readings, call.transcript, call.instructions]
        .filter((block): block is string => Boolean(block))
        .join('\n\n');
      const reply = respond(
        { output_config: { format: { type: 'json_schema', schema: jsonSchemaOf(call.format) } } },
        { text, call: call.meta },
      );
      call.onStart?.();
      const usage = {
        input_tokens: approximateTokens(text),
        output_tokens: approximateTokens(reply.text),
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      };
      return Promise.resolve({
        output: parseReply(reply.text, call.schema, call.role, usage),
        usage,
        model: call.model,
      });
    },
  };
}
