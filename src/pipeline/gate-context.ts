import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderRecordFile, type RecordFileContext } from '../gate/render-record-file.js';
import { keptNarrative } from '../report/render-decision-narrative.js';
import { rebuildEvidence } from '../gate/rebuild-evidence.js';
import type { GateConfig, GateDeps } from '../gate/gate-types.js';
import { parseRecordText } from '../gate/select-record.js';
import { DecisionKeyError, importDecisionKeys, type DecisionKeys } from '../gate/sign-record.js';
import { createGateSource } from '../github/check-runs.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { createPullRequestSource } from '../github/pull-request-source.js';
import type { DecisionRecord } from '../report/decision-record.js';
import { SettingsError, type Settings } from '../settings/settings.js';
import { describeFailure } from './step-error.js';

/**
 * What the gate stages share: the gate's GitHub source and evidence rebuild, its config from the
 * settings, the decision keys, and the Markdown record file (input `decision-record-path`).
 */

/** The gate's dependencies on GitHub, built from the run's one Octokit. */
export function gateDeps(octokit: GitHubClient, settings: Settings, log: (message: string) => void): GateDeps {
  const repo = { owner: settings.owner, repo: settings.repo };
  return {
    source: createGateSource(octokit, repo, settings.botLogin, log),
    rebuildEvidence: (pullNumber, record) => rebuildEvidence(createPullRequestSource(octokit, repo, log), { pullNumber, inputRfc: settings.rfcPath, maxTokens: settings.maxEvidenceTokens, record }),
    log,
    describe: describeFailure,
  };
}

/**
 * The gate's config; imports the keys (DecisionKeyError names a bad one) and parses input `decision`.
 * @throws SettingsError when input `decision` is not a `pr-debate/decision@1` record
 */
export async function gateConfig(settings: Settings): Promise<{ config: GateConfig; keys: DecisionKeys }> {
  const keys = await importDecisionKeys({ signingKey: settings.decisionSigningKey, publicKey: settings.decisionPublicKey });
  let handedOver: DecisionRecord | undefined;
  if (settings.handedOverDecision !== undefined) {
    handedOver = parseRecordText(settings.handedOverDecision);
    if (!handedOver) throw new SettingsError("Input 'decision': expected a pr-debate/decision@1 record as JSON, such as the debate job's `decision` output (`${{ needs.debate.outputs.decision }}`)");
  }
  return {
    config: {
      repo: `${settings.owner}/${settings.repo}`,
      policy: settings.gatePolicy,
      requiredLabel: settings.requiredLabel,
      exemptLabel: settings.exemptLabel,
      publicKey: keys.publicKey,
      handedOver,
      allowUnseen: settings.allowUnseen,
      authorMayDecide: settings.authorMayDecide,
    },
    keys,
  };
}

/**
 * Checks the decision keys and input `decision` before anything is paid for or written (issue #19): a
 * public key pasted into the signing-key secret, or a `decision` that is no record, is said at the start
 * of the run, not after the debate.
 * @returns the input at fault and the message naming it and the fix, or undefined when all are usable
 */
export async function findDecisionInputProblem(settings: Settings): Promise<Settings['invalidInput']> {
  try {
    recordFolder(settings);
  } catch (error) {
    if (error instanceof SettingsError) return { input: 'decision-record-path', message: error.message };
    throw error;
  }
  try {
    await gateConfig(settings);
    return undefined;
  } catch (error) {
    if (error instanceof DecisionKeyError) return { input: error.input, message: error.message };
    if (error instanceof SettingsError) return { input: 'decision', message: error.message };
    throw error;
  }
}

/**
 * The folder of input `decision-record-path`, checked: inside the workspace (`GITHUB_WORKSPACE`, else the
 * working directory). Checked before anything is written, so a bad path never follows a written check.
 * @returns the absolute folder, or undefined when the input is not set
 * @throws SettingsError when the folder is outside the workspace
 */
export function recordFolder(settings: Pick<Settings, 'decisionRecordPath' | 'workspace'>): string | undefined {
  if (settings.decisionRecordPath === undefined) return undefined;
  const workspace = path.resolve(settings.workspace ?? process.cwd());
  const folder = path.resolve(workspace, settings.decisionRecordPath);
  if (folder !== workspace && !folder.startsWith(`${workspace}${path.sep}`)) {
    throw new SettingsError(`Input 'decision-record-path': expected a folder inside the workspace (${workspace}), got ${JSON.stringify(settings.decisionRecordPath)}; use a relative path such as docs/decisions`);
  }
  return folder;
}

/**
 * Writes the record as Markdown with YAML front matter under `decision-record-path` in the workspace.
 * @returns the file's path, or undefined when the input is not set
 * @throws SettingsError when the folder is outside the workspace
 */
export async function writeRecordFile(settings: Settings, record: DecisionRecord, context: RecordFileContext): Promise<string | undefined> {
  const folder = recordFolder(settings);
  if (folder === undefined) return undefined;
  const target = path.join(folder, renderRecordFile(record, context).name);
  // Without the debate's reasoning (an accept, the gate), the file keeps the reasoning it already holds.
  const narrative = context.narrative ?? keptNarrative(await readFile(target, 'utf8').catch(() => undefined), record.id);
  const file = renderRecordFile(record, { ...context, narrative });
  await mkdir(folder, { recursive: true });
  await writeFile(target, file.text);
  return target;
}
