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

/**
 * A writing system the check knows, by a lower-case name: the Unicode script (ISO 15924) a
 * language is written in, with Chinese and Japanese together as `cjk` (Han and kana) and Korean as
 * `hangul`.
 */
export type Script = string;

/** Scripts the check tells apart: ISO 15924 codes (as `Intl.Locale#maximize` gives them) by name. */
const SCRIPTS: { name: Script; codes: string[]; pattern: RegExp }[] = [
  { name: 'latin', codes: ['Latn'], pattern: /\p{Script=Latin}/u },
  { name: 'cyrillic', codes: ['Cyrl'], pattern: /\p{Script=Cyrillic}/u },
  { name: 'greek', codes: ['Grek'], pattern: /\p{Script=Greek}/u },
  {
    name: 'cjk',
    codes: ['Jpan', 'Hans', 'Hant', 'Hani', 'Hira', 'Kana'],
    pattern: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  },
  { name: 'hangul', codes: ['Kore', 'Hang'], pattern: /\p{Script=Hangul}/u },
  { name: 'arabic', codes: ['Arab'], pattern: /\p{Script=Arabic}/u },
  { name: 'hebrew', codes: ['Hebr'], pattern: /\p{Script=Hebrew}/u },
  { name: 'devanagari', codes: ['Deva'], pattern: /\p{Script=Devanagari}/u },
  { name: 'thai', codes: ['Thai'], pattern: /\p{Script=Thai}/u },
  ...(
    [
      ['georgian', 'Geor'],
      ['armenian', 'Armn'],
      ['tamil', 'Taml'],
      ['bengali', 'Beng'],
      ['ethiopic', 'Ethi'],
      ['lao', 'Laoo'],
      ['khmer', 'Khmr'],
      ['myanmar', 'Mymr'],
      ['gujarati', 'Gujr'],
      ['gurmukhi', 'Guru'],
      ['telugu', 'Telu'],
      ['kannada', 'Knda'],
      ['malayalam', 'Mlym'],
      ['sinhala', 'Sinh'],
      ['oriya', 'Orya'],
      ['tibetan', 'Tibt'],
      ['thaana', 'Thaa'],
      ['mongolian', 'Mong'],
      ['cherokee', 'Cher'],
      ['syriac', 'Syrc'],
    ] as const
  ).map(([name, code]) => ({ name, codes: [code], pattern: new RegExp(`\\p{Script=${code}}`, 'u') })),
];

/**
 * ISO 639-1 codes whose English names and endonyms (from `Intl.DisplayNames`) the `language` input may
 * name instead of a code, e.g. `German`, `日本語`, `Русский`.
 */
const NAMED_LANGUAGES = (
  'af am ar as az be bg bn bo bs ca cs cy da de dv el en eo es et eu fa fi fil fr ga gl gu ha he hi hr hu hy id ig is it ja jv ' +
  'ka kk km kn ko ky lo lt lv mk ml mn mr ms mt my nb ne nl nn no or pa pl ps pt ro ru si sk sl so sq sr sv sw ta te tg th ti tk tr ' +
  'uk ur uz vi xh yi yo zh zu'
).split(' ');

let languageNames: Map<string, string> | undefined;

/** Lower-case English names and endonyms of {@link NAMED_LANGUAGES}, to their codes; built on first use. */
function codeOfName(name: string): string | undefined {
  if (!languageNames) {
    languageNames = new Map();
    const english = new Intl.DisplayNames(['en'], { type: 'language' });
    for (const code of NAMED_LANGUAGES) {
      for (const display of [english, new Intl.DisplayNames([code], { type: 'language' })]) {
        const shown = display.of(code)?.toLowerCase();
        if (shown && shown !== code && !languageNames.has(shown)) languageNames.set(shown, code);
      }
    }
    for (const [alias, code] of [
      ['farsi', 'fa'],
      ['mandarin', 'zh'],
      ['cantonese', 'zh'],
      ['中文', 'zh'],
    ] as const)
      languageNames.set(alias, code);
  }
  return languageNames.get(name);
}

/**
 * The script a language tag or name is written in: `new Intl.Locale(tag).maximize().script` (CLDR's
 * likely subtags: `sr` is Cyrillic, `sr-Latn` Latin, `ka` Georgian), for a tag or a listed name.
 * @returns a known script's name, or undefined for a language the check cannot place
 */
export function scriptOfLanguage(language: string): Script | undefined {
  const trimmed = language.trim();
  const code = codeOfName(trimmed.toLowerCase()) ?? trimmed.replace(/_/g, '-');
  let script: string | undefined;
  try {
    script = new Intl.Locale(code).maximize().script;
  } catch {
    return undefined;
  }
  return SCRIPTS.find((s) => script !== undefined && s.codes.includes(script))?.name;
}

/**
 * The rule given to every call, one paragraph.
 * @returns Markdown text naming the language, or the text whose language to follow
 */
export function languageRule(setting: LanguageSetting): string {
  const verbatim =
    'Quotes inside citations stay verbatim in the language of the evidence; ids, paths and enum values stay as specified.';
  if (!isAuto(setting))
    return `Language: write every prose field of your reply in ${setting.language.trim()}. ${verbatim}`;
  if (setting.commandText && letters(setting.commandText) >= 4) {
    return `Language: write every prose field of your reply in the language the maintainer wrote the debate command in: ${JSON.stringify(setting.commandText)}. ${verbatim}`;
  }
  return `Language: write every prose field of your reply in the language of the pull request's title and description (in the evidence pack). ${verbatim}`;
}

/** The script replies must be written in, or undefined when it cannot be known. */
export function expectedScript(setting: LanguageSetting): Script | undefined {
  if (!isAuto(setting)) return scriptOfLanguage(setting.language);
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
  return wrong
    ? `the reply is not written in the language the rule asks for (expected ${expected} script, found ${Math.round(share * 100)}% of letters in it)`
    : undefined;
}

/** Keys whose string values are not prose: citations' quotes and paths, ids and enum values. */
const NOT_PROSE = new Set([
  'quote',
  'path',
  'attack_id',
  'claim_id',
  'target',
  'id',
  'position',
  'recommendation',
  'status',
  'answer',
  'confidence',
  'topic_id',
]);

/** All prose strings of a structured reply, joined by newlines (for {@link checkScript}). */
export function proseOf(value: unknown, key = ''): string {
  if (typeof value === 'string') return NOT_PROSE.has(key) ? '' : value;
  if (Array.isArray(value))
    return value
      .map((v) => proseOf(v, key))
      .filter(Boolean)
      .join('\n');
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
    const script = SCRIPTS.find(({ pattern }) => pattern.test(char))?.name;
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}

function letters(text: string): number {
  return [...text].filter((c) => /\p{L}/u.test(c)).length;
}
