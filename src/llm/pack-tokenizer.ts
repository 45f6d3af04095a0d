import { CHARS_PER_TOKEN } from '../evidence/show-lines.js';
import { claudeModelFacts } from './claude-models.js';
import { parseModelId } from '../models/model-id.js';

/**
 * How many tokens the evidence pack is on the models that read it (issue #31): the one place that turns
 * a model set into the characters per token the pack is sized at, used alike by the debate
 * (`read-evidence.ts`), the merge gate's rebuild (`rebuild-evidence.ts`, from the signed record's
 * `models`), the eval (`prepareCases`) and the CLI (which runs the debate's pipeline). Pure.
 *
 * Claude 4.7 and later use a tokenizer on which "the same text counts as approximately 30% more tokens
 * than on Claude Haiku 4.5" (Claude Haiku 5.5 overview, read 2026-12-03): `claudeModelFacts().tokenizerFactor`.
 * The pack's estimate is {@link CHARS_PER_TOKEN} characters a token on a factor-1 tokenizer, so on a model
 * of factor f it is `CHARS_PER_TOKEN / f` characters a token.
 */

/** The models of a run that receive the evidence pack as input: the decision record's `models` has this shape. */
export interface PackReaders {
  /** The advocates' models (a list may repeat a model). */
  advocates: readonly string[];
  judge: string;
}

/**
 * A model's tokens per estimated token: 1 for an OpenAI-compatible model (the estimate's own scale; the
 * Chat Completions endpoints have no count the client calls), the Claude table's `tokenizerFactor` for a
 * Claude model in any provider's id form (`claude-sonnet-5-5`, `bedrock:global.anthropic.claude-opus-5`,
 * `vertex:claude-haiku-4-5@20251001`), and 1.3 for a Claude-provider model the table does not know (a model
 * newer than the table is on the newer tokenizer; counting it high keeps the pack within its budget).
 * @param model a full model id (`[provider:]model`)
 * @throws ModelIdError when the id does not parse (settings parse every id first)
 */
export function tokenizerFactor(model: string): number {
  if (parseModelId(model).provider === 'openai') return 1;
  return claudeModelFacts(model)?.tokenizerFactor ?? 1.3;
}

/**
 * The characters per token the evidence pack is sized at for its readers: {@link CHARS_PER_TOKEN} divided
 * by the largest {@link tokenizerFactor} among them, so `max-evidence-tokens` bounds the pack's tokens on
 * every model that reads it (3.5 on models before Claude 4.7 and OpenAI's, about 2.69 when one reader is
 * Claude 4.7 or later). The moderator is not a reader here: it is not in the record, so the merge gate
 * could not size its rebuild the same way; it reads the pack once to frame, and pre-flight checks that
 * the pack fits its context window (`countPackTokens`).
 * @returns characters per token, more than 0
 */
export function packCharsPerToken(readers: PackReaders): number {
  const factors = [...readers.advocates, readers.judge].map(tokenizerFactor);
  return CHARS_PER_TOKEN / Math.max(1, ...factors);
}

/**
 * The estimated tokens of `chars` characters of pack on one model: the characters at that model's
 * own rate (`packCharsPerToken` of the model alone), rounded up.
 */
export function estimateTokensOn(model: string, chars: number): number {
  // Rounded to a millionth first, so that 35,000 characters at 1.3 are 13,000 tokens, not 13,001 by float error.
  return Math.ceil(Math.round(((chars * tokenizerFactor(model)) / CHARS_PER_TOKEN) * 1e6) / 1e6);
}
