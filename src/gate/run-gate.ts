import type { CryptoKey } from 'jose';
import { DIGEST_VERSION } from '../evidence/content-digest.js';
import type { DecisionRecord } from '../report/decision-record.js';
import { canonicalJson } from './canonical-json.js';
import { decideGate, decideMergeGroup, decideSharedHead, type GateVerdict } from './decide-gate.js';
import type { GatePolicy } from './evaluate-policy.js';
import { findGroupPulls } from './find-group-pulls.js';
import { holdCheck } from './hold-check.js';
import { orderRecords, type DecisionCheckRun, type FoundRecord } from './select-record.js';
import { checkSignature, type SignatureCheck } from './sign-record.js';

/**
 * `mode: gate` (contract section 9): sets the `pr-debate` check run on a PR head, or on a merge
 * group's head, from the newest trusted record, calling no model. GitHub is reached only through a
 * {@link GateSource} (implemented in `src/github/check-runs.ts`); the evidence pack is rebuilt through
 * {@link GateDeps.rebuildEvidence} to compare `content_digest`.
 */

/** What the check run shows: GitHub's `conclusion` and `output` (title, summary, text). */
export interface CheckOutput {
  conclusion: GateVerdict['conclusion'];
  title: string;
  summary: string;
  /** The record as canonical JSON, or undefined. */
  text: string | undefined;
  /** The debate comment, when known (`details_url`). */
  detailsUrl: string | undefined;
}

/** The gate's reads and writes on GitHub. */
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

/** A PR as the gate reads it, once per run. */
export interface PullState {
  headSha: string;
  labels: string[];
}

/** What a gate run needs besides GitHub. */
export interface GateDeps {
  source: GateSource;
  /** Rebuilds the evidence of the PR's current head as a debate would, without any model call; says which head it read. */
  rebuildEvidence(pullNumber: number): Promise<{ headSha: string; contentDigest: string }>;
  log: (message: string) => void;
  /** One sentence for a failure, for the check's summary (the pipeline's `describeFailure`). */
  describe: (error: unknown) => string;
}

/** The gate's settings (inputs `gate-policy`, `required-label`, `exempt-label`, `decision-public-key`). */
export interface GateConfig {
  /** `owner/name`. */
  repo: string;
  policy: GatePolicy;
  requiredLabel: string | undefined;
  exemptLabel: string;
  publicKey: CryptoKey | undefined;
  /** A record handed over by the debate job of the same workflow run (input `decision`), if any. */
  handedOver: DecisionRecord | undefined;
}

/** What to gate: a PR (with the head before a push, from `synchronize`'s `before`), or a merge group. */
export type GateTarget =
  | { kind: 'pull'; pullNumber: number; before: string | undefined }
  | { kind: 'merge-group'; headSha: string; baseSha: string; headRef: string };

/** The result of a gate run, for the outputs and the log. */
export interface GateRun {
  headSha: string;
  verdict: GateVerdict;
  checkUrl: string;
}

/**
 * Evaluates the target and completes a `pr-debate` check run on its head. A PR is read once: the check is
 * written on that head and judges that head (contract section 9); a push meanwhile is said, not judged.
 * The check, once started, is always completed ({@link holdCheck}): what fails after, a bad key in
 * `loadConfig` included, is said in its summary and never passes.
 * @param loadConfig the gate's config, loaded once the check is started so that a bad key is said on it
 * @throws whatever the source throws (a missing `checks: write` makes the first call fail with 403),
 *   and what `loadConfig` throws, after the check is completed
 */
export async function runGate(deps: GateDeps, loadConfig: () => Promise<GateConfig>, target: GateTarget): Promise<GateRun> {
  const pull = target.kind === 'pull' ? await deps.source.getPull(target.pullNumber) : undefined;
  const headSha = pull ? pull.headSha : target.kind === 'merge-group' ? target.headSha : '';
  return holdCheck(deps.source, headSha, 'gate', { describe: deps.describe, warn: deps.log }, async (check) => {
    const config = await loadConfig();
    let verdict: GateVerdict;
    let detailsUrl: string | undefined;
    if (target.kind === 'pull') {
      const evaluated = await evaluatePull(deps, config, target.pullNumber, check.appId, target.before, pull);
      detailsUrl = evaluated.found?.run?.detailsUrl ?? undefined;
      // A check run is on a commit, so it counts for every open PR whose head that commit is.
      const others = (await deps.source.listHeadPulls(headSha)).filter((n) => n !== target.pullNumber);
      const shared = [];
      for (const number of others) shared.push({ number, verdict: (await evaluatePull(deps, config, number, check.appId, undefined)).verdict });
      verdict = decideSharedHead(evaluated.verdict, shared);
    } else {
      const commits = await deps.source.listGroupCommits(target.baseSha, target.headSha);
      const group = findGroupPulls(target.headRef, commits);
      const pulls = [];
      for (const number of group.pulls) pulls.push({ number, verdict: (await evaluatePull(deps, config, number, check.appId, undefined)).verdict });
      verdict = decideMergeGroup(pulls, group.unattributed);
    }
    deps.log(`pr-debate gate on ${headSha}: ${verdict.conclusion} (${verdict.basis}). ${verdict.summary}`);
    const written = await check.complete(checkOutput(verdict, detailsUrl));
    return { headSha, verdict, checkUrl: written.htmlUrl };
  });
}

/** The check run's fields for a verdict; the record as canonical JSON (signature included). */
export function checkOutput(verdict: GateVerdict, detailsUrl: string | undefined): CheckOutput {
  return {
    conclusion: verdict.conclusion,
    title: verdict.title,
    summary: verdict.summary,
    text: verdict.record ? canonicalJson(verdict.record) : undefined,
    detailsUrl,
  };
}

/**
 * The verdict for one PR on its head: the newest record (by check-run order; with a
 * `decision-public-key`, the newest whose signature holds) among the `pr-debate` check runs of the
 * gate's own app on the head, the head before the push and the heads the debate comments name, plus a
 * handed-over record. Check runs are listed on those commits only, not on each of the PR's commits.
 * @param appId the gate's own app (`app.id` of the check run it created)
 * @param read the PR as the caller read it (so the check's head is the head judged); read here when absent
 */
export async function evaluatePull(
  deps: GateDeps,
  config: GateConfig,
  pullNumber: number,
  appId: number,
  before: string | undefined,
  read?: PullState,
): Promise<{ headSha: string; verdict: GateVerdict; found: FoundRecord | undefined }> {
  const pull = read ?? (await deps.source.getPull(pullNumber));
  const shas = unique([pull.headSha, ...(before ? [before] : []), ...(await deps.source.listCommentHeads(pullNumber))]);
  const runs: DecisionCheckRun[] = [];
  for (const sha of shas) runs.push(...(await deps.source.listDecisionRuns(sha, appId)));
  const { found, signatureCheck } = await chooseRecord(orderRecords(runs, { repo: config.repo, pullNumber, appId }, config.handedOver), config.publicKey);
  // Evidence is rebuilt only to carry a trusted record of another head forward.
  const record = found?.record;
  const needsEvidence = record !== undefined && signatureCheck?.ok !== false && record.head_sha !== pull.headSha && (record.digest_version ?? 1) === DIGEST_VERSION;
  const current = needsEvidence ? await deps.rebuildEvidence(pullNumber) : undefined;
  const carriesExempt = pull.labels.some((l) => l.toLowerCase() === config.exemptLabel.toLowerCase());
  const exemptBy = carriesExempt ? await deps.source.labelAddedBy(pullNumber, config.exemptLabel) : undefined;
  const verdict = decideGate({
    headSha: pull.headSha,
    policy: config.policy,
    labels: pull.labels,
    requiredLabel: config.requiredLabel,
    exemptLabel: config.exemptLabel,
    exemptAddedBy: carriesExempt ? { login: exemptBy, canWrite: exemptBy !== undefined && (await deps.source.canWrite(exemptBy)) } : undefined,
    newest: found,
    signatureCheck,
    current,
  });
  return { headSha: pull.headSha, verdict, found };
}

/**
 * The record of record among candidates, newest first: without a key, the newest; with one, the newest
 * whose signature holds, so an unsigned or forged record, however new, neither wins nor hides a
 * genuine one. When none holds, the newest with why it was rejected.
 */
async function chooseRecord(candidates: FoundRecord[], key: CryptoKey | undefined): Promise<{ found: FoundRecord | undefined; signatureCheck: SignatureCheck | undefined }> {
  if (!key) return { found: candidates[0], signatureCheck: undefined };
  let rejected: { found: FoundRecord; signatureCheck: SignatureCheck } | undefined;
  for (const candidate of candidates) {
    const signatureCheck = await checkSignature(candidate.record, key);
    if (signatureCheck.ok) return { found: candidate, signatureCheck };
    rejected ??= { found: candidate, signatureCheck };
  }
  return rejected ?? { found: undefined, signatureCheck: undefined };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
