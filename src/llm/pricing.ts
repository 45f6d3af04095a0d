import type { TokenUsage } from '../debate/model-client.js';

/**
 * List prices in USD per million tokens (Anthropic's published rates; 5-minute cache writes).
 * A model not listed here has no known price: its cost is reported as unknown, never as zero.
 */
const PRICES: { prefix: string; input: number; output: number; cacheWrite: number; cacheRead: number }[] = [
  { prefix: 'claude-sonnet-5', input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 },
  { prefix: 'claude-opus-5', input: 4, output: 20, cacheWrite: 5, cacheRead: 0.4 },
  { prefix: 'claude-haiku-4-5', input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  { prefix: 'claude-sonnet-4', input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
];

/**
 * Cost of a call's usage.
 * @param model model id as the API reports it (dated ids match their family's prefix)
 * @returns USD, or undefined when the model's price is unknown
 */
export function costUsd(model: string, usage: TokenUsage): number | undefined {
  const price = PRICES.find((p) => model.startsWith(p.prefix));
  if (!price) return undefined;
  return (
    (usage.input_tokens * price.input +
      usage.output_tokens * price.output +
      usage.cache_creation_input_tokens * price.cacheWrite +
      usage.cache_read_input_tokens * price.cacheRead) /
    1_000_000
  );
}

/** Per-call assumptions of {@link estimateRunCostUsd}: instructions and transcript, and a reply with its thinking. */
const ESTIMATE_UNCACHED_INPUT_TOKENS = 6_000;
const ESTIMATE_OUTPUT_TOKENS = 4_000;

/**
 * A rough cost of a run before it starts, for the plan in the progress comment: the evidence pack is
 * written to the prompt cache once and read by every other call; each call adds about 6,000 uncached
 * input tokens and 4,000 output tokens (thinking included).
 * @param packTokens estimated tokens of the evidence pack
 * @returns USD, or undefined when the model's price is unknown
 */
export function estimateRunCostUsd(model: string, calls: number, packTokens: number): number | undefined {
  if (calls <= 0) return 0;
  return costUsd(model, {
    input_tokens: calls * ESTIMATE_UNCACHED_INPUT_TOKENS,
    output_tokens: calls * ESTIMATE_OUTPUT_TOKENS,
    cache_creation_input_tokens: packTokens,
    cache_read_input_tokens: (calls - 1) * packTokens,
  });
}
