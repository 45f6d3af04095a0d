import { describe, expect, it } from 'vitest';
import { decisionCheckOutput } from '../../src/gate/decision-check.js';
import { evaluatePolicy } from '../../src/gate/evaluate-policy.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { sanitiseEngineText } from '../../src/report/sanitise.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { gitHubHtml, renderAsGitHub } from '../support/github-rendering.js';

/**
 * Text the engine writes with code spans (a gate's reason, a note on the run) reads on GitHub as the
 * engine wrote it: a command inside backticks is the command, `<A|B|C|D>` and all, not `&lt;A\|B…&gt;`.
 * Outside text it carries (a model's label, a login) stays neutralised. Read through GitHub Flavored
 * Markdown (`gitHubHtml`: micromark with GFM) and GitHub's links and mentions (`renderAsGitHub`).
 */
const pack = fixturePack();
const FACTS = { truncated: false, unseenAllowed: false, unreadAllowed: false, authors: [], authorMayDecide: false };
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'octo',
  repo: 'widgets',
  headSha: pack.headSha,
  runUrl: undefined,
  durationMs: 1000,
  currentHeadSha: pack.headSha,
};

/** What a reader sees of rendered HTML: its text, tags dropped and character references decoded. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The record of the fixture debate with no confirmed PR position: the gate's reason then names the accept command. */
function unmarked(label = 'keep the cache'): DecisionRecord {
  const record = fixtureRecord(pack);
  const { pr_position: _dropped, ...rest } = record;
  return { ...rest, positions: record.positions.map((p) => (p.id === 'A' ? { ...p, label } : p)) };
}

describe("the engine's text with code spans, as GitHub shows it", () => {
  it("shows the Merge blocked line's command literally in the comment", () => {
    const record = unmarked();
    const gate = evaluatePolicy(record, 'require-decision', FACTS);
    expect(gate.reason).toContain('`/debate accept <A|B|C|D> <reason>`');
    const { body } = renderDebateComment(fixtureOutcome(pack), record, pack, { ...context, gate });
    const line = body.split('\n').find((l) => l.includes('**Merge blocked:**'))!;
    const seen = visible(gitHubHtml(line));
    expect(seen).toContain('/debate accept <A|B|C|D> <reason>');
    expect(seen).toContain('debate again with (this PR) after the position');
    expect(seen).not.toMatch(/&lt;|&gt;|\\\|/);
    expect(renderAsGitHub(line).code.join('')).toContain('/debate accept <A|B|C|D> <reason>');
  });

  it("shows a note's command literally, and keeps a model's label in the same sentence neutralised", () => {
    const outcome = fixtureOutcome(pack);
    outcome.notes.push(
      'Position A (@octocat [see](https://evil.example) <b>x</b>) may be wrong: debate again with `/debate <position> (this PR) vs <position>`.',
    );
    const { body } = renderDebateComment(outcome, fixtureRecord(pack, outcome), pack, context);
    const line = body.split('\n').find((l) => l.includes('may be wrong'))!;
    const seen = visible(gitHubHtml(line));
    expect(seen).toContain('/debate <position> (this PR) vs <position>');
    expect(seen).toContain('<b>x</b>'); // shown as text, never a tag
    const rendered = renderAsGitHub(line);
    expect(rendered.code.join('')).toContain('/debate <position> (this PR) vs <position>');
    expect(rendered.links).toEqual([]);
    expect(rendered.html).toEqual([]);
    expect(rendered.prose.join(' ')).not.toContain('@octocat');
  });

  it("shows the check summary's command literally and neutralises a label there too", () => {
    const record = unmarked('@octocat see https://evil.example <img src=x>');
    const output = decisionCheckOutput(
      record,
      'require-decision',
      FACTS,
      'https://github.com/octo/widgets/pull/12#issuecomment-1',
    );
    expect(visible(gitHubHtml(output.summary))).toContain('/debate accept <A|B|C|D> <reason>');
    const rendered = renderAsGitHub(output.summary);
    expect(rendered.links.map((l) => l.target)).toEqual(['https://github.com/octo/widgets/pull/12#issuecomment-1']);
    // The only HTML is the command's own `<code>` (a `|` in a raw span would split a table cell).
    expect(new Set(rendered.html)).toEqual(new Set(['<code>', '</code>']));
  });

  it('keeps a span safe wherever it lands: hidden characters shown, a | never splits a table cell', () => {
    expect(sanitiseEngineText('run `a\u202eb` now')).toBe('run `a⟨U+202E⟩b` now');
    const cell = `| ${sanitiseEngineText('use `<A|B>` here', { inline: true })} | second |`;
    const table = gitHubHtml(`| a | b |\n|---|---|\n${cell}\n`);
    expect(table.match(/<td>/g)).toHaveLength(2);
    expect(visible(table)).toContain('use <A|B> here');
    // A backtick left open is text, and cannot pair with Markdown put next to it.
    expect(sanitiseEngineText('a `b` and ` c')).toBe('a `b` and \\` c');
  });
});
