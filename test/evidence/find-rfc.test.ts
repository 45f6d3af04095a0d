import { describe, expect, it } from 'vitest';
import { chooseRfc } from '../../src/evidence/find-rfc.js';
import type { ChangedFile } from '../../src/evidence/types.js';

const file = (path: string, status: ChangedFile['status'] = 'modified'): ChangedFile => ({ path, previousPath: undefined, status, additions: 1, deletions: 0, patch: '@@ -1 +1 @@\n+x' });

describe('chooseRfc', () => {
  const files = [file('src/a.ts'), file('docs/adr/0007-queue.md', 'added'), file('README.md'), file('rfcs/old.md', 'removed')];

  it('prefers the command option, then the input, then a changed design doc', () => {
    expect(chooseRfc('./docs/x.md', 'docs/y.md', files)).toMatchObject({ paths: ['docs/x.md'], source: 'option' });
    expect(chooseRfc(undefined, 'docs/y.md', files)).toMatchObject({ paths: ['docs/y.md'], source: 'input' });
    expect(chooseRfc(undefined, undefined, files)).toMatchObject({ paths: ['docs/adr/0007-queue.md'], source: 'changed-file' });
  });

  it('matches a glob input against the PR files', () => {
    expect(chooseRfc(undefined, 'docs/**/*.md', files)).toMatchObject({ paths: ['docs/adr/0007-queue.md'] });
    expect(chooseRfc(undefined, 'design/*.md', files)).toMatchObject({ paths: [], source: 'none', note: expect.stringContaining('diff alone') });
  });

  it('says plainly when there is no RFC', () => {
    expect(chooseRfc(undefined, undefined, [file('src/a.ts'), file('README.md')])).toMatchObject({ paths: [], source: 'none', note: expect.stringContaining('diff alone') });
  });
});
