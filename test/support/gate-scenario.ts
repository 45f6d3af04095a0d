import { generateKeyPairSync } from 'node:crypto';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { GitHubClient } from '../../src/github/create-octokit.js';
import { createDecisionCheck, createGateSource } from '../../src/github/check-runs.js';
import { DO_NOT_RETRY } from '../../src/github/octokit-options.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import { decisionCheckOutput } from '../../src/gate/decision-check.js';
import type { GatePolicy } from '../../src/gate/gate-types.js';
import { rebuildEvidence } from '../../src/gate/rebuild-evidence.js';
import { describeFailure } from '../../src/pipeline/step-error.js';
import type { GateConfig, GateDeps } from '../../src/gate/gate-types.js';
import type { GateTarget } from '../../src/trigger/detect-gate-trigger.js';
import { runGate } from '../../src/gate/run-gate.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';
import { fixtureRecord } from './debate-fixtures.js';
import { fixturePack } from './evidence-fixtures.js';
import {
  gitBlobSha,
  startGitHubServer,
  type CheckRun,
  type FakeCommit,
  type FakePullRequest,
  type GitHubServer,
} from './github-server.js';

/**
 * One PR on the local GitHub server for the merge gate's tests: `octo/widgets#12` changes one file;
 * it can be rebased (same diff, new SHAs) or pushed to (new diff). The bot token is the GitHub Actions
 * app's (as `GITHUB_TOKEN`); `alice` (the PR's author), `maria` and `carol` can write, `rita` can only read; another app ("impostor") can
 * write check runs too.
 */
export const OWNER = 'octo';
export const REPO = 'widgets';
export const TOKENS = {
  bot: 'ghs_gateBotToken000000000000000000000000000',
  otherApp: 'ghs_otherAppToken00000000000000000000000000',
  writer: 'ghp_writerToken0000000000000000000000000000',
  reader: 'ghp_readerToken0000000000000000000000000000',
} as const;
export const OTHER_APP = { id: 777_001, slug: 'impostor', name: 'Impostor' };
export const MAX_TOKENS = 80_000;

const sha = (n: number) => n.toString(16).padStart(40, '0');
const lines = (extra: string) =>
  Array.from({ length: 20 }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n') + `\n${extra}\n`;

/** A PR whose one file, `src/cache.ts`, gains the line `extra` at line 21. */
function pullAt(head: string, base: string, extra: string, number = 12): FakePullRequest {
  const content = Buffer.from(lines(extra));
  return {
    number,
    title: 'Cache the parsed config',
    body: 'Adds a cache.',
    user: { login: 'alice' },
    head: { sha: head, ref: `feature-${number}` },
    base: { sha: base, ref: 'main' },
    files: [
      {
        sha: gitBlobSha(content),
        filename: 'src/cache.ts',
        status: 'modified',
        additions: 1,
        deletions: 0,
        changes: 1,
        patch: `@@ -19,2 +19,3 @@\n export const value19 = 19;\n export const value20 = 20;\n+${extra}`,
      },
    ],
    diff: `diff --git a/src/cache.ts b/src/cache.ts\nindex 1111111..2222222 100644\n--- a/src/cache.ts\n+++ b/src/cache.ts\n@@ -19,2 +19,3 @@\n export const value19 = 19;\n export const value20 = 20;\n+${extra}\n`,
    readFile: (at, path) => (at === head && path === 'src/cache.ts' ? content : undefined),
    commits: [head],
  };
}

/** A running gate scenario; `close()` stops the server. */
export interface GateScenario {
  server: GitHubServer;
  pull: FakePullRequest;
  octokit(token?: string): GitHubClient;
  /**
   * Moves the PR to a new head: `rebase` keeps the diff (new base too), `push` changes it; `edit` then
   * changes the new head's PR (its other files). Returns the old head.
   */
  move(kind: 'rebase' | 'push', edit?: (pull: FakePullRequest) => void): string;
  /** A finished debate's record for the PR's current head, with the digest the gate would compute. */
  record(overrides?: Partial<DecisionRecord>): Promise<DecisionRecord>;
  /** Writes a record as the debate does at its end: a completed `pr-debate` check run on `head_sha` (`truncated`: an older record's flag). */
  postRecord(
    record: DecisionRecord,
    options?: { token?: string; policy?: GatePolicy; truncated?: boolean },
  ): Promise<void>;
  /** Runs the gate as `mode: gate` would on a PR event. */
  gate(config?: Partial<GateConfig>, target?: GateTarget): Promise<CheckRun>;
  /** The `pr-debate` check run a maintainer sees on a commit: the newest one by the bot's app. */
  checkOn(sha: string): CheckRun | undefined;
  close(): Promise<void>;
}

let counter = 0;

/** Starts the server with the PR at a first head; `config` is the text of `.github/pr-debate.yml` on the default branch. */
export async function startGateScenario(
  options: { commits?: FakeCommit[]; pulls?: FakePullRequest[]; maxTokens?: number; config?: string } = {},
): Promise<GateScenario> {
  counter += 1;
  let next = counter * 1000;
  const pull = pullAt(sha(++next), sha(++next), 'export const cache = new Map();');
  const commits: FakeCommit[] = [...(options.commits ?? [])];
  const server = await startGitHubServer({
    repositories: [
      {
        owner: OWNER,
        name: REPO,
        pulls: [pull, ...(options.pulls ?? [])],
        commits,
        permissions: { maria: 'write', rita: 'read', alice: 'write', carol: 'write' },
        ...(options.config === undefined ? {} : { defaultBranchFiles: { '.github/pr-debate.yml': options.config } }),
      },
    ],
    token: TOKENS.bot,
    tokens: { [TOKENS.writer]: 'maria', [TOKENS.reader]: 'rita' },
    appTokens: { [TOKENS.otherApp]: OTHER_APP },
  });
  // The real Octokit of `@actions/github` with the retry plugin, but without plugin-throttling's pacing of
  // one write a second (test/github/octokit-faults.test.ts covers the production client's limits): these
  // tests write hundreds of check runs, and paced they would take minutes.
  const octokit = (token: string = TOKENS.bot): GitHubClient =>
    getOctokit(token, { baseUrl: server.url, retry: { doNotRetry: DO_NOT_RETRY } }, retry);
  const repo = { owner: OWNER, repo: REPO };
  const current = (pullNumber: number, record: Pick<DecisionRecord, 'models' | 'digest_version'>) =>
    rebuildEvidence(createPullRequestSource(octokit(), repo), {
      pullNumber,
      inputRfc: undefined,
      maxTokens: options.maxTokens ?? MAX_TOKENS,
      record,
    });
  const deps: GateDeps = {
    source: createGateSource(octokit(), repo, 'github-actions[bot]'),
    rebuildEvidence: (pullNumber, record) => current(pullNumber, record),
    log: () => {},
    describe: describeFailure,
  };
  return {
    server,
    pull,
    octokit,
    move(kind, edit) {
      const old = pull.head.sha;
      commits.push({ sha: old, message: 'earlier head', parents: [] });
      const extra = pull.files[0]!.patch!.split('\n+').at(-1)!;
      const moved = pullAt(
        sha(++next),
        kind === 'rebase' ? sha(++next) : pull.base.sha,
        kind === 'rebase' ? extra : `${extra} // pushed ${next}`,
      );
      Object.assign(pull, { ...moved, commits: [moved.head.sha] });
      edit?.(pull);
      return old;
    },
    async record(overrides = {}) {
      const fixture = fixtureRecord(fixturePack());
      // Sized as the record's debate sized its pack: for its models, at its digest version.
      const evidence = await current(pull.number, { ...fixture, ...overrides });
      // What a debate of this head records: its digest, and the changed files its pack could not show.
      const seen = { ...fixture.evidence!, unseen: evidence.unseen?.count ?? 0 };
      return {
        ...fixture,
        repo: `${OWNER}/${REPO}`,
        pull_request: pull.number,
        head_sha: evidence.headSha,
        content_digest: evidence.contentDigest,
        base: { ref: pull.base.ref, sha: pull.base.sha },
        evidence: seen,
        ...overrides,
      };
    },
    async postRecord(record, opts = {}) {
      await createDecisionCheck(
        octokit(opts.token),
        repo,
        record.head_sha,
        decisionCheckOutput(
          record,
          opts.policy ?? 'require-decision',
          {
            truncated: opts.truncated ?? false,
            unseenAllowed: false,
            unreadAllowed: false,
            authors: [],
            authorMayDecide: false,
          },
          `https://github.com/${OWNER}/${REPO}/pull/${pull.number}#issuecomment-1`,
        ),
      );
    },
    async gate(config = {}, target = { kind: 'pull', pullNumber: pull.number, before: undefined }) {
      const full: GateConfig = {
        repo: `${OWNER}/${REPO}`,
        policy: 'require-decision',
        requiredLabel: undefined,
        exemptLabel: 'debate-exempt',
        publicKey: undefined,
        handedOver: undefined,
        allowUnseen: [],
        authorMayDecide: false,
        ...config,
      };
      const run = await runGate(deps, () => Promise.resolve(full), target);
      return server.state.checkRuns.find((c) => c.html_url === run.checkUrl)!;
    },
    checkOn: (at) =>
      server.state.checkRuns.filter((c) => c.head_sha === at && c.name === 'pr-debate' && c.app.id === 15368).at(-1),
    close: () => server.close(),
  };
}

/**
 * A record as a debate before `digest_version` 4 wrote it (issue #40): `evidence.truncated` instead of the
 * counts of shown, read, unread and generated hunks.
 */
export function olderRecord(record: DecisionRecord, version: 2 | 3, truncated: boolean): DecisionRecord {
  const { shown: _s, read: _r, unread: _u, generated_skipped: _g, ...evidence } = record.evidence!;
  return { ...record, digest_version: version, evidence: { ...evidence, truncated } };
}

/** A fresh Ed25519 key pair as PEM: PKCS#8 private, SPKI public. */
export function ed25519Pems(): { signingKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    signingKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export { pullAt, sha };
