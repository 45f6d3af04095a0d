import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { MAX_ROUNDS, PRESETS, type PresetName } from './debate/plan.js';
import { GATE_POLICIES, type GatePolicy } from './gate/evaluate-policy.js';
import { ModelIdError, parseModelId, type Provider } from './llm/model-id.js';

/**
 * The action's inputs (action.yml, contract section 5) and the runner environment, parsed once.
 * Pure: takes the raw strings, so tests and the CLI can feed it without `@actions/core`.
 */

/** The default model: a current Sonnet-class Claude model (contract section 5, input `model`). */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** A preset name (input `preset`, contract section 5). */
export type Preset = PresetName;

/** Thrown for an input or environment value the action cannot use; the message names it and the fix. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** A zod issue message that names the input, what it expects and what it got (house style). */
const expected = (input: string, what: string) => (issue: { input?: unknown }) => `Input '${input}': expected ${what}, got ${JSON.stringify(issue.input)}`;

const positiveInt = (input: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: expected(input, 'a whole number') })
    .transform(Number)
    .pipe(z.number().int().positive(`Input '${input}': expected a number above 0`));

/** One word of a fixed set, case-insensitive (`preset`, `mode`, `gate-policy`). */
const choice = <const T extends readonly [string, ...string[]]>(input: string, values: T, fallback: T[number]) =>
  z.string().trim().toLowerCase().default(fallback).pipe(z.enum(values, { error: (issue) => `Input '${input}': expected one of ${values.join(', ')}, got ${JSON.stringify(issue.input)}` }));

/** A model id (`[provider:]model`, contract section 12), checked here so a typo fails before anything runs. */
const modelId = (input: string) =>
  z
    .string()
    .trim()
    .min(1)
    .superRefine((value, context) => {
      try {
        parseModelId(value);
      } catch (error) {
        if (error instanceof ModelIdError) context.addIssue({ code: 'custom', message: `Input '${input}': ${error.message}` });
        else throw error;
      }
    });

const inputsSchema = z.object({
  'github-token': z.string({ error: "Input 'github-token' is required: pass `${{ github.token }}`" }).min(1),
  // Required only when a debate runs (see requireApiKey): events that do nothing must not fail on it.
  'anthropic-api-key': z.string().min(1).optional(),
  'base-url': z
    .url({ protocol: /^https?$/, error: "Input 'base-url': expected an http(s) URL such as https://api.anthropic.com" })
    .optional(),
  'openai-api-key': z.string().min(1).optional(),
  model: modelId('model').default(DEFAULT_MODEL),
  'trigger-label': z.string().trim().min(1).default('debate'),
  command: z
    .string()
    .trim()
    .regex(/^\S+$/, "Input 'command': expected one word without spaces, such as /debate")
    .default('/debate'),
  'rfc-path': z.string().trim().min(1).optional(),
  preset: choice('preset', PRESETS, 'standard'),
  'max-rounds': z
    .string()
    .trim()
    .regex(new RegExp(`^[0-${MAX_ROUNDS}]$`), { error: expected('max-rounds', `a whole number from 0 to ${MAX_ROUNDS}`) })
    .transform(Number)
    .optional(),
  'advocate-models': z
    .string()
    .transform((value) => value.split(',').map((m) => m.trim()))
    .pipe(z.array(z.string().min(1, "Input 'advocate-models': expected a comma-separated list of model ids, with no empty entry").pipe(modelId('advocate-models'))).min(1))
    .optional(),
  'judge-model': modelId('judge-model').optional(),
  'max-cost-usd': z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: expected('max-cost-usd', 'an amount in US dollars, such as 5 or 0.50') })
    .transform(Number)
    .pipe(z.number().positive("Input 'max-cost-usd': expected more than 0 dollars"))
    .default(5),
  language: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} ()_-]{0,39}$/u, "Input 'language': expected auto, or a language name or code such as German, de or pt-BR")
    .default('auto'),
  'max-evidence-tokens': positiveInt('max-evidence-tokens').default(80_000),
  'bot-login': z.string().trim().min(1).default('github-actions[bot]'),
  mode: choice('mode', ['debate', 'gate'], 'debate'),
  'gate-policy': choice('gate-policy', GATE_POLICIES, 'require-decision'),
  'decision-signing-key': z.string().trim().min(1).optional(),
  'decision-public-key': z.string().trim().min(1).optional(),
  'required-label': z.string().trim().min(1).optional(),
  'exempt-label': z.string().trim().min(1).default('debate-exempt'),
  'decision-record-path': z.string().trim().min(1).optional(),
  decision: z.string().trim().min(1).optional(),
  'deadline-minutes': z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: expected('deadline-minutes', 'a number of minutes, such as 20 or 0.5') })
    .transform(Number)
    .pipe(z.number().positive("Input 'deadline-minutes': expected more than 0 minutes").max(360, "Input 'deadline-minutes': at most 360 (GitHub stops a job after 6 hours)"))
    .default(20),
});

const environmentSchema = z.object({
  GITHUB_EVENT_NAME: z.string({ error: 'GITHUB_EVENT_NAME is not set: run this inside GitHub Actions or via the CLI' }),
  GITHUB_EVENT_PATH: z.string({ error: 'GITHUB_EVENT_PATH is not set: run this inside GitHub Actions or via the CLI' }),
  GITHUB_REPOSITORY: z
    .string({ error: 'GITHUB_REPOSITORY is not set' })
    .regex(/^[^/\s]+\/[^/\s]+$/, 'GITHUB_REPOSITORY: expected owner/name'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  GITHUB_SERVER_URL: z.url().default('https://github.com'),
  GITHUB_RUN_ID: z.string().optional(),
  RUNNER_TEMP: z.string().min(1).optional(),
  GITHUB_WORKSPACE: z.string().min(1).optional(),
});

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
  /** Input `mode`: `debate`, or `gate` (no model call; sets the `pr-debate` check run, contract section 9). */
  mode: 'debate' | 'gate';
  /** Input `gate-policy`. */
  gatePolicy: GatePolicy;
  /** Input `decision-signing-key` (PKCS#8 PEM), masked; signs each record. */
  decisionSigningKey: string | undefined;
  /** Input `decision-public-key` (SPKI PEM); with it, the gate accepts only records whose signature verifies. */
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
    triggerLabel: i['trigger-label'],
    command: i.command,
    rfcPath: i['rfc-path'],
    preset: i.preset,
    maxRounds: i['max-rounds'],
    language: i.language,
    maxEvidenceTokens: i['max-evidence-tokens'],
    botLogin: i['bot-login'],
    deadlineMinutes: i['deadline-minutes'],
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

/**
 * Reads the webhook event payload the runner wrote to `GITHUB_EVENT_PATH`.
 * @throws SettingsError when the file cannot be read or is not JSON
 */
export async function readEventPayload(path: string): Promise<unknown> {
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
 * The API key, for a run that calls a model.
 * @throws SettingsError naming the input and how to set it
 */
export function requireApiKey(settings: Settings): string {
  if (settings.anthropicApiKey) return settings.anthropicApiKey;
  throw new SettingsError(
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
