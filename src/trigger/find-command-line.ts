import type { Node } from 'commonmark';

/**
 * Where a comment carries a command (docs/triggers.md): only on a line that CommonMark renders as
 * paragraph text, parsed with the CommonMark reference parser (`commonmark`). Not a command: a line in a
 * code block or code span, a `>` quote, a list, a table row, an HTML comment or HTML block (spec 4.6:
 * `<!-- ... -->`, `<details>`, ... up to their end), a paragraph inside an HTML element opened by such a
 * block (`<details>` then a blank line: GitHub keeps it collapsed), or a line that begins inside inline
 * HTML (`text <!--` then the line). Pure. The parser is loaded on the first body that could hold the
 * command (about 100 ms of start-up that a run on any other event, or on any other comment, never pays).
 */

/** HTML elements that have no closing tag (HTML Living Standard, "void elements"): they open nothing. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Returns the first command line of a Markdown body, trimmed, or undefined.
 * @param body the comment body (Markdown)
 * @param command the command word, e.g. `/debate` (input `command`); matched case-insensitively
 */
export async function findCommandLine(body: string, command: string): Promise<string | undefined> {
  const wanted = command.toLowerCase();
  // A body that holds the command word nowhere, even with backslash escapes undone, and no entity
  // (`&#47;` renders as `/`) that could spell it, has no command line: no parse needed.
  if (
    !body
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .toLowerCase()
      .includes(wanted) &&
    !body.includes('&')
  )
    return undefined;
  const { Parser } = await import('commonmark');
  // A line ends at LF, CR or CRLF, as CommonMark reads it (a lone CR starts a line the reader sees).
  const raw = body.split(/\r\n|\r|\n/);
  let depth = 0;
  // Top-level blocks only: a paragraph in a quote or a list item is not a command line.
  for (let block = new Parser().parse(body).firstChild; block; block = block.next) {
    if (block.type === 'html_block') depth = Math.max(0, depth + openedElements(block.literal ?? ''));
    if (block.type !== 'paragraph' || depth > 0) continue;
    const lines = renderedLines(block);
    for (const [index, line] of lines.entries()) {
      const lead = leadingText(line);
      const lower = lead.toLowerCase();
      if (!lower.startsWith(wanted) || (lower.length > wanted.length && !/\s/.test(lower[wanted.length]!))) continue;
      return rawLine(raw, block, index, lead) ?? line.map(textOf).join('').trim();
    }
  }
  return undefined;
}

/** The paragraph's inline leaves split at its line breaks: a line that begins inside inline HTML or a code span does not start a line here. */
function renderedLines(paragraph: Node): Node[][] {
  const lines: Node[][] = [[]];
  const walker = paragraph.walker();
  for (let event = walker.next(); event; event = walker.next()) {
    const node = event.node;
    if (!event.entering || node === paragraph || node.firstChild !== null) continue;
    if (node.type === 'softbreak' || node.type === 'linebreak') lines.push([]);
    else lines.at(-1)!.push(node);
  }
  return lines;
}

/** The plain text a line starts with: its leading text leaves outside emphasis, links and images, joined; '' when it starts with anything else. */
function leadingText(line: Node[]): string {
  let text = '';
  for (const node of line) {
    if (node.type !== 'text' || node.parent?.type !== 'paragraph') break;
    text += node.literal ?? '';
  }
  return text.trimStart();
}

/**
 * The line as written, for the command's parser: the first source line of the paragraph, at or after
 * the rendered line's index, that starts with the rendered leading text (backslash escapes undone).
 * Undefined when none does (an entity, say); the caller then takes the rendered text.
 */
function rawLine(raw: string[], paragraph: Node, index: number, lead: string): string | undefined {
  const [[start], [end]] = paragraph.sourcepos;
  const want = lead.trimEnd();
  for (let n = start - 1 + index; n <= end - 1 && n < raw.length; n += 1) {
    const text = raw[n]!.trim();
    if (text.replace(/\\([!-/:-@[-`{-~])/g, '$1').startsWith(want)) return text;
  }
  return undefined;
}

/** A leaf's text as the line shows it: code spans in backticks, inline HTML left out. */
function textOf(node: Node): string {
  if (node.type === 'code') return `\`${node.literal ?? ''}\``;
  return node.type === 'text' ? (node.literal ?? '') : '';
}

/** Elements an HTML block opens minus those it closes (comments and void elements aside). */
function openedElements(html: string): number {
  const tags = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(\/?)>/g);
  let opened = 0;
  for (const [, closing, name, selfClosing] of tags) {
    if (VOID_ELEMENTS.has(name!.toLowerCase()) || selfClosing) continue;
    opened += closing ? -1 : 1;
  }
  return opened;
}
