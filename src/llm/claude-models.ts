import type { ModelRole } from '../debate/model-client.js';

/**
 * What a run needs to know about a Claude model before it calls it: its context window, its output
 * limit, whether it takes `output_config.effort`, and how much room each role leaves for thinking.
 * Pure data and arithmetic.
 *
 * Sources (platform.claude.com, read 2026-12):
 * - models overview and the model pages: "Context window: 1M tokens · Max output: 128K tokens" for
 *   Fable 5.x, Opus 5.x, Sonnet 5.x; Claude Haiku 4.5 "200K | 64K | Extended";
 * - What's new in Claude Sonnet 5.5: "Adaptive thinking is on by default, and the effort parameter
 *   controls thinking depth. Its default on the Claude API is high.";
 * - effort: "At `high` and `xhigh`, set a large `max_tokens`: it is a hard limit on total output,
 *   thinking plus response text."; supported models "Fable 5 - Mythos 5 and Preview - Opus 4.5, 4.6,
 *   4.7, 4.8, and 5 - Sonnet 4.6 and 5" (Haiku 4.5 takes no effort);
 * - context windows: "Thinking tokens are a subset of your `max_tokens` parameter, are billed as
 *   output tokens".
 */

/** A level of `output_config.effort`. */
export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Facts of a model family. */
export interface ClaudeModelFacts {
  /** Tokens of input plus output the model can hold. */
  contextWindow: number;
  /** The largest `max_tokens` it accepts. */
  maxOutput: number;
  /** Whether it takes `output_config.effort` (and thinks adaptively). */
  effort: boolean;
}

const CURRENT: ClaudeModelFacts = { contextWindow: 1_000_000, maxOutput: 128_000, effort: true };
const OPUS_4: ClaudeModelFacts = { contextWindow: 1_000_000, maxOutput: 128_000, effort: true };

/** Families by id prefix, longest first where one prefix contains another. */
const FAMILIES: readonly [string, ClaudeModelFacts][] = [
  ['claude-fable-5', CURRENT],
  ['claude-mythos-5', CURRENT],
  ['claude-opus-5', CURRENT],
  ['claude-sonnet-5', CURRENT],
  ['claude-haiku-5', { contextWindow: 200_000, maxOutput: 64_000, effort: true }],
  ['claude-opus-4-8', OPUS_4],
  ['claude-opus-4-7', OPUS_4],
  ['claude-opus-4-6', OPUS_4],
  ['claude-sonnet-4-6', { contextWindow: 1_000_000, maxOutput: 64_000, effort: true }],
  ['claude-opus-4-5', { contextWindow: 200_000, maxOutput: 64_000, effort: true }],
  ['claude-haiku-4-5', { contextWindow: 200_000, maxOutput: 64_000, effort: false }],
  ['claude-sonnet-4-5', { contextWindow: 200_000, maxOutput: 64_000, effort: false }],
];

/**
 * The facts of a Claude model id in any provider's form (`claude-sonnet-5-5`, `claude-haiku-4-5@20251001`,
 * `global.anthropic.claude-opus-5`), or undefined for a model this table does not know.
 */
export function claudeModelFacts(model: string): ClaudeModelFacts | undefined {
  const name = /claude-[a-z0-9-]+/.exec(model)?.[0];
  return name ? FAMILIES.find(([prefix]) => name.startsWith(prefix))?.[1] : undefined;
}

/**
 * The effort each role asks for: `medium` for all of them. Every role reads the same evidence pack from
 * the prompt cache, and the effort is part of the cache key: "Changing the `output_config.effort` value
 * always invalidates message blocks" (prompt caching, What invalidates the cache), so a role at another
 * effort would write the whole pack to the cache again (1.25x its input price instead of 0.1x). `medium`
 * rather than the API's default `high`: "Balanced approach with moderate token savings" (effort), the
 * evidence and the debate's rules carry the reasoning.
 */
export const EFFORT_BY_ROLE: Record<ModelRole, Effort> = { moderator: 'medium', advocate: 'medium', auditor: 'medium', judge: 'medium' };

/**
 * Output tokens left for thinking on top of a reply's own budget, by effort. Billing is for tokens
 * used, not for the cap, so the room costs nothing unless the model thinks that long; the spending cap
 * reserves it (see {@link outputBudget}).
 */
const THINKING_ROOM: Record<Effort, number> = { low: 4_000, medium: 16_000, high: 32_000, xhigh: 64_000, max: 64_000 };

/**
 * The `max_tokens` a call is sent with: the reply's budget plus room for thinking at the role's
 * effort, at most the model's output limit. A prompt-cache warm-up (a reply cut on purpose) and a
 * model without adaptive thinking or effort get no room; an OpenAI-compatible model never does.
 * @param model a full model id (`[provider:]model`) or a bare Claude model name
 * @param replyTokens the reply's own budget (`ModelCall.maxTokens`)
 */
export function outputBudget(model: string, role: ModelRole, replyTokens: number, warmUp = false): number {
  if (warmUp || model.startsWith('openai:')) return replyTokens;
  const facts = claudeModelFacts(model);
  if (facts && !facts.effort) return Math.min(replyTokens, facts.maxOutput);
  return Math.min(replyTokens + THINKING_ROOM[EFFORT_BY_ROLE[role]], facts?.maxOutput ?? CURRENT.maxOutput);
}
