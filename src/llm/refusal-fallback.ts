import { ModelReplyError, type ModelCall, type ModelClient, type ModelReply } from '../debate/model-client.js';
import type { TokenCounting } from './claude-model-client.js';

/**
 * Input `refusal-fallback-model`: a turn its role's model refused (`stop_reason: "refusal"` on Claude, a
 * `refusal` or `content_filter` on OpenAI) is asked once of the fallback model, as the refusals guide
 * advises ("Handling refusals" (platform.claude.com, read 2026-12-03): a refusal on one model is usually
 * answered by another; retry the request on a different model rather than re-sending it to the same one).
 * Without a fallback, the engine's repair retries the same model once, as before.
 *
 * It wraps the spending-capped client, so the fallback call is priced and reserved by the cap like any
 * other call. Each fallback leaves a sentence for the comment's engine notes ({@link RunModelClient.notices}).
 */

/** The run's model client as the pipeline holds it: the calls, what to say about them, and token counts. */
export interface RunModelClient extends ModelClient {
  /** Sentences for the comment's engine notes: each turn a fallback model answered. */
  notices?(): string[];
  /** The provider's token count of a prompt (`count_tokens`), or undefined where it has none. */
  countTokens?: TokenCounting['countTokens'];
}

/**
 * Wraps `inner` so that a refused turn is asked of `fallback` once.
 * @param fallback a full model id; undefined returns a client that only forwards
 */
export function withRefusalFallback<C extends ModelClient>(
  inner: C,
  fallback: string | undefined,
): C & Required<Pick<RunModelClient, 'notices'>> {
  const notices: string[] = [];
  return {
    ...inner,
    notices: () => [...notices],
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      try {
        return await inner.complete(call);
      } catch (error) {
        if (
          !fallback ||
          fallback === call.model ||
          call.meta?.warmUp ||
          !(error instanceof ModelReplyError) ||
          error.problem !== 'refused'
        )
          throw error;
        const reply = await inner.complete({ ...call, model: fallback });
        const turn = `${call.role}${call.meta?.positionId ? ` ${call.meta.positionId}` : ''}${call.meta ? ` (${call.meta.phase})` : ''}`;
        notices.push(
          `Model ${call.model} refused the ${turn} turn (${error.message}); the refusal-fallback-model ${fallback} answered it.`,
        );
        return reply;
      }
    },
  };
}
