import type { ModelRole } from '../debate/model-client.js';
import { openAiOutputBudget } from './openai-models.js';

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
 *
 * Read again 2026-12-03 (issue #31):
 * - Claude Haiku 5.5 overview: "Context window: 1M tokens · Max output: 128K tokens"; "It supports adaptive
 *   thinking with the effort parameter"; "It uses the same newer tokenizer as Claude 4.7 and later models, so
 *   the same text counts as approximately 30% more tokens than on Claude Haiku 4.5";
 * - Claude Fable 5.2, What's new: "a 1M token context window (default and maximum) and 128k max output
 *   tokens"; "adaptive thinking is always on";
 * - adaptive thinking (Amazon Bedrock's copy of it, docs.aws.amazon.com/bedrock/latest/userguide/
 *   claude-messages-adaptive-thinking.html): supported on Opus 4.7, Opus 4.6 and Sonnet 4.6 ("No beta header
 *   is required"), and Sonnet 5.5 migration guide: "On Claude Sonnet 4.6 and earlier models and Claude Haiku
 *   4.5, such a request [without a thinking field] does not think"; Opus 5 overview: thinking on by default is
 *   new in Opus 5 ("This page summarizes everything new in Claude Opus 5, including thinking on by default").
 *   So Opus 4.6 to 4.8 and Sonnet 4.6 think only when sent `thinking: {type: "adaptive"}`; Opus 4.5 takes
 *   effort but not adaptive thinking ("Older models (Claude Sonnet 4.5, Claude Opus 4.5, etc.) do not support
 *   adaptive thinking").
 */

/** A level of `output_config.effort`. */
export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/**
 * How a model thinks: `default` adaptively unless told not to (Claude 5.x), `opt-in` only when the request
 * sends `thinking: {type: "adaptive"}` (Opus 4.6 to 4.8, Sonnet 4.6), `none` not adaptively at all.
 */
export type Thinking = 'default' | 'opt-in' | 'none';

/** Facts of a model family. */
export interface ClaudeModelFacts {
  /** Tokens of input plus output the model can hold. */
  contextWindow: number;
  /** The largest `max_tokens` it accepts. */
  maxOutput: number;
  /** Whether it takes `output_config.effort`. */
  effort: boolean;
  thinking: Thinking;
  /**
   * Tokens per estimated token (the evidence pack's `CHARS_PER_TOKEN`, src/evidence/show-lines.ts; applied by
   * `src/llm/pack-tokenizer.ts`): 1.3 on the tokenizer of Claude
   * 4.7 and later ("approximately 30% more tokens than on Claude Haiku 4.5"), 1 before it.
   */
  tokenizerFactor: number;
}

const CURRENT: ClaudeModelFacts = {
  contextWindow: 1_000_000,
  maxOutput: 128_000,
  effort: true,
  thinking: 'default',
  tokenizerFactor: 1.3,
};
const OPUS_4_7: ClaudeModelFacts = { ...CURRENT, thinking: 'opt-in' };

/** Families by id prefix, longest first where one prefix contains another. */
const FAMILIES: readonly [string, ClaudeModelFacts][] = [
  ['claude-fable-5', CURRENT],
  ['claude-mythos-5', CURRENT],
  ['claude-opus-5', CURRENT],
  ['claude-sonnet-5', CURRENT],
  ['claude-haiku-5', CURRENT],
  ['claude-opus-4-8', OPUS_4_7],
  ['claude-opus-4-7', OPUS_4_7],
  ['claude-opus-4-6', { ...OPUS_4_7, tokenizerFactor: 1 }],
  [
    'claude-sonnet-4-6',
    { contextWindow: 1_000_000, maxOutput: 64_000, effort: true, thinking: 'opt-in', tokenizerFactor: 1 },
  ],
  [
    'claude-opus-4-5',
    { contextWindow: 200_000, maxOutput: 64_000, effort: true, thinking: 'none', tokenizerFactor: 1 },
  ],
  [
    'claude-haiku-4-5',
    { contextWindow: 200_000, maxOutput: 64_000, effort: false, thinking: 'none', tokenizerFactor: 1 },
  ],
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
 * evidence and the debate's rules carry the reasoning. A reader reads its own part of the changes, not the
 * pack, so its effort splits no cache entry of the debate's: `low`, as picking the lines that bear on a
 * position is a search, not an argument, and its thinking room is what the spending cap reserves.
 */
export const EFFORT_BY_ROLE: Record<ModelRole, Effort> = {
  moderator: 'medium',
  reader: 'low',
  advocate: 'medium',
  auditor: 'medium',
  judge: 'medium',
};

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
  if (model.startsWith('openai:')) return openAiOutputBudget(model.slice('openai:'.length), role, replyTokens, warmUp);
  if (warmUp) return replyTokens;
  const facts = claudeModelFacts(model);
  if (facts && facts.thinking === 'none') return Math.min(replyTokens, facts.maxOutput);
  return Math.min(replyTokens + THINKING_ROOM[EFFORT_BY_ROLE[role]], facts?.maxOutput ?? CURRENT.maxOutput);
}

/**
 * The `thinking` field a call sends: `{type: "adaptive"}` for a model that thinks only when asked (so a
 * run on Opus 4.8 thinks as one on Opus 5 does, within the room {@link outputBudget} leaves), none otherwise
 * (Claude 5.x thinks by default; older models do not think adaptively).
 */
export function thinkingOf(model: string): { type: 'adaptive' } | undefined {
  return claudeModelFacts(model)?.thinking === 'opt-in' ? { type: 'adaptive' } : undefined;
}
