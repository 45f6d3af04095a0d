import { afterEach, describe, expect, it } from 'vitest';
import { layerSettings } from '../../src/settings/load-settings.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { importDecisionKeys, signRecord } from '../../src/gate/sign-record.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { readDefaultBranchFile } from '../../src/github/read-default-branch-file.js';
import { startSettings } from '../../src/settings/parse-settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';
import { startGitHubServer } from '../support/github-server.js';
import type { FakePullRequest } from '../support/github-server.js';
import { gitBlobSha } from '../support/github-server.js';
import {
  ed25519Pems,
  olderRecord,
  OWNER,
  pullAt,
  REPO,
  sha,
  startGateScenario,
  TOKENS,
  type GateScenario,
} from '../support/gate-scenario.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

const TOKENS_BOT = TOKENS.bot;

/**
 * The merge gate under attack (issue #19), through the local GitHub server with the real Octokit: each
 * test is one way to get `success` without a genuine, complete decision for the head, and asserts the
 * `pr-debate` check run a maintainer (and a branch rule) would see.
 */

const CACHE_LINE = 'export const cache = new Map();';

/** Adds `lib/native.wasm` (binary, no patch) and `dist/index.js` (+60000 -59000, GitHub sent no patch) to the PR's head. */
function withBinaryAndBundle(pull: FakePullRequest, wasm: Buffer, bundle: string, baseWasm = wasmV0): void {
  const readCache = pull.readFile;
  const head = pull.head.sha;
  const base = pull.base.sha;
  pull.files = [
    ...pull.files,
    { sha: gitBlobSha(wasm), filename: 'lib/native.wasm', status: 'modified', additions: 0, deletions: 0, changes: 0 },
    // The bundle's sides are not served either (a file GitHub can serve neither the patch nor the sides of).
    {
      sha: gitBlobSha(Buffer.from(bundle)),
      filename: 'dist/index.js',
      status: 'modified',
      additions: 60_000,
      deletions: 59_000,
      changes: 119_000,
    },
  ];
  pull.diff +=
    'diff --git a/lib/native.wasm b/lib/native.wasm\nindex 3333333..4444444 100644\nBinary files a/lib/native.wasm and b/lib/native.wasm differ\n';
  pull.diffTooLarge = true;
  pull.readFile = (at, path) =>
    path !== 'lib/native.wasm' ? readCache(at, path) : at === head ? wasm : at === base ? baseWasm : undefined;
}

const wasmV0 = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00]);
const wasmV1 = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01]);
const wasmV2 = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x02]);

describe('the merge gate under attack', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const gateAfterMove = (old: string) => scenario.gate({}, { kind: 'pull', pullNumber: 12, before: old });

  it('other wasm bytes under the same text change: stale, not carried forward', async () => {
    scenario = await startGateScenario();
    withBinaryAndBundle(scenario.pull, wasmV1, 'bundle v1');
    await scenario.postRecord(await scenario.record());
    const old = scenario.move('rebase', (pull) => withBinaryAndBundle(pull, wasmV2, 'bundle v1'));
    const check = await gateAfterMove(old);
    expect(check).toMatchObject({ head_sha: scenario.pull.head.sha, conclusion: 'action_required' });
    expect(check.output.summary).toMatch(new RegExp(`^Stale: the decision was made for ${old}`));
  });

  it('a bundle GitHub sends no patch for, rewritten with the same line counts: stale', async () => {
    scenario = await startGateScenario();
    withBinaryAndBundle(scenario.pull, wasmV1, 'bundle v1');
    await scenario.postRecord(await scenario.record());
    const old = scenario.move('rebase', (pull) => withBinaryAndBundle(pull, wasmV1, 'bundle v2, one line rewritten'));
    expect((await gateAfterMove(old)).conclusion).toBe('action_required');
  });

  it('the same head bytes changed from other base bytes (a rebase that now reverts a fix on main): stale', async () => {
    scenario = await startGateScenario();
    withBinaryAndBundle(scenario.pull, wasmV1, 'bundle v1');
    await scenario.postRecord(await scenario.record());
    const fixed = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x0f]);
    const old = scenario.move('rebase', (pull) => withBinaryAndBundle(pull, wasmV1, 'bundle v1', fixed));
    expect((await gateAfterMove(old)).conclusion).toBe('action_required');
  });

  it('a no-op rebase with the same blobs still carries forward', async () => {
    scenario = await startGateScenario();
    withBinaryAndBundle(scenario.pull, wasmV1, 'bundle v1');
    await scenario.postRecord(await scenario.record());
    const old = scenario.move('rebase', (pull) => withBinaryAndBundle(pull, wasmV1, 'bundle v1'));
    // The wasm and the bundle were never shown to the models (issue 30): they pass only where allow-unseen names them.
    expect((await gateAfterMove(old)).output.summary).toMatch(/^2 changed files .* were not seen by the models/);
    const check = await scenario.gate(
      { allowUnseen: ['lib/*.wasm', 'dist/**'] },
      { kind: 'pull', pullNumber: 12, before: old },
    );
    expect(check.conclusion).toBe('success');
    expect(check.output.summary).toMatch(new RegExp(`Carried forward from ${old}: the evidence is unchanged`));
  });

  it('a record of another digest_version (or none) is stale, never passing, even on its own head', async () => {
    scenario = await startGateScenario();
    const { digest_version: _version, ...older } = olderRecord(await scenario.record(), 3, false);
    await scenario.postRecord(older);
    const check = await scenario.gate();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.summary).toMatch(
      /^Stale: the decision for [0-9a-f]{40} was recorded with content digest version 1, which this gate \(versions 2, 3, 4\) cannot compare/,
    );
    await scenario.postRecord(await scenario.record({ digest_version: 5 }));
    expect((await scenario.gate({ policy: 'off' })).conclusion).toBe('action_required');
  });

  it('a record made on truncated evidence never passes, whatever the gate job’s own rebuild says', async () => {
    scenario = await startGateScenario();
    const keys = await importDecisionKeys(ed25519Pems());
    const fresh = await scenario.record();
    await scenario.postRecord(await signRecord(olderRecord(fresh, 3, true), keys.signing!));
    for (const policy of ['off', 'require-decision'] as const) {
      const check = await scenario.gate({ policy, publicKey: keys.publicKey });
      expect(check.conclusion).toBe('action_required');
      expect(check.output.summary).toMatch(/ran on truncated evidence/);
    }
    // The same after a rebase: the rebuild (with the job's larger budget) is not truncated, the record is.
    const old = scenario.move('rebase');
    expect(
      (await scenario.gate({ publicKey: keys.publicKey }, { kind: 'pull', pullNumber: 12, before: old })).conclusion,
    ).toBe('action_required');
  });

  it('the check’s head is the head judged: a push during the run leaves no pass on the head read first', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record());
    const benign = scenario.move('push');
    // A fork author pushes a malicious head; its gate run starts, and meanwhile a benign copy of the debated content lands.
    const malicious = scenario.pull.head.sha;
    scenario.server.state.faults.push({
      method: 'GET',
      path: `/repos/${OWNER}/${REPO}/issues/12/comments`,
      status: 200,
      pass: true,
      onMatch: () =>
        scenario.move('rebase', (pull) =>
          Object.assign(pull, { ...pullAt(pull.head.sha, pull.base.sha, CACHE_LINE), commits: [pull.head.sha] }),
        ),
    });
    const check = await gateAfterMove(benign);
    expect(scenario.pull.head.sha).not.toBe(malicious);
    expect(check).toMatchObject({ head_sha: malicious, conclusion: 'action_required' });
    expect(check.output.summary).toMatch(
      new RegExp(`^The PR's head moved to ${scenario.pull.head.sha} while the gate judged ${malicious}`),
    );
  });

  it('debate-exempt counts only when added by someone with write permission', async () => {
    scenario = await startGateScenario();
    scenario.pull.labels = ['debate-exempt'];
    scenario.pull.timeline = [
      { event: 'labeled', label: 'debate-exempt', actor: 'maria' },
      { event: 'unlabeled', label: 'debate-exempt', actor: 'maria' },
      { event: 'labeled', label: 'debate-exempt', actor: 'rita' },
    ];
    const check = await scenario.gate();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.summary).toMatch(
      /The `debate-exempt` label does not count: @rita, who added it, has no write permission/,
    );
  });

  it('an accept of a falsified position never passes, under any policy', async () => {
    scenario = await startGateScenario();
    const fresh = await scenario.record();
    const positions = fresh.positions.map((p) => (p.id === 'B' ? { ...p, status: 'falsified' as const } : p));
    await scenario.postRecord({ ...fresh, positions, accepted: { by: 'maria', position: 'B', reason: 'We like it' } });
    for (const policy of ['off', 'require-decision', 'require-confident', 'require-accepted'] as const) {
      const check = await scenario.gate({ policy });
      expect(check.conclusion).toBe('failure');
      expect(check.output.summary).toMatch(/accepted position B, which the debate falsified/);
    }
  });

  it('two PRs with the same head: the one never debated gets no pass from the other’s record', async () => {
    const twin = { ...pullAt(sha(0), sha(0), CACHE_LINE, 13), title: 'Same commit, other PR' };
    scenario = await startGateScenario({ pulls: [twin] });
    Object.assign(twin, {
      head: { ...scenario.pull.head, ref: 'other' },
      base: scenario.pull.base,
      files: scenario.pull.files,
      diff: scenario.pull.diff,
      readFile: scenario.pull.readFile,
      commits: [scenario.pull.head.sha],
    });
    await scenario.gate();
    const record = await scenario.record();
    const check = await scenario.gate();
    // The debate of #12 ran after the first gate run; its record passes #12, but the commit is #13's head too.
    expect(record.pull_request).toBe(12);
    await scenario.postRecord(record);
    const after = await scenario.gate();
    expect(check.conclusion).toBe('action_required');
    expect(after.conclusion).toBe('action_required');
    expect(after.output.summary).toMatch(
      /^This commit is also the head of #13, and a check run on a commit counts for every PR whose head it is/,
    );
    const onTwin = await scenario.gate({}, { kind: 'pull', pullNumber: 13, before: undefined });
    expect(onTwin).toMatchObject({ head_sha: twin.head.sha, conclusion: 'action_required' });
    expect(onTwin.output.summary).toMatch(/^No debate decision is recorded for this PR yet/);
  });

  it('an unsigned record dated 9999 neither wins nor blocks when a public key is configured', async () => {
    scenario = await startGateScenario();
    const keys = await importDecisionKeys(ed25519Pems());
    const forged = { ...(await scenario.record({ recommendation: 'none' })), date: '9999-12-31T00:00:00.000Z' };
    await scenario.postRecord(forged);
    await scenario.postRecord(await signRecord(await scenario.record(), keys.signing!));
    expect((await scenario.gate({ publicKey: keys.publicKey })).conclusion).toBe('success');
    await scenario.postRecord(forged);
    const check = await scenario.gate({ publicKey: keys.publicKey });
    expect(check.conclusion).toBe('success');
    expect(check.output.summary).toMatch(/^The debate recommends A/);
  });

  describe('merge groups', () => {
    const base = sha(0xba5e);
    const queueRef = `refs/heads/gh-readonly-queue/main/pr-12-${base}`;
    /** A linear group of commits on `base`, each associated (by GitHub) with the PRs `pullsOf(i)` names. */
    const chain = (
      count: number,
      pullsOf: (i: number) => number[],
      subject: (i: number) => string = (i) => `Commit ${i}`,
    ) =>
      Array.from({ length: count }, (_, i) => ({
        sha: sha(0x70000 + i),
        message: subject(i),
        parents: [i === 0 ? base : sha(0x70000 + i - 1)],
        pulls: pullsOf(i),
      }));

    it('reads every page of the comparison: a PR whose commits are past the first 100 is evaluated', async () => {
      const commits = chain(150, (i) => (i < 120 ? [12] : [14]));
      scenario = await startGateScenario({
        pulls: [pullAt(sha(0xbeef3), sha(0xbeef4), 'export const late = 1;', 14)],
        commits: [{ sha: base, message: 'main', parents: [] }, ...commits],
      });
      await scenario.postRecord(await scenario.record());
      const head = commits.at(-1)!.sha;
      const check = await scenario.gate({}, { kind: 'merge-group', headSha: head, baseSha: base, headRef: queueRef });
      expect(check).toMatchObject({ head_sha: head, conclusion: 'action_required' });
      expect(check.output.summary).toMatch(
        /^1 of 2 PRs in the merge group do not pass on their own head\. #14: No debate decision/,
      );
      const pages = scenario.server.state.requests.filter((r) => r.path.startsWith(`/repos/${OWNER}/${REPO}/compare/`));
      expect(pages.map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
    });

    it('a commit subject ending (#12) attributes nothing: a commit GitHub associates with no PR fails the group', async () => {
      const commits = chain(
        2,
        (i) => (i === 0 ? [12] : []),
        (i) => (i === 0 ? 'Cache the parsed config (#12)' : 'Sneak in a change (#12)'),
      );
      scenario = await startGateScenario({ commits: [{ sha: base, message: 'main', parents: [] }, ...commits] });
      await scenario.postRecord(await scenario.record());
      const head = commits.at(-1)!.sha;
      const check = await scenario.gate({}, { kind: 'merge-group', headSha: head, baseSha: base, headRef: queueRef });
      expect(check.conclusion).toBe('action_required');
      expect(check.output.summary).toBe(
        `The merge group holds commits no pull request could be found for (${head}), so the gate cannot tell that every PR in it passed.`,
      );
    });
  });

  it('API calls: a gate run on a 250-commit PR lists check runs on the commits it needs, not on each commit', async () => {
    scenario = await startGateScenario();
    const earlier = Array.from({ length: 249 }, (_, i) => sha(0x50000 + i));
    scenario.pull.commits = [...earlier, scenario.pull.head.sha];
    await scenario.postRecord(await scenario.record());
    const start = scenario.server.state.requests.length;
    expect((await scenario.gate()).conclusion).toBe('success');
    const onHead = scenario.server.state.requests.length - start;
    const first = scenario.pull.head.sha;
    const old = scenario.move('rebase', (pull) => (pull.commits = [...earlier, first, pull.head.sha]));
    const before = scenario.server.state.requests.length;
    expect((await gateAfterMove(old)).conclusion).toBe('success');
    const carried = scenario.server.state.requests.length - before;
    // With a binary the models did not see and `allow-unseen` naming it, the head's evidence is rebuilt to name the unseen files.
    scenario.move('push', (pull) => {
      pull.commits = [...earlier, pull.head.sha];
      const native = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00]);
      const readFile = pull.readFile;
      pull.files = [
        ...pull.files,
        {
          sha: gitBlobSha(native),
          filename: 'lib/native.node',
          status: 'modified',
          additions: 0,
          deletions: 0,
          changes: 0,
        },
      ];
      pull.diff +=
        'diff --git a/lib/native.node b/lib/native.node\nindex 5555555..6666666 100644\nBinary files a/lib/native.node and b/lib/native.node differ\n';
      pull.readFile = (at, path) => (path === 'lib/native.node' ? native : readFile(at, path));
    });
    await scenario.postRecord(await scenario.record());
    const unseenStart = scenario.server.state.requests.length;
    expect((await scenario.gate({ allowUnseen: ['lib/*.node'] })).conclusion).toBe('success');
    const allowed = scenario.server.state.requests.length - unseenStart;
    console.info(
      `gate API calls on a 250-commit PR: ${onHead} with a record on the head, ${carried} carrying a record forward, ${allowed} with an unseen file allowed by allow-unseen`,
    );
    expect(onHead).toBeLessThanOrEqual(10);
    expect(carried).toBeLessThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(20);
  });

  describe('issue 30: a green check means a complete decision that someone other than the author made', () => {
    /** The PR also swaps `lib/native.node`, a binary GitHub sends no patch for. */
    const withNativeSwap = (pull: FakePullRequest) => {
      const readFile = pull.readFile;
      const native = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]);
      pull.files = [
        ...pull.files,
        {
          sha: gitBlobSha(native),
          filename: 'lib/native.node',
          status: 'modified',
          additions: 0,
          deletions: 0,
          changes: 0,
        },
      ];
      pull.diff +=
        'diff --git a/lib/native.node b/lib/native.node\nindex 5555555..6666666 100644\nBinary files a/lib/native.node and b/lib/native.node differ\n';
      pull.readFile = (at, path) =>
        path === 'lib/native.node' ? (at === pull.head.sha ? native : undefined) : readFile(at, path);
    };

    it('issue 28: a verdict against the change (B recommended, A is the PR) does not pass; accepting the PR’s position by another writer does', async () => {
      scenario = await startGateScenario();
      const record = await scenario.record({ pr_position: 'A', recommendation: 'B' });
      await scenario.postRecord(record);
      for (const policy of ['require-decision', 'require-confident'] as const) {
        const check = await scenario.gate({ policy });
        expect(check.conclusion).toBe('action_required');
        expect(check.output.summary).toMatch(
          /^The debate recommends B \(.+\), not the PR's position A .*change the PR to B and debate again.*`\/debate accept A <reason>`/,
        );
      }
      await scenario.postRecord({ ...record, accepted: { by: 'maria', position: 'B', reason: 'B is right' } });
      expect((await scenario.gate()).conclusion).toBe('action_required');
      await scenario.postRecord({ ...record, accepted: { by: 'maria', position: 'A', reason: 'ship as written' } });
      expect((await scenario.gate()).conclusion).toBe('success');
    });

    it('1. a change the models never saw (a swapped binary) does not pass on its own head, unless allow-unseen names it or a maintainer accepts', async () => {
      scenario = await startGateScenario();
      withNativeSwap(scenario.pull);
      const record = await scenario.record();
      await scenario.postRecord(record);
      const check = await scenario.gate();
      expect(check.conclusion).toBe('action_required');
      expect(record.evidence?.unseen).toBe(1);
      expect(check.output.summary).toMatch(
        /^1 changed file \(binary, or with no diff or text from GitHub\) was not seen by the models/,
      );
      expect((await scenario.gate({ allowUnseen: ['lib/*.node'] })).conclusion).toBe('success');
      expect((await scenario.gate({ allowUnseen: ['assets/**'] })).conclusion).toBe('action_required');
      await scenario.postRecord({
        ...record,
        accepted: { by: 'maria', position: 'A', reason: 'the binary is the vendor build we reviewed' },
      });
      expect((await scenario.gate()).conclusion).toBe('success');
    });

    it('2. a degraded debate does not pass require-confident; the check says it was degraded and what to do', async () => {
      scenario = await startGateScenario();
      await scenario.postRecord(await scenario.record({ completion: 'degraded-success', confidence: 'high' }));
      const check = await scenario.gate({ policy: 'require-confident' });
      expect(check.conclusion).toBe('action_required');
      expect(check.output.summary).toMatch(
        /^The debate was degraded .*debate again, or a maintainer can record a decision with `\/debate accept/,
      );
    });

    it('3. a misspelt or nested security key in the config file is an invalid input in a gate run, naming the nearest known key', async () => {
      for (const [text, key, nearest] of [
        ['public-key: "-----BEGIN PUBLIC KEY-----"\n', 'public-key', 'decision-public-key'],
        ['decision-verify-key: "-----BEGIN PUBLIC KEY-----"\n', 'decision-verify-key', 'decision-public-key'],
        [
          'gate:\n  decision-public-key: "-----BEGIN PUBLIC KEY-----"\n  gate-policy: require-accepted\n',
          'gate',
          'decision-public-key',
        ],
      ] as const) {
        const started = startSettings(
          (name) => ({ 'github-token': 't', mode: 'gate' })[name],
          { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: 'octo/widgets' },
          { lenient: true },
        );
        const options = {
          readConfig: () => Promise.resolve({ text, branch: 'main' }),
          warn: () => {},
          purpose: 'gate' as const,
        };
        const { settings } = await layerSettings(started, options);
        expect(settings.problem?.message, text).toMatch(
          new RegExp(`unknown key '${key}' \\(the nearest known key is '${nearest}'\\)`),
        );
      }
    });

    it('4. the PR author’s own accept and own exempt label do not count; the check says who may clear it', async () => {
      scenario = await startGateScenario();
      await scenario.postRecord(
        await scenario.record({ accepted: { by: 'alice', position: 'A', reason: 'I am sure' } }),
      );
      const accepted = await scenario.gate({ policy: 'require-accepted' });
      expect(accepted.conclusion).toBe('action_required');
      expect(accepted.output.summary).toMatch(
        /The accept by @alice does not count: they wrote this PR \(opened this PR\), and someone else with write permission must accept/,
      );
      expect((await scenario.gate({ policy: 'require-accepted', authorMayDecide: true })).conclusion).toBe('success');
      scenario.pull.labels = ['debate-exempt'];
      scenario.pull.timeline = [{ event: 'labeled', label: 'debate-exempt', actor: 'alice' }];
      const exempt = await scenario.gate({ policy: 'require-accepted' });
      expect(exempt.conclusion).toBe('action_required');
      expect(exempt.output.summary).toMatch(
        /The `debate-exempt` label does not count: @alice, who added it, wrote this PR \(opened this PR\); someone with write permission other than the PR's author must add it/,
      );
    });

    it('5. an outsider’s fork PR with the same head does not block a maintainer’s PR; the check names it and how to clear it', async () => {
      const twin = {
        ...pullAt(sha(0), sha(0), CACHE_LINE, 13),
        title: 'Same commit, from a fork',
        user: { login: 'mallory' },
      };
      scenario = await startGateScenario({ pulls: [twin] });
      Object.assign(twin, {
        head: { ...scenario.pull.head, ref: 'fork' },
        base: scenario.pull.base,
        files: scenario.pull.files,
        diff: scenario.pull.diff,
        readFile: scenario.pull.readFile,
        commits: [scenario.pull.head.sha],
      });
      await scenario.postRecord(await scenario.record());
      const check = await scenario.gate();
      expect(check.conclusion).toBe('success');
      expect(check.output.summary).toMatch(
        /Not counted: #13 \(by @mallory, who has no write permission\).*close it if it must not merge/,
      );
      // The outsider's own gate run cannot block it either: the commit's check follows the writer's PR.
      const onTwin = await scenario.gate({}, { kind: 'pull', pullNumber: 13, before: undefined });
      expect(onTwin.conclusion).toBe('success');
    });

    it('6. a command inside an HTML comment or an HTML block starts nothing', async () => {
      const config = { triggerLabel: 'debate', command: '/debate' };
      for (const body of [
        'Looks good.\n\n<!--\n/debate accept A ship it\n-->',
        '<details>\n/debate Keep it vs Drop it\n</details>',
        'Thanks! <!--\n/debate accept A ok\n-->',
      ]) {
        expect(
          await detectTrigger('issue_comment', commentEvent({ owner: OWNER, repo: REPO, number: 12, body }), config),
          body,
        ).toMatchObject({ kind: 'skip' });
      }
      expect(
        await detectTrigger(
          'issue_comment',
          commentEvent({ owner: OWNER, repo: REPO, number: 12, body: 'Visible:\n/debate accept A ok' }),
          config,
        ),
      ).toMatchObject({ kind: 'accept', position: 'A' });
    });

    it('7a. a debate pinned to the head the bridge checked reads that commit or nothing', async () => {
      scenario = await startGateScenario();
      const checked = scenario.pull.head.sha;
      const source = () => createPullRequestSource(scenario.octokit(), { owner: OWNER, repo: REPO });
      const request = {
        pullNumber: 12,
        commandRfc: undefined,
        inputRfc: undefined,
        maxTokens: 80_000,
        charsPerToken: CHARS_PER_TOKEN,
        headSha: checked,
      };
      expect((await gatherEvidence(source(), request)).pack.headSha).toBe(checked);
      scenario.move('push');
      await expect(gatherEvidence(source(), request)).rejects.toThrow(
        `not ${checked}, the commit this run was asked to debate`,
      );
    });

    it('7b. the config file is read from the default branch, not from a tag of the same name', async () => {
      const server = await startGitHubServer({
        repositories: [
          {
            owner: OWNER,
            name: REPO,
            pulls: [pullAt(sha(1), sha(2), CACHE_LINE)],
            defaultBranchFiles: { '.github/pr-debate.yml': 'gate-policy: require-accepted\n' },
            tags: { main: { '.github/pr-debate.yml': 'gate-policy: off\n' } },
          },
        ],
        token: TOKENS_BOT,
      });
      try {
        const { getOctokit } = await import('@actions/github');
        const file = await readDefaultBranchFile(
          getOctokit(TOKENS_BOT, { baseUrl: server.url }),
          { owner: OWNER, repo: REPO },
          '.github/pr-debate.yml',
          'main',
        );
        expect(file.text).toBe('gate-policy: require-accepted\n');
      } finally {
        await server.close();
      }
    });
  });
});
