import { describe, expect, it } from 'vitest';
import { chooseRfc, documentsInBody, MAX_BODY_DOCUMENTS, pickExistingRfc } from '../../src/evidence/find-rfc.js';
import type { ChangedFile } from '../../src/evidence/evidence-types.js';

const file = (path: string, status: ChangedFile['status'] = 'modified'): ChangedFile => ({
  path,
  previousPath: undefined,
  status,
  additions: 1,
  deletions: 0,
  patch: '@@ -1 +1 @@\n+x',
});

describe('chooseRfc', () => {
  const files = [
    file('src/a.ts'),
    file('docs/adr/0007-queue.md', 'added'),
    file('README.md'),
    file('rfcs/old.md', 'removed'),
  ];

  it('prefers the command option, then the input, then a changed design doc', () => {
    expect(chooseRfc('./docs/x.md', 'docs/y.md', files)).toMatchObject({ paths: ['docs/x.md'], source: 'option' });
    expect(chooseRfc(undefined, 'docs/y.md', files)).toMatchObject({ paths: ['docs/y.md'], source: 'input' });
    expect(chooseRfc(undefined, undefined, files)).toMatchObject({
      paths: ['docs/adr/0007-queue.md'],
      source: 'changed-file',
    });
  });

  it('matches a glob input against the PR files', () => {
    expect(chooseRfc(undefined, 'docs/**/*.md', files)).toMatchObject({ paths: ['docs/adr/0007-queue.md'] });
    expect(chooseRfc(undefined, 'design/*.md', files)).toMatchObject({
      paths: [],
      source: 'none',
      note: expect.stringContaining('diff alone'),
    });
  });

  it('says plainly when there is no RFC', () => {
    expect(chooseRfc(undefined, undefined, [file('src/a.ts'), file('README.md')])).toMatchObject({
      paths: [],
      source: 'none',
      note: expect.stringContaining('diff alone'),
    });
  });
});

describe('RFC named in the PR body', () => {
  const files = [file('src/a.ts'), file('docs/adr/0007-queue.md', 'added')];
  const pullHtmlUrl = 'https://github.com/octo/widgets/pull/12';

  it('finds blob links of this repository and relative document paths, not other sites or climbing paths', () => {
    const body = [
      'Implements https://github.com/octo/widgets/blob/main/docs/rfcs/0042-retry%20policy.md#L10-L20 as agreed.',
      'See also `docs/design/queue.md`, (notes/plan.rst) and ./README.md.',
      'Not these: https://example.com/docs/x.md, https://github.com/other/repo/blob/main/y.md, ../secret.md and /etc/passwd.txt',
    ].join('\n');
    expect(documentsInBody(body, pullHtmlUrl)).toEqual([
      'docs/rfcs/0042-retry policy.md',
      'docs/design/queue.md',
      'notes/plan.rst',
      'README.md',
    ]);
  });

  it('comes after the option and the input, and before changed design documents, when it exists at the head', () => {
    const body = { text: 'Design: docs/rfcs/0001-cache.md', pullHtmlUrl };
    expect(chooseRfc('x.md', undefined, files, body)).toMatchObject({ source: 'option' });
    expect(chooseRfc(undefined, 'y.md', files, body)).toMatchObject({ source: 'input' });
    const choice = chooseRfc(undefined, undefined, files, body);
    expect(choice.candidates).toEqual({ body: ['docs/rfcs/0001-cache.md'], changed: ['docs/adr/0007-queue.md'] });
    expect(
      pickExistingRfc(choice.candidates, new Set(['docs/rfcs/0001-cache.md', 'docs/adr/0007-queue.md'])),
    ).toMatchObject({ source: 'body', paths: ['docs/rfcs/0001-cache.md'] });
    // A body mention that does not exist at the head is skipped.
    expect(pickExistingRfc(choice.candidates, new Set(['docs/adr/0007-queue.md']))).toMatchObject({
      source: 'changed-file',
      paths: ['docs/adr/0007-queue.md'],
    });
    expect(pickExistingRfc(choice.candidates, new Set())).toMatchObject({
      source: 'none',
      note: expect.stringContaining('diff alone'),
    });
  });

  it(`reads at most ${MAX_BODY_DOCUMENTS} documents from a body`, () => {
    const body = Array.from({ length: 9 }, (_, i) => `docs/${i}.md`).join(' ');
    expect(documentsInBody(body, pullHtmlUrl)).toHaveLength(MAX_BODY_DOCUMENTS);
  });
});
