import { z } from 'zod';
import { keySecrets } from '../gate/key-text.js';
import { describeInputIssues, environmentSchema, INPUT_NAMES, inputsSchema } from './input-schemas.js';

/**
 * The action's inputs (action.yml) and the runner environment, parsed once into the grouped settings of a
 * run: `github` (where and as whom), `run` (what this job is set to do), `models`, `debate`, `gate`. Pure:
 * it takes the raw strings, so tests and the CLI can feed it without `@actions/core`. `settings.ts`
 * then judges what the parse cannot (keys, the handed-over record, retired and unpriced models, keys of a
 * provider), and `load-settings.ts` layers the config file under the inputs.
 */

/** Thrown for an input or environment value the action cannot use; the message names it and the fix. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** An input (or config key) a run cannot use: its name, what is wrong and the fix, and the config file when the value came from there. */
export interface SettingsProblem {
  input: string;
  message: string;
  /** The config file (`.github/pr-debate.yml on main`) when the value, or the file itself, is what to fix. */
  file?: string;
}

/** The raw value of every input, read once: undefined when empty (`core.getInput(name) || undefined`). */
export type RawInputs = Readonly<Record<string, string | undefined>>;
type Environment = z.output<typeof environmentSchema>;
type Inputs = z.output<typeof inputsSchema>;

/** The inputs a config file cannot set (`isConfigurable` of `config-schema.ts` says no; a test holds the two together). */
const START_INPUTS = {
  'github-token': true,
  'anthropic-api-key': true,
  'openai-api-key': true,
  'decision-signing-key': true,
  'trigger-label': true,
  command: true,
  'config-file': true,
  mode: true,
  decision: true,
} as const;
/** The names of {@link START_INPUTS}. */
export const START_INPUT_NAMES: readonly string[] = Object.keys(START_INPUTS);

/** Where the run is and as whom it acts: the token, the runner's `GITHUB_*` environment and the bot's login. */
function githubOf(i: Pick<Inputs, 'github-token'>, e: Environment) {
  const [owner = '', repo = ''] = e.GITHUB_REPOSITORY.split('/');
  const serverUrl = e.GITHUB_SERVER_URL.replace(/\/+$/, '');
  return {
    token: i['github-token'],
    owner,
    repo,
    apiUrl: e.GITHUB_API_URL.replace(/\/+$/, ''),
    /** HTML base, e.g. https://github.com; blob links are built on it. */
    serverUrl,
    /** Link to this workflow run, when the runner says which run it is. */
    runUrl: e.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${e.GITHUB_RUN_ID}` : undefined,
    eventName: e.GITHUB_EVENT_NAME,
    eventPath: e.GITHUB_EVENT_PATH,
    /** `GITHUB_WORKFLOW`: this workflow's name, which the `workflow_run` bridge lists under `workflows:`. */
    workflow: e.GITHUB_WORKFLOW,
    /** `GITHUB_WORKSPACE`, where `decision-record-path` is resolved. */
    workspace: e.GITHUB_WORKSPACE,
    /** The runner's scratch folder (`RUNNER_TEMP`), where the whole report is also written. */
    runnerTemp: e.RUNNER_TEMP,
  };
}

/** What this job is set to do: the inputs that decide the trigger before any API call. */
function runOf(i: Pick<Inputs, 'mode' | 'command' | 'trigger-label' | 'config-file'>) {
  return { mode: i.mode, command: i.command, triggerLabel: i['trigger-label'], configFile: i['config-file'] };
}

/** This run's exact secrets (API keys, token, the record signing key), removed from all it posts, records or logs. */
function secretsOf(
  i: Pick<Inputs, 'github-token' | 'anthropic-api-key' | 'openai-api-key' | 'decision-signing-key'>,
): string[] {
  return [
    i['anthropic-api-key'] ?? '',
    i['openai-api-key'] ?? '',
    i['github-token'],
    ...keySecrets(i['decision-signing-key']),
  ].filter((secret) => secret !== '');
}

/** The runner environment, parsed once by `startSettings` and carried as it is. */
const parsedEnvironment = z.custom<Environment>();

const startSchema = z
  .object({ inputs: inputsSchema.pick(START_INPUTS), env: parsedEnvironment })
  .transform(({ inputs: i, env: e }) => ({
    github: githubOf(i, e),
    run: runOf(i),
    secrets: secretsOf(i),
  }));

/** The config file's own keys, which no input sets (`parse-config.ts` reads them). */
const fileKeysSchema = z.object({
  allowUnseen: z.array(z.string()).default([]),
  authorMayDecide: z.boolean().default(false),
  readGenerated: z.boolean().default(false),
});

/** Every input, the runner environment and the config file's own keys, grouped: the {@link ParsedSettings}. */
const settingsSchema = z
  .object({ inputs: inputsSchema, env: parsedEnvironment, file: fileKeysSchema })
  .transform(({ inputs: i, env: e, file }) => ({
    github: { ...githubOf(i, e), botLogin: i['bot-login'] },
    run: runOf(i),
    secrets: secretsOf(i),
    models: {
      /** Undefined when the input is empty; the check names it for a run whose roles use the Anthropic API. */
      anthropicApiKey: i['anthropic-api-key'],
      /** For roles on `openai:`; undefined lets the SDK read `OPENAI_API_KEY` (local servers need none). */
      openaiApiKey: i['openai-api-key'],
      /** API base URL of `model`'s provider; undefined lets its SDK use its environment variable or its default. */
      baseUrl: i['base-url'],
      /** The moderator's model, and the default for the advocates and the judge. */
      model: i.model,
      /** One per position, cycled. */
      advocateModels: i['advocate-models'] ?? [i.model],
      /** The judge's (and the auditor's) model. */
      judgeModel: i['judge-model'] ?? i.model,
      /** The readers' model (issue #40): default, the first advocate's. */
      readerModel: i['reader-model'] ?? i['advocate-models']?.[0] ?? i.model,
      /** Most reader calls a run makes, one per part of the changes the pack cannot hold; 0: none. */
      maxReaderCalls: i['max-reader-calls'],
      /** Answers a turn the role's model refused (stop_reason "refusal"), once; undefined: none. */
      refusalFallbackModel: i['refusal-fallback-model'],
      /** Input `model-prices`: prices by canonical model id, over the list's (`src/models/prices.ts`). */
      prices: i['model-prices'] ?? new Map(),
      /** Whether the advocates' and the judge's models were set or are `model`; pre-flight falls back to `model` only for a default. */
      sources: { advocates: sourceOf(i['advocate-models']), judge: sourceOf(i['judge-model']) },
      /** No call is made that could take the run's cost past it (USD). */
      maxCostUsd: i['max-cost-usd'],
      /** Whole-run deadline in minutes: model calls still in flight then are aborted and what exists is posted. */
      deadlineMinutes: i['deadline-minutes'],
    },
    debate: {
      preset: i.preset,
      /** A hard cap on cross-examination rounds (0..5), or undefined for the preset's. */
      maxRounds: i['max-rounds'],
      /** How many times the judge rules (2 or 4), half of the runs under swapped ids. */
      judgeRuns: i['judge-runs'],
      /** `auto` (the language of the command or the PR text) or a language name or code. */
      language: i.language,
      /** Budget for the evidence pack, in tokens on the models that read it. */
      maxEvidenceTokens: i['max-evidence-tokens'],
      /** A debate with inferred positions posts its plan and waits for `/debate go`. */
      confirmPlan: i['confirm-plan'],
      rfcPath: i['rfc-path'],
      /** Inline review comments on the decisive lines (issue #34), every verified line, or none. */
      reviewThreads: i['review-threads'],
      /** Config key `read-generated`: generated, vendored and lock files the pack cannot hold go to readers too. */
      readGenerated: file.readGenerated,
    },
    gate: {
      policy: i['gate-policy'],
      /** When set, only PRs carrying it need a decision. */
      requiredLabel: i['required-label'],
      exemptLabel: i['exempt-label'],
      /** Config key `allow-unseen`: globs of changed files the models may leave unseen; default none. */
      allowUnseen: file.allowUnseen,
      /** Config key `author-may-decide`: the PR author's own accept and exempt label count; default false. */
      authorMayDecide: file.authorMayDecide,
      /** Whether a gate run resolves a pr-debate thread whose cited lines are gone. */
      resolveReviewThreads: i['resolve-review-threads'],
      /** Input `decision-signing-key` (PKCS#8 PEM); the check imports it. */
      signingPem: i['decision-signing-key'],
      /** Input `decision-public-key` (SPKI PEM); the check imports it. */
      publicPem: i['decision-public-key'],
      /** Input `decision-record-path`: a folder of the workspace for the Markdown record; the check resolves it. */
      recordPath: i['decision-record-path'],
      /** Input `decision`: a record handed over by the debate job, as JSON; the check parses it. */
      decisionText: i.decision,
    },
  }));

/** Where a role's model came from: an input the user set, or a default. */
export type ModelSource = 'input' | 'default';

function sourceOf(value: unknown): ModelSource {
  return value === undefined ? 'default' : 'input';
}

/** The settings as parsed from the inputs, the environment and the config file, before the check (`settings.ts`). */
export type ParsedSettings = z.output<typeof settingsSchema>;

/** What is known before the config file is read: whether the event starts anything is decided from it alone, before any API call. */
export type StartSettings = z.output<typeof startSchema> & { problem: SettingsProblem | undefined };

/** The first step of the settings: every input as read, the environment, and the settings the trigger is decided from. */
export interface StartedSettings {
  inputs: RawInputs;
  /** The runner environment, parsed. */
  env: Environment;
  settings: StartSettings;
  /** A bad input (or config value) is named in `problem` instead of thrown. */
  lenient: boolean;
}

/**
 * Reads every input once and parses those the config file cannot set, with the environment.
 * @param getInput the raw input, undefined when empty (`core.getInput(name) || undefined`, or the CLI's flags)
 * @param env the process environment
 * @param options.lenient replace every bad input (other than `github-token`) by its default and name
 *   the first in `problem`, instead of throwing
 * @throws SettingsError naming the bad input or environment variable and how to fix it
 */
export function startSettings(
  getInput: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
  options: { lenient?: boolean } = {},
): StartedSettings {
  const inputs: RawInputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)]));
  const lenient = options.lenient === true;
  const environment = environmentSchema.safeParse(env);
  if (!environment.success) throw new SettingsError(describeInputIssues(environment.error, 'Environment'));
  const start = Object.fromEntries(START_INPUT_NAMES.map((name) => [name, inputs[name]]));
  const { data, problem } = parseLeniently(startSchema, start, environment.data, {}, lenient, undefined);
  return { inputs, env: environment.data, settings: { ...data, problem }, lenient };
}

/**
 * Parses every input once, with the environment and the config file's own keys, into the grouped settings.
 * @param started what {@link startSettings} read
 * @param layered the value of each input: the input when set, else the config file's, else undefined
 * @param options.fileOf the config file to name for a value that came from it (`.github/pr-debate.yml on main`), else undefined
 * @param options.file the config file's own keys, as `parseConfig` read them
 * @param options.problem a problem found before (the config file could not be read): it stays the one named
 * @returns the settings, and the first input that was not valid when the start was lenient
 * @throws SettingsError naming the bad input, or the config file and its key, and how to fix it (not lenient)
 */
export function completeSettings(
  started: StartedSettings,
  layered: RawInputs,
  options: {
    fileOf?: (input: string) => string | undefined;
    file?: Partial<z.input<typeof fileKeysSchema>>;
    problem?: SettingsProblem | undefined;
  } = {},
): { parsed: ParsedSettings; problem: SettingsProblem | undefined } {
  const { data, problem } = parseLeniently(
    settingsSchema,
    layered,
    started.env,
    options.file ?? {},
    started.lenient,
    options.fileOf,
  );
  return { parsed: data, problem: options.problem ?? started.settings.problem ?? problem };
}

/**
 * One zod parse of the inputs. With `lenient`, every bad one (other than `github-token`) is replaced by its
 * default and the first is named, so a run with two bad inputs still reaches the place where it says so (a
 * reply; for the gate, its check: a gate that failed before its check would leave an earlier `success`
 * standing). A value from the config file is named as the file's key.
 * @throws SettingsError naming the first bad input, without `lenient` or for `github-token`
 */
function parseLeniently<S extends z.ZodType<unknown, { inputs: RawInputs; env: unknown; file?: unknown }>>(
  schema: S,
  raw: RawInputs,
  env: Environment,
  file: object,
  lenient: boolean,
  fileOf: ((input: string) => string | undefined) | undefined,
): { data: z.output<S>; problem: SettingsProblem | undefined } {
  let current: RawInputs = raw;
  let named: SettingsProblem | undefined;
  // Each pass replaces one more bad input by its default; there are at most as many passes as inputs.
  for (let pass = 0; pass <= Object.keys(raw).length; pass += 1) {
    const parsed = schema.safeParse({ inputs: current, env, file });
    if (parsed.success) return { data: parsed.data, problem: named };
    const inputIssues = new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })));
    const input = String(inputIssues.issues[0]?.path[0] ?? '');
    const where = fileOf?.(input);
    // The input's parser names the input; a value from the file is the file's key to fix.
    const said = describeInputIssues(inputIssues, 'Input');
    const message = where === undefined ? said : said.replace(`Input '${input}'`, `${where}: key '${input}'`);
    if (!lenient || input === 'github-token' || current[input] === undefined)
      throw new SettingsError(named?.message ?? message);
    named ??= { input, message, ...(where === undefined ? {} : { file: where }) };
    current = { ...current, [input]: undefined };
  }
  throw new SettingsError(named?.message ?? 'Inputs: invalid values');
}
