/**
 * List prices in USD per million tokens, as data: Anthropic's published rates for the Messages API
 * (5-minute cache writes at 1.25x the input price, cache reads at 0.1x). A model not listed here has no known price: its cost is
 * reported as unknown, never as zero.
 */

/** The price of one model family, in USD per million tokens. */
export interface ModelPrice {
  /** Model ids that start with this (dated ids match their family's prefix). */
  prefix: string;
  input: number;
  output: number;
  /** 5-minute prompt-cache writes. */
  cacheWrite: number;
  cacheRead: number;
}

/** Known prices, most specific prefix first. */
export const PRICES: readonly ModelPrice[] = [
  { prefix: 'claude-sonnet-5', input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 },
  { prefix: 'claude-opus-5', input: 4, output: 20, cacheWrite: 5, cacheRead: 0.4 },
  { prefix: 'claude-haiku-4-5', input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  { prefix: 'claude-sonnet-4', input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
];
