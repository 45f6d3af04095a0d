import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ModelCall, TokenUsage } from '../debate/model-client.js';
import { claudeModelFacts, EFFORT_BY_ROLE } from './claude-models.js';

/** The Messages API pieces of a Claude call: its prompt blocks and effort, its reply's usage and refusal detail. */

/**
 * The call's prompt as the Messages API takes it, the same for a call and its warm-up so that the
 * warm-up writes the cache the call reads: the system prompt, then the evidence, the readers' readings and
 * the transcript, each ending in a cache breakpoint (prompt caching, "cache_control": at most four a
 * request, three here), then the instructions, which vary.
 */
export function promptOf(call: ModelCall<unknown>, instructions: string) {
  return {
    system: [{ type: 'text' as const, text: call.system }],
    messages: [
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: call.evidence, cache_control: { type: 'ephemeral' as const } },
          ...(call.readings
            ? [{ type: 'text' as const, text: call.readings, cache_control: { type: 'ephemeral' as const } }]
            : []),
          ...(call.transcript
            ? [{ type: 'text' as const, text: call.transcript, cache_control: { type: 'ephemeral' as const } }]
            : []),
          { type: 'text' as const, text: instructions },
        ],
      },
    ],
  };
}

/** The role's effort (`EFFORT_BY_ROLE`), for a model that takes one (`claude-models.ts`), else undefined. */
export function roleEffortOf(call: Pick<ModelCall<unknown>, 'model' | 'role'>) {
  return claudeModelFacts(call.model)?.effort !== false ? EFFORT_BY_ROLE[call.role] : undefined;
}

/** `, category …: explanation` of a refusal's `stop_details`, when it said anything. */
export function refusalDetail(message: { stop_details?: unknown }): string {
  const details = refusalDetailsSchema.safeParse(message.stop_details).data;
  const parts = [details?.category ? `category ${details.category}` : '', details?.explanation ?? ''].filter(Boolean);
  return parts.length > 0 ? `: ${parts.join(', ')}` : '';
}

const refusalDetailsSchema = z.object({
  category: z.string().nullish().catch(null),
  explanation: z.string().nullish().catch(null),
});

export function usageOf(usage: Anthropic.Usage): TokenUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}
