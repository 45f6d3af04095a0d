import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_SENTENCES, rehearseStructuredOutput } from '../../src/rehearsal/rehearsal-model.js';
import { STAND_INS } from '../../src/rehearsal/stand-ins.js';
import { PICTURE_DIGEST_FILE, pictureDigest, stableComment } from '../support/picture-digest.js';
import { ROOT } from '../support/run-action.js';

/**
 * The README's picture shows the comment `npm run demo` prints now (issue #33): `npm run picture` records
 * the digest of the comment it rendered (docs/comment-first-screen.sha256); here the demo runs again, as
 * the picture script runs it, and its comment must have that digest. Any change to the comment (its
 * layout, the illustration's replies, the real case) fails this until `npm run picture` is run again. That
 * comment is the illustration's (`docs/illustration/`), which holds no placeholder of the rehearsal's.
 */
const CASE = 'commander-excess-arguments';

/** The rehearsal's placeholder sentences and labels (`Rehearsal claim 1: …`) found in a text. */
function placeholdersIn(text: string): string[] {
  return [...PLACEHOLDER_SENTENCES.filter((sentence) => text.includes(sentence)), ...(text.match(/Rehearsal [a-z ]+ \d+/g) ?? [])];
}

describe('docs/comment-first-screen.png', () => {
  it('was made from the comment the demo prints now', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ANTHROPIC_')));
    // Its own folder for the comment: demo.test.ts runs the demo at the same time.
    const dir = mkdtempSync(path.join(tmpdir(), 'pr-debate-picture-test-'));
    let comment: string;
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', CASE], { cwd: ROOT, env: { ...env, PR_DEBATE_DEMO_DIR: dir }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
      comment = readFileSync(path.join(dir, `${CASE}.md`), 'utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const recorded = readFileSync(path.join(ROOT, PICTURE_DIGEST_FILE), 'utf8').trim();
    expect(pictureDigest(comment), 'the picture is stale: run npm run picture (needs chromium) and commit docs/comment-first-screen.*').toBe(recorded);
    // The picture's source is the illustration, which holds no placeholder (issue #42).
    expect(placeholdersIn(comment)).toEqual([]);
    expect(comment).toContain(STAND_INS.illustration);
  }, 150_000);

  it('finds the placeholders of a rehearsal (so the check above can fail)', () => {
    const schema = { type: 'object', properties: { thesis: { type: 'string' }, claim: { type: 'string' } }, required: ['thesis', 'claim'] };
    const rehearsed = JSON.stringify(rehearseStructuredOutput(schema, 'FILE block-less prompt', { seed: 1 }));
    expect(placeholdersIn(rehearsed).length).toBeGreaterThan(0);
  });

  it('tells a changed comment from the same one run again (so the check above can fail)', () => {
    const run = '## ⚖️ verdict: A\n\ndate: 2026-12-03T17:19:59.265Z\n<sub>13 model calls · 5.5 s · success</sub>\n';
    expect(pictureDigest(run.replace('17:19:59.265Z', '17:20:08.611Z').replace('5.5 s', '4.0 s'))).toBe(pictureDigest(run));
    expect(pictureDigest(run.replace('verdict: A', 'verdict: B'))).not.toBe(pictureDigest(run));
    expect(stableComment(run)).toContain('date: (the run)');
  });
});
