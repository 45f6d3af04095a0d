import * as core from '@actions/core';
import { readFile } from 'node:fs/promises';
import { createModelClient } from './llm/create-model-client.js';
import { parseModelId } from './llm/model-id.js';
import { capSpending } from './llm/spending-cap.js';
import { describeFailure, RunStopped, runPipeline, type Log } from './pipeline.js';
import { parseSettings, requireCredentials, SettingsError } from './settings.js';
import { detectTrigger } from './trigger/detect-trigger.js';
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
 * The action: read inputs, decide whether to run, build the clients, run the pipeline, set outputs.
 * Every failure ends in `core.setFailed` with a message that says what to fix.
 */
export async function run(): Promise<void> {
  try {
    const settings = parseSettings((name) => core.getInput(name) || undefined, process.env);
    if (settings.anthropicApiKey) core.setSecret(settings.anthropicApiKey);
    if (settings.openaiApiKey) core.setSecret(settings.openaiApiKey);
    core.setSecret(settings.githubToken);
    for (const secret of keySecrets(settings.decisionSigningKey)) core.setSecret(secret);

    const payload = await readEventPayload(settings.eventPath);
    const trigger = detectTrigger(settings.eventName, payload, settings);
    if (trigger.kind === 'skip') {
      core.notice(`pr-debate did not run: ${trigger.reason}.`);
      core.setOutput('status', 'skipped');
      core.setOutput('recommendation', 'none');
      return;
    }
    if (trigger.kind === 'misconfigured') {
      core.setOutput('status', 'skipped');
      core.setFailed(trigger.reason);
      return;
    }

    // Imported only now: `@actions/github` reads the event file when it loads, and ours is checked above.
    const { createOctokit } = await import('./github/create-octokit.js');
    const octokit = createOctokit(settings.githubToken, settings.apiUrl, (message) => core.warning(message));
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
