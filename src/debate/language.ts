/**
 * The language rule of issue #4: all output follows the language of the command (or, without one,
 * of the PR title and description) unless input `language` names one. The engine gives every call
 * the same rule, and checks each reply's writing system against the expected one, so that a reply in
 * the wrong script gets the repair retry like any other unusable reply. Languages that share a script
 * (English and German, say) cannot be told apart this way; for those the rule is the prompt's. Pure.
 */

/** What the engine knows about the language to write in. */
export interface LanguageSetting {
  /** Input `language`: `auto`, or a language name or code such as `German`, `de`, `pt-BR`. */
  language: string;
  /** The maintainer's command text (the positions as written), when a command started the debate. */
  commandText: string | undefined;
  /** The PR title and description. */
  prText: string;
}

/** Writing systems the check distinguishes. */
export type Script = 'latin' | 'cyrillic' | 'greek' | 'cjk' | 'hangul' | 'arabic' | 'hebrew' | 'devanagari' | 'thai';

const SCRIPT_PATTERNS: [Script, RegExp][] = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
];

/** Language names and ISO 639-1 codes written in a script other than Latin. Anything else named is taken as Latin-script only when listed in LATIN. */
const NON_LATIN: Record<string, Script> = {
  ja: 'cjk', japanese: 'cjk', '日本語': 'cjk', zh: 'cjk', chinese: 'cjk', '中文': 'cjk', mandarin: 'cjk', cantonese: 'cjk',
  ko: 'hangul', korean: 'hangul', '한국어': 'hangul',
  ru: 'cyrillic', russian: 'cyrillic', 'русский': 'cyrillic', uk: 'cyrillic', ukrainian: 'cyrillic', 'українська': 'cyrillic',
  bg: 'cyrillic', bulgarian: 'cyrillic', sr: 'cyrillic', serbian: 'cyrillic', be: 'cyrillic', belarusian: 'cyrillic', mk: 'cyrillic', kk: 'cyrillic',
  el: 'greek', greek: 'greek', 'ελληνικά': 'greek',
  ar: 'arabic', arabic: 'arabic', 'العربية': 'arabic', fa: 'arabic', persian: 'arabic', farsi: 'arabic', ur: 'arabic', urdu: 'arabic',
  he: 'hebrew', hebrew: 'hebrew', 'עברית': 'hebrew', yi: 'hebrew',
  hi: 'devanagari', hindi: 'devanagari', 'हिन्दी': 'devanagari', mr: 'devanagari', marathi: 'devanagari', ne: 'devanagari', nepali: 'devanagari',
  th: 'thai', thai: 'thai', 'ไทย': 'thai',
};
const LATIN = new Set([
  'en', 'english', 'de', 'german', 'deutsch', 'fr', 'french', 'français', 'es', 'spanish', 'español', 'it', 'italian', 'italiano',
  'pt', 'portuguese', 'português', 'nl', 'dutch', 'nederlands', 'sv', 'swedish', 'da', 'danish', 'no', 'nb', 'norwegian', 'fi', 'finnish',
  'pl', 'polish', 'polski', 'cs', 'czech', 'sk', 'slovak', 'hu', 'hungarian', 'ro', 'romanian', 'tr', 'turkish', 'türkçe', 'vi', 'vietnamese',
  'id', 'indonesian', 'ms', 'malay', 'ca', 'catalan', 'hr', 'croatian', 'sl', 'slovenian', 'et', 'estonian', 'lv', 'latvian', 'lt', 'lithuanian',
]);

/**
 * The rule given to every call, one paragraph.
 * @returns Markdown text naming the language, or the text whose language to follow
 */
export function languageRule(setting: LanguageSetting): string {
  const verbatim = 'Quotes inside citations stay verbatim in the language of the evidence; ids, paths and enum values stay as specified.';
  if (!isAuto(setting)) return `Language: write every prose field of your reply in ${setting.language.trim()}. ${verbatim}`;
  if (setting.commandText && letters(setting.commandText) >= 4) {
    return `Language: write every prose field of your reply in the language the maintainer wrote the debate command in: ${JSON.stringify(setting.commandText)}. ${verbatim}`;
  }
  return `Language: write every prose field of your reply in the language of the pull request's title and description (in the evidence pack). ${verbatim}`;
}

/** The script replies must be written in, or undefined when it cannot be known. */
export function expectedScript(setting: LanguageSetting): Script | undefined {
  if (!isAuto(setting)) {
    const name = setting.language.trim().toLowerCase();
    const base = name.split(/[-_]/)[0] ?? name;
    return NON_LATIN[name] ?? NON_LATIN[base] ?? (LATIN.has(name) || LATIN.has(base) ? 'latin' : undefined);
  }
  const source = setting.commandText && letters(setting.commandText) >= 4 ? setting.commandText : setting.prText;
  return dominantScript(source);
}

/** The script most letters of `text` are written in; undefined for fewer than 4 letters. */
export function dominantScript(text: string): Script | undefined {
  const counts = countScripts(text);
  let best: Script | undefined;
  let total = 0;
  for (const [script, n] of counts) {
    total += n;
    if (best === undefined || n > (counts.get(best) ?? 0)) best = script;
  }
  return total >= 4 ? best : undefined;
}

/**
 * Checks a reply's prose against the expected script. Code identifiers are Latin in any language, so
 * a non-Latin language passes with a fifth of its letters in its script; Latin fails only when most
 * letters are in another script. Replies with fewer than 40 letters are not judged.
 * @returns a sentence for the repair retry, or undefined when the reply passes
 */
export function checkScript(expected: Script | undefined, prose: string): string | undefined {
  if (expected === undefined) return undefined;
  const counts = countScripts(prose);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total < 40) return undefined;
  const share = (counts.get(expected) ?? 0) / total;
  const wrong = expected === 'latin' ? share < 0.5 : share < 0.2;
  return wrong ? `the reply is not written in the language the rule asks for (expected ${expected} script, found ${Math.round(share * 100)}% of letters in it)` : undefined;
}

/** Keys whose string values are not prose: citations' quotes and paths, ids and enum values. */
const NOT_PROSE = new Set(['quote', 'path', 'attack_id', 'claim_id', 'target', 'id', 'position', 'recommendation', 'status', 'answer', 'confidence', 'topic_id']);

/** All prose strings of a structured reply, joined by newlines (for {@link checkScript}). */
export function proseOf(value: unknown, key = ''): string {
  if (typeof value === 'string') return NOT_PROSE.has(key) ? '' : value;
  if (Array.isArray(value)) return value.map((v) => proseOf(v, key)).filter(Boolean).join('\n');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([k, v]) => proseOf(v, k))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

function isAuto(setting: LanguageSetting): boolean {
  return setting.language.trim() === '' || setting.language.trim().toLowerCase() === 'auto';
}

function countScripts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    const script = SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0];
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}

function letters(text: string): number {
  return [...text].filter((c) => /\p{L}/u.test(c)).length;
}
