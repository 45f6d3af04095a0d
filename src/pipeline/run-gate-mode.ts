import type { GateTarget } from '../gate/gate-types.js';
import { runGate } from '../gate/run-gate.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { SettingsError, type Settings } from '../settings.js';
import { gateConfig, gateDeps, recordFolder, writeRecordFile } from './gate-context.js';

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
export async function runGateMode(clients: { octokit: GitHubClient; log: { info(message: string): void } }, settings: Settings, target: GateTarget): Promise<GateModeResult> {
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
