import * as core from '@actions/core';
import { readFile } from 'node:fs/promises';
import { createOctokit } from './github/create-octokit.js';
import { createAnthropicModelClient } from './llm/anthropic-model-client.js';
import { describeFailure, runPipeline, type Log } from './pipeline.js';
import { parseSettings, requireApiKey, SettingsError } from './settings.js';
import { detectTrigger } from './trigger/detect-trigger.js';

const log: Log = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  notice: (message) => core.notice(message),
  group: (name, fn) => core.group(name, fn),
};

/**
 * The action: read inputs, decide whether to run, build the clients, run the pipeline, set outputs.
 * Every failure ends in `core.setFailed` with a message that says what to fix.
 */
export async function run(): Promise<void> {
  try {
    const settings = parseSettings((name) => core.getInput(name) || undefined, process.env);
    if (settings.anthropicApiKey) core.setSecret(settings.anthropicApiKey);
    core.setSecret(settings.githubToken);

    const payload: unknown = JSON.parse(await readFile(settings.eventPath, 'utf8'));
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

    const octokit = createOctokit(settings.githubToken, settings.apiUrl, (message) => core.warning(message));
    const models = createAnthropicModelClient({ apiKey: trigger.kind === 'debate' ? requireApiKey(settings) : '', baseUrl: settings.baseUrl });
    const result = await runPipeline({ octokit, models, log }, settings, trigger);

    core.setOutput('status', result.status);
    core.setOutput('recommendation', result.recommendation);
    core.setOutput('confidence', result.confidence);
    core.setOutput('comment-url', result.commentUrl);
    core.setOutput('decision', result.decision);
    if (result.report) await core.summary.addRaw(result.report).write();
    if (result.failure) core.setFailed(result.failure);
  } catch (error) {
    core.setOutput('status', 'aborted');
    core.setFailed(error instanceof SettingsError ? error.message : `pr-debate failed: ${describeFailure(error)}`);
  }
}
