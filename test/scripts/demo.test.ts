import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startAnthropicServer } from '../support/anthropic-server.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { STAND_INS } from '../../src/rehearsal/stand-ins.js';
import { PICTURE_DIGEST_FILE, pictureDigest, placeholdersIn } from '../support/picture-digest.js';
import { ROOT } from '../support/run-action.js';

/** `npm run demo` as a newcomer runs it: what it prints must hold no key and show a good debate. */
const CASE = 'commander-excess-arguments';
const ILLUSTRATION = STAND_INS.illustration;

async function demo(env: Record<string, string>, args: string[] = [CASE]): Promise<{ stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ANTHROPIC_')));
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe('npm run demo', () => {
  it("plays the illustration by default: says so first and last, every quote verified, the rules kept, merge as written; the README's picture is of this comment", async () => {
    // Its own folder for the comment it saves, which is the one `npm run picture` draws.
    const dir = mkdtempSync(path.join(tmpdir(), 'pr-debate-demo-test-'));
    let stdout: string;
    let saved: string;
    try {
      ({ stdout } = await demo({ PR_DEBATE_DEMO_DIR: dir }, []));
      saved = readFileSync(path.join(dir, `${CASE}.md`), 'utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // docs/comment-first-screen.png shows the comment the demo prints now (test/scripts/picture.test.ts: the digest's checks).
    const recorded = readFileSync(path.join(ROOT, PICTURE_DIGEST_FILE), 'utf8').trim();
    expect(
      pictureDigest(saved),
      'the picture is stale: run npm run picture (needs chromium) and commit docs/comment-first-screen.*',
    ).toBe(recorded);
    expect(placeholdersIn(saved)).toEqual([]);
    expect(stdout).toContain(`pr-debate demo: ${CASE}`);
    expect(stdout).toContain(`Model: ILLUSTRATION (model id illustration): this is ${ILLUSTRATION}.`);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      `Reminder: this was ${ILLUSTRATION}. Set ANTHROPIC_API_KEY to run the real debate.`,
    );
    const comment = stdout.split('--- the PR comment ---')[1]!.split('--- figures ---')[0]!.trim().split('\n');
    // The comment's first lines and its footer say what it is.
    expect(comment[1]).toBe('## ✅ pr-debate illustration: merge as written. Position A (this PR) won');
    expect(comment.slice(3, 5)).toEqual(['> [!IMPORTANT]', `> **This comment is ${ILLUSTRATION}.**`]);
    expect(comment.find((l) => l.startsWith('<sub>'))).toMatch(
      new RegExp(
        `^<sub>pr-debate · ${ILLUSTRATION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · .* advocates illustration · judge illustration · .* cost \\$0\\.0000 · `,
      ),
    );
    const text = comment.join('\n');
    // Every quote the file holds checked out against the real case, and the engine changed nothing.
    expect(text).toMatch(/\| \*\*A\.\*\* .* \| ✅ survived \| 13 verified · 0 unverified \|/);
    expect(text).toMatch(/\| \*\*B\.\*\* .* \| ✅ survived \| 11 verified · 0 unverified \|/);
    expect(text).toContain('18 verified · 1 exaggerated · 0 irrelevant · 0 unverified');
    expect(text).toContain('_Judge runs: 2 of 2 recommended position A.');
    for (const absent of [
      'Rulings the engine corrected',
      'broke the rules',
      'Degraded',
      'Notes on this run',
      'Merge blocked',
      'unverified**',
    ])
      expect(text).not.toContain(absent);
    expect(stdout).toMatch(/^status success, recommendation A, confidence medium, exit code 0$/m);
    expect(stdout).toMatch(
      /^GitHub REST calls: \d+; blob links: \d+, all resolve to lines at the head \(or base\) commit$/m,
    );
    expect(stdout).toContain('no model was called, nothing was spent');
  }, 150_000);

  it('prints no key and no ::add-mask:: line, also with a real key set', async () => {
    const key = 'sk-ant-api03-demoTestKeyThatMustNeverBePrinted0123456789';
    const server = await startAnthropicServer({ apiKey: key, responder: createRehearsalResponder({ seed: 1 }) });
    try {
      const { stdout, stderr } = await demo({ ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: server.url });
      expect(server.requests.length).toBeGreaterThan(0); // the "real" path ran
      for (const text of [stdout, stderr]) {
        expect(text).not.toContain(key);
        expect(text).not.toMatch(/^::add-mask::/m);
        expect(text).not.toContain('ghs_localScenarioToken');
      }
    } finally {
      await server.close();
    }
  }, 150_000);
});
