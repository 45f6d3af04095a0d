import * as core from '@actions/core';
import { describeFailure } from './pipeline/step-error.js';
import type { Log, StepOutputs } from './pipeline/pipeline-types.js';
import { completeSettings, SettingsError, startSettings, type SettingsProblem } from './settings/parse-settings.js';
import { readEventPayload } from './settings/read-event-payload.js';
import { defaultBranchOf } from './trigger/event-payloads.js';
import { detectTrigger, type Trigger } from './trigger/detect-trigger.js';
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
function endWithout(trigger: Extract<Trigger, { kind: 'skip' | 'misconfigured' }>, problem: SettingsProblem | undefined): void {
  stepOutputs.setOutputs({ status: 'skipped', recommendation: 'none', noDecisionReason: trigger.kind === 'skip' && trigger.untrusted ? 'untrusted-fork' : 'not-run' });
  if (trigger.kind === 'skip') core.notice(`pr-debate did not run: ${trigger.reason}.`);
  const failure = trigger.kind === 'misconfigured' ? trigger.reason : problem?.message;
  if (failure) core.setFailed(failure);
}

/** The action: read inputs, decide whether to run, build the clients, resolve the trigger, dispatch it; one catch. */
export async function run(): Promise<void> {
  try {
    // Every input is read once; those the config file cannot set, and the environment, are parsed now.
    const started = startSettings((name) => core.getInput(name) || undefined, process.env, { lenient: true });
    const start = started.settings;
    for (const secret of start.secrets) core.setSecret(secret);
    const payload = await readEventPayload(start.github.eventPath);
    // Whether the event starts anything is decided from those alone, before any API call; the config file is read only for a run.
    const detected = await detectTrigger(start.github.eventName, payload, { ...start.run, workflow: start.github.workflow });
    // A run that starts nothing reads no config file: the other inputs are parsed only to name a bad one.
    if (detected.kind === 'skip' || detected.kind === 'misconfigured') return endWithout(detected, completeSettings(started, started.inputs).problem);
    // The rest is loaded only for a run: Octokit (`@actions/github` reads the event file when it loads, and
    // ours is checked above), the config reader and the settings' check, the modes and the model clients.
    const [{ createGitHubClients }, { readDefaultBranchFile }, { layerSettings, withOutOfScope }, { purposeOf }, { resolveTrigger }, { dispatch }, { jobCancellation, startModels }] = await Promise.all([
      import('./github/create-octokit.js'),
      import('./github/read-default-branch-file.js'),
      import('./settings/load-settings.js'),
      import('./settings/settings.js'),
      import('./modes/resolve-trigger.js'),
      import('./modes/dispatch.js'),
      import('./llm/start-models.js'),
    ]);
    const github = createGitHubClients(start.github.token, start.github.apiUrl, (message) => core.warning(message));
    // The one check of the settings, before the first side effect: a setting the run cannot use is named in
    // `settings.problem`, which the mode says where the user looks (a reply on the PR; the gate's check).
    const { settings, outOfScope, explain } = await layerSettings(started, {
      readConfig: (path) => readDefaultBranchFile(github.reads, { owner: start.github.owner, repo: start.github.repo }, path, defaultBranchOf(payload)),
      warn: (message) => core.warning(message),
      purpose: purposeOf(detected),
    });
    core.info(`Settings (workflow inputs that are set > ${settings.run.configFile} on the default branch > defaults):\n  ${explain.join('\n  ')}`);
    const trigger = detected.kind === 'debate' ? withOutOfScope(detected, outOfScope) : detected;
    // One client per provider behind one router, under the spending cap (issue #12), and the deadline.
    const { models, dispose } = startModels(settings.models, { env: process.env, cancellations: [jobCancellation((message) => core.warning(message))] });
    try {
      const clients = { github, models, log, stepOutputs };
      const result = await dispatch(clients, await resolveTrigger(clients, settings, trigger));
      // The outcome in the comment's own first line (src/report/merge-meaning.ts), as the CLI ends with it.
      if (result.outcome) core.notice(result.outcome);
      if (result.failure) core.setFailed(result.failure);
    } finally {
      dispose();
    }
  } catch (error) {
    // Said before the output is set: setting it can fail too (a GITHUB_OUTPUT the runner cannot write), and
    // the failure must reach the log as an error, not as a crash that prints the bundle's minified line.
    core.setFailed(error instanceof SettingsError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
    try {
      core.setOutput('status', 'aborted');
      core.setOutput('no-decision-reason', 'run-failed');
    } catch (outputError) {
      core.warning(`Could not set the status output either: ${describeFailure(outputError)}`);
    }
  }
}
