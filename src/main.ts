import * as core from '@actions/core';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { loadSettings, withOutOfScope } from './config/load-settings.js';
import { readDefaultBranchFile } from './github/read-default-branch-file.js';
import { createModelClient } from './llm/create-model-client.js';
import { parseModelId } from './llm/model-id.js';
import { capSpending } from './llm/spending-cap.js';
import { describeFailure, RunStopped, runPipeline, type Log } from './pipeline.js';
import { parseSettings, requireCredentials, SettingsError } from './settings.js';
import { detectTrigger, type Trigger } from './trigger/detect-trigger.js';
import { DecisionKeyError, keySecrets } from './gate/sign-record.js';

const log: Log = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  notice: (message) => core.notice(message),
  group: (name, fn) => core.group(name, fn),
};

/**
 * Aborts model calls at the whole-run deadline (input `deadline-minutes`) or when the runner cancels
 * the job (SIGINT, then SIGTERM 7.5 s later); the pipeline then posts what exists, saying why. The
 * reason is a {@link RunStopped}. GitHub calls are not aborted, so the comment can still be written.
 */
function stopSignal(deadlineMinutes: number): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new RunStopped(
          `the run deadline was reached (deadline-minutes: ${deadlineMinutes}); calls still in flight were stopped`,
          `The run deadline (deadline-minutes: ${deadlineMinutes}) was reached before the debate finished; model calls still in flight were stopped.`,
        ),
      ),
    deadlineMinutes * 60_000,
  );
  const cancel = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    core.warning('The job was cancelled: stopping model calls and posting what exists.');
    controller.abort(
      new RunStopped(
        `the job was cancelled (${signal}); calls still in flight were stopped`,
        `The job was cancelled (${signal}) before the debate finished; model calls still in flight were stopped.`,
      ),
    );
  };
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    },
  };
}

/** `repository.default_branch` of the webhook payload, which every repository event carries; undefined makes the reader ask the API. */
function defaultBranchOf(payload: unknown): string | undefined {
  return z.object({ repository: z.object({ default_branch: z.string().min(1) }) }).safeParse(payload).data?.repository.default_branch;
}

async function readEventPayload(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SettingsError(`GITHUB_EVENT_PATH: cannot read ${path} (${error instanceof Error ? error.message : String(error)}); run pr-debate inside GitHub Actions or point it at an event payload file`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SettingsError(`GITHUB_EVENT_PATH: ${path} is not valid JSON; it must hold the webhook event payload`);
  }
}

/**
 * Whether the config file could turn this skip into a run: only when the label or command decided it
 * and the workflow did not set that input. Any other skip (another event, a plain issue, a bot, a fork
 * PR under pull_request) ends with no API call at all.
 */
function configMayChange(trigger: Extract<Trigger, { kind: 'skip' | 'misconfigured' }>, getInput: (name: string) => string | undefined): boolean {
  return trigger.kind === 'skip' && trigger.decidedBy !== undefined && getInput(trigger.decidedBy) === undefined;
}

/** Ends a run that starts nothing: a notice for a skip, a failure for a workflow that cannot work as set up. */
function endWithout(trigger: Extract<Trigger, { kind: 'skip' | 'misconfigured' }>): void {
  core.setOutput('status', 'skipped');
  if (trigger.kind === 'misconfigured') return core.setFailed(trigger.reason);
  core.notice(`pr-debate did not run: ${trigger.reason}.`);
  core.setOutput('recommendation', 'none');
}

/**
 * The action: read inputs, decide whether to run, build the clients, run the pipeline, set outputs.
 * Every failure ends in `core.setFailed` with a message that says what to fix.
 */
export async function run(): Promise<void> {
  try {
    const getInput = (name: string) => core.getInput(name) || undefined;
    const inputs = parseSettings(getInput, process.env);
    if (inputs.anthropicApiKey) core.setSecret(inputs.anthropicApiKey);
    if (inputs.openaiApiKey) core.setSecret(inputs.openaiApiKey);
    core.setSecret(inputs.githubToken);
    for (const secret of keySecrets(inputs.decisionSigningKey)) core.setSecret(secret);

    const payload = await readEventPayload(inputs.eventPath);
    // The config file may set the label and the command: it is read unless the event is settled without it.
    const first = detectTrigger(inputs.eventName, payload, inputs);
    if ((first.kind === 'skip' || first.kind === 'misconfigured') && !configMayChange(first, getInput)) return void endWithout(first);
    // Imported only now: `@actions/github` reads the event file when it loads, and ours is checked above.
    const { createOctokit } = await import('./github/create-octokit.js');
    const octokit = createOctokit(inputs.githubToken, inputs.apiUrl, (message) => core.warning(message));
    const { settings, outOfScope, explain } = await loadSettings({
      getInput,
      env: process.env,
      readConfig: (path) => readDefaultBranchFile(octokit, { owner: inputs.owner, repo: inputs.repo }, path, defaultBranchOf(payload)),
      warn: (message) => core.warning(message),
    });
    core.info(`Settings (workflow inputs that are set > ${settings.configFile} on the default branch > defaults):\n  ${explain.join('\n  ')}`);
    const trigger = withOutOfScope(detectTrigger(settings.eventName, payload, settings), outOfScope);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') return void endWithout(trigger);

    const stop = stopSignal(settings.deadlineMinutes);
    if (trigger.kind === 'debate') requireCredentials(settings);
    // One client per provider behind one router, under the spending cap (issue #12).
    const models = capSpending(
      createModelClient({ ...settings, defaultProvider: parseModelId(settings.model).provider, env: process.env, signal: stop.signal }),
      settings.maxCostUsd,
    );
    const result = await runPipeline({ octokit, models, spending: models, log, stop: stop.signal }, settings, trigger).finally(stop.dispose);

    core.setOutput('status', result.status);
    core.setOutput('recommendation', result.recommendation);
    core.setOutput('confidence', result.confidence);
    core.setOutput('comment-url', result.commentUrl);
    core.setOutput('decision', result.decision);
    if (result.gateConclusion !== undefined) core.setOutput('gate-conclusion', result.gateConclusion);
    if (result.decisionRecordFile !== undefined) core.setOutput('decision-record-file', result.decisionRecordFile);
    if (result.report) await core.summary.addRaw(result.report).write();
    if (result.failure) core.setFailed(result.failure);
  } catch (error) {
    core.setOutput('status', 'aborted');
    core.setFailed(error instanceof SettingsError || error instanceof DecisionKeyError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
  }
}
