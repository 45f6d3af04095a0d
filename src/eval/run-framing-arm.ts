import type { LanguageSetting } from '../debate/language.js';
import type { ModelClient } from '../debate/model-client.js';
import { framePositions } from '../debate/run-debate.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { RunUsage } from '../usage/price-usage.js';

/**
 * The framing arm (issue #32): the moderator frames the positions on its own, as on a bare `/debate`,
 * and its positions are scored against the case's acceptable framings (`framing.positions`). A framed
 * position matches an acceptable label when it holds most of that label's content words
 * ({@link matchesLabel}); the framing is a hit when at least two of its positions match two different
 * acceptable labels, and every position it framed matches one. Pure over {@link ModelClient}.
 */

/** One framing run. */
export interface FramingRun {
  caseId: string;
  repeat: number;
  /** The moderator's positions, or [] when it found nothing contested. */
  framed: string[];
  /** For each framed position, the index of the acceptable label it matches, or -1. */
  matches: number[];
  hit: boolean;
  usage: RunUsage;
  failure: string | undefined;
}

/** Words too common to tell two positions apart. */
const STOP_WORDS = new Set('a an the and or of to in on for is are be by it its this that with as at from should we not no do does keep use'.split(' '));

/** The content words of a label: lower-cased letters and digits, without stop words. */
export function contentWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

/** Share of an acceptable label's content words a framed position must hold to match it. */
export const MATCH_SHARE = 0.6;

/** Whether a framed position holds at least {@link MATCH_SHARE} of the label's content words. */
export function matchesLabel(framed: string, label: string): boolean {
  const wanted = contentWords(label);
  if (wanted.length === 0) return false;
  const have = new Set(contentWords(framed));
  return wanted.filter((w) => have.has(w)).length / wanted.length >= MATCH_SHARE;
}

/**
 * Scores a framing.
 * @returns each position's best-matching label index (-1 for none) and whether the framing is a hit
 */
export function matchFraming(framed: readonly string[], acceptable: readonly string[]): { matches: number[]; hit: boolean } {
  const matches = framed.map((position) => acceptable.findIndex((label) => matchesLabel(position, label)));
  const distinct = new Set(matches.filter((m) => m >= 0));
  return { matches, hit: framed.length >= 2 && distinct.size >= 2 && matches.every((m) => m >= 0) };
}

/** Runs the moderator on one case's pack and scores its positions. */
export async function runFramingArm(
  client: ModelClient,
  input: { caseId: string; repeat: number; pack: EvidencePack; acceptable: string[]; model: string; language: LanguageSetting },
): Promise<FramingRun> {
  try {
    const framed = await framePositions(client, { pack: input.pack, outOfScope: [], command: '/debate', moderatorModel: input.model, language: input.language });
    const labels = framed.kind === 'framed' ? framed.labels : [];
    return { caseId: input.caseId, repeat: input.repeat, framed: labels, ...matchFraming(labels, input.acceptable), usage: framed.usage, failure: undefined };
  } catch (error) {
    const usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cost_usd: 0, unpricedCalls: 0 };
    return { caseId: input.caseId, repeat: input.repeat, framed: [], matches: [], hit: false, usage, failure: error instanceof Error ? error.message : String(error) };
  }
}
