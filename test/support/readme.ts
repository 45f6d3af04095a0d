import { Parser } from 'commonmark';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './action-metadata.js';

/** The README as a user reads it on GitHub. */
export const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** A page a user reads: its path from the repository root (`README.md`, `docs/gate.md`) and its text. */
export interface DocPage {
  file: string;
  text: string;
}

/** The README and every page under docs/ (the pages the README links), in that order. */
export const DOC_PAGES: DocPage[] = [
  { file: 'README.md', text: README },
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ file: `docs/${name}`, text: readFileSync(path.join(ROOT, 'docs', name), 'utf8') })),
];

/** The text of one page of DOC_PAGES by its path; throws when there is no such page. */
export function docPage(file: string): string {
  const page = DOC_PAGES.find((p) => p.file === file);
  if (!page) throw new Error(`no page ${file}`);
  return page.text;
}

/** Every user page's text joined, for claims that may sit on any page (model ids, file names). */
export const ALL_DOCS_TEXT = DOC_PAGES.map((page) => page.text).join('\n\n');

/**
 * The fenced code blocks of one info string (`yaml`, `sh`) in a Markdown text (the README unless given), in
 * order, with the line each starts on, as CommonMark (GitHub's Markdown) parses them.
 */
export function readmeCodeBlocks(info: string, text: string = README): { text: string; line: number }[] {
  const blocks: { text: string; line: number }[] = [];
  const walker = new Parser().parse(text).walker();
  let event;
  while ((event = walker.next())) {
    const node = event.node;
    if (event.entering && node.type === 'code_block' && node.info === info)
      blocks.push({ text: node.literal ?? '', line: node.sourcepos[0][0] });
  }
  return blocks;
}

/** The README's workflows (its `yaml` blocks with `jobs:`), in order, as text. */
export function readmeWorkflowTexts(): { text: string; line: number }[] {
  return readmeCodeBlocks('yaml').filter((block) => /^jobs:/m.test(block.text));
}

/** Every workflow a user page shows (its `yaml` blocks with `jobs:`), with the page and the line it starts on. */
export function docWorkflowTexts(): { file: string; text: string; line: number }[] {
  return DOC_PAGES.flatMap((page) =>
    readmeCodeBlocks('yaml', page.text)
      .filter((block) => /^jobs:/m.test(block.text))
      .map((block) => ({ file: page.file, ...block })),
  );
}
