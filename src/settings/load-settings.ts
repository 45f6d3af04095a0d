import { describeGitHubError } from '../github/describe-github-error.js';
import type { DefaultBranchFile } from '../github/read-default-branch-file.js';
import { INPUT_NAMES } from './input-schemas.js';
import {
  completeSettings,
  SettingsError,
  startSettings,
  type SettingsProblem,
  type StartedSettings,
} from './parse-settings.js';
import { checkSettings, type Settings, type SettingsPurpose } from './settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { isConfigurable } from './config-schema.js';
import { ConfigError, parseConfig, type ParsedConfig } from './parse-config.js';

/**
 * Settings from three layers (docs/config.md): workflow inputs that are set, then the repository
 * config file on the default branch, then the built-in defaults. One place for the action and the CLI,
 * in two steps so the trigger is decided before any API call: `startSettings` (`parse-settings.ts`) reads
 * every input once and parses those the config file cannot set; {@link layerSettings} reads the config
 * file once, parses every input once, layered, and checks the result for the run's purpose (`settings.ts`).
 *
 * "Set" means non-empty: the runner gives every input its action.yml default as `INPUT_*`, so
 * `core.getInput` cannot tell a default from a value the workflow wrote. The inputs the config file may
 * set therefore have no default in action.yml (their descriptions say "default: from the config file,
 * else X"); the defaults live in `src/settings/input-schemas.ts`, below the config layer.
 */

/** Inputs the log names only as set: the secrets (masked by the runner anyway), and `decision`, a whole record. */
const UNSHOWN_INPUTS = new Set([
  'github-token',
  'anthropic-api-key',
  'openai-api-key',
  'decision-signing-key',
  'decision',
]);

/** Where an effective setting came from. */
export type SettingOrigin = 'input' | 'config' | 'default';

/** The settings of a run and how they were decided. */
export interface LoadedSettings {
  settings: Settings;
  /** Topics the config file adds to every debate's out-of-scope list. */
  outOfScope: string[];
  /** Input name -> where its value came from, for every input. */
  origins: Map<string, SettingOrigin>;
  /** The config file as named in the log, e.g. `.github/pr-debate.yml on main`, or undefined when there is none. */
  configSource: string | undefined;
  /** One line per input: its value and where it came from (secrets only as "set"), for the log. */
  explain: string[];
}

/**
 * Reads the config file the inputs name (once), applies the precedence, parses every input (once) and
 * checks the settings for the run's purpose (`checkSettings`).
 * @param started what `startSettings` returned
 * @param options.readConfig reads a file from the default branch ({@link import('../github/read-default-branch-file.js').readDefaultBranchFile})
 * @param options.warn where ignored keys and models announced for retirement are reported, by name
 * @param options.purpose what the run does, which decides what the check asks of the settings
 * @param options.strict a key no setting reads is an invalid input (named, with the nearest known key), not
 *   a warning; default for the gate and an accept (purpose `gate`)
 * @param options.today the day the role models' retirements are judged on (default the clock's)
 * With a lenient start (the action), a config file that cannot be read or used (not YAML, not a mapping,
 * a key of the wrong type, a mistyped key) is named in `problem` and the run goes on without it, to
 * say so where the user looks: a reply on the PR for a command or a label; for the gate, whose verdict
 * the file's keys change, its `pr-debate` check, concluded `action_required` (`src/modes/gate-mode.ts`), so a
 * broken file never leaves an earlier `success` standing. Without `lenient` (the CLI) it throws.
 * @throws SettingsError naming the bad input, or the config file and its bad key, and how to fix it (not lenient)
 */
export async function layerSettings(
  started: StartedSettings,
  options: {
    readConfig: (path: string) => Promise<DefaultBranchFile>;
    warn: (message: string) => void;
    purpose: SettingsPurpose;
    strict?: boolean;
    today?: Date;
  },
): Promise<LoadedSettings> {
  const { inputs, lenient } = started;
  const configFile = started.settings.run.configFile;
  let problem: SettingsProblem | undefined = started.settings.problem;
  let file: DefaultBranchFile = { text: undefined, branch: '' };
  let where = configFile;
  let config: ParsedConfig | undefined;
  try {
    file = await readConfigFile(options.readConfig, configFile);
    where = `${configFile} on ${file.branch}`;
    config = file.text === undefined ? undefined : parseConfig(file.text, where, INPUT_NAMES);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof SettingsError)) throw error;
    if (!lenient) throw error instanceof SettingsError ? error : new SettingsError(error.message);
    file = { text: undefined, branch: file.branch };
    problem ??= { input: 'config-file', message: error.message, file: where };
  }
  // In a gate or accept run an unknown key is an invalid input: a mistyped gate key (`public-key:`, keys
  // nested under `gate:`) would leave the gate weaker than the file asks. A debate run only warns.
  const unknown = config?.unknown[0];
  const unknownKey =
    unknown === undefined
      ? undefined
      : `${where}: unknown key '${unknown.key}'${unknown.nearest ? ` (the nearest known key is '${unknown.nearest}')` : ''}; the gate does not pass a decision while the config file has a key it does not know, since a mistyped gate key would leave the gate weaker than the file asks. Rename or remove it (schema/pr-debate.schema.json lists the keys)`;
  if ((options.strict ?? options.purpose === 'gate') && unknownKey !== undefined) {
    if (!lenient) throw new SettingsError(unknownKey);
    problem ??= { input: 'config-file', message: unknownKey, file: where };
  }
  for (const warning of config?.warnings ?? []) options.warn(warning);
  for (const key of config?.values.keys() ?? []) {
    if (!INPUT_NAMES.includes(key))
      options.warn(
        `${where}: key '${key}' is not read by this version of pr-debate (it has no such input); it is ignored`,
      );
  }

  const origins = new Map<string, SettingOrigin>();
  const layered: Record<string, string | undefined> = {};
  for (const name of INPUT_NAMES) {
    const fromConfig = isConfigurable(name) ? config?.values.get(name) : undefined;
    origins.set(name, inputs[name] !== undefined ? 'input' : fromConfig !== undefined ? 'config' : 'default');
    layered[name] = inputs[name] ?? fromConfig;
  }
  const fileOf = (name: string) => (origins.get(name) === 'config' ? where : undefined);
  const completed = completeSettings(started, layered, { fileOf, file: config?.gate ?? {}, problem });
  const settings = await checkSettings(completed.parsed, {
    purpose: options.purpose,
    problem: completed.problem,
    fileOf,
    unknownConfigKey: unknownKey,
    ...(options.today ? { today: options.today } : {}),
  });
  for (const warning of settings.models.retirements.warnings) options.warn(warning);
  const explain = INPUT_NAMES.map((name) => {
    const origin = origins.get(name) ?? 'default';
    if (origin === 'default') return `${name}: the default`;
    const value = UNSHOWN_INPUTS.has(name) ? '(set)' : JSON.stringify(layered[name]);
    return `${name}: ${value} from ${origin === 'config' ? where : 'the input'}`;
  });
  // The gate's own keys are the config file's only: no input sets them.
  for (const { key, value } of config?.gateKeys ?? []) explain.push(`${key}: ${JSON.stringify(value)} from ${where}`);
  return {
    settings,
    outOfScope: config?.outOfScope ?? [],
    origins,
    configSource: file.text === undefined ? undefined : where,
    explain,
  };
}

/**
 * Both steps at once, for a run that decides nothing between them (the CLI always debates).
 * @throws SettingsError as `startSettings` and {@link layerSettings}
 */
export async function loadSettings(options: {
  getInput: (name: string) => string | undefined;
  env: Record<string, string | undefined>;
  readConfig: (path: string) => Promise<DefaultBranchFile>;
  warn: (message: string) => void;
  purpose: SettingsPurpose;
  strict?: boolean;
  lenient?: boolean;
  today?: Date;
}): Promise<LoadedSettings> {
  return layerSettings(startSettings(options.getInput, options.env, options), options);
}

async function readConfigFile(
  readConfig: (path: string) => Promise<DefaultBranchFile>,
  path: string,
): Promise<DefaultBranchFile> {
  try {
    return await readConfig(path);
  } catch (error) {
    const reason = describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error));
    throw new SettingsError(`Input 'config-file': could not read ${path} from the default branch: ${reason}`);
  }
}

/**
 * Adds the config file's `out-of-scope` topics to a debate's (after the command's own, without repeats).
 * @param trigger the one trigger the run detected
 */
export function withOutOfScope(
  trigger: Extract<Trigger, { kind: 'debate' }>,
  outOfScope: string[],
): Extract<Trigger, { kind: 'debate' }> {
  if (outOfScope.length === 0) return trigger;
  return {
    ...trigger,
    options: { ...trigger.options, outOfScope: [...new Set([...trigger.options.outOfScope, ...outOfScope])] },
  };
}

/**
 * The settings of a run without a config file (tests, the eval): every input parsed and checked at once.
 * @param options.purpose what the run does (default: a debate)
 * @param options.lenient as in `startSettings`
 * @param options.today the day the role models' retirements are judged on
 * @throws SettingsError naming the first bad input and how to fix it (not lenient); for the environment, always
 */
export async function parseSettings(
  getInput: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
  options: { purpose?: SettingsPurpose; lenient?: boolean; today?: Date } = {},
): Promise<Settings> {
  const started = startSettings(getInput, env, options);
  const { parsed, problem } = completeSettings(started, started.inputs);
  return checkSettings(parsed, {
    purpose: options.purpose ?? 'debate',
    problem,
    ...(options.today ? { today: options.today } : {}),
  });
}
