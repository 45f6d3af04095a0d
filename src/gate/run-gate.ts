import type { CryptoKey } from 'jose';
import { isDigestVersion } from '../evidence/content-digest.js';
import { canonicalJson } from './canonical-json.js';
import { decideGate, type GateVerdict } from './decide-gate.js';
import { decideMergeGroup, decideSharedHead, type HeadPull } from './combine-verdicts.js';
import type { PrAuthor } from './evaluate-policy.js';
import { findGroupPulls } from './find-group-pulls.js';
import type { CheckOutput, GateConfig, GateDeps, PullState } from './gate-types.js';
import type { GateTarget } from '../trigger/detect-gate-trigger.js';
import { holdCheck } from './hold-check.js';
import { unrecordedOutput } from './decision-check.js';
import { recordFitsCheck } from './fit-record.js';
import { orderRecords, type DecisionCheckRun, type FoundRecord } from './select-record.js';
import { checkSignature, type SignatureCheck } from './sign-record.js';

/**
 * `mode: gate` (docs/gate.md): sets the `pr-debate` check run on a PR head, or on a merge
 * group's head, from the newest trusted record, calling no model. GitHub is reached only through a
 * {@link GateSource} (implemented in `src/github/check-runs.ts`); the evidence pack is rebuilt through
 * {@link GateDeps.rebuildEvidence} to compare `content_digest`.
 */

/** The result of a gate run, for the outputs and the log. */
export interface GateRun {
  headSha: string;
  verdict: GateVerdict;
  checkUrl: string;
}

/**
 * Evaluates the target and completes a `pr-debate` check run on its head. A PR is read once: the check is
 * written on that head and judges that head (docs/gate.md); a push meanwhile is said, not judged.
 * The check, once started, is always completed ({@link holdCheck}): what fails after, a bad key in
 * `loadConfig` included, is said in its summary and never passes.
 * @param loadConfig the gate's config, loaded once the check is started so that a bad key is said on it
 * @throws whatever the source throws (a missing `checks: write` makes the first call fail with 403),
 *   and what `loadConfig` throws, after the check is completed
 */
export async function runGate(
  deps: GateDeps,
  loadConfig: () => Promise<GateConfig>,
  target: GateTarget,
): Promise<GateRun> {
  const pull = target.kind === 'pull' ? await deps.source.getPull(target.pullNumber) : undefined;
  const headSha = pull ? pull.headSha : target.kind === 'merge-group' ? target.headSha : '';
  return holdCheck(deps.source, headSha, 'gate', { describe: deps.describe, warn: deps.log }, async (check) => {
    const config = await loadConfig();
    let verdict: GateVerdict;
    let detailsUrl: string | undefined;
    if (target.kind === 'pull') {
      const evaluated = await evaluatePull(deps, config, target.pullNumber, check.appId, target.before, pull);
      detailsUrl = evaluated.found?.run?.detailsUrl ?? undefined;
      // A check run is on a commit, so it counts for every open PR whose head that commit is (those whose author can write).
      const others = (await deps.source.listHeadPulls(headSha)).filter((n) => n !== target.pullNumber);
      const shared: HeadPull[] = [];
      for (const number of others) {
        const other = await evaluatePull(deps, config, number, check.appId, undefined);
        shared.push({
          number,
          verdict: other.verdict,
          author: other.author,
          authorCanWrite: await deps.source.canWrite(other.author),
        });
      }
      const own = {
        number: target.pullNumber,
        verdict: evaluated.verdict,
        author: evaluated.author,
        authorCanWrite: shared.length === 0 || (await deps.source.canWrite(evaluated.author)),
      };
      verdict = decideSharedHead(own, shared);
    } else {
      const commits = await deps.source.listGroupCommits(target.baseSha, target.headSha);
      const group = findGroupPulls(target.headRef, commits);
      const pulls = [];
      for (const number of group.pulls)
        pulls.push({ number, verdict: (await evaluatePull(deps, config, number, check.appId, undefined)).verdict });
      verdict = decideMergeGroup(pulls, group.unattributed);
    }
    deps.log(`pr-debate gate on ${headSha}: ${verdict.conclusion} (${verdict.basis}). ${verdict.summary}`);
    const written = await check.complete(checkOutput(verdict, detailsUrl));
    return { headSha, verdict, checkUrl: written.htmlUrl };
  });
}

/**
 * The check run's fields for a verdict; the record as canonical JSON (signature included). A record the
 * check run cannot hold (an accepted record past the limit) is not written, and the check says that no
 * decision is recorded, so no older record decides in its place.
 */
export function checkOutput(verdict: GateVerdict, detailsUrl: string | undefined): CheckOutput {
  if (verdict.record && !recordFitsCheck(verdict.record)) return unrecordedOutput(verdict.record, detailsUrl);
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
): Promise<{ headSha: string; author: string; verdict: GateVerdict; found: FoundRecord | undefined }> {
  const pull = read ?? (await deps.source.getPull(pullNumber));
  const shas = [
    ...new Set([pull.headSha, ...(before ? [before] : []), ...(await deps.source.listCommentHeads(pullNumber))]),
  ];
  const runs: DecisionCheckRun[] = [];
  for (const sha of shas) runs.push(...(await deps.source.listDecisionRuns(sha, appId)));
  const { found, signatureCheck } = await chooseRecord(
    orderRecords(runs, { repo: config.repo, pullNumber, appId }, config.handedOver),
    config.publicKey,
  );
  // Evidence is rebuilt only to carry a trusted record of another head or base commit forward (a record
  // for another base branch is stale as it is), or to name its unseen or unread files for `allow-unseen`.
  const record = found?.record;
  const trusted = record !== undefined && signatureCheck?.ok !== false && isDigestVersion(record.digest_version ?? 1);
  const named =
    ((record?.evidence?.unseen ?? 0) > 0 || (record?.evidence?.unread ?? 0) > 0) && config.allowUnseen.length > 0;
  const sameBranch = record?.base === undefined || record.base.ref === pull.base.ref;
  const baseMoved = record?.base?.sha !== pull.base.sha;
  const needsEvidence = trusted && sameBranch && (record.head_sha !== pull.headSha || baseMoved || named);
  // Sized as the record's own debate sized its pack (its `models` and `digest_version`), never by this job's model inputs.
  const current = needsEvidence ? await deps.rebuildEvidence(pullNumber, record) : undefined;
  const carriesExempt = pull.labels.some((l) => l.toLowerCase() === config.exemptLabel.toLowerCase());
  const exemptBy = carriesExempt ? await deps.source.labelAddedBy(pullNumber, config.exemptLabel) : undefined;
  // Who wrote the PR: its opener, and whoever pushed its head (and the debated head): one read, when it can matter.
  const authors = await prAuthors(
    deps,
    pull,
    trusted || exemptBy !== undefined ? [...new Set([pull.headSha, ...(record ? [record.head_sha] : [])])] : [],
    config.authorMayDecide,
  );
  const verdict = decideGate({
    headSha: pull.headSha,
    policy: config.policy,
    labels: pull.labels,
    requiredLabel: config.requiredLabel,
    exemptLabel: config.exemptLabel,
    exemptAddedBy: carriesExempt
      ? { login: exemptBy, canWrite: exemptBy !== undefined && (await deps.source.canWrite(exemptBy)) }
      : undefined,
    authors,
    base: pull.base,
    authorMayDecide: config.authorMayDecide,
    allowUnseen: config.allowUnseen,
    newest: found,
    signatureCheck,
    current,
  });
  return { headSha: pull.headSha, author: pull.author, verdict, found };
}

/**
 * The PR's authors: its opener, and the pushers of `heads` (GitHub's repository activity; one request).
 * With `author-may-decide` nobody is asked: an author's accept counts then anyway.
 */
export async function prAuthors(
  deps: Pick<GateDeps, 'source'>,
  pull: PullState,
  heads: string[],
  authorMayDecide: boolean,
): Promise<PrAuthor[]> {
  const opener = { login: pull.author, role: 'opened this PR' };
  if (authorMayDecide || heads.length === 0) return [opener];
  const pushers = await deps.source.readPushers(pull, heads);
  return [
    opener,
    ...heads.flatMap((sha) =>
      pushers.has(sha)
        ? [
            {
              login: pushers.get(sha)!,
              role: `pushed its ${sha === pull.headSha ? 'head' : 'debated head'} commit ${sha.slice(0, 7)}`,
            },
          ]
        : [],
    ),
  ];
}

/**
 * The record of record among candidates, newest first: without a key, the newest; with one, the newest
 * whose signature holds, so an unsigned or forged record, however new, neither wins nor hides a
 * genuine one. When none holds, the newest with why it was rejected.
 */
async function chooseRecord(
  candidates: FoundRecord[],
  key: CryptoKey | undefined,
): Promise<{ found: FoundRecord | undefined; signatureCheck: SignatureCheck | undefined }> {
  if (!key) return { found: candidates[0], signatureCheck: undefined };
  let rejected: { found: FoundRecord; signatureCheck: SignatureCheck } | undefined;
  for (const candidate of candidates) {
    const signatureCheck = await checkSignature(candidate.record, key);
    if (signatureCheck.ok) return { found: candidate, signatureCheck };
    rejected ??= { found: candidate, signatureCheck };
  }
  return rejected ?? { found: undefined, signatureCheck: undefined };
}
