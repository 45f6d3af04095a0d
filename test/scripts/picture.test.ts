import { describe, expect, it } from 'vitest';
import { rehearseStructuredOutput } from '../../src/rehearsal/rehearsal-model.js';
import { pictureDigest, placeholdersIn, stableComment } from '../support/picture-digest.js';

/**
 * The README's picture shows the comment `npm run demo` prints now (issue #33): `npm run picture` records
 * the digest of the comment it rendered (docs/comment-first-screen.sha256), and test/scripts/demo.test.ts
 * checks that the comment of its run of the demo has that digest and holds no placeholder of the
 * rehearsal's. Here: that both checks can fail.
 */
describe('docs/comment-first-screen.png', () => {
  it('finds the placeholders of a rehearsal (so the picture check in demo.test.ts can fail)', () => {
    const schema = {
      type: 'object',
      properties: { thesis: { type: 'string' }, claim: { type: 'string' } },
      required: ['thesis', 'claim'],
    };
    const rehearsed = JSON.stringify(rehearseStructuredOutput(schema, 'FILE block-less prompt', { seed: 1 }));
    expect(placeholdersIn(rehearsed).length).toBeGreaterThan(0);
  });

  it('tells a changed comment from the same one run again (so the picture check in demo.test.ts can fail)', () => {
    const run = '## ⚖️ verdict: A\n\ndate: 2026-12-03T17:19:59.265Z\n<sub>13 model calls · 5.5 s · success</sub>\n';
    expect(pictureDigest(run.replace('17:19:59.265Z', '17:20:08.611Z').replace('5.5 s', '4.0 s'))).toBe(
      pictureDigest(run),
    );
    expect(pictureDigest(run.replace('verdict: A', 'verdict: B'))).not.toBe(pictureDigest(run));
    expect(stableComment(run)).toContain('date: (the run)');
  });
});
