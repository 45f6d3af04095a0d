import type { GateTarget } from '../gate/gate-types.js';
import { runGate } from '../gate/run-gate.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { SettingsError, type Settings } from '../settings/settings.js';
import { gateConfig, gateDeps, recordFolder, writeRecordFile } from '../pipeline/gate-context.js';
import { createReviewThreadsClient } from '../github/review-threads.js';
import { describeRefusedThreads, refreshThreads } from '../threads/refresh-threads.js';
import { canTrigger } from '../github/check-permission.js';

/**
 * `mode: gate` (contract section 9): no model call; the `pr-debate` check run on the PR head or the
 * merge group's head is set from the newest trusted record, and the outputs say what it concluded.
 */

/** The outputs of a gate run. */
export interface GateModeResult {
  gateConclusion: string;
  checkUrl: string;
  recordFile: string;
  /** The record the verdict rests on, as one line of JSON, or ''. */
  decision: string;
  recommendation: string;
  confidence: string;
}

/**
 * @throws whatever GitHub answers (a missing `checks: write` fails with a message naming it), a bad key,
 *   a bad `decision` input or any other input that was not valid (`settings.invalidInput`) (said on the check too, which is completed first); the caller fails the step with it
 */
export async function runGateMode(clients: { octokit: GitHubClient; log: { info(message: string): void; warning(message: string): void } }, settings: Settings, target: GateTarget): Promise<GateModeResult> {
  // The config (the decision keys, input `decision`) is read once the check is started: a bad key is said on the check.
  // So is any other bad input: a lenient parse replaced it by its default, and a default policy in place of
  // a mistyped one (`require-acepted`) would be a weaker gate than the one the workflow asked for.
  const loadConfig = async () => {
    if (settings.invalidInput) throw new SettingsError(settings.invalidInput.message);
    // The record file's folder too: a bad `decision-record-path` found after the verdict was written would fail a passed check's step.
    recordFolder(settings);
    return (await gateConfig(settings)).config;
  };
  const run = await runGate(gateDeps(clients.octokit, settings, (m) => clients.log.info(m)), loadConfig, target);
  clients.log.info(`The pr-debate check run on ${run.headSha}: ${run.verdict.conclusion}. ${run.verdict.summary} ${run.checkUrl}`);
  if (target.kind === 'pull') await refreshPullThreads(clients, settings, target.pullNumber, run.headSha);
  const record = run.verdict.record;
  const recordFile = record ? ((await writeRecordFile(settings, record, { conclusion: run.verdict.conclusion, headSha: run.headSha, link: run.checkUrl })) ?? '') : '';
  return {
    gateConclusion: run.verdict.conclusion,
    checkUrl: run.checkUrl,
    recordFile,
    decision: record ? JSON.stringify(record) : '',
    recommendation: record?.accepted?.position ?? record?.recommendation ?? 'none',
    confidence: record?.confidence ?? '',
  };
}

/**
 * After the check is set, the PR's pr-debate review threads are checked against the head (issue #34):
 * a thread whose cited lines are gone is marked outdated and, by `resolve-review-threads`, resolved.
 * A failure is a warning: the check stands.
 */
async function refreshPullThreads(clients: { octokit: GitHubClient; log: { info(message: string): void; warning(message: string): void } }, settings: Settings, pullNumber: number, headSha: string): Promise<void> {
  if (settings.reviewThreads === 'off') return;
  try {
    const client = createReviewThreadsClient(clients.octokit, { owner: settings.owner, repo: settings.repo });
    const repo = { owner: settings.owner, repo: settings.repo };
    const canWrite = async (login: string) => (await canTrigger(clients.octokit, repo, login)).allowed;
    const outcome = await refreshThreads(client, { pullNumber, headSha, botLogin: settings.botLogin, resolution: settings.resolveReviewThreads, canWrite });
    if (outcome.checked > 0) clients.log.info(`Review threads at ${headSha}: ${outcome.checked} checked, ${outcome.outdated} newly outdated, ${outcome.resolved} resolved, ${outcome.leftOpen} outdated and left to people.`);
    const refused = describeRefusedThreads(outcome);
    if (refused) clients.log.warning(refused);
  } catch (error) {
    clients.log.warning(`Could not check pr-debate's review threads against ${headSha}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
