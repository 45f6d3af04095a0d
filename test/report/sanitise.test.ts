import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpan, sanitiseText } from '../../src/report/sanitise.js';
import { renderAsGitHub } from '../support/github-rendering.js';

/** Untrusted text that GitHub would turn into a link, an autolink, a mention or a cross-reference. */
export const LINK_PAYLOADS = [
  '\\[click here\\](https://evil.example)',
  '\\\\[click here\\\\](https://evil.example)',
  '[x](javascript:alert(1))',
  '[x]: https://evil.example\n\n[x]',
  '![pixel](https://evil.example/p.png)',
  '<https://evil.example>',
  'visit https://evil.example/phish or http://evil.example',
  'www.evil.example and (www.evil.example/x)',
  'mail me@evil.example or mailto:me@evil.example',
  'closes #123, fixes octo/widgets#45, see GH-678 and user#9',
  'commit a5c3785ed8d6a35868bc169f07e40e889087fd2e, short a5c3785, octo/widgets@a5c3785 and user@a5c3785',
  '@octocat, @github/security, @*octocat*',
  '&#91;x&#93;(https://evil.example) &lt;b&gt;',
  'javascript:alert(1) data:text/html,x',
];

/** Every link a body forms in GitHub's rendering. */
const linksOf = (markdown: string) => renderAsGitHub(markdown).links;

describe('sanitiseText, read as GitHub renders it', () => {
  it('escapes backslashes as well as brackets, so \\[ cannot reopen a link', () => {
    expect(sanitiseText('\\[click here\\](https://evil.example)')).toBe('\\\\\\[click here\\\\\\](https\u200b://evil.example)');
  });

  it.each(LINK_PAYLOADS.map((p) => [p]))('forms no link, autolink, mention or reference from %j', (payload) => {
    expect(linksOf(sanitiseText(payload))).toEqual([]);
    expect(linksOf(`- ${sanitiseText(payload, { inline: true })}`)).toEqual([]);
    expect(linksOf(`| a | ${sanitiseText(payload, { inline: true })} |`)).toEqual([]);
  });

  it('the checker sees what GitHub would link in the raw payloads (it can fail)', () => {
    const kinds = new Set(LINK_PAYLOADS.flatMap((p) => linksOf(p).map((l) => l.kind)));
    expect([...kinds].sort()).toEqual(['email', 'image', 'issue', 'link', 'mention', 'sha', 'url', 'www'].sort());
  });

  it('property: text of backslashes, brackets, Unicode letters and GitHub reference shapes forms no link, and reads as written', () => {
    const piece = fc.constantFrom('\\', '[', ']', '(', ')', '!', '<', '>', '&', ';', ':', '/', '.', '#', '@', '-', 'GH', 'www', 'https', 'http', 'javascript', 'mailto', 'a5c3785', 'deadbeef0', '123', 'octo', 'é', 'ß', '中', 'Ж', 'x', ' ', 'evil', 'example', '`', '|', '"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const inline = sanitiseText(text, { inline: true });
        const rendering = renderAsGitHub(`- ${inline}`);
        expect(rendering.links).toEqual([]);
        expect(rendering.html).toEqual([]);
        // What a reader sees is the text itself, less the zero-width spaces that break references.
        const seen = [...rendering.prose, ...rendering.code].join('').replace(/\u200b/g, '');
        if (rendering.code.length === 0) expect(seen.replace(/\s+/g, ' ').trim()).toBe(text.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 400 },
    );
  });
});

describe('codeSpan', () => {
  it('prefers a Markdown code span, with a fence longer than any backtick run inside', () => {
    expect(codeSpan('lib/a.js:12')).toBe('`lib/a.js:12`');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(codeSpan('a | b')).toMatch(/^<code>a &#124; b<\/code>$/);
  });

  it('property: any text reads back verbatim as one code node, and forms no link, mention or HTML', () => {
    const unit = fc.constantFrom('`', ' ', '|', '\\', '[', ']', '(', ')', '<', '>', '@', '#', 'a', 'é', '中', '&', ';', '*', '_', '\n', 'h', 't', 'p', 's', ':', '/', 'w', '.');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 40 }), (text) => {
        const rendering = renderAsGitHub(`- x ${codeSpan(text)} y`);
        expect(rendering.links).toEqual([]);
        expect(rendering.code.join('')).toBe(text.replace(/\r?\n/g, ' '));
      }),
      { numRuns: 400 },
    );
  });
});
