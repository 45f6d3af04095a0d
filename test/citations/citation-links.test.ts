import { describe, expect, it } from 'vitest';
import type { Citation } from '../../src/citations/citation.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import { renderCitation, SHOWN_LINES, SHOWN_WIDTH } from '../../src/report/render-citation.js';
import { pull } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/** How a checked citation reads in the comment: where its link points, on either side. */
describe('citation links in the comment', () => {
  const pack = buildEvidencePack({
    pull,
    files: classifyFiles(
      [
        {
          path: 'lib/new name.js',
          previousPath: 'lib/old.js',
          status: 'renamed',
          additions: 1,
          deletions: 1,
          patch: '@@ -40,2 +40,2 @@\n keep\n-const retries = 3;\n+const retries = 5;',
        },
        {
          path: 'lib/gone.js',
          previousPath: undefined,
          status: 'removed',
          additions: 0,
          deletions: 2,
          patch: '@@ -1,2 +0,0 @@\n-module.exports = 1;\n-// end',
        },
      ],
      undefined,
    ),
    rfc: { documents: [], note: '' },
    contents: new Map(),
    maxTokens: 10_000,
    charsPerToken: CHARS_PER_TOKEN,
  });
  const context = {
    id: 'x',
    serverUrl: 'https://github.com',
    owner: 'octo',
    repo: 'widgets',
    headSha: pull.headSha,
    baseSha: pull.baseSha,
    runUrl: undefined,
    durationMs: 0,
    currentHeadSha: pull.headSha,
  };
  // A quote or reference with a `|` is written with character references (it forms no Markdown); read them back.
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  const render = (c: Citation, ctx: Parameters<typeof renderCitation>[1] = context) =>
    decode(renderCitation({ ...c, check: verifyCitation(c, pack) }, ctx));

  it('links a head citation to the head commit and a base citation to the base commit, under the old name of a renamed file', () => {
    expect(
      render({ path: 'lib/new name.js', side: 'head', line_start: 41, line_end: 41, quote: 'retries = 5' }),
    ).toContain(`(https://github.com/octo/widgets/blob/${pull.headSha}/lib/new%20name.js#L41)`);
    expect(
      render({ path: 'lib/new name.js', side: 'base', line_start: 41, line_end: 41, quote: 'retries = 3' }),
    ).toContain(`[\`lib/new name.js@base:41\`](https://github.com/octo/widgets/blob/${pull.baseSha}/lib/old.js#L41)`);
    expect(
      render({ path: 'lib/gone.js', side: 'base', line_start: 1, line_end: 2, quote: 'module.exports = 1; // end' }),
    ).toContain(`/blob/${pull.baseSha}/lib/gone.js#L1-L2)`);
  });

  it('never links an unverified citation, and does not link a base citation without the base commit', () => {
    const wrong = render({ path: 'lib/gone.js', side: 'head', line_start: 1, line_end: 1, quote: 'module.exports' });
    expect(wrong).toMatch(/^⚠️ \*\*unverified\*\* `lib\/gone.js:1`/);
    expect(wrong).not.toContain('](');
    const { baseSha: _, ...headOnly } = context;
    expect(
      render({ path: 'lib/gone.js', side: 'base', line_start: 1, line_end: 1, quote: 'module.exports' }, headOnly),
    ).not.toContain('](');
  });

  it('shows the cited lines as the file has them, not the quote: the first lines, cut to a readable width, and how many more (issue #29)', () => {
    const long = `const message = '${'x'.repeat(SHOWN_WIDTH + 20)}';`;
    const lines = [
      '  first();',
      '',
      '  second(@octocat, #12, https://example.com/a);',
      '  `third` ``fourth``;',
      '  fifth();',
      long,
    ];
    const hunk = `@@ -1,1 +1,${lines.length} @@\n-old\n${lines.map((l) => `+${l}`).join('\n')}`;
    const wide = buildEvidencePack({
      pull,
      files: classifyFiles(
        [
          {
            path: 'src/a.js',
            previousPath: undefined,
            status: 'modified',
            additions: lines.length,
            deletions: 1,
            patch: hunk,
          },
        ],
        undefined,
      ),
      rfc: { documents: [], note: '' },
      contents: new Map(),
      maxTokens: 10_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    const show = (c: Citation) => renderCitation({ ...c, check: verifyCitation(c, wide) }, context);
    // A gutter slip verifies; what is shown is the line, and the quote's spelling is not.
    const one = show({ path: 'src/a.js', side: 'head', line_start: 1, line_end: 1, quote: '1 |   first();' });
    expect(one).toBe(`[\`src/a.js:1\`](https://github.com/octo/widgets/blob/${pull.headSha}/src/a.js#L1) \`first();\``);
    // Five lines: the first three that are not blank, then how many of the cited lines follow them.
    const five = show({
      path: 'src/a.js',
      side: 'head',
      line_start: 1,
      line_end: 5,
      quote: lines.slice(0, 5).join('\n'),
    });
    expect(SHOWN_LINES).toBe(3);
    expect(five).toMatch(
      /^\[`src\/a\.js:1-5`\]\(https:\/\/github\.com\/octo\/widgets\/blob\/[0-9a-f]{40}\/src\/a\.js#L1-L5\) `first\(\);` ⏎ `second\(@octocat, #12, https:\/\/example\.com\/a\);` ⏎ ``` `third` ``fourth``; ``` _\(1 more line\)_$/,
    );
    // What the code shows cannot mention, reference or link: the only link is the blob link.
    const rendered = renderAsGitHub(`- ${five}`);
    expect(rendered.links).toEqual([
      {
        kind: 'link',
        target: `https://github.com/octo/widgets/blob/${pull.headSha}/src/a.js#L1-L5`,
        text: 'src/a.js:1-5',
      },
    ]);
    expect(rendered.code).toEqual([
      'src/a.js:1-5',
      'first();',
      'second(@octocat, #12, https://example.com/a);',
      '`third` ``fourth``;',
    ]);
    // A long line is cut to the width, with a mark after the code.
    const cut = show({ path: 'src/a.js', side: 'head', line_start: 6, line_end: 6, quote: long });
    expect(cut).toContain(`\`${long.slice(0, SHOWN_WIDTH)}\`…`);
    expect(cut).not.toContain(long);
  });
});
