import { describe, expect, it } from 'vitest';
import { buildEvidencePack } from '../../src/evidence/build-evidence-pack.js';
import { fixtureInput } from '../support/evidence-fixtures.js';

describe('content_digest (digest_version 2: structured content, not the rendered pack)', () => {
  const base = fixtureInput();
  const pack = buildEvidencePack(base);
  const rebased = buildEvidencePack({
    ...base,
    pull: { ...base.pull, headSha: 'c'.repeat(40), baseSha: 'd'.repeat(40) },
  });

  it('stays the same across a rebase that changes only the commit SHAs (and so the delimiter tag)', () => {
    expect(rebased.digest).not.toBe(pack.digest);
    expect(rebased.tag).not.toBe(pack.tag);
    expect(pack.contentDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(rebased.contentDigest).toBe(pack.contentDigest);
  });

  it('stays the same when only the pack’s prose changes (a note such as a GitHub 502)', () => {
    const noted = buildEvidencePack({
      ...base,
      notes: ['GitHub did not serve the whole diff of this PR (HTTP 502: Bad Gateway).'],
    });
    expect(noted.text).not.toBe(pack.text);
    expect(noted.contentDigest).toBe(pack.contentDigest);
  });

  it('changes with the diff, a blob at either side, the RFC or the PR text', () => {
    const digest = pack.contentDigest;
    const files = base.files.map((f, i) =>
      i === 0 ? { ...f, patch: f.patch!.replace("'line 12 of cache'", "'line twelve'") } : f,
    );
    expect(buildEvidencePack({ ...base, files }).contentDigest).not.toBe(digest);
    const headBlob = base.files.map((f, i) =>
      i === 0 ? { ...f, blobs: { base: undefined, head: 'e'.repeat(40) } } : f,
    );
    expect(buildEvidencePack({ ...base, files: headBlob }).contentDigest).not.toBe(digest);
    const baseBlob = base.files.map((f, i) =>
      i === 0 ? { ...f, blobs: { base: 'f'.repeat(40), head: undefined } } : f,
    );
    expect(buildEvidencePack({ ...base, files: baseBlob }).contentDigest).not.toBe(digest);
    expect(
      buildEvidencePack({
        ...base,
        rfc: { ...base.rfc, documents: [{ path: 'docs/rfcs/0001-cache.md', content: '# Other\n' }] },
      }).contentDigest,
    ).not.toBe(digest);
    expect(buildEvidencePack({ ...base, pull: { ...base.pull, body: 'Another description.' } }).contentDigest).not.toBe(
      digest,
    );
    expect(buildEvidencePack({ ...base, pull: { ...base.pull, title: 'Another title' } }).contentDigest).not.toBe(
      digest,
    );
  });
});
