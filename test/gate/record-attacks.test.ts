import { afterEach, describe, expect, it } from 'vitest';
import { importDecisionKeys } from '../../src/gate/sign-record.js';
import { defaults, type Override } from '../support/debate-script.js';
import { ed25519Pems, startGateScenario, type GateScenario } from '../support/gate-scenario.js';
import { gitHubHtml, renderAsGitHub } from '../support/github-rendering.js';
import { gitBlobSha, type FakePullRequest } from '../support/github-server.js';
import { debateComment, runOnScenario } from '../support/pipeline-run.js';

/**
 * Issue #38: no record passes the gate by accident. Each test attacks the gate as the issue describes,
 * through the real pipeline (in process, scripted models) and the real gate against the local GitHub
 * server: a changed base, a file name that forms a link, a record past GitHub's check-run limit, and a
 * config key the gate does not know.
 */

/** GitHub's limit on a check run's `output.text`, in bytes (github/docs#35252), written apart from the code. */
const CHECK_TEXT_BYTES = 65_535;

const MARKED = { kind: 'comment', body: '/debate keep the cache (this PR) vs drop the cache', user: 'maria' } as const;

describe('no record passes the gate by accident (issue #38)', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  it('3. a PR retargeted to another base (same head) is stale; a base branch that moved on keeps the decision', async () => {
    scenario = await startGateScenario();
    await runOnScenario(scenario, MARKED);
    const record = JSON.parse(scenario.checkOn(scenario.pull.head.sha)!.output.text!);
    expect(record).toMatchObject({ digest_version: 4, base: { ref: 'main', sha: scenario.pull.base.sha } });
    expect((await scenario.gate()).conclusion).toBe('success');
    // New commits on main that touch none of the PR's files: the gate compares the digest, which holds.
    scenario.pull.base = { ...scenario.pull.base, sha: 'e'.repeat(40) };
    scenario.pull.mergeBaseSha = record.base.sha;
    const moved = await scenario.gate();
    expect(moved.conclusion, moved.output.summary ?? '').toBe('success');
    // Retargeted to another branch, on the same head: stale, naming both branches.
    scenario.pull.base = { ...scenario.pull.base, ref: 'release-1' };
    const retargeted = await scenario.gate();
    expect(retargeted.conclusion).toBe('action_required');
    expect(retargeted.output.summary).toMatch(
      /^Stale: the decision was made against the base branch `main`, and this PR now merges into `release-1`/,
    );
  }, 60_000);

  it('4. a changed file named `docs/a)(www.evil.example.md` links to that file only, in the comment, the review threads and the check run', async () => {
    scenario = await startGateScenario();
    const name = 'docs/a)(www.evil.example.md';
    addFile(scenario.pull, name, '# Cache\nThe cache keeps the parsed config.\n');
    const cite = { path: name, line_start: 2, line_end: 2, quote: 'The cache keeps the parsed config.' };
    // Position A's advocate cites the file, and only it, in every turn: its decisive line is there.
    const onFile =
      (phase: 'opening' | 'cross-examination' | 'closing'): Override =>
      (call, info, index) => {
        const reply = defaults[phase](call, info, index);
        return info.position === 'A'
          ? JSON.parse(JSON.stringify(reply), (key, value: unknown) => (key === 'citations' ? [cite] : value))
          : reply;
      };
    await runOnScenario(scenario, MARKED, {
      script: {
        opening: onFile('opening'),
        'cross-examination': onFile('cross-examination'),
        closing: onFile('closing'),
      },
    });
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    const bodies = [
      debateComment(scenario),
      ...scenario.server.state.reviews.reviewComments.map((c) => c.body),
      check.output.summary ?? '',
      check.output.text ?? '',
    ];
    expect(debateComment(scenario)).toContain('a%29%28www.evil.example.md#L2');
    expect(scenario.server.state.reviews.reviewComments.some((c) => c.path === name)).toBe(true);
    for (const body of bodies) {
      const hrefs = [...gitHubHtml(body).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      for (const href of hrefs) expect(href, body).toMatch(/^https:\/\/github\.com\/octo\/widgets\//);
      expect(
        renderAsGitHub(body)
          .links.filter((l) => l.kind === 'www' || l.kind === 'url')
          .map((l) => l.target),
      ).toEqual([]);
    }
  }, 60_000);

  it('5. an accept whose reason is past the check run’s limit is kept, shortened before signing, and decides; it is never replaced by the older passing record', async () => {
    scenario = await startGateScenario();
    const pems = ed25519Pems();
    const keys = await importDecisionKeys(pems);
    const inputs = { 'decision-signing-key': pems.signingKey };
    await runOnScenario(scenario, MARKED, { inputs });
    expect((await scenario.gate({ publicKey: keys.publicKey })).conclusion).toBe('success');
    const reason = '维持缓存会导致配置过期'.repeat(1_000);
    await runOnScenario(scenario, { kind: 'comment', body: `/debate accept B ${reason}`, user: 'carol' }, { inputs });
    const accepted = scenario.checkOn(scenario.pull.head.sha)!;
    expect(Buffer.byteLength(accepted.output.text!)).toBeLessThanOrEqual(CHECK_TEXT_BYTES);
    const record = JSON.parse(accepted.output.text!);
    expect(record.accepted).toMatchObject({
      by: 'carol',
      position: 'B',
      reason: expect.stringMatching(/^维持缓存会导致配置过期.*…$/),
    });
    // B is not the PR's position: the accepted decision asks for changes, and the gate says so.
    const gate = await scenario.gate({ publicKey: keys.publicKey });
    expect(gate.conclusion).toBe('action_required');
    expect(gate.output.summary).toMatch(/@carol accepted position B/);
  }, 60_000);

  it('5. a record that cannot be written at all says no decision is recorded, and no older passing record stands in for it', async () => {
    // Four thousand out-of-scope topics in the config file (a command may give 1,000 characters of them): more
    // than a signed record in a check run can hold, however short each one (a non-ASCII character is six bytes
    // escaped, and the signature holds the record again).
    const topics = Array.from({ length: 4_000 }, (_, i) => `  - 范围${i}`).join('\n');
    scenario = await startGateScenario({ config: `out-of-scope:\n${topics}\n` });
    // An older passing record of this head, as an earlier debate wrote it.
    await scenario.postRecord(await scenario.record());
    expect((await scenario.gate()).conclusion).toBe('success');
    const pems = ed25519Pems();
    await runOnScenario(
      scenario,
      { kind: 'comment', body: '/debate keep it (this PR) vs drop it', user: 'maria' },
      { inputs: { 'decision-signing-key': pems.signingKey } },
    );
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check.output.title, JSON.stringify({ ...check.output, text: check.output.text?.slice(0, 300) })).toBe(
      'No decision recorded',
    );
    expect(check.conclusion).toBe('action_required');
    expect(check.output.summary).toMatch(
      /^No decision is recorded: the decision record is larger than a check run can hold/,
    );
    const gate = await scenario.gate();
    expect(gate.conclusion).toBe('action_required');
    expect(gate.output.text).toBeNull();
  }, 60_000);

  it('8. a config key the gate does not know keeps a debate-only workflow’s own check from passing, and the PR says which key and how to fix it', async () => {
    scenario = await startGateScenario({ config: 'gate:\n  decision-public-key: "-----BEGIN PUBLIC KEY-----"\n' });
    const run = await runOnScenario(scenario, MARKED);
    expect(run.warnings.join('\n')).toMatch(/unknown key 'gate' is ignored/);
    const check = scenario.checkOn(scenario.pull.head.sha)!;
    expect(check.conclusion).toBe('action_required');
    expect(check.output.summary).toMatch(
      /unknown key 'gate' \(the nearest known key is 'decision-public-key'\).*Rename or remove it/,
    );
    expect(debateComment(scenario)).toMatch(/\*\*Merge blocked:\*\*.*unknown key 'gate'.*Rename or remove it/);
  }, 60_000);
});

/** Adds an added file at the PR's head, with its patch, its part of the whole diff and its text. */
function addFile(pull: FakePullRequest, name: string, text: string): void {
  const lines = text.trimEnd().split('\n');
  const patch = `@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}`;
  pull.files = [
    ...pull.files,
    {
      sha: gitBlobSha(Buffer.from(text)),
      filename: name,
      status: 'added',
      additions: lines.length,
      deletions: 0,
      changes: lines.length,
      patch,
    },
  ];
  pull.diff += `diff --git a/${name} b/${name}\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/${name}\n${patch}\n`;
  const read = pull.readFile;
  const head = pull.head.sha;
  pull.readFile = (at, path) => (path === name && at === head ? Buffer.from(text) : read(at, path));
}
