import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { z } from 'zod';

const jsonSchemas = new WeakMap<z.ZodType<unknown>, Record<string, unknown>>();

/**
 * The JSON schema the Claude client sends as `output_config.format` for a zod schema (the SDK's
 * `zodOutputFormat`: no keyword the API does not support), memoised. The rehearsal reads the same.
 */
export function jsonSchemaOf(schema: z.ZodType<unknown>): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = zodOutputFormat(schema).schema;
    jsonSchemas.set(schema, json);
  }
  return json;
}
