import * as core from '@actions/core';
import type { OctokitOptions } from './github/octokit-options.js';
import type { StartTimer } from './llm/start-models.js';
import { describeFailure } from './pipeline/step-error.js';
import type { Log, StepOutputs } from './pipeline/pipeline-types.js';
import { completeSettings, SettingsError, startSettings, type SettingsProblem } from './settings/parse-settings.js';
import { readEventPayload } from './settings/read-event-payload.js';
import { defaultBranchOf } from './trigger/event-payloads.js';
import { detectTrigger, type Trigger } from './trigger/detect-trigger.js';
import { neutraliseCommands } from './report/sanitise.js';

/**
 * The runner's side of one run: the step's inputs and environment in; the log, the outputs, the job
 * summary, the masked secrets and the step's failure out. {@link actionsRunner} is the Actions runner's,
 * through `@actions/core`; a test passes its own to run the action in process.
 */
export interface Runner extends Pick<typeof core, 'info' | 'warning' | 'notice' | 'group' | 'setSecret' | 'setFailed'> {
  /** The input's value as `core.getInput` reads it (trimmed; '' when unset). */
  getInput(name: string): string;
  /** The step's environment (`GITHUB_*`, the providers' credentials). */
  env: Record<string, string | undefined>;
  /** Sets one output (kebab-case name). */
  setOutput(name: string, value: string): void;
  /** Appends Markdown to the job summary; rejects when it cannot be written. */
  writeSummary(markdown: string): Promise<void>;
  /** Whether the job's cancellation signals (SIGINT, SIGTERM to this process) stop the run: the runner's process. */
  jobSignals: boolean;
  /** How the GitHub clients are built; absent: production spacing and back-off. */
  github?: OctokitOptions;
  /** Starts the deadline's timer; absent: `setTimeout`. */
  startTimer?: StartTimer;
}

/** The Actions runner: `@actions/core` over this process's environment, output files and stdout. */
export const actionsRunner: Runner = {
  getInput: (name) => core.getInput(name),
  env: process.env,
  info: core.info,
  warning: core.warning,
  notice: core.notice,
  group: core.group,
  setSecret: core.setSecret,
  setFailed: core.setFailed,
  setOutput: core.setOutput,
  writeSummary: (markdown) =>
    core.summary
      .addRaw(markdown)
      .write()
      .then(() => undefined),
  jobSignals: true,
};

/** Ends a run that starts nothing: a notice for a skip, a failure for a workflow that cannot work as set up (or a bad input). */
function endWithout(
  runner: Runner,
  stepOutputs: StepOutputs,
  trigger: Extract<Trigger, { kind: 'skip' | 'misconfigured' }>,
  problem: SettingsProblem | undefined,
): void {
  stepOutputs.setOutputs({
    status: 'skipped',
    recommendation: 'none',
    noDecisionReason: trigger.kind === 'skip' && trigger.untrusted ? 'untrusted-fork' : 'not-run',
  });
  if (trigger.kind === 'skip') runner.notice(`pr-debate did not run: ${trigger.reason}.`);
  const failure = trigger.kind === 'misconfigured' ? trigger.reason : problem?.message;
  if (failure) runner.setFailed(failure);
}

/** The action: read inputs, decide whether to run, build the clients, resolve the trigger, dispatch it; one catch. */
export async function run(runner: Runner = actionsRunner): Promise<void> {
  // `info` prints as it is, so a line of outside text (a label, a reason) that starts with `::` would run as a
  // workflow command; warnings, notices and group names are commands already, and core escapes their data.
  const log: Log = {
    info: (message) => runner.info(neutraliseCommands(message)),
    warning: runner.warning,
    notice: runner.notice,
    group: runner.group,
  };
  const stepOutputs: StepOutputs = {
    // Output names are the kebab-case of the fields (commentUrl: comment-url, gateConclusion: gate-conclusion).
    setOutputs: (outputs) =>
      Object.entries(outputs).forEach(([name, value]) =>
        runner.setOutput(
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          value,
        ),
      ),
    writeSummary: (markdown) =>
      runner
        .writeSummary(markdown)
        .catch((error: unknown) =>
          runner.warning(
            `Could not write the job summary (${describeFailure(error)}); the whole report is in the log and RUNNER_TEMP.`,
          ),
        ),
  };
  try {
    // Every input is read once; those the config file cannot set, and the environment, are parsed now.
    const started = startSettings((name) => runner.getInput(name) || undefined, runner.env, { lenient: true });
    const start = started.settings;
    for (const secret of start.secrets) runner.setSecret(secret);
    const payload = await readEventPayload(start.github.eventPath);
    // Whether the event starts anything is decided from those alone, before any API call; the config file is read only for a run.
    const detected = await detectTrigger(start.github.eventName, payload, {
      ...start.run,
      workflow: start.github.workflow,
    });
    // A run that starts nothing reads no config file: the other inputs are parsed only to name a bad one.
    if (detected.kind === 'skip' || detected.kind === 'misconfigured')
      return endWithout(runner, stepOutputs, detected, completeSettings(started, started.inputs).problem);
    // The rest is loaded only for a run: Octokit (`@actions/github` reads the event file when it loads, and
    // ours is checked above), the config reader and the settings' check, the modes and the model clients.
    const [
      { createGitHubClients },
      { readDefaultBranchFile },
      { layerSettings, withOutOfScope },
      { purposeOf },
      { resolveTrigger },
      { dispatch },
      { jobCancellation, startModels },
    ] = await Promise.all([
      import('./github/create-octokit.js'),
      import('./github/read-default-branch-file.js'),
      import('./settings/load-settings.js'),
      import('./settings/settings.js'),
      import('./modes/resolve-trigger.js'),
      import('./modes/dispatch.js'),
      import('./llm/start-models.js'),
    ]);
    const github = createGitHubClients(
      start.github.token,
      start.github.apiUrl,
      (message) => runner.warning(message),
      runner.github,
    );
    // The one check of the settings, before the first side effect: a setting the run cannot use is named in
    // `settings.problem`, which the mode says where the user looks (a reply on the PR; the gate's check).
    const { settings, outOfScope, explain } = await layerSettings(started, {
      readConfig: (path) =>
        readDefaultBranchFile(
          github.reads,
          { owner: start.github.owner, repo: start.github.repo },
          path,
          defaultBranchOf(payload),
        ),
      warn: (message) => runner.warning(message),
      purpose: purposeOf(detected),
    });
    runner.info(
      `Settings (workflow inputs that are set > ${settings.run.configFile} on the default branch > defaults):\n  ${explain.join('\n  ')}`,
    );
    const trigger = detected.kind === 'debate' ? withOutOfScope(detected, outOfScope) : detected;
    // One client per provider behind one router, under the spending cap (issue #12), and the deadline.
    const cancellations = runner.jobSignals ? [jobCancellation((message) => runner.warning(message))] : [];
    const { models, dispose } = startModels(settings.models, {
      env: runner.env,
      cancellations,
      ...(runner.startTimer ? { startTimer: runner.startTimer } : {}),
    });
    try {
      const clients = { github, models, log, stepOutputs };
      const result = await dispatch(clients, await resolveTrigger(clients, settings, trigger));
      // The outcome in the comment's own first line (src/report/merge-meaning.ts), as the CLI ends with it.
      if (result.outcome) runner.notice(result.outcome);
      if (result.failure) runner.setFailed(result.failure);
    } finally {
      dispose();
    }
  } catch (error) {
    // Said before the output is set: setting it can fail too (a GITHUB_OUTPUT the runner cannot write), and
    // the failure must reach the log as an error, not as a crash that prints the bundle's minified line.
    runner.setFailed(error instanceof SettingsError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
    try {
      runner.setOutput('status', 'aborted');
      runner.setOutput('no-decision-reason', 'run-failed');
    } catch (outputError) {
      runner.warning(`Could not set the status output either: ${describeFailure(outputError)}`);
    }
  }
}
