import type { ModelRole } from '../debate/model-client.js';

/**
 * What a run needs to know about an OpenAI model before it calls it. Pure data and arithmetic.
 *
 * Sources (developers.openai.com, read 2026-12-03):
 * - the GPT-6 model pages (gpt-6-astra, gpt-6-sol, gpt-6-luna, gpt-6.1-sol, gpt-6.1-terra, gpt-6.2-sol,
 *   gpt-6.2-astra): "1,050,000 context window", "922,000 max input tokens", "128,000 max output tokens",
 *   "Reasoning token support";
 * - reasoning guide, "Managing the context window": reasoning tokens are billed as output tokens and
 *   count toward `max_completion_tokens`; a reply that reaches it ends with `finish_reason: "length"`,
 *   possibly before any visible output; "We recommend reserving at least 25,000 tokens for reasoning and
 *   outputs when you start experimenting with these models";
 * - Chat Completions, `max_completion_tokens`: the API refuses a value below 16 with a 400 whose message
 *   is "Expected a value >= 16, but got 1" (issue #31, as the API answered a warm-up); the docs corpus we
 *   search has no line that states the floor, so this is the observed rule;
 * - `reasoning_effort`: GPT-6.1 Sol and later "do not accept none or minimal" (model pages); `medium` is
 *   accepted by every GPT-6 model.
 * A model this table does not know (Ollama, vLLM, an Azure deployment name) is sent the reply's own budget
 * and no `reasoning_effort`: the server decides.
 */

/** Facts of an OpenAI model family. */
export interface OpenAiModelFacts {
  contextWindow: number;
  maxOutput: number;
  /** It reasons: reasoning tokens count toward `max_completion_tokens`. */
  reasoning: boolean;
}

/** The smallest `max_completion_tokens` OpenAI accepts. */
export const OPENAI_MIN_OUTPUT_TOKENS = 16;

const GPT6: OpenAiModelFacts = { contextWindow: 1_050_000, maxOutput: 128_000, reasoning: true };

/** Families: the model or a dated snapshot of it (`gpt-6.1-sol-2026-09-29`). */
const FAMILIES: readonly [string, OpenAiModelFacts][] = [
  'gpt-6.2-astra',
  'gpt-6.2-sol',
  'gpt-6.1-sol',
  'gpt-6.1-terra',
  'gpt-6-astra',
  'gpt-6-sol',
  'gpt-6-luna',
].map((id) => [id, GPT6]);

/** The facts of an OpenAI model name (without `openai:`), or undefined for one this table does not know. */
export function openAiModelFacts(model: string): OpenAiModelFacts | undefined {
  return FAMILIES.find(
    ([id]) => model === id || new RegExp(`^${id.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}$`).test(model),
  )?.[1];
}

/** The `reasoning_effort` each role sends to a reasoning model: as the Claude roles' effort, `medium`. */
export const OPENAI_REASONING_EFFORT = 'medium';

/**
 * Room for reasoning on top of a reply's budget at `medium` (and at the `low` a repair asks for): a reply
 * cut at `length` by its reasoning is wasted money. Billing is for tokens used, so the room costs nothing
 * unless the model reasons that long; the spending cap reserves it.
 */
export const OPENAI_REASONING_ROOM = 25_000;

/**
 * The `max_completion_tokens` an OpenAI call is sent with: at least {@link OPENAI_MIN_OUTPUT_TOKENS} (a
 * prompt-cache warm-up asks for 1), and for a reasoning model the reply's budget plus
 * {@link OPENAI_REASONING_ROOM}, at most the model's output limit.
 * @param model the model name without `openai:`
 */
export function openAiOutputBudget(model: string, _role: ModelRole, replyTokens: number, warmUp = false): number {
  const facts = openAiModelFacts(model);
  const floor = Math.max(OPENAI_MIN_OUTPUT_TOKENS, replyTokens);
  if (warmUp || !facts?.reasoning) return floor;
  return Math.min(floor + OPENAI_REASONING_ROOM, facts.maxOutput);
}
