import { Parser, type Node } from 'commonmark';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-metadata.js';
import { parse } from 'yaml';
import { z } from 'zod';
import { DOC_PAGES, docPage, docWorkflowTexts, README } from '../support/readme.js';

/**
 * The README is the front door and docs/ holds the rest (issue #33): every page is linked from the README,
 * every relative link on every page reaches a file (and a heading, for `#anchor`), as GitHub resolves them,
 * and the README stays short.
 */

/** The plain text of a node's inline children (text and code spans), as GitHub makes a heading's anchor from it. */
function textOf(node: Node): string {
  let text = '';
  const walker = node.walker();
  let event;
  while ((event = walker.next()))
    if (event.entering && (event.node.type === 'text' || event.node.type === 'code')) text += event.node.literal ?? '';
  return text;
}

/** GitHub's heading anchor: lower case, punctuation other than `-` and `_` dropped, each space a `-`. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function parsePage(text: string): { links: string[]; anchors: string[] } {
  const links: string[] = [];
  const anchors: string[] = [];
  const walker = new Parser().parse(text).walker();
  let event;
  while ((event = walker.next())) {
    if (!event.entering) continue;
    if (event.node.type === 'link' || event.node.type === 'image') links.push(event.node.destination ?? '');
    if (event.node.type === 'heading') anchors.push(anchorOf(textOf(event.node)));
  }
  return { links, anchors };
}

/** The README's prose: every word outside fenced code blocks and tables (a word holds a letter or a digit; lists count). */
function proseWords(markdown: string): number {
  const prose = markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('|'))
    .join('\n');
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

describe('docs/', () => {
  const parsed = new Map(DOC_PAGES.map((page) => [page.file, parsePage(page.text)]));

  it('has the pages the README sends a reader to, each linked from the README', () => {
    const linked = parsed.get('README.md')!.links;
    for (const page of [
      'gate',
      'providers',
      'config',
      'cli',
      'eval',
      'security',
      'how-a-debate-runs',
      'triggers',
      'development',
    ]) {
      expect(DOC_PAGES.map((p) => p.file)).toContain(`docs/${page}.md`);
      expect(linked, page).toContain(`docs/${page}.md`);
    }
    for (const page of DOC_PAGES.slice(1))
      expect(
        linked.some((link) => link.split('#')[0] === page.file),
        page.file,
      ).toBe(true);
  });

  it('links only files that exist and headings that exist', () => {
    let checked = 0;
    for (const page of DOC_PAGES) {
      for (const link of parsed.get(page.file)!.links) {
        if (/^[a-z]+:/.test(link)) continue;
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const file =
          target === ''
            ? page.file
            : path.posix.normalize(path.posix.join(path.posix.dirname(page.file), decodeURIComponent(target)));
        expect(existsSync(path.join(ROOT, file)), `${page.file}: ${link}`).toBe(true);
        if (anchor) expect(parsed.get(file)?.anchors ?? [], `${page.file}: ${link}`).toContain(anchor);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('finds a broken link (so the check above can fail)', () => {
    const { links, anchors } = parsePage('# Gate merges\n\n[x](#gate-merges) [y](#no-such)\n');
    expect(anchors).toEqual(['gate-merges']);
    expect(links.filter((link) => !anchors.includes(link.slice(1)))).toEqual(['#no-such']);
    expect(anchorOf('Setup 1: `GITHUB_TOKEN`, an environment')).toBe('setup-1-github_token-an-environment');
  });

  it('names the file of every workflow it shows, and a workflow name always means the same file', () => {
    const workflows = docWorkflowTexts();
    expect(workflows.length).toBeGreaterThanOrEqual(6);
    const fileOf = new Map<string, string>();
    for (const workflow of workflows) {
      const file = /^# (\.github\/workflows\/[\w.-]+\.yml)\n/.exec(workflow.text)?.[1];
      expect(file, `${workflow.file} line ${workflow.line}: the first line names the file to save it as`).toBeDefined();
      const { name } = z.object({ name: z.string() }).parse(parse(workflow.text));
      expect(fileOf.get(name) ?? file, `${workflow.file} line ${workflow.line}: "${name}"`).toBe(file);
      fileOf.set(name, file!);
    }
    // The two bridges (the plain one and the gate setup's) are one file, under two names.
    expect(fileOf.get('pr-debate bridge')).toBe('.github/workflows/pr-debate-bridge.yml');
    expect(fileOf.get('pr-debate bridge (gate)')).toBe('.github/workflows/pr-debate-bridge.yml');
  });

  it('says on its first screen that @v0 is not released yet and how to pin a commit instead', () => {
    const first = README.slice(0, 1500);
    expect(first).toContain('`pr-debate/pr-debate@v0` does not exist');
    expect(first).toContain('uses: pr-debate/pr-debate@<full 40-hex commit SHA>');
    // ... which is true while CHANGELOG.md has no released version.
    expect(readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')).not.toMatch(/^## \[\d+\.\d+\.\d+\]/m);
  });

  it('points to the smallest gate setup first, then the hardened one, where a label works on a branch PR as on a fork PR', () => {
    const setup = README.slice(README.indexOf('## Gate merges'));
    expect(setup.indexOf('smallest setup')).toBeLessThan(setup.indexOf('hardens'));
    expect(setup.replace(/\s+/g, ' ')).toContain(
      'In every setup a label starts a debate on a PR from a branch as on a fork PR',
    );
    expect(setup).not.toMatch(/does not start a debate/);
    // docs/gate.md opens with the one file, and its hardened setup comes after.
    const gate = docPage('docs/gate.md');
    const first = docWorkflowTexts().find((w) => w.file === 'docs/gate.md')!;
    expect(gate.indexOf('## The smallest setup: one workflow file')).toBeLessThan(
      gate.indexOf('## The next step: the hardened setup'),
    );
    expect(gate.split('\n').slice(0, first.line).join('\n')).toContain('## The smallest setup: one workflow file');
    expect(parse(first.text)).toMatchObject({
      jobs: { debate: {}, gate: { steps: [{ with: { mode: 'gate', 'required-label': 'debate-required' } }] } },
    });
    expect(first.text).not.toMatch(/environment:|decision-signing-key|create-github-app-token/);
  });

  it('keeps the README at 1,200 words of prose at most (code blocks and tables aside; issue #42)', () => {
    expect(proseWords('one two\n```sh\nthree four\n```\nfive\n| six | seven |\n')).toBe(3);
    const words = proseWords(README);
    console.info(`README: ${words} words of prose outside code blocks and tables`);
    expect(words).toBeLessThanOrEqual(1200);
  });
});
