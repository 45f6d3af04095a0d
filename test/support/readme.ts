import { Parser } from 'commonmark';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './action-metadata.js';

/** The README as a user reads it on GitHub. */
export const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/**
 * The README's fenced code blocks of one info string (`yaml`, `sh`), in order, with the line each starts
 * on, as CommonMark (GitHub's Markdown) parses them.
 */
export function readmeCodeBlocks(info: string): { text: string; line: number }[] {
  const blocks: { text: string; line: number }[] = [];
  const walker = new Parser().parse(README).walker();
  let event;
  while ((event = walker.next())) {
    const node = event.node;
    if (event.entering && node.type === 'code_block' && node.info === info) blocks.push({ text: node.literal ?? '', line: node.sourcepos[0][0] });
  }
  return blocks;
}

/** The README's workflows (its `yaml` blocks with `jobs:`), in order, as text. */
export function readmeWorkflowTexts(): { text: string; line: number }[] {
  return readmeCodeBlocks('yaml').filter((block) => /^jobs:/m.test(block.text));
}
