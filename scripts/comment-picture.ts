/**
 * The picture at the top of the README: `npm run picture` writes `docs/comment-first-screen.png`.
 *
 * 1. Runs the demo (`scripts/demo.ts`) on commander-excess-arguments without `ANTHROPIC_API_KEY`, so the
 *    bundled action posts its comment against the local GitHub server and the illustration answers
 *    (`docs/illustration/commander-excess-arguments.yml`): arguments written by hand, quotes checked by the
 *    real verifier, the rules and the comment the real ones; no model wrote it.
 * 2. Renders the comment as GitHub renders one (`gitHubHtml`: GitHub Flavored Markdown, the HTML a
 *    comment keeps) with GitHub's Markdown CSS (`github-markdown-css`, light theme), in a comment box.
 * 3. Takes the first screen of it with headless Chromium (`CHROMIUM`, else `chromium` on the PATH;
 *    Debian: `apt-get install chromium fonts-noto-color-emoji`), from a fresh profile, with no
 *    background networking: the page loads nothing from outside.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gitHubHtml } from '../test/support/github-rendering.js';
import { PICTURE_DIGEST_FILE, pictureDigest } from '../test/support/picture-digest.js';
import { ROOT } from '../test/support/run-action.js';

const CASE = 'commander-excess-arguments';
const OUT = path.join(ROOT, 'docs', 'comment-first-screen.png');
/** A laptop's first screen of a PR conversation's comment column. */
const WIDTH = 920;
const HEIGHT = 860;
/** The README promises a small picture. */
const MAX_BYTES = 300 * 1024;

// The demo plays the illustration only when no key is set: take the key away, whatever this shell has.
const env = { ...process.env };
delete env.ANTHROPIC_API_KEY;
delete env.ANTHROPIC_BASE_URL;
console.log(`running the demo on ${CASE} (the illustration) ...`);
execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'demo.ts'), CASE], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  timeout: 10 * 60_000,
});
const markdown = readFileSync(path.join(ROOT, '.cache', 'demo', `${CASE}.md`), 'utf8');

const css = readFileSync(
  createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'),
  'utf8',
);
// The frame around the body: GitHub's timeline comment (header with the author, bordered box), light theme.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pr-debate comment</title>
<style>${css}
body { margin: 0; background: #ffffff; }
.frame { padding: 16px 20px; }
.comment { border: 1px solid #d1d9e0; border-radius: 6px; }
.header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; padding: 8px 16px;
  font: 14px -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #59636e; }
.header b { color: #1f2328; }
.bot { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; margin: 0 4px; }
.markdown-body { padding: 16px; }
</style></head>
<body><div class="frame"><div class="comment">
<div class="header"><b>github-actions</b><span class="bot">bot</span>commented</div>
<div class="markdown-body">${gitHubHtml(markdown)}</div>
</div></div></body></html>
`;

mkdirSync(path.dirname(OUT), { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'pr-debate-picture-'));
try {
  const html = path.join(work, 'comment.html');
  writeFileSync(html, page);
  const chromium = process.env.CHROMIUM ?? 'chromium';
  console.log(`taking the first ${WIDTH}x${HEIGHT} px with ${chromium} ...`);
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${path.join(work, 'profile')}`,
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      `--window-size=${WIDTH},${HEIGHT}`,
      `--screenshot=${OUT}`,
      pathToFileURL(html).href,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
// The comment the picture was made from, as a digest a test compares with the demo's comment (test/scripts/demo.test.ts).
writeFileSync(path.join(ROOT, PICTURE_DIGEST_FILE), `${pictureDigest(markdown)}\n`);
const bytes = statSync(OUT).size;
console.log(`wrote ${path.relative(ROOT, OUT)} (${Math.round(bytes / 1024)} KB)`);
if (bytes > MAX_BYTES) {
  console.error(`the picture is over ${MAX_BYTES / 1024} KB: make WIDTH or HEIGHT smaller`);
  process.exitCode = 1;
}
