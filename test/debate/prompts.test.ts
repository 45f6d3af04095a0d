import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPrompt, PROMPT_NAMES, promptPlaceholders } from '../../src/debate/prompts.js';
import { ROOT } from '../support/run-action.js';

describe('prompts', () => {
  it('loads every file in prompts/, and every prompt the engine uses is a file there', async () => {
    const files = (await readdir(path.join(ROOT, 'prompts')))
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3));
    expect([...PROMPT_NAMES].sort()).toEqual(files.sort());
    for (const name of PROMPT_NAMES) {
      const text = loadPrompt(name, Object.fromEntries(promptPlaceholders(name).map((p) => [p, `<${p}>`])));
      // loadPrompt throws on a placeholder left without a value (next test), so none can remain here.
      // The transcript block's heading and the warm-up's one line are short by design; every other prompt is a page.
      expect(text.length).toBeGreaterThan(name === 'transcript' || name === 'warm-up' ? 60 : 200);
    }
  });

  it('fails loudly when a placeholder has no value or a value has no placeholder', () => {
    expect(() => loadPrompt('opening', {})).toThrow(/no value for \{\{position_id\}\}/);
    expect(() => loadPrompt('system', { extra: 'x' })).toThrow(/no placeholder for extra/);
  });
});
