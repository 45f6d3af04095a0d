import { describe, expect, it } from 'vitest';
import { checkScript, dominantScript, expectedScript, languageRule, proseOf } from '../../src/debate/language.js';

describe('the language rule', () => {
  it('follows the command, else the PR text, unless the input names a language', () => {
    expect(languageRule({ language: 'auto', commandText: 'Cache behalten vs Cache entfernen', prText: 'x' })).toContain('the language the maintainer wrote the debate command in: "Cache behalten vs Cache entfernen"');
    expect(languageRule({ language: 'auto', commandText: undefined, prText: 'x' })).toContain("the language of the pull request's title and description");
    expect(languageRule({ language: 'German', commandText: 'keep vs drop', prText: 'x' })).toMatch(/^Language: write every prose field of your reply in German\./);
  });

  it('knows the script to expect', () => {
    expect(expectedScript({ language: 'auto', commandText: 'キャッシュを残す vs やめる', prText: 'Cache the config' })).toBe('cjk');
    expect(expectedScript({ language: 'auto', commandText: undefined, prText: 'Кэшировать конфигурацию' })).toBe('cyrillic');
    expect(expectedScript({ language: 'ja', commandText: 'keep vs drop', prText: '' })).toBe('cjk');
    expect(expectedScript({ language: 'pt-BR', commandText: undefined, prText: '' })).toBe('latin');
    expect(expectedScript({ language: 'Klingon', commandText: undefined, prText: '' })).toBeUndefined();
    expect(dominantScript('ab')).toBeUndefined();
  });

  it('flags a reply in another script, but not code identifiers inside the right one', () => {
    const japanese = 'キャッシュは設定の解析を速くします。`parseConfig` と `CACHE_TTL` を参照してください。期限は六十秒です。';
    expect(checkScript('cjk', japanese)).toBeUndefined();
    expect(checkScript('cjk', 'This whole reply is written in English, although the rule asks for Japanese.')).toMatch(/expected cjk script/);
    expect(checkScript('latin', 'Это ответ на русском языке, а правило требует английский язык.')).toMatch(/expected latin/);
    expect(checkScript('latin', 'short')).toBeUndefined();
    expect(proseOf({ thesis: 'T', citations: [{ path: 'src/a.ts', quote: 'const x' }], target: 'B' })).toBe('T');
  });
});
