import type { EvidencePack } from '../evidence/evidence-types.js';
import { CHECK_TITLES } from '../gate/check-titles.js';
import { debateFacts, decisionCheckOutput } from '../gate/decision-check.js';
import type { PrAuthor } from '../gate/evaluate-policy.js';
import type { CheckOutput } from '../gate/gate-types.js';
import { signRecord } from '../gate/sign-record.js';
import { createDecisionCheck, createGateSource, type CheckAnnotation } from '../github/check-runs.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { describeGitHubError } from '../github/describe-github-error.js';
import { decisionRecordSchema, type DecisionRecord } from '../report/decision-record.js';
import { redactJsonText } from '../report/redact.js';
import { fitRecordText } from '../gate/fit-record.js';
import type { Settings } from '../settings/settings.js';
import { writeRecordFile } from './gate-context.js';

/**
 * The end of a debate for the merge gate (docs/gate.md): the record is signed before the comment
 * shows it, and once the comment is posted, the `pr-debate` check run is written on the debate's head.
 */

/**
 * Redacts the record's texts (a key pasted into a reason or echoed into a label), cuts its free texts
 * to fit a check run's text (`fitRecordText`), then signs it with `decision-signing-key` when set
 * (docs/gate.md: a record is redacted and shortened before it is signed, and nothing alters a
 * signature after). Every copy of the record is made from what this returns. A record that cannot fit
 * even so is returned whole: its check says that no decision is recorded (`decisionCheckOutput`).
 * @param settings the run's checked settings: its exact secrets, and the signing key they imported
 */
export async function signDecision(
  settings: Pick<Settings, 'secrets' | 'gate'>,
  record: DecisionRecord,
): Promise<DecisionRecord> {
  const redacted = decisionRecordSchema.parse(redactJsonText({ ...record, signature: null }, settings.secrets));
  const { signing } = settings.gate.keys;
  const fitted = fitRecordText(redacted, signing !== undefined) ?? redacted;
  return signing ? signRecord(fitted, signing) : fitted;
}

/** What the debate's check run and record file came to, for the outputs. */
export interface WrittenDecisionCheck {
  /** The check run's conclusion, or '' when it could not be written. */
  gateConclusion: string;
  /** The Markdown record file, or ''. */
  recordFile: string;
}

/**
 * Creates the completed `pr-debate` check run on the record's head (conclusion from `gate-policy`, the
 * comment linked) and writes the record file. Without `checks: write` the debate result still stands:
 * a warning names the permissions entry, and nothing else fails.
 * @param pack the debate's evidence: where its changed hunks were, and the files it did not see
 * @param via.narrative the decision document's reasoning (`SavedResult.narrative`), for the record file; absent, the file keeps its own
 * @param via.annotations notices on the decisive lines (issue #34), sent with the check run
 * @param via.authors the PR's opener and the pusher of the debated head (`RunEvidence.authors`)
 */
export async function writeDecisionCheck(
  clients: { octokit: GitHubClient; log: { info(message: string): void; warning(message: string): void } },
  settings: Settings,
  record: DecisionRecord,
  pack: Pick<EvidencePack, 'coverage' | 'unseen'>,
  commentUrl: string,
  via: { narrative?: string; annotations?: readonly CheckAnnotation[]; authors?: readonly PrAuthor[] } = {},
): Promise<WrittenDecisionCheck> {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  let output = decisionCheckOutput(
    record,
    settings.gate.policy,
    debateFacts(pack, { ...settings.gate, unknownConfigKey: settings.unknownConfigKey }, via.authors),
    commentUrl || undefined,
  );
  let gateConclusion = '';
  try {
    // A check run is on a commit, and GitHub shows it on every PR whose head that commit is: a pass here
    // would pass another PR this debate never decided. The gate (`mode: gate`) passes a shared head only
    // when each PR passes on its own record (issue #19); until it runs, the debate's check does not pass.
    if (output.conclusion === 'success') {
      const others = (
        await createGateSource(clients.octokit, repo, settings.github.botLogin).listHeadPulls(record.head_sha)
      ).filter((n) => n !== record.pull_request);
      if (others.length > 0) output = sharedHead(output, others);
    }
    const check = await createDecisionCheck(clients.octokit, repo, record.head_sha, output, via.annotations ?? []);
    gateConclusion = output.conclusion;
    clients.log.info(`Set the pr-debate check run on ${record.head_sha} to ${output.conclusion}: ${check.htmlUrl}`);
  } catch (error) {
    const why = describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error));
    clients.log.warning(
      `The debate result is posted, but the pr-debate check run (the merge gate's decision of record) could not be written: ${why}. Give the job \`checks: write\` in its \`permissions:\` to record decisions for the gate.`,
    );
  }
  let recordFile = '';
  try {
    recordFile =
      (await writeRecordFile(settings, record, {
        conclusion: output.conclusion,
        headSha: record.head_sha,
        link: commentUrl || undefined,
        narrative: via.narrative,
      })) ?? '';
    if (recordFile) clients.log.info(`Wrote the decision record to ${recordFile}`);
  } catch (error) {
    clients.log.warning(
      `Could not write the decision record file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { gateConclusion, recordFile };
}

/** The debate's check on a commit that is also the head of other open PRs: not passing, saying why and what passes it. */
function sharedHead(output: CheckOutput, others: number[]): CheckOutput {
  const named = others.map((n) => `#${n}`).join(', ');
  return {
    ...output,
    conclusion: 'action_required',
    title: CHECK_TITLES.headShared,
    summary: `This commit is also the head of ${named}, and a check run on a commit counts for every PR whose head it is, so this debate's decision does not pass it alone; the gate job (mode: gate) passes it once every PR on the commit passes on its own record. ${output.summary}`,
  };
}
