import { describe, expect, it } from 'vitest';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { contentDigest } from '../../src/evidence/content-digest.js';
import { fixtureInput } from '../support/evidence-fixtures.js';

describe('content_digest', () => {
  const base = fixtureInput();
  const pack = buildEvidencePack(base);
  const rebased = buildEvidencePack({ ...base, pull: { ...base.pull, headSha: 'c'.repeat(40), baseSha: 'd'.repeat(40) } });

  it('stays the same across a rebase that changes only the commit SHAs (and so the delimiter tag)', () => {
    expect(rebased.digest).not.toBe(pack.digest);
    expect(rebased.tag).not.toBe(pack.tag);
    expect(contentDigest(rebased)).toBe(contentDigest(pack));
    expect(contentDigest(pack)).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Computed once, where the pack's own digest is.
    expect(pack.contentDigest).toBe(contentDigest(pack));
    expect(rebased.contentDigest).toBe(pack.contentDigest);
  });

  it('changes with the diff, a file shown, the RFC or the PR text', () => {
    const digest = contentDigest(pack);
    const files = base.files.map((f, i) => (i === 0 ? { ...f, patch: f.patch!.replace("'line 12 of cache'", "'line twelve'") } : f));
    expect(contentDigest(buildEvidencePack({ ...base, files }))).not.toBe(digest);
    expect(contentDigest(buildEvidencePack({ ...base, contents: new Map([['src/cache.ts', 'changed\n']]) }))).not.toBe(digest);
    expect(contentDigest(buildEvidencePack({ ...base, rfc: { ...base.rfc, documents: [{ path: 'docs/rfcs/0001-cache.md', content: '# Other\n' }] } }))).not.toBe(digest);
    expect(contentDigest(buildEvidencePack({ ...base, pull: { ...base.pull, body: 'Another description.' } }))).not.toBe(digest);
  });
});
