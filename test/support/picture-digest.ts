import { createHash } from 'node:crypto';
import { PLACEHOLDER_SENTENCES } from '../../src/rehearsal/sample-strings.js';

/**
 * What the README's picture (docs/comment-first-screen.png) was made from, as a digest (issue #33):
 * `npm run picture` records the digest of the demo's comment beside the picture, and a test compares it
 * with the comment the demo prints now, so a change to the comment that leaves the picture stale fails.
 * The comment's two values that change from run to run are left out: the record's `date:` and the
 * footer's run time (`· 5.5 s ·`).
 */

/** Where the digest is recorded, beside the picture. */
export const PICTURE_DIGEST_FILE = 'docs/comment-first-screen.sha256';

/** The comment without what differs between two runs of the same demo. */
export function stableComment(markdown: string): string {
  return markdown
    .replace(/\r\n/g, '\n')
    .replace(/^date: \S+$/m, 'date: (the run)')
    .replace(/ · \d+(?:\.\d+)? s · /g, ' · (run time) · ');
}

/** `sha256:<hex>` of {@link stableComment}. */
export function pictureDigest(markdown: string): string {
  return `sha256:${createHash('sha256').update(stableComment(markdown)).digest('hex')}`;
}

/** The rehearsal's placeholder sentences and labels (`Rehearsal claim 1: …`) found in a text: the picture's comment holds none. */
export function placeholdersIn(text: string): string[] {
  return [
    ...PLACEHOLDER_SENTENCES.filter((sentence) => text.includes(sentence)),
    ...(text.match(/Rehearsal [a-z ]+ \d+/g) ?? []),
  ];
}
