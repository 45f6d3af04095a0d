import { z } from 'zod';
import type { PresetName } from './debate/plan.js';
import type { GatePolicy } from './gate/evaluate-policy.js';
import { parseModelId, type Provider } from './llm/model-id.js';
import { environmentSchema, inputsSchema } from './input-schemas.js';

/**
 * The action's inputs (action.yml, contract section 5) and the runner environment, parsed once.
 * Pure: takes the raw strings, so tests and the CLI can feed it without `@actions/core`.
 */

export { DEFAULT_MODEL, INPUT_NAMES } from './input-schemas.js';

/** A preset name (input `preset`, contract section 5). */
export type Preset = PresetName;

/** Thrown for an input or environment value the action cannot use; the message names it and the fix. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** Where a role's model came from: an input the user set, or a default. */
export type ModelSource = 'input' | 'default';

/** Everything a run needs to know before it starts, in one typed object. */
export interface Settings {
  githubToken: string;
  /** Undefined when the input is empty; {@link requireApiKey} says what to do. */
  anthropicApiKey: string | undefined;
  /** Input `openai-api-key`, for roles on `openai:`; undefined lets the SDK read `OPENAI_API_KEY` (local servers need none). */
  openaiApiKey: string | undefined;
  /**
   * API base URL of the provider of `model` (input `base-url`); undefined lets its SDK use its
   * environment variable (`ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`, ...) or its default.
   */
  baseUrl: string | undefined;
  /** Input `model`: the moderator's model, and the default for the advocates and the judge. */
  model: string;
  /** Input `advocate-models`: one per position, cycled; defaults to `[model]`. */
  advocateModels: string[];
  /** Input `judge-model`: the judge's (and the auditor's) model; defaults to `model`. */
  judgeModel: string;
  /**
   * Whether `advocate-models` and `judge-model` were set or came from the default (`model`); pre-flight
   * falls back to `model` only for a model from a default.
   */
  modelSources: { advocates: ModelSource; judge: ModelSource };
  /** Input `max-cost-usd`: no call is made that could take the run's cost past it (USD). */
  maxCostUsd: number;
  /** Input `confirm-plan` (contract section 5): a debate with inferred positions posts its plan and waits for `/debate go`. */
  confirmPlan: boolean;
  triggerLabel: string;
  command: string;
  rfcPath: string | undefined;
  preset: Preset;
  /** Input `max-rounds`: a hard cap on cross-examination rounds (0..5), or undefined for the preset's. */
  maxRounds: number | undefined;
  /** Input `language`: `auto` (the language of the command or the PR text) or a language name or code. */
  language: string;
  /** Budget for the evidence pack, in estimated tokens. */
  maxEvidenceTokens: number;
  /** The identity whose comments are ours (the author of `github-token`'s comments). */
  botLogin: string;
  /** Whole-run deadline in minutes: model calls still in flight then are aborted and what exists is posted. */
  deadlineMinutes: number;
  /** Input `config-file`: the repository config, read from the default branch (contract section 11). */
  configFile: string;
  /** Input `mode`: `debate`, or `gate` (no model call; sets the `pr-debate` check run, contract section 9). */
  mode: 'debate' | 'gate';
  /** Input `gate-policy`. */
  gatePolicy: GatePolicy;
  /** Input `decision-signing-key` (PKCS#8 PEM), masked; signs each record. */
  decisionSigningKey: string | undefined;
  /** Input `decision-public-key` (SPKI PEM); with it, the gate accepts only records whose signature holds. */
  decisionPublicKey: string | undefined;
  /** Input `required-label`: when set, only PRs carrying it need a decision. */
  requiredLabel: string | undefined;
  /** Input `exempt-label`. */
  exemptLabel: string;
  /** Input `decision-record-path`: a folder of the workspace for the Markdown record, or undefined. */
  decisionRecordPath: string | undefined;
  /** Input `decision`: a record handed over by the debate job (raw JSON; parsed by the gate). */
  handedOverDecision: string | undefined;
  /** `GITHUB_WORKSPACE`, where `decision-record-path` is resolved. */
  workspace: string | undefined;
  eventName: string;
  eventPath: string;
  /** `GITHUB_WORKFLOW`: this workflow's name, which the `workflow_run` bridge lists under `workflows:`. */
  workflow: string | undefined;
  owner: string;
  repo: string;
  apiUrl: string;
  /** HTML base, e.g. https://github.com; blob links are built on it. */
  serverUrl: string;
  /** Link to this workflow run, when the runner says which run it is. */
  runUrl: string | undefined;
  /** The runner's scratch folder (`RUNNER_TEMP`), where the whole report is also written. */
  runnerTemp: string | undefined;
  /**
   * With `lenient`, the first input that was not valid, replaced by its default so the run can still
   * say so where the user is (a reply on the PR); undefined when every input is valid.
   */
  invalidInput: { input: string; message: string } | undefined;
}

/**
 * Parses the inputs and the runner environment.
 * @param getInput returns the raw input value or undefined when empty (`core.getInput(name) || undefined`)
 * @param env the process environment
 * @param options.lenient replace the first bad input (other than `github-token`) by its default and
 *   name it in `invalidInput`, instead of throwing
 * @throws SettingsError naming the first bad input and how to fix it; for the environment, always
 */
export function parseSettings(
  getInput: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
  options: { lenient?: boolean } = {},
): Settings {
  const rawInputs: Record<string, string | undefined> = Object.fromEntries(Object.keys(inputsSchema.shape).map((name) => [name, getInput(name)]));
  let inputs = inputsSchema.safeParse(rawInputs);
  let invalidInput: Settings['invalidInput'];
  if (!inputs.success) {
    const message = describeIssues(inputs.error, 'Input');
    const input = String(inputs.error.issues[0]?.path[0] ?? '');
    if (!options.lenient || input === 'github-token' || !(input in rawInputs)) throw new SettingsError(message);
    invalidInput = { input, message };
    inputs = inputsSchema.safeParse({ ...rawInputs, [input]: undefined });
    if (!inputs.success) throw new SettingsError(message);
  }
  const environment = environmentSchema.safeParse(env);
  if (!environment.success) throw new SettingsError(describeIssues(environment.error, 'Environment'));
  const i = inputs.data;
  const e = environment.data;
  const [owner = '', repo = ''] = e.GITHUB_REPOSITORY.split('/');
  const serverUrl = e.GITHUB_SERVER_URL.replace(/\/+$/, '');
  return {
    githubToken: i['github-token'],
    anthropicApiKey: i['anthropic-api-key'],
    openaiApiKey: i['openai-api-key'],
    baseUrl: i['base-url'],
    model: i.model,
    advocateModels: i['advocate-models'] ?? [i.model],
    judgeModel: i['judge-model'] ?? i.model,
    modelSources: {
      advocates: i['advocate-models'] ? 'input' : 'default',
      judge: i['judge-model'] ? 'input' : 'default',
    },
    maxCostUsd: i['max-cost-usd'],
    confirmPlan: i['confirm-plan'],
    triggerLabel: i['trigger-label'],
    command: i.command,
    rfcPath: i['rfc-path'],
    preset: i.preset,
    maxRounds: i['max-rounds'],
    language: i.language,
    maxEvidenceTokens: i['max-evidence-tokens'],
    botLogin: i['bot-login'],
    deadlineMinutes: i['deadline-minutes'],
    configFile: i['config-file'],
    mode: i.mode,
    gatePolicy: i['gate-policy'],
    decisionSigningKey: i['decision-signing-key'],
    decisionPublicKey: i['decision-public-key'],
    requiredLabel: i['required-label'],
    exemptLabel: i['exempt-label'],
    decisionRecordPath: i['decision-record-path'],
    handedOverDecision: i.decision,
    workspace: e.GITHUB_WORKSPACE,
    eventName: e.GITHUB_EVENT_NAME,
    eventPath: e.GITHUB_EVENT_PATH,
    workflow: e.GITHUB_WORKFLOW,
    owner,
    repo,
    apiUrl: e.GITHUB_API_URL.replace(/\/+$/, ''),
    serverUrl,
    runUrl: e.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${e.GITHUB_RUN_ID}` : undefined,
    runnerTemp: e.RUNNER_TEMP,
    invalidInput,
  };
}

/** The providers the run's roles use (from `model`, `advocate-models`, `judge-model`). */
export function providersOf(settings: Pick<Settings, 'model' | 'advocateModels' | 'judgeModel'>): Set<Provider> {
  return new Set([settings.model, ...settings.advocateModels, settings.judgeModel].map((id) => parseModelId(id).provider));
}

/**
 * Checks that the credentials of every provider a role uses are there, for a run that calls models:
 * `anthropic-api-key` for `anthropic:` roles. The other providers read theirs from the environment
 * (AWS and Google credentials, `OPENAI_API_KEY`, or none for a local server), and pre-flight names
 * what they answer.
 * @throws SettingsError naming the input and how to set it
 */
export function requireCredentials(settings: Settings): void {
  if (providersOf(settings).has('anthropic')) requireApiKey(settings);
}

/** No Anthropic API key for a run whose roles use the anthropic provider; the CLI says it its own way. */
export class MissingApiKey extends SettingsError {
  override name = 'MissingApiKey';
}

/**
 * The API key, for a run that calls a model.
 * @throws MissingApiKey naming the input and how to set it
 */
export function requireApiKey(settings: Settings): string {
  if (settings.anthropicApiKey) return settings.anthropicApiKey;
  throw new MissingApiKey(
    "Input 'anthropic-api-key' is required to run a debate: add `anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` to the step and store the key as a repository secret",
  );
}

function describeIssues(error: z.ZodError, kind: 'Input' | 'Environment'): string {
  const issue = error.issues[0];
  if (!issue) return `${kind}: invalid value`;
  const name = String(issue.path[0] ?? '');
  // Our own messages already name the input; zod's generic ones get the name prepended.
  if (issue.message.startsWith('Input ') || issue.message.startsWith(name)) return issue.message;
  return `${kind} '${name}': ${issue.message}`;
}
