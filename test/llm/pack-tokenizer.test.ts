import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packReadersFor } from '../../src/debate/plan.js';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';
import type { ChangedFile } from '../../src/evidence/evidence-types.js';
import { estimateTokensOn, packCharsPerToken, tokenizerFactor } from '../../src/llm/pack-tokenizer.js';
import { leftHunksOut } from '../evidence/pack-check.js';

/**
 * The evidence budget per model set (issue #31): `max-evidence-tokens` is tokens on the models that read
 * the pack, so the pack is sized at 3.5 / f characters a token, f the largest tokenizer factor among them.
 */

const NEW = CHARS_PER_TOKEN / 1.3;

describe('the characters per token of a model set', () => {
  it('is 3.5 for models before Claude 4.7 and OpenAI models, 3.5 / 1.3 as soon as one reader has the newer tokenizer', () => {
    expect(packCharsPerToken({ advocates: ['claude-haiku-4-5', 'claude-sonnet-4-6'], judge: 'claude-opus-4-6' })).toBe(
      CHARS_PER_TOKEN,
    );
    expect(packCharsPerToken({ advocates: ['openai:gpt-6.1-sol'], judge: 'openai:gpt-6-astra' })).toBe(CHARS_PER_TOKEN);
    expect(packCharsPerToken({ advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' })).toBeCloseTo(NEW, 10);
    // Mixed: one advocate, or the judge alone, on the newer tokenizer sizes the pack for it.
    expect(
      packCharsPerToken({ advocates: ['claude-haiku-4-5', 'claude-opus-4-7'], judge: 'claude-haiku-4-5' }),
    ).toBeCloseTo(NEW, 10);
    expect(
      packCharsPerToken({ advocates: ['openai:gpt-6.1-sol', 'claude-haiku-4-5'], judge: 'claude-fable-5-2' }),
    ).toBeCloseTo(NEW, 10);
  });

  it('reads the tokenizer from Bedrock and Vertex ids, and counts a Claude model the table does not know on the newer tokenizer', () => {
    expect(tokenizerFactor('bedrock:global.anthropic.claude-opus-5')).toBe(1.3);
    expect(tokenizerFactor('bedrock:anthropic.claude-haiku-4-5-20251001-v1:0')).toBe(1);
    expect(tokenizerFactor('vertex:claude-haiku-4-5@20251001')).toBe(1);
    expect(tokenizerFactor('vertex:claude-sonnet-5-5')).toBe(1.3);
    expect(tokenizerFactor('claude-nova-9')).toBe(1.3);
    expect(tokenizerFactor('openai:llama3.1:8b')).toBe(1);
  });

  it('estimates a pack on one model at its own tokenizer', () => {
    expect(estimateTokensOn('claude-haiku-4-5', 35_000)).toBe(10_000);
    expect(estimateTokensOn('claude-sonnet-5-5', 35_000)).toBe(13_000);
    expect(estimateTokensOn('openai:gpt-6.1-sol', 35_000)).toBe(10_000);
  });

  it("a budget of N tokens at the set's rate is at most N tokens on every model of the set (property)", () => {
    const models = [
      'claude-haiku-4-5',
      'claude-sonnet-4-6',
      'claude-opus-4-8',
      'claude-sonnet-5-5',
      'openai:gpt-6.1-sol',
      'vertex:claude-fable-5-2',
      'bedrock:us.anthropic.claude-haiku-5-5',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...models), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...models),
        fc.integer({ min: 1, max: 2_000_000 }),
        (advocates, judge, budget) => {
          const chars = Math.floor(budget * packCharsPerToken({ advocates, judge }));
          for (const model of [...advocates, judge]) expect(estimateTokensOn(model, chars)).toBeLessThanOrEqual(budget);
        },
      ),
    );
  });

  it('the readers are the advocates the record will name and the judge; before framing, every advocate model four positions could use', () => {
    const settings = {
      advocateModels: ['claude-haiku-4-5', 'claude-haiku-4-5', 'claude-opus-5'],
      model: 'claude-haiku-4-5',
      judgeModel: 'claude-haiku-4-5',
    };
    expect(packReadersFor(settings, 2)).toEqual({
      advocates: ['claude-haiku-4-5', 'claude-haiku-4-5'],
      judge: 'claude-haiku-4-5',
    });
    expect(packCharsPerToken(packReadersFor(settings, 2))).toBe(CHARS_PER_TOKEN);
    expect(packReadersFor(settings, 0).advocates).toEqual([
      'claude-haiku-4-5',
      'claude-haiku-4-5',
      'claude-opus-5',
      'claude-haiku-4-5',
    ]);
    expect(packCharsPerToken(packReadersFor(settings, 0))).toBeCloseTo(NEW, 10);
  });
});

describe('the evidence pack at max-evidence-tokens, per model set', () => {
  const pull = {
    number: 7,
    title: 'Grow the parser',
    body: 'Many changes.',
    author: 'alice',
    headSha: 'a'.repeat(40),
    baseSha: 'b'.repeat(40),
    baseRef: 'main',
    htmlUrl: 'https://github.com/o/r/pull/7',
    changedFiles: 40,
  };
  const files: ChangedFile[] = Array.from({ length: 40 }, (_, i) => ({
    path: `src/part-${i}.ts`,
    previousPath: undefined,
    status: 'modified',
    additions: 30,
    deletions: 0,
    patch: `@@ -1,0 +1,30 @@\n${Array.from({ length: 30 }, (_, j) => `+export const line${j} = 'part ${i} line ${j} of the grown parser';`).join('\n')}`,
  }));
  const pack = (models: { advocates: string[]; judge: string }) =>
    buildEvidencePack({
      pull,
      files,
      rfc: { documents: [], note: 'no RFC' },
      contents: new Map(),
      maxTokens: 20_000,
      charsPerToken: packCharsPerToken(models),
    });

  it('stays within the budget on each reader, and is smaller where a reader has the newer tokenizer', () => {
    const older = pack({ advocates: ['claude-haiku-4-5'], judge: 'claude-haiku-4-5' });
    const newer = pack({ advocates: ['claude-haiku-4-5', 'claude-sonnet-5-5'], judge: 'claude-haiku-4-5' });
    expect(leftHunksOut(older) && leftHunksOut(newer)).toBe(true);
    expect(estimateTokensOn('claude-haiku-4-5', older.text.length)).toBeLessThanOrEqual(20_000);
    // The pack sized for 3.5 characters a token would be over the budget on Sonnet 5.5's tokenizer.
    expect(estimateTokensOn('claude-sonnet-5-5', older.text.length)).toBeGreaterThan(20_000);
    expect(estimateTokensOn('claude-sonnet-5-5', newer.text.length)).toBeLessThanOrEqual(20_000);
    expect(newer.text.length).toBeLessThan(older.text.length / 1.2);
    // The pack's own figure is at the rate it was sized at: its tokens on the hungriest reader.
    expect(newer.budget.charsPerToken).toBeCloseTo(NEW, 10);
    expect(newer.tokens).toBe(Math.ceil(newer.text.length / newer.budget.charsPerToken));
    expect(newer.tokens).toBeLessThanOrEqual(20_000);
  });
});
