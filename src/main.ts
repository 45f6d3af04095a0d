import * as core from '@actions/core';
import { createModelClient } from './llm/create-model-client.js';
import { parseModelId } from './llm/model-id.js';
import { capSpending } from './llm/spending-cap.js';
import { runPipeline } from './pipeline/run-pipeline.js';
import { describeFailure } from './pipeline/step-error.js';
import { createStopSignal } from './pipeline/stop-signal.js';
import type { Log, RunRecorder } from './pipeline/types.js';
import { parseSettings, SettingsError } from './settings.js';
import { readEventPayload } from './trigger/read-event-payload.js';
import { detectTrigger } from './trigger/detect-trigger.js';
import { DecisionKeyError, keySecrets } from './gate/sign-record.js';

const log: Log = { info: core.info, warning: core.warning, notice: core.notice, group: core.group };

const recorder: RunRecorder = {
  // Output names are the kebab-case of the fields (commentUrl: comment-url, gateConclusion: gate-conclusion).
  setOutputs: (outputs) => Object.entries(outputs).forEach(([name, value]) => core.setOutput(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value)),
  writeSummary: (markdown) => core.summary.addRaw(markdown).write().then(() => undefined, (error: unknown) => core.warning(`Could not write the job summary (${describeFailure(error)}); the whole report is in the log and RUNNER_TEMP.`)),
};

/** The action: read inputs, decide whether to run, build the clients, run the pipeline; one catch. */
export async function run(): Promise<void> {
  try {
    const settings = parseSettings((name) => core.getInput(name) || undefined, process.env, { lenient: true });
    for (const secret of [settings.anthropicApiKey, settings.openaiApiKey, settings.githubToken, ...keySecrets(settings.decisionSigningKey)]) if (secret) core.setSecret(secret);
    const trigger = detectTrigger(settings.eventName, await readEventPayload(settings.eventPath), settings);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') {
      recorder.setOutputs({ status: 'skipped', recommendation: 'none' });
      if (trigger.kind === 'skip') core.notice(`pr-debate did not run: ${trigger.reason}.`);
      const failure = trigger.kind === 'misconfigured' ? trigger.reason : settings.invalidInput?.message;
      return failure ? core.setFailed(failure) : undefined;
    }
    // Imported only now: `@actions/github` reads the event file when it loads, and ours is checked above.
    const { createGitHubClients } = await import('./github/create-octokit.js');
    const github = createGitHubClients(settings.githubToken, settings.apiUrl, (message) => core.warning(message));
    const stop = createStopSignal(settings.deadlineMinutes, (message) => core.warning(message));
    try {
      // One client per provider behind one router, under the spending cap (issue #12).
      const models = capSpending(createModelClient({ ...settings, defaultProvider: parseModelId(settings.model).provider, env: process.env, signal: stop.signal }), settings.maxCostUsd);
      const result = await runPipeline({ github, models, spending: models, log, recorder, stop: stop.signal }, settings, trigger);
      if (result.failure) core.setFailed(result.failure);
    } finally {
      stop.dispose();
    }
  } catch (error) {
    core.setOutput('status', 'aborted');
    core.setFailed(error instanceof SettingsError || error instanceof DecisionKeyError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
  }
}
