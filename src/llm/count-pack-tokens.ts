import { CHARS_PER_TOKEN } from '../evidence/show-lines.js';
import type { TokenCounting } from './claude-model-client.js';
import { ModelCallError } from './model-call-error.js';
import { parseModelId } from '../models/model-id.js';
import { estimateTokensOn, tokenizerFactor } from './pack-tokenizer.js';

/**
 * The evidence pack's tokens on each model of a run, for pre-flight's context-window check and the plan's
 * cost estimate (issue #31). The pack is sized for its readers' largest tokenizer factor
 * (`packCharsPerToken`), but a model's own figure is best counted. So each model's count comes from its provider's free token counter where it has one: the
 * Messages API's `POST /v1/messages/count_tokens` ("Token counting is free to use but subject to requests
 * per minute rate limits", platform.claude.com, token counting, read 2026-12-03) and Vertex AI's
 * `count-tokens:rawPredict` (Google Cloud, Claude on Vertex AI, "Count tokens"); elsewhere (Bedrock's
 * InvokeModel path, OpenAI's Chat Completions, which have none the SDKs call) it is the estimate times the
 * model's tokenizer factor (`estimateTokensOn`), and says it is an estimate.
 */

/** One model's count. */
export interface PackCount {
  tokens: number;
  /** `counted`: the provider's tokenizer; `estimated`: characters / 3.5 times the tokenizer factor (`estimateTokensOn`). */
  how: 'counted' | 'estimated';
}

/**
 * Counts the pack on each distinct model, in parallel.
 * @param pack the system prompt and the pack's text (`EvidencePack.text`)
 * @param counter the run's client; without `countTokens` every figure is an estimate
 * @returns a count per model id, and one log line per model saying how it was found
 */
export async function countPackTokens(
  models: readonly string[],
  pack: { system: string; text: string },
  counter: Partial<TokenCounting>,
): Promise<{ counts: Map<string, PackCount>; lines: string[] }> {
  const counts = new Map<string, PackCount>();
  const lines: string[] = [];
  await Promise.all(
    [...new Set(models)].map(async (model) => {
      const provider = parseModelId(model).provider;
      let tokens: number | undefined;
      let failed: string | undefined;
      if (counter.countTokens && (provider === 'anthropic' || provider === 'vertex')) {
        try {
          tokens = await counter.countTokens(model, { system: pack.system, text: pack.text });
        } catch (error) {
          // The count is a help, not a gate: a refused count falls back to the estimate; the pre-flight call reports the model's real problem.
          if (!(error instanceof ModelCallError)) throw error;
          failed = error.message;
        }
      }
      if (tokens !== undefined) {
        counts.set(model, { tokens, how: 'counted' });
        lines.push(
          `Evidence pack on ${model}: ${tokens.toLocaleString('en-US')} tokens (counted by the provider's count_tokens).`,
        );
        return;
      }
      const factor = tokenizerFactor(model);
      const estimated = estimateTokensOn(model, pack.text.length);
      const base = Math.ceil(pack.text.length / CHARS_PER_TOKEN);
      counts.set(model, { tokens: estimated, how: 'estimated' });
      lines.push(
        `Evidence pack on ${model}: about ${estimated.toLocaleString('en-US')} tokens (an estimate: ${base.toLocaleString('en-US')} at ${CHARS_PER_TOKEN} characters a token${factor !== 1 ? ` times ${factor} for this model's tokenizer` : ''}; ${failed ? `the token count failed: ${failed}` : `${provider === 'bedrock' ? 'Bedrock' : 'this provider'} has no count endpoint the client calls`}).`,
      );
    }),
  );
  return { counts, lines };
}
