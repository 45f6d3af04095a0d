import { describe, expect, it } from 'vitest';
import type { Citation } from '../../src/citations/citation.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { classifyFiles } from '../../src/evidence/describe-change.js';
import { renderCitation } from '../../src/report/render-citation.js';
import { pull } from '../support/evidence-fixtures.js';

/** How a checked citation reads in the comment: where its link points, on either side. */
describe('citation links in the comment', () => {
  const pack = buildEvidencePack({
    pull,
    files: classifyFiles(
      [
        { path: 'lib/new name.js', previousPath: 'lib/old.js', status: 'renamed', additions: 1, deletions: 1, patch: '@@ -40,2 +40,2 @@\n keep\n-const retries = 3;\n+const retries = 5;' },
        { path: 'lib/gone.js', previousPath: undefined, status: 'removed', additions: 0, deletions: 2, patch: '@@ -1,2 +0,0 @@\n-module.exports = 1;\n-// end' },
      ],
      undefined,
    ),
    rfc: { documents: [], note: '' },
    contents: new Map(),
    maxTokens: 10_000,
  });
  const context = { id: 'x', serverUrl: 'https://github.com', owner: 'octo', repo: 'widgets', headSha: pull.headSha, baseSha: pull.baseSha, runUrl: undefined, durationMs: 0, currentHeadSha: pull.headSha };
  // A quote or reference with a `|` is written with character references (it forms no Markdown); read them back.
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  const render = (c: Citation, ctx: Parameters<typeof renderCitation>[1] = context) => decode(renderCitation({ ...c, check: verifyCitation(c, pack) }, ctx));

  it('links a head citation to the head commit and a base citation to the base commit, under the old name of a renamed file', () => {
    expect(render({ path: 'lib/new name.js', side: 'head', line_start: 41, line_end: 41, quote: 'retries = 5' })).toContain(`(https://github.com/octo/widgets/blob/${pull.headSha}/lib/new%20name.js#L41)`);
    expect(render({ path: 'lib/new name.js', side: 'base', line_start: 41, line_end: 41, quote: 'retries = 3' })).toContain(`[\`lib/new name.js@base:41\`](https://github.com/octo/widgets/blob/${pull.baseSha}/lib/old.js#L41)`);
    expect(render({ path: 'lib/gone.js', side: 'base', line_start: 1, line_end: 2, quote: 'module.exports = 1; // end' })).toContain(`/blob/${pull.baseSha}/lib/gone.js#L1-L2)`);
  });

  it('never links an unverified citation, and does not link a base citation without the base commit', () => {
    const wrong = render({ path: 'lib/gone.js', side: 'head', line_start: 1, line_end: 1, quote: 'module.exports' });
    expect(wrong).toMatch(/^⚠️ \*\*unverified\*\* `lib\/gone.js:1`/);
    expect(wrong).not.toContain('](');
    const { baseSha: _, ...headOnly } = context;
    expect(render({ path: 'lib/gone.js', side: 'base', line_start: 1, line_end: 1, quote: 'module.exports' }, headOnly)).not.toContain('](');
  });
});
