import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderRecordFile, type RecordFileContext } from '../gate/render-record-file.js';
import { keptNarrative } from '../report/render-decision-narrative.js';
import { rebuildEvidence } from '../gate/rebuild-evidence.js';
import type { GateConfig, GateDeps } from '../gate/gate-types.js';
import { createGateSource } from '../github/check-runs.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { createPullRequestSource } from '../github/pull-request-source.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { Settings } from '../settings/settings.js';
import { describeFailure } from './step-error.js';

/**
 * What the gate, the accept and the debate's decision check share: the gate's GitHub source and evidence
 * rebuild, its config from the checked settings (the keys and the handed-over record are the settings'),
 * and the Markdown record file (input `decision-record-path`).
 */

/** The gate's dependencies on GitHub, built from the run's one Octokit. */
export function gateDeps(octokit: GitHubClient, settings: Settings, log: (message: string) => void): GateDeps {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  return {
    source: createGateSource(octokit, repo, settings.github.botLogin, log),
    rebuildEvidence: (pullNumber, record) =>
      rebuildEvidence(createPullRequestSource(octokit, repo, log), {
        pullNumber,
        inputRfc: settings.debate.rfcPath,
        maxTokens: settings.debate.maxEvidenceTokens,
        record,
      }),
    log,
    describe: describeFailure,
  };
}

/** The gate's config, from the checked settings. */
export function gateConfig(settings: Settings): GateConfig {
  const { gate, github } = settings;
  return {
    repo: `${github.owner}/${github.repo}`,
    policy: gate.policy,
    requiredLabel: gate.requiredLabel,
    exemptLabel: gate.exemptLabel,
    publicKey: gate.keys.publicKey,
    handedOver: gate.handedOver,
    allowUnseen: gate.allowUnseen,
    authorMayDecide: gate.authorMayDecide,
  };
}

/**
 * Writes the record as Markdown with YAML front matter under `decision-record-path` in the workspace
 * (the folder the settings' check resolved).
 * @returns the file's path, or undefined when the input is not set
 */
export async function writeRecordFile(
  settings: Settings,
  record: DecisionRecord,
  context: RecordFileContext,
): Promise<string | undefined> {
  const folder = settings.gate.recordFolder;
  if (folder === undefined) return undefined;
  const target = path.join(folder, renderRecordFile(record, context).name);
  // Without the debate's reasoning (an accept, the gate), the file keeps the reasoning it already holds.
  const narrative =
    context.narrative ?? keptNarrative(await readFile(target, 'utf8').catch(() => undefined), record.id);
  const file = renderRecordFile(record, { ...context, narrative });
  await mkdir(folder, { recursive: true });
  await writeFile(target, file.text);
  return target;
}
