import type { LanguageSetting } from '../src/debate/language.js';
import type { ModelClient } from '../src/debate/model-client.js';
import { framePositions } from '../src/debate/run-debate.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import type { RunUsage } from '../src/models/price-usage.js';

/**
 * The framing arm (issue #32): the moderator frames the debate on its own, as on a bare `/debate`, and
 * its framing (topic and positions) is scored against the case's acceptable framings
 * (`framing.positions`: questions or labels a labeller would accept): a hit when it holds most of the
 * content words of one of them ({@link matchFraming}) and has two positions to debate. Word overlap
 * finds the framing's subject, not which way each position leans. Pure over {@link ModelClient}.
 */

/** One framing run. */
export interface FramingRun {
  caseId: string;
  repeat: number;
  /** The moderator's topic and positions, or '' and [] when it found nothing contested. */
  topic: string;
  framed: string[];
  /** The acceptable framing it matched (index in the case's `framing.positions`), or -1, and the share of its words held. */
  matched: number;
  share: number;
  hit: boolean;
  usage: RunUsage;
  failure: string | undefined;
}

/** Words too common to tell two positions apart. */
const STOP_WORDS = new Set(
  'a an the and or of to in on for is are be by it its this that with as at from should we do does'.split(' '),
);

/** A word without the common English endings, so that `accepted` and `accepting` are one word. */
function stem(word: string): string {
  for (const ending of ['ing', 'ed', 'es', 's'])
    if (word.length > ending.length + 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  return word;
}

/** The content words of a label: lower-cased letters and digits, stemmed, without stop words. */
export function contentWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
        .map(stem),
    ),
  ];
}

/** Share of an acceptable framing's content words the moderator's framing must hold to match it. */
export const MATCH_SHARE = 0.6;

/**
 * Matches a framing: the moderator's topic and positions, taken together, against each acceptable
 * framing of the case (a question or a label a labeller would accept).
 * @returns the best-matching acceptable framing (-1 when none holds {@link MATCH_SHARE}), its share, and
 *   whether the framing is a hit (a match, with at least two positions to debate)
 */
export function matchFraming(
  framed: { topic: string; positions: readonly string[] },
  acceptable: readonly string[],
): { matched: number; share: number; hit: boolean } {
  const have = new Set(contentWords([framed.topic, ...framed.positions].join(' ')));
  const shares = acceptable.map((label) => {
    const wanted = contentWords(label);
    return wanted.length === 0 ? 0 : wanted.filter((w) => have.has(w)).length / wanted.length;
  });
  const share = Math.max(0, ...shares);
  const matched = share >= MATCH_SHARE ? shares.indexOf(share) : -1;
  return { matched, share, hit: matched >= 0 && framed.positions.length >= 2 };
}

/** Runs the moderator on one case's pack and scores its positions. */
export async function runFramingArm(
  client: ModelClient,
  input: {
    caseId: string;
    repeat: number;
    pack: EvidencePack;
    acceptable: string[];
    model: string;
    language: LanguageSetting;
  },
): Promise<FramingRun> {
  try {
    const framed = await framePositions(client, {
      pack: input.pack,
      outOfScope: [],
      command: '/debate',
      moderatorModel: input.model,
      language: input.language,
    });
    const topic = framed.kind === 'framed' ? framed.topic : '';
    const labels = framed.kind === 'framed' ? framed.labels : [];
    return {
      caseId: input.caseId,
      repeat: input.repeat,
      topic,
      framed: labels,
      ...matchFraming({ topic, positions: labels }, input.acceptable),
      usage: framed.usage,
      failure: undefined,
    };
  } catch (error) {
    const usage = {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cost_usd: 0,
      unpricedCalls: 0,
    };
    return {
      caseId: input.caseId,
      repeat: input.repeat,
      topic: '',
      framed: [],
      matched: -1,
      share: 0,
      hit: false,
      usage,
      failure: error instanceof Error ? error.message : String(error),
    };
  }
}
