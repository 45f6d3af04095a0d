/**
 * Turn length caps, in words, enforced in code with visible truncation (issue #4, rules). Prompts
 * state the cap; a turn that runs past it is cut at a word boundary with a marker, and the content
 * after the cut is dropped, so a long turn cannot crowd out the others in front of the judge. Pure.
 */

/** Caps per kind of turn, in words. Quotes inside citations do not count: they are evidence, not prose. */
export const WORD_CAPS = { opening: 700, 'cross-examination': 600, closing: 400, steelman: 450 } as const;

/** Words each further opponent adds to a cross-examination or closing turn's cap (seed protocol: 300 words per opponent; issue #28). */
export const WORDS_PER_OPPONENT = 300;

/**
 * The cap of a cross-examination or closing turn facing `opponents` other positions: {@link WORD_CAPS}
 * with one opponent (600 and 400 words), {@link WORDS_PER_OPPONENT} more for each further one, so that
 * with three or four positions the answers are not cut to the marker.
 */
export function crossCap(phase: 'cross-examination' | 'closing', opponents: number): number {
  return WORD_CAPS[phase] + WORDS_PER_OPPONENT * Math.max(0, opponents - 1);
}

/** The marker left where a turn was cut. */
export function truncationMarker(cap: number): string {
  return `[… truncated: the turn passed its ${cap}-word cap]`;
}

/** True when a field is nothing but the truncation marker: the cap was spent before it (issue #28: such an answer refutes nothing). */
export function isBareMarker(text: string): boolean {
  return /^\[… truncated: the turn passed its \d+-word cap\]$/.test(text.trim());
}

// Words are the word-like segments of Unicode text segmentation (UAX #29, `Intl.Segmenter`), which
// finds the words of Thai, Lao, Khmer and Myanmar (written without spaces) with ICU's dictionaries.
// Chinese and Japanese keep the earlier rule, each Han or kana character one word: their "words" are
// a dictionary's guess, and a character is the unit their writers count.
const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The end offsets (UTF-16) of the words of `text`, in order. */
function* wordEnds(text: string): Generator<number> {
  for (const { segment, index, isWordLike } of SEGMENTER.segment(text)) {
    if (!isWordLike) continue;
    if (!HAN_OR_KANA.test(segment)) {
      yield index + segment.length;
      continue;
    }
    let offset = index;
    for (const char of segment) {
      offset += char.length;
      if (HAN_OR_KANA.test(char)) yield offset;
    }
    if (!HAN_OR_KANA.test([...segment].at(-1) ?? '')) yield offset;
  }
}

/** Counts words as the caps do. */
export function countWords(text: string): number {
  return [...wordEnds(text)].length;
}

/** Spends a turn's word cap across its text fields, in the order the turn is read. */
export class WordBudget {
  private used = 0;
  /** Every word offered, kept or not. */
  written = 0;
  /** True once some text was cut or dropped. */
  cut = false;

  constructor(readonly cap: number) {}

  /**
   * @param text the next text field of the turn
   * @param options.keep return the marker alone (not undefined) when the cap is already spent, for fields that must stay
   * @returns the text, or its head cut at a word boundary and followed by the marker; undefined when the
   *   cap was spent before this field (the caller drops the item)
   */
  take(text: string, options: { keep?: boolean } = {}): string | undefined {
    const words = countWords(text);
    this.written += words;
    const left = this.cap - this.used;
    if (words <= left) {
      this.used += words;
      return text;
    }
    this.cut = true;
    if (left <= 0) return options.keep ? truncationMarker(this.cap) : undefined;
    let end = 0;
    let n = 0;
    for (const wordEnd of wordEnds(text)) {
      n += 1;
      end = wordEnd;
      if (n === left) break;
    }
    this.used = this.cap;
    return `${text.slice(0, end)} ${truncationMarker(this.cap)}`;
  }
}
