import { z } from 'zod';
import type { JudgeRunCount, PresetName } from '../debate/plan.js';
import type { ReviewThreadMode, ThreadResolution } from '../threads/thread-modes.js';
import type { GatePolicy } from '../gate/evaluate-policy.js';
import { parseModelId, type Provider } from '../models/model-id.js';
import { judgeRetirements, type RoleRetirements } from '../models/model-retirements.js';
import { describeInputIssues, environmentSchema, INPUT_NAMES, inputsSchema } from './input-schemas.js';
import type { ModelPrices } from '../models/price-usage.js';

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
  /** Input `reader-model`: the readers' model (issue #40); defaults to the first advocate's model. */
  readerModel: string;
  /** Input `max-reader-calls`: most reader calls a run makes, one per part of the changes the pack cannot hold; 0: none. */
  maxReaderCalls: number;
  /** Input `refusal-fallback-model`: answers a turn the role's model refused (stop_reason "refusal"), once; undefined: none. */
  refusalFallbackModel: string | undefined;
  /** Input `model-prices`: prices by canonical model id, over the list's (`src/models/model-prices.ts`). */
  modelPrices: ModelPrices;
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
  /** Input `judge-runs`: how many times the judge rules (2 or 4), half of the runs under swapped ids. */
  judgeRuns: JudgeRunCount;
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
  /** Input `review-threads` (issue #34): inline review comments on the decisive lines, every verified line, or none. */
  reviewThreads: ReviewThreadMode;
  /** Input `resolve-review-threads`: whether a gate run resolves a pr-debate thread whose cited lines are gone. */
  resolveReviewThreads: ThreadResolution;
  /** Input `decision-signing-key` (PKCS#8 PEM), masked; signs each record. */
  decisionSigningKey: string | undefined;
  /** Input `decision-public-key` (SPKI PEM); with it, the gate accepts only records whose signature holds. */
  decisionPublicKey: string | undefined;
  /** Input `required-label`: when set, only PRs carrying it need a decision. */
  requiredLabel: string | undefined;
  /** Input `exempt-label`. */
  exemptLabel: string;
  /** Config key `allow-unseen` (the config file only): globs of changed files the models may leave unseen; default none. */
  allowUnseen: string[];
  /** Config key `author-may-decide` (the config file only): the PR author's own accept and exempt label count; default false. */
  authorMayDecide: boolean;
  /** The first config file key no setting reads, with the nearest known key and the fix: a debate's own check does not pass on it. */
  unknownConfigKey?: string | undefined;
  /**
   * Config key `read-generated` (the config file only): the hunks of generated, vendored and lock files the
   * pack cannot hold go to readers and count as unread when no reader reads them; default false (read by no one).
   */
  readGenerated: boolean;
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
   * The role models retired or announced for retirement on the day the settings were read
   * (`src/models/model-retirements.ts`): a debate stops on `retired` before any model call (the gate, which
   * calls none, does not); `warnings` are logged.
   */
  modelRetirements: RoleRetirements;
  /**
   * With `lenient`, the first input that was not valid (every bad one is replaced by its default) so the
   * run can still say so where the user is (a reply on the PR; the gate's check); undefined when every
   * input is valid. A run that would use the settings must stop on it, never go on with a default. `file` names the
   * config file (`.github/pr-debate.yml on main`) when the value, or the file itself, is what to fix.
   */
  invalidInput: { input: string; message: string; file?: string } | undefined;
}

/** The raw value of every input, read once: undefined when empty (`core.getInput(name) || undefined`). */
export type RawInputs = Readonly<Record<string, string | undefined>>;

/** The settings the config file cannot set (credentials, per-job switches, the trigger's label and command), and the environment. */
type StartKey = 'githubToken' | 'anthropicApiKey' | 'openaiApiKey' | 'triggerLabel' | 'command' | 'configFile' | 'mode' | 'decisionSigningKey' | 'handedOverDecision' | EnvironmentKey;
type EnvironmentKey = 'workspace' | 'eventName' | 'eventPath' | 'workflow' | 'owner' | 'repo' | 'apiUrl' | 'serverUrl' | 'runUrl' | 'runnerTemp';

/**
 * What is known before the config file is read, parsed once: whether the event starts anything is
 * decided from these alone, before any API call (contract section 2).
 */
export type StartSettings = Pick<Settings, StartKey | 'invalidInput'>;

/** The inputs a config file cannot set (`isConfigurable` of `src/settings/config-schema.ts` says no; a test holds the two together). */
const START_INPUTS = { 'github-token': true, 'anthropic-api-key': true, 'openai-api-key': true, 'decision-signing-key': true, 'trigger-label': true, command: true, 'config-file': true, mode: true, decision: true } as const;
/** The names of {@link START_INPUTS}. */
export const START_INPUT_NAMES: readonly string[] = Object.keys(START_INPUTS);
const startSchema = inputsSchema.pick(START_INPUTS);
const layeredSchema = inputsSchema.omit(START_INPUTS);

/**
 * Parses the inputs the config file cannot set, and the runner environment.
 * @param inputs every input, as {@link startSettings} read it
 * @param env the process environment
 * @param options.lenient replace every bad input (other than `github-token`) by its default and name
 *   the first in `invalidInput`, instead of throwing
 * @throws SettingsError naming the bad input and how to fix it; for the environment, always
 */
function parseStartSettings(inputs: RawInputs, env: Record<string, string | undefined>, options: { lenient?: boolean } = {}): StartSettings {
  const parsed = parseLeniently(startSchema, inputs, options.lenient === true, undefined);
  const i = parsed.data;
  const environment = environmentSchema.safeParse(env);
  if (!environment.success) throw new SettingsError(describeInputIssues(environment.error, 'Environment'));
  const e = environment.data;
  const [owner = '', repo = ''] = e.GITHUB_REPOSITORY.split('/');
  const serverUrl = e.GITHUB_SERVER_URL.replace(/\/+$/, '');
  return {
    githubToken: i['github-token'],
    anthropicApiKey: i['anthropic-api-key'],
    openaiApiKey: i['openai-api-key'],
    triggerLabel: i['trigger-label'],
    command: i.command,
    configFile: i['config-file'],
    mode: i.mode,
    decisionSigningKey: i['decision-signing-key'],
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
    invalidInput: parsed.invalidInput,
  };
}

/**
 * Completes the settings with the inputs the config file may set, parsed once.
 * @param start the settings parsed before the config file was read
 * @param layered the value of each configurable input: the input when set, else the config file's, else undefined
 * @param options.lenient as in {@link startSettings}; the first bad value of the start stays the one named
 * @param options.fileOf the config file to name for a value that came from it (`.github/pr-debate.yml on main`), else undefined
 * @param options.today the day the models' retirements are judged on; default the clock's
 * @throws SettingsError naming the bad input, or the config file and its key, and how to fix it
 */
export function completeSettings(start: StartSettings, layered: RawInputs, options: { lenient?: boolean; fileOf?: (input: string) => string | undefined; today?: Date } = {}): Settings {
  const parsed = parseLeniently(layeredSchema, layered, options.lenient === true, options.fileOf);
  const i = parsed.data;
  return {
    ...start,
    baseUrl: i['base-url'],
    model: i.model,
    advocateModels: i['advocate-models'] ?? [i.model],
    judgeModel: i['judge-model'] ?? i.model,
    readerModel: i['reader-model'] ?? i['advocate-models']?.[0] ?? i.model,
    maxReaderCalls: i['max-reader-calls'],
    refusalFallbackModel: i['refusal-fallback-model'],
    modelPrices: i['model-prices'] ?? new Map(),
    modelSources: { advocates: i['advocate-models'] ? 'input' : 'default', judge: i['judge-model'] ? 'input' : 'default' },
    maxCostUsd: i['max-cost-usd'],
    confirmPlan: i['confirm-plan'],
    rfcPath: i['rfc-path'],
    preset: i.preset,
    maxRounds: i['max-rounds'],
    judgeRuns: i['judge-runs'],
    language: i.language,
    maxEvidenceTokens: i['max-evidence-tokens'],
    botLogin: i['bot-login'],
    deadlineMinutes: i['deadline-minutes'],
    gatePolicy: i['gate-policy'],
    reviewThreads: i['review-threads'],
    resolveReviewThreads: i['resolve-review-threads'],
    decisionPublicKey: i['decision-public-key'],
    requiredLabel: i['required-label'],
    exemptLabel: i['exempt-label'],
    // The config file's own gate keys: `layerSettings` sets them from the file; no input sets them.
    allowUnseen: [],
    authorMayDecide: false,
    readGenerated: false,
    decisionRecordPath: i['decision-record-path'],
    modelRetirements: judgeRetirements(i, options.today ?? new Date(), options.fileOf),
    invalidInput: start.invalidInput ?? parsed.invalidInput,
  };
}

/** The first step of the settings: every input as read, and the settings the trigger is decided from. */
export interface StartedSettings {
  inputs: RawInputs;
  settings: StartSettings;
  /** As `parseSettings`' option: a bad input (or config value) is named in `invalidInput` instead of thrown. */
  lenient: boolean;
}

/**
 * Reads every input once and parses those the config file cannot set, with the environment.
 * @param getInput the raw input, undefined when empty (`core.getInput(name) || undefined`, or the CLI's flags)
 * @param env the process environment
 * @param options.lenient replace every bad input (other than `github-token`) by its default and name
 *   the first in `invalidInput`, instead of throwing
 * @throws SettingsError naming the bad input or environment variable and how to fix it
 */
export function startSettings(getInput: (name: string) => string | undefined, env: Record<string, string | undefined>, options: { lenient?: boolean } = {}): StartedSettings {
  const inputs: RawInputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)]));
  const lenient = options.lenient === true;
  return { inputs, settings: parseStartSettings(inputs, env, { lenient }), lenient };
}

/**
 * Parses the inputs and the runner environment at once, for a run without a config file (tests, the eval).
 * @param getInput returns the raw input value or undefined when empty (`core.getInput(name) || undefined`)
 * @param env the process environment
 * @param options.lenient as in {@link startSettings}
 * @param options.today as in {@link completeSettings}
 * @throws SettingsError naming the first bad input and how to fix it; for the environment, always
 */
export function parseSettings(getInput: (name: string) => string | undefined, env: Record<string, string | undefined>, options: { lenient?: boolean; today?: Date } = {}): Settings {
  const started = startSettings(getInput, env, options);
  return completeSettings(started.settings, started.inputs, options);
}

type InvalidInput = Settings['invalidInput'];

/**
 * One zod parse of some inputs. With `lenient`, every bad one (other than `github-token`) is replaced
 * by its default and the first is named, so a run with two bad inputs still reaches the place where it
 * says so (a reply; for the gate, its check: a gate that failed before its check would leave an earlier
 * `success` standing). A value from the config file is named as the file's key.
 * @throws SettingsError naming the first bad input, without `lenient` or for `github-token`
 */
function parseLeniently<S extends z.ZodType<Record<string, unknown>>>(schema: S, raw: RawInputs, lenient: boolean, fileOf: ((input: string) => string | undefined) | undefined): { data: z.output<S>; invalidInput: InvalidInput } {
  let current: RawInputs = raw;
  let named: InvalidInput;
  // Each pass replaces one more bad input by its default; there are at most as many passes as inputs.
  for (let pass = 0; pass <= Object.keys(raw).length; pass += 1) {
    const parsed = schema.safeParse(current);
    if (parsed.success) return { data: parsed.data, invalidInput: named };
    const input = String(parsed.error.issues[0]?.path[0] ?? '');
    const file = fileOf?.(input);
    // The input's parser names the input; a value from the file is the file's key to fix.
    const message = file === undefined ? describeInputIssues(parsed.error, 'Input') : describeInputIssues(parsed.error, 'Input').replace(`Input '${input}'`, `${file}: key '${input}'`);
    if (!lenient || input === 'github-token' || !(input in current) || current[input] === undefined) throw new SettingsError(named?.message ?? message);
    named ??= { input, message, ...(file === undefined ? {} : { file }) };
    current = { ...current, [input]: undefined };
  }
  throw new SettingsError(named?.message ?? 'Inputs: invalid values');
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
