import { describe, expect, it } from 'vitest';
import { checkScript, dominantScript, expectedScript, languageRule, proseOf } from '../../src/debate/language.js';

describe('the language rule', () => {
  it('follows the command, else the PR text, unless the input names a language', () => {
    expect(languageRule({ language: 'auto', commandText: 'Cache behalten vs Cache entfernen', prText: 'x' })).toContain(
      'the language the maintainer wrote the debate command in: "Cache behalten vs Cache entfernen"',
    );
    expect(languageRule({ language: 'auto', commandText: undefined, prText: 'x' })).toContain(
      "the language of the pull request's title and description",
    );
    expect(languageRule({ language: 'German', commandText: 'keep vs drop', prText: 'x' })).toMatch(
      /^Language: write every prose field of your reply in German\./,
    );
  });

  it('knows the script to expect', () => {
    expect(
      expectedScript({ language: 'auto', commandText: 'キャッシュを残す vs やめる', prText: 'Cache the config' }),
    ).toBe('cjk');
    expect(expectedScript({ language: 'auto', commandText: undefined, prText: 'Кэшировать конфигурацию' })).toBe(
      'cyrillic',
    );
    expect(expectedScript({ language: 'ja', commandText: 'keep vs drop', prText: '' })).toBe('cjk');
    expect(expectedScript({ language: 'pt-BR', commandText: undefined, prText: '' })).toBe('latin');
    expect(expectedScript({ language: 'Klingon', commandText: undefined, prText: '' })).toBeUndefined();
    expect(dominantScript('ab')).toBeUndefined();
  });

  it('takes the script of a named language from its likely subtags (Intl.Locale#maximize)', () => {
    const script = (language: string) => expectedScript({ language, commandText: undefined, prText: '' });
    expect(script('sr')).toBe('cyrillic');
    expect(script('sr-Latn')).toBe('latin');
    expect(script('Serbian')).toBe('cyrillic');
    expect([
      script('ka'),
      script('Georgian'),
      script('hy'),
      script('ta'),
      script('bn'),
      script('am'),
      script('Amharic'),
    ]).toEqual(['georgian', 'georgian', 'armenian', 'tamil', 'bengali', 'ethiopic', 'ethiopic']);
    expect([script('日本語'), script('Русский'), script('zh-TW'), script('ko'), script('German')]).toEqual([
      'cjk',
      'cyrillic',
      'cjk',
      'hangul',
      'latin',
    ]);
  });

  it('checks replies in the newly known scripts', () => {
    const georgian = 'ქეში აჩქარებს კონფიგურაციის წაკითხვას და ამცირებს დატვირთვას სერვერზე ყოველ ჯერზე.';
    expect(checkScript('georgian', georgian)).toBeUndefined();
    expect(
      checkScript('georgian', 'This reply is written in English, although the rule asks for Georgian text.'),
    ).toMatch(/expected georgian script/);
    expect(checkScript('latin', 'Кеш убрзава читање конфигурације и смањује оптерећење сервера сваки пут.')).toMatch(
      /expected latin/,
    );
    expect(dominantScript('Կեշը արագացնում է կարգավորումների ընթերցումը')).toBe('armenian');
  });

  it('flags a reply in another script, but not code identifiers inside the right one', () => {
    const japanese =
      'キャッシュは設定の解析を速くします。`parseConfig` と `CACHE_TTL` を参照してください。期限は六十秒です。';
    expect(checkScript('cjk', japanese)).toBeUndefined();
    expect(checkScript('cjk', 'This whole reply is written in English, although the rule asks for Japanese.')).toMatch(
      /expected cjk script/,
    );
    expect(checkScript('latin', 'Это ответ на русском языке, а правило требует английский язык.')).toMatch(
      /expected latin/,
    );
    expect(checkScript('latin', 'short')).toBeUndefined();
    expect(proseOf({ thesis: 'T', citations: [{ path: 'src/a.ts', quote: 'const x' }], target: 'B' })).toBe('T');
  });
});
