import * as core from '@actions/core';
import { createModelClient } from './llm/create-model-client.js';
import { parseModelId } from './llm/model-id.js';
import { capSpending } from './llm/spending-cap.js';
import { runPipeline } from './pipeline/run-pipeline.js';
import { describeFailure } from './pipeline/step-error.js';
import { createStopSignal } from './pipeline/stop-signal.js';
import type { Log, StepOutputs } from './pipeline/pipeline-types.js';
import { parseSettings, SettingsError, type Settings } from './settings.js';
import { readEventPayload } from './trigger/read-event-payload.js';
import { detectTrigger, type Trigger } from './trigger/detect-trigger.js';
import { loadSettings, withOutOfScope } from './config/load-settings.js';
import { readDefaultBranchFile } from './github/read-default-branch-file.js';
import { z } from 'zod';
import { DecisionKeyError, keySecrets } from './gate/sign-record.js';
import { neutraliseCommands } from './report/sanitise.js';

// `core.info` prints as it is, so a line of outside text (a label, a reason) that starts with `::` would run as a
// workflow command; warnings, notices and group names are commands already, and core escapes their data.
const log: Log = { info: (message) => core.info(neutraliseCommands(message)), warning: core.warning, notice: core.notice, group: core.group };

const stepOutputs: StepOutputs = {
  // Output names are the kebab-case of the fields (commentUrl: comment-url, gateConclusion: gate-conclusion).
  setOutputs: (outputs) => Object.entries(outputs).forEach(([name, value]) => core.setOutput(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value)),
  writeSummary: (markdown) => core.summary.addRaw(markdown).write().then(() => undefined, (error: unknown) => core.warning(`Could not write the job summary (${describeFailure(error)}); the whole report is in the log and RUNNER_TEMP.`)),
};

/** Ends a run that starts nothing: a notice for a skip, a failure for a workflow that cannot work as set up (or a bad input). */
function endWithout(trigger: Extract<Trigger, { kind: 'skip' | 'misconfigured' }>, settings: Settings): void {
  stepOutputs.setOutputs({ status: 'skipped', recommendation: 'none' });
  if (trigger.kind === 'skip') core.notice(`pr-debate did not run: ${trigger.reason}.`);
  const failure = trigger.kind === 'misconfigured' ? trigger.reason : settings.invalidInput?.message;
  if (failure) core.setFailed(failure);
}

/** `repository.default_branch` of the webhook payload, which every repository event carries; undefined makes the reader ask the API. */
function defaultBranchOf(payload: unknown): string | undefined {
  return z.object({ repository: z.object({ default_branch: z.string().min(1) }) }).safeParse(payload).data?.repository.default_branch;
}

/** The action: read inputs, decide whether to run, build the clients, run the pipeline; one catch. */
export async function run(): Promise<void> {
  try {
    const getInput = (name: string) => core.getInput(name) || undefined;
    const inputs = parseSettings(getInput, process.env, { lenient: true });
    for (const secret of [inputs.anthropicApiKey, inputs.openaiApiKey, inputs.githubToken, ...keySecrets(inputs.decisionSigningKey)]) if (secret) core.setSecret(secret);
    const payload = await readEventPayload(inputs.eventPath);
    // Whether the event starts anything is decided from the inputs alone, before any API call; the config file is read only for a run.
    const first = detectTrigger(inputs.eventName, payload, inputs);
    if (first.kind === 'skip' || first.kind === 'misconfigured') return endWithout(first, inputs);
    // Imported only now: `@actions/github` reads the event file when it loads, and ours is checked above.
    const { createGitHubClients } = await import('./github/create-octokit.js');
    const github = createGitHubClients(inputs.githubToken, inputs.apiUrl, (message) => core.warning(message));
    const { settings, outOfScope, explain } = await loadSettings({
      getInput,
      env: process.env,
      lenient: true,
      readConfig: (path) => readDefaultBranchFile(github.reads, { owner: inputs.owner, repo: inputs.repo }, path, defaultBranchOf(payload)),
      warn: (message) => core.warning(message),
    });
    core.info(`Settings (workflow inputs that are set > ${settings.configFile} on the default branch > defaults):\n  ${explain.join('\n  ')}`);
    const trigger = withOutOfScope(detectTrigger(settings.eventName, payload, settings), outOfScope);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') return endWithout(trigger, settings);
    const stop = createStopSignal(settings.deadlineMinutes, (message) => core.warning(message));
    try {
      // One client per provider behind one router, under the spending cap (issue #12).
      const models = capSpending(createModelClient({ ...settings, defaultProvider: parseModelId(settings.model).provider, env: process.env, signal: stop.signal }), settings.maxCostUsd);
      const result = await runPipeline({ github, models, log, stepOutputs, stop: stop.signal }, settings, trigger);
      if (result.failure) core.setFailed(result.failure);
    } finally {
      stop.dispose();
    }
  } catch (error) {
    core.setOutput('status', 'aborted');
    core.setFailed(error instanceof SettingsError || error instanceof DecisionKeyError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
  }
}
