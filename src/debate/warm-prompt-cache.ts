/**
 * When to warm the prompt cache before a fan-out of calls that share a prefix, so that one call
 * writes the prefix and the others read it. Pure: the caller (`call-models.ts`) makes the calls.
 *
 * The API writes a cache entry for a prefix when a request with it is answered; the documentation
 * says the entry "only becomes available after the first response begins" and advises waiting "for
 * the first response before sending subsequent requests" (https://docs.claude.com/en/docs/build-with-claude/prompt-caching).
 * Whether "begins" means the first byte or the whole response is not said, and calls sent before the
 * entry is readable each pay to write the same prefix (1.25x the input price, against 0.1x for a read).
 * So for each group of parallel calls that share a prefix (same model, output format, evidence and
 * transcript) the engine picks the cheaper of two strategies under the worse reading:
 *
 * - `warm-up`: first a call with the same prefix and `max_tokens: 1`, and the group only after that
 *   call has completed, so the entry is readable under either reading. It costs one extra read of the
 *   part of the prefix already cached (0.1x), plus a few tokens, and one short round trip.
 * - `leader`: the first call goes alone and the others follow once its reply has begun. Nothing extra
 *   under the documented reading; under the other, each follower writes the new part of the prefix
 *   again: (n - 1) x (1.25 - 0.1) x its size.
 *
 * The evidence pack is new at the openings, so they are warmed up (nothing is cached yet); a phase's
 * transcript is new while the evidence before it is cached, so a short transcript follows a leader and
 * a long one is warmed. A prefix a completed call has written needs neither.
 */

/** Prompt-cache prices relative to the input price, for 5-minute entries (Anthropic's published multipliers). */
export const CACHE_WRITE_MULTIPLIER = 1.25;
/** See {@link CACHE_WRITE_MULTIPLIER}. */
export const CACHE_READ_MULTIPLIER = 0.1;

/** What the caller knows about one group of parallel calls. */
export interface PrefixGroup {
  /** How many calls share the prefix. */
  calls: number;
  /** Characters of the prefix already readable from the cache (written by a completed call). */
  cachedChars: number;
  /** Characters of the prefix after that, which some call of the group must write. */
  newChars: number;
  /** Characters of the warm-up's own instructions (uncached input). */
  warmUpChars: number;
}

/** How a group of calls goes out. `direct`: all at once (one call, or the prefix is already readable). */
export type FanOut = 'direct' | 'warm-up' | 'leader';

/**
 * Picks the strategy with the smaller extra cost under the worse of the two readings (characters
 * stand in for tokens: only their ratio matters).
 */
export function chooseFanOut(group: PrefixGroup): FanOut {
  if (group.calls < 2 || group.newChars === 0) return 'direct';
  // With a warm-up every call of the group reads the whole prefix; with a leader, the leader writes the new part.
  const warmUpExtra = CACHE_READ_MULTIPLIER * (group.cachedChars + group.newChars) + group.warmUpChars;
  const leaderExtra = (group.calls - 1) * (CACHE_WRITE_MULTIPLIER - CACHE_READ_MULTIPLIER) * group.newChars;
  return warmUpExtra < leaderExtra ? 'warm-up' : 'leader';
}
