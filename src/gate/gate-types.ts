import type { CryptoKey } from 'jose';
import type { DecisionRecord } from '../report/decision-record.js';
import type { DecisionCheckRun } from './select-record.js';

/**
 * Input `gate-policy` and config key `gate-policy` (docs/config.md, docs/gate.md): the one list of its values.
 * `input-schemas.ts` and `config-schema.ts` take it from here; action.yml's description names each
 * (test/gate/gate-policies.test.ts holds it).
 */
export const GATE_POLICIES = ['off', 'require-decision', 'require-confident', 'require-accepted'] as const;
export type GatePolicy = (typeof GATE_POLICIES)[number];

/**
 * The conclusions the gate writes. Only `success` passes; GitHub counts `neutral` and `skipped` as
 * passing too, so a check that must not pass is `action_required` (a person can fix it) or `failure`.
 */
export type GateConclusion = 'success' | 'action_required' | 'failure';

/**
 * The shapes the gate's stages share (docs/gate.md), in one place so the gate reads top down:
 * `hold-check.ts` and `run-gate.ts` both use them, and neither imports the other for them.
 */

/** What the check run shows: GitHub's `conclusion` and `output` (title, summary, text). */
export interface CheckOutput {
  conclusion: GateConclusion;
  title: string;
  summary: string;
  /** The record as canonical JSON, or undefined. */
  text: string | undefined;
  /** The debate comment, when known (`details_url`). */
  detailsUrl: string | undefined;
}

/** A PR as the gate reads it, once per run. */
export interface PullState {
  headSha: string;
  labels: string[];
  /** The PR's opener (`user.login`): their own accept or exempt label does not count unless `author-may-decide`. */
  author: string;
  /** The base branch and its commit now (`base.ref`, `base.sha`): a record for another base is stale. */
  base: { ref: string; sha: string };
  /** The head branch and the repository it lives in, where its pushes are read; undefined when GitHub names no repository (a deleted fork). */
  head: { ref: string; repository: string } | undefined;
}

/** The gate's reads and writes on GitHub (implemented in `src/github/check-runs.ts`). */
export interface GateSource {
  /**
   * Creates an in-progress `pr-debate` check run on `headSha`; its `app.id` is the gate's own app
   * (undefined when GitHub did not say: `holdCheck` then completes the check with that failure).
   */
  startCheck(headSha: string): Promise<{ id: number; appId: number | undefined }>;
  /** Completes the check run with a conclusion and output. */
  finishCheck(id: number, output: CheckOutput): Promise<{ htmlUrl: string }>;
  /** `pr-debate` check runs on a commit, made by `appId` (every run, not only the latest). */
  listDecisionRuns(sha: string, appId: number): Promise<DecisionCheckRun[]>;
  getPull(pullNumber: number): Promise<PullState>;
  /** Who added `label` last (the newest `labeled` event of the issue timeline not undone since), or undefined. */
  labelAddedBy(pullNumber: number, label: string): Promise<string | undefined>;
  /** Whether a user has admin, maintain or write permission on the repository. */
  canWrite(login: string): Promise<boolean>;
  /**
   * Who pushed these commits to the PR's head branch (`src/github/read-pushers.ts`): sha -> login, in one
   * request; a commit GitHub's activity does not name is absent (its pusher is unknown).
   */
  readPushers(pull: PullState, shas: string[]): Promise<Map<string, string>>;
  /** The open PRs of this repository whose head is `sha`: a check run on a commit counts for each of them. */
  listHeadPulls(sha: string): Promise<number[]>;
  /**
   * Heads the bot's debate comments name in their trailer. Only a pointer: records are still read
   * only from the gate's own check runs on those commits, so a forged trailer can point at nothing
   * trusted. It finds a debate's head after a force-push dropped it from the PR's commits.
   */
  listCommentHeads(pullNumber: number): Promise<string[]>;
  /** Commits between a merge group's base and head (every page), with the PRs GitHub associates with each. */
  listGroupCommits(baseSha: string, headSha: string): Promise<{ sha: string; pulls: number[] }[]>;
}

/** The evidence of a PR's current head as the gate rebuilds it (no model call). */
export interface RebuiltEvidence {
  headSha: string;
  contentDigest: string;
  /** The changed files whose content the pack cannot show (`EvidencePack.unseen`). */
  unseen: { count: number; paths: string[] };
  /**
   * The files that may hold hunks no model read (`unreadCandidates`: every file of a reader part, and every
   * file without a computed diff), and how many hunks they hold, at the record's budget.
   */
  unread: { paths: string[]; hunks: number };
}

/** What a gate run needs besides GitHub. */
export interface GateDeps {
  source: GateSource;
  /**
   * Rebuilds the evidence of the PR's current head as the debate of `record` would, without any model call
   * (sized for the record's `models` and `digest_version`: `rebuildSizing`); says which head it read.
   */
  rebuildEvidence(pullNumber: number, record: DecisionRecord): Promise<RebuiltEvidence>;
  log: (message: string) => void;
  /** One sentence for a failure, for the check's summary (the pipeline's `describeFailure`). */
  describe: (error: unknown) => string;
}

/** The gate's settings (inputs and config keys `gate-policy`, `required-label`, `exempt-label`, `decision-public-key`, ...). */
export interface GateConfig {
  /** `owner/name`. */
  repo: string;
  policy: GatePolicy;
  requiredLabel: string | undefined;
  exemptLabel: string;
  publicKey: CryptoKey | undefined;
  /** A record handed over by the debate job of the same workflow run (input `decision`), if any. */
  handedOver: DecisionRecord | undefined;
  /** Config key `allow-unseen`: globs of changed files that may go unseen or unread by the models (binary assets); empty: none may. */
  allowUnseen: string[];
  /** Config key `author-may-decide`: the PR author's own `accept` and exempt label count (default false). */
  authorMayDecide: boolean;
}
