import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkReferences } from '../../src/citations/check-references.js';
import { createProse } from '../../src/report/prose.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';

const pack = fixturePack();
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'octo',
  repo: 'widgets',
  headSha: pack.headSha,
  baseSha: pack.baseSha,
  runUrl: undefined,
  durationMs: 0,
  currentHeadSha: pack.headSha,
};
const prose = createProse(pack, context);
const blob = (sha: string, rest: string) => `https://github.com/octo/widgets/blob/${sha}/${rest}`;

/** Model-written prose in the comment (issue #11): every reference checked, linked or marked at the reference. */
describe('references in the prose of the comment', () => {
  it('links a verified reference to the exact lines, at the base commit for base lines, and marks the others where they stand', () => {
    const out = prose(
      'Compare `src/cache.ts:11-12` with src/cache.ts@base:11; nope/x.js:3 and src/cache.ts:31 do not exist.',
      { inline: true },
    );
    expect(out).toBe(
      `Compare [\`src/cache.ts:11-12\`](${blob(pack.headSha, 'src/cache.ts#L11-L12')}) with [\`src/cache.ts@base:11\`](${blob(pack.baseSha, 'src/cache.ts#L11')}); ` +
        '`nope/x.js:3` (⚠️ **unverified**: no such file) and `src/cache.ts:31` (⚠️ **unverified**: line out of range) do not exist.',
    );
    const links = renderAsGitHub(out).links;
    expect(links.map((l) => [l.kind, l.target])).toEqual([
      ['link', blob(pack.headSha, 'src/cache.ts#L11-L12')],
      ['link', blob(pack.baseSha, 'src/cache.ts#L11')],
    ]);
  });

  it('re-links a blob link of this repository to the lines it checked, and marks one past the end of the file', () => {
    const out = prose(`See ${blob('main', 'src/cache.ts#L3')} and ${blob(pack.headSha, 'src/cache.ts#L40-L41')}.`);
    expect(out).toBe(
      `See [\`src/cache.ts:3\`](${blob(pack.headSha, 'src/cache.ts#L3')}) and \`src/cache.ts:40-41\` (⚠️ **unverified**: line out of range).`,
    );
  });

  it('marks a reference to lines the pack left out, and a quoted path with spaces', () => {
    expect(prose('"src/other file.ts":1 and "src/other file.ts":5')).toBe(
      `\`"src/other file.ts":1\` (⚠️ **unverified**: lines left out of the pack) and [\`"src/other file.ts":5\`](${blob(pack.headSha, 'src/other%20file.ts#L5')})`,
    );
  });

  it('sanitises the text around references, and a private-use character in the text cannot forge one', () => {
    const out = prose('\ue0000\ue001 @octocat \\[x\\](https://evil.example) src/cache.ts:11 #12', { inline: true });
    expect(renderAsGitHub(out).links.map((l) => l.target)).toEqual([blob(pack.headSha, 'src/cache.ts#L11')]);
    expect(out).toContain('\ufffd0\ufffd');
  });

  it('keeps a reference inside a table cell whole', () => {
    const out = prose('a | src/cache.ts:11 | b', { inline: true });
    expect(out).toBe(`a \\| [\`src/cache.ts:11\`](${blob(pack.headSha, 'src/cache.ts#L11')}) \\| b`);
  });

  it('keeps a link a link when a "!" stands right before the reference (it would read as an image)', () => {
    // Shrunk counterexample of the comment property: `!` then a blob link rendered `![...](...)`, an image of the blob.
    const link = `[\`src/cache.ts:11\`](${blob(pack.headSha, 'src/cache.ts#L11')})`;
    expect(prose(`!${blob(pack.headSha, 'src/cache.ts#L11')}`)).toBe(`\\!${link}`);
    // A backslash of the model's own is escaped first, so it cannot escape the escape.
    expect(prose(`\\!${blob(pack.headSha, 'src/cache.ts#L11')}`)).toBe(`\\\\\\!${link}`);
    for (const text of ['!', '\\!', 'a!!']) {
      const links = renderAsGitHub(prose(`${text}${blob(pack.headSha, 'src/cache.ts#L11')}`)).links;
      expect(links.map((l) => [l.kind, l.target])).toEqual([['link', blob(pack.headSha, 'src/cache.ts#L11')]]);
    }
  });

  it('turns a reference inside a code span into a link or a marked reference, and leaves nothing around it to autolink', () => {
    // Issue #11: the counterexample of the comment property was a blob link in backticks (`` `{blob}` ``)
    // after a label whose stray backtick paired with the backtick of the link put in its place.
    const link = (rest: string, shown: string, sha = pack.headSha) => `[\`${shown}\`](${blob(sha, rest)})`;
    const cases: [string, string][] = [
      [`\`${blob(pack.headSha, 'src/cache.ts#L11')}\``, link('src/cache.ts#L11', 'src/cache.ts:11')],
      [`\`\`${blob(pack.headSha, 'src/cache.ts#L11')}\`\``, link('src/cache.ts#L11', 'src/cache.ts:11')],
      [`\`${blob(pack.headSha, 'src/cache.ts#L11')}.\``, `${link('src/cache.ts#L11', 'src/cache.ts:11')}.`],
      [`\`${blob(pack.headSha, 'src/cache.ts#L11')}\`.`, `${link('src/cache.ts#L11', 'src/cache.ts:11')}.`],
      [`\`${blob(pack.headSha, 'src/cache.ts')}.\``, `${link('src/cache.ts#L1', 'src/cache.ts:1')}.`],
      [`\`${blob(pack.headSha, 'src/cache.ts#L99')}\``, '`src/cache.ts:99` (⚠️ **unverified**: line out of range)'],
      ['`src/cache.ts:11`', link('src/cache.ts#L11', 'src/cache.ts:11')],
      ['`src/cache.ts:11,`', `${link('src/cache.ts#L11', 'src/cache.ts:11')},`],
      ['`src/cache.ts@base:11`', link('src/cache.ts#L11', 'src/cache.ts@base:11', pack.baseSha)],
      ['`nope/x.js:3`', '`nope/x.js:3` (⚠️ **unverified**: no such file)'],
    ];
    for (const [text, expected] of cases) {
      expect(prose(text, { inline: true }), text).toBe(expected);
      const links = checkReferences(text, pack, context).filter((r) => r.check.status !== 'unverified').length;
      // After text with a backtick of its own, as in `**A. label**: {reason}`, and after a paragraph or a list item.
      for (const markdown of [
        `**${prose(`\`${blob(pack.headSha, '')}`, { inline: true })}**: ${prose(text, { inline: true })}`,
        prose(`\`a\n\nb \` ${text}`),
        prose(`\`a\n- b \` ${text}`),
      ]) {
        const rendered = renderAsGitHub(markdown).links;
        expect(
          rendered.map((l) => l.kind),
          markdown,
        ).toEqual(Array<string>(links).fill('link'));
      }
    }
  });

  it('property: whatever backticks, brackets and backslashes surround them, every reference that checks out is a link and every other one is marked', () => {
    const piece = fc.constantFrom(
      '`',
      '``',
      ' ',
      'a',
      '\\',
      '[',
      ']',
      '(',
      ')',
      'src/cache.ts:11',
      'src/cache.ts@base:11',
      'nope/x.js:3',
      'src/cache.ts:99',
      blob(pack.headSha, 'src/cache.ts#L12'),
      'https://evil.example',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), fc.boolean(), (pieces, inline) => {
        const text = pieces.join(' ');
        const refs = checkReferences(text, pack, context);
        const out = prose(text, { inline });
        const links = renderAsGitHub(out).links;
        expect(
          links.every((l) => l.kind === 'link' && l.target.startsWith('https://github.com/octo/widgets/blob/')),
          out,
        ).toBe(true);
        expect(links).toHaveLength(refs.filter((r) => r.check.status !== 'unverified').length);
        expect(out.split('(⚠️ **unverified**').length - 1).toBe(
          refs.filter((r) => r.check.status === 'unverified').length,
        );
      }),
      { numRuns: 500 },
    );
  });
});
