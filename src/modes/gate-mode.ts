import type { GateTarget } from '../trigger/detect-gate-trigger.js';
import { runGate } from '../gate/run-gate.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { SettingsError } from '../settings/parse-settings.js';
import type { Settings } from '../settings/settings.js';
import { gateConfig, gateDeps, writeRecordFile } from '../pipeline/gate-context.js';
import type { PipelineClients, PipelineResult } from '../pipeline/pipeline-types.js';
import { createReviewThreadsClient } from '../github/review-threads.js';
import { describeRefusedThreads, refreshThreads } from '../threads/refresh-threads.js';
import { canTrigger } from '../github/check-permission.js';

/**
 * `mode: gate` (docs/gate.md): no model call; the `pr-debate` check run on the PR head or the
 * merge group's head is set from the newest trusted record, and the outputs say what it concluded.
 */

/**
 * @returns the outputs: `gate-conclusion`, the record the verdict rests on (`decision`, one line of JSON,
 *   or ''), its recommendation and confidence, and the record file; `status` is `skipped` (nothing debated)
 * @throws whatever GitHub answers (a missing `checks: write` fails with a message naming it), or a setting
 *   the gate cannot use (`settings.problem`: a bad key, a bad `decision`, any other bad input), said on the
 *   check too, which is completed first; the contract fails the step with it
 */
export async function gateMode(
  clients: PipelineClients,
  settings: Settings,
  target: GateTarget,
): Promise<PipelineResult> {
  const github = { octokit: clients.github.writes, log: clients.log };
  // A bad input is said on the check once it is started: a lenient parse replaced it by its default, and a
  // default policy in place of a mistyped one (`require-acepted`) would be a weaker gate than the one asked for.
  const loadConfig = () =>
    settings.problem
      ? Promise.reject(new SettingsError(settings.problem.message))
      : Promise.resolve(gateConfig(settings));
  const run = await runGate(
    gateDeps(github.octokit, settings, (m) => clients.log.info(m)),
    loadConfig,
    target,
  );
  clients.log.info(
    `The pr-debate check run on ${run.headSha}: ${run.verdict.conclusion}. ${run.verdict.summary} ${run.checkUrl}`,
  );
  if (target.kind === 'pull') await refreshPullThreads(github, settings, target.pullNumber, run.headSha);
  const record = run.verdict.record;
  const recordFile = record
    ? ((await writeRecordFile(settings, record, {
        conclusion: run.verdict.conclusion,
        headSha: run.headSha,
        link: run.checkUrl,
      })) ?? '')
    : '';
  return {
    status: 'skipped',
    recommendation: record?.accepted?.position ?? record?.recommendation ?? 'none',
    confidence: record?.confidence ?? '',
    commentUrl: '',
    decision: record ? JSON.stringify(record) : '',
    report: '',
    failure: undefined,
    gateConclusion: run.verdict.conclusion,
    decisionRecordFile: recordFile,
  };
}

/**
 * After the check is set, the PR's pr-debate review threads are checked against the head (issue #34):
 * a thread whose cited lines are gone is marked outdated and, by `resolve-review-threads`, resolved.
 * A failure is a warning: the check stands.
 */
async function refreshPullThreads(
  clients: { octokit: GitHubClient; log: { info(message: string): void; warning(message: string): void } },
  settings: Settings,
  pullNumber: number,
  headSha: string,
): Promise<void> {
  if (settings.debate.reviewThreads === 'off') return;
  try {
    const client = createReviewThreadsClient(clients.octokit, {
      owner: settings.github.owner,
      repo: settings.github.repo,
    });
    const repo = { owner: settings.github.owner, repo: settings.github.repo };
    const canWrite = async (login: string) => (await canTrigger(clients.octokit, repo, login)).allowed;
    const outcome = await refreshThreads(client, {
      pullNumber,
      headSha,
      botLogin: settings.github.botLogin,
      resolution: settings.gate.resolveReviewThreads,
      canWrite,
    });
    if (outcome.checked > 0)
      clients.log.info(
        `Review threads at ${headSha}: ${outcome.checked} checked, ${outcome.outdated} newly outdated, ${outcome.resolved} resolved, ${outcome.leftOpen} outdated and left to people.`,
      );
    const refused = describeRefusedThreads(outcome);
    if (refused) clients.log.warning(refused);
  } catch (error) {
    clients.log.warning(
      `Could not check pr-debate's review threads against ${headSha}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
