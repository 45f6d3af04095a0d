import { Parser, type Node } from 'commonmark';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Reads a comment as GitHub renders it, for tests. CommonMark (the `commonmark` package) parses the
 * Markdown; on top of it this applies what GitHub adds to the text of a rendered comment, outside code
 * and links, where those never fire:
 * - GFM's autolink extension (GitHub Flavored Markdown spec, "Autolinks (extension)"): `www.` hosts,
 *   `http://`, `https://` (and `ftp://`) URLs, e-mail addresses, `mailto:` and `xmpp:`;
 * - GitHub's references (GitHub Docs, "Autolinked references and URLs"): `#26`, `GH-26`,
 *   `owner/repo#26` (also `user#26`), commit SHAs of 7 to 40 hex digits (also `user@sha`,
 *   `owner/repo@sha`), and @mentions of users and teams (GitHub Docs, "Basic writing and formatting
 *   syntax", Mentioning people and teams).
 * The rules are applied more strictly than GitHub does: a SHA counts whether or not such a commit
 * exists, and adjacent text nodes are read as one text.
 */

/** A link GitHub would render: a Markdown link or image, or an autolink / reference in text. */
export interface RenderedLink {
  kind: 'link' | 'image' | 'url' | 'www' | 'email' | 'mention' | 'issue' | 'sha';
  /** The destination of a link or image, else the text that GitHub would turn into a link. */
  target: string;
  /** The link's text (for links), or the text around the autolink. */
  text: string;
}

/** What a body renders to. */
export interface Rendering {
  links: RenderedLink[];
  /** Raw HTML (blocks and inline), as written. */
  html: string[];
  /** Literal text of code spans, `<code>` elements and code blocks. */
  code: string[];
  /** Text outside code and links, each run of adjacent text nodes as one string. */
  prose: string[];
}

const RULES: { kind: RenderedLink['kind']; pattern: RegExp }[] = [
  { kind: 'url', pattern: /\b(?:https?|ftp):\/\/[^\s<]*[A-Za-z0-9/]/gi },
  { kind: 'url', pattern: /\b(?:mailto|xmpp):[A-Za-z0-9.+_-]+@[A-Za-z0-9_-]+\.[A-Za-z0-9._-]+/gi },
  { kind: 'www', pattern: /(?<![A-Za-z0-9])www\.[A-Za-z0-9_-]+/gi },
  { kind: 'email', pattern: /[A-Za-z0-9.+_-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+/g },
  { kind: 'mention', pattern: /(?<![A-Za-z0-9`])@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\/[A-Za-z0-9_.-]+)?/g },
  { kind: 'issue', pattern: /#\d+/g },
  { kind: 'issue', pattern: /\bGH-\d+/gi },
  { kind: 'sha', pattern: /(?<![0-9A-Za-z])[0-9a-f]{7,40}(?![0-9A-Za-z])/gi },
];

/**
 * @param markdown a comment body
 * @returns every link GitHub would render in it, the raw HTML, the code, and the prose
 */
export function renderAsGitHub(markdown: string): Rendering {
  const rendering: Rendering = { links: [], html: [], code: [], prose: [] };
  const walker = new Parser().parse(markdown).walker();
  let linkDepth = 0;
  let htmlCode = 0;
  let run = '';
  const flush = () => {
    if (run !== '') {
      if (linkDepth === 0 && htmlCode === 0) {
        rendering.prose.push(run);
        for (const rule of RULES)
          for (const m of run.matchAll(rule.pattern))
            rendering.links.push({ kind: rule.kind, target: m[0], text: run });
      }
      run = '';
    }
  };
  let event;
  while ((event = walker.next())) {
    const node: Node = event.node;
    if (node.type === 'text') {
      if (event.entering) {
        if (htmlCode > 0) rendering.code.push(node.literal ?? '');
        else run += node.literal ?? '';
      }
      continue;
    }
    if (node.type === 'softbreak' || node.type === 'linebreak') {
      run += '\n';
      continue;
    }
    flush();
    if (!event.entering) {
      if (node.type === 'link' || node.type === 'image') linkDepth -= 1;
      continue;
    }
    if (node.type === 'link' || node.type === 'image') {
      linkDepth += 1;
      rendering.links.push({ kind: node.type, target: node.destination ?? '', text: textOf(node) });
    } else if (node.type === 'code' || node.type === 'code_block') {
      rendering.code.push(node.literal ?? '');
    } else if (node.type === 'html_inline' || node.type === 'html_block') {
      const literal = node.literal ?? '';
      rendering.html.push(literal);
      if (/^<code>$/i.test(literal)) htmlCode += 1;
      if (/^<\/code>$/i.test(literal)) htmlCode = Math.max(0, htmlCode - 1);
      if (node.type === 'html_block') {
        // GitHub renders the text between the tags of an HTML block, and reads references in it.
        const text = literal.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' ');
        for (const rule of RULES)
          for (const m of text.matchAll(rule.pattern)) rendering.links.push({ kind: rule.kind, target: m[0], text });
      }
    }
  }
  flush();
  return rendering;
}

/** The plain text of a node: its text and code, with character references decoded as CommonMark does. */
export function textOf(node: Node): string {
  const walker = node.walker();
  let text = '';
  let event;
  while ((event = walker.next())) {
    if (event.entering && (event.node.type === 'text' || event.node.type === 'code')) text += event.node.literal ?? '';
  }
  return text;
}

/**
 * A comment as the HTML GitHub shows, for pictures of it: GitHub Flavored Markdown as its spec defines
 * it (https://github.github.com/gfm/: tables, task lists, strikethrough, autolink literals and the
 * disallowed raw HTML tag filter, by `micromark-extension-gfm`), with the raw HTML a comment may hold
 * (`<details>`, `<summary>`, `<sub>`, HTML comments) kept, as GitHub's sanitiser keeps those tags.
 * References and @mentions are not linked here; {@link renderAsGitHub} is where they are checked.
 * @param markdown a comment body
 * @returns the body's HTML, to place inside an element of class `markdown-body`
 */
export function gitHubHtml(markdown: string): string {
  return withAlerts(
    micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] }),
  );
}

/**
 * GitHub's alerts, which GFM's spec does not have: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` is shown as a box with that title (GitHub Docs, "Basic
 * writing and formatting syntax", Alerts), in the markup `github-markdown-css` styles.
 */
function withAlerts(html: string): string {
  return html.replace(
    /<blockquote>\n<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\n([\s\S]*?)<\/blockquote>/g,
    (_m, kind: string, rest: string) => {
      const title = `${kind.charAt(0)}${kind.slice(1).toLowerCase()}`;
      return `<div class="markdown-alert markdown-alert-${kind.toLowerCase()}"><p class="markdown-alert-title">${title}</p>\n<p>${rest}</div>`;
    },
  );
}
