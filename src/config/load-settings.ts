import { describeGitHubError } from '../github/describe-github-error.js';
import type { DefaultBranchFile } from '../github/read-default-branch-file.js';
import { INPUT_NAMES, parseSettings, SettingsError, type Settings } from '../settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { isConfigurable } from './config-schema.js';
import { ConfigError, parseConfig } from './parse-config.js';

/**
 * Settings from three layers (contract section 11): workflow inputs that are set, then the repository
 * config file on the default branch, then the built-in defaults. One place for the action and the CLI.
 *
 * "Set" means non-empty: the runner gives every input its action.yml default as `INPUT_*`, so
 * `core.getInput` cannot tell a default from a value the workflow wrote. The inputs the config file may
 * set therefore have no default in action.yml (their descriptions say "default: from the config file,
 * else X"); the defaults live in `src/settings.ts`, below the config layer.
 */

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
 * Reads the inputs, the config file they name, and applies the precedence.
 * @param options.getInput the raw input, undefined when empty (`core.getInput(name) || undefined`, or the CLI's flags)
 * @param options.env the process environment (for `parseSettings`)
 * @param options.readConfig reads a file from the default branch ({@link import('../github/read-default-branch-file.js').readDefaultBranchFile})
 * @param options.warn where ignored keys are reported, by name
 * @throws SettingsError naming the bad input, or the config file and its bad key, and how to fix it
 */
export async function loadSettings(options: {
  getInput: (name: string) => string | undefined;
  env: Record<string, string | undefined>;
  readConfig: (path: string) => Promise<DefaultBranchFile>;
  warn: (message: string) => void;
  /** As `parseSettings`' option: a bad input (or config value) is named in `invalidInput` instead of thrown. */
  lenient?: boolean;
}): Promise<LoadedSettings> {
  const lenient = { lenient: options.lenient === true };
  const first = parseSettings(options.getInput, options.env, lenient);
  let file: DefaultBranchFile;
  try {
    file = await options.readConfig(first.configFile);
  } catch (error) {
    const reason = describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error));
    throw new SettingsError(`Input 'config-file': could not read ${first.configFile} from the default branch: ${reason}`);
  }
  const where = `${first.configFile} on ${file.branch}`;
  let config;
  try {
    config = file.text === undefined ? undefined : parseConfig(file.text, where, INPUT_NAMES);
  } catch (error) {
    if (error instanceof ConfigError) throw new SettingsError(error.message);
    throw error;
  }
  for (const warning of config?.warnings ?? []) options.warn(warning);
  for (const key of config?.values.keys() ?? []) {
    if (!INPUT_NAMES.includes(key)) options.warn(`${where}: key '${key}' is not read by this version of pr-debate (it has no such input); it is ignored`);
  }

  const origins = new Map<string, SettingOrigin>();
  const layered = (name: string): string | undefined => {
    const input = options.getInput(name);
    const fromConfig = isConfigurable(name) ? config?.values.get(name) : undefined;
    origins.set(name, input !== undefined ? 'input' : fromConfig !== undefined ? 'config' : 'default');
    return input ?? fromConfig;
  };
  let settings: Settings;
  try {
    settings = parseSettings(layered, options.env, lenient);
    // A value from the file is the file's key to fix.
    const bad = settings.invalidInput;
    if (bad && origins.get(bad.input) === 'config') settings = { ...settings, invalidInput: { ...bad, message: bad.message.replace(`Input '${bad.input}'`, `${where}: key '${bad.input}'`) } };
  } catch (error) {
    // The input's parser names the input; a value from the file is the file's key to fix.
    const name = error instanceof SettingsError ? /^Input '([^']+)'/.exec(error.message)?.[1] : undefined;
    if (name !== undefined && origins.get(name) === 'config') throw new SettingsError(error instanceof Error ? error.message.replace(`Input '${name}'`, `${where}: key '${name}'`) : String(error));
    throw error;
  }
  const explain = INPUT_NAMES.map((name) => {
    const origin = origins.get(name) ?? 'default';
    if (origin === 'default') return `${name}: the default`;
    const value = isConfigurable(name) ? JSON.stringify(origin === 'input' ? options.getInput(name) : config?.values.get(name)) : '(set)';
    return `${name}: ${value} from ${origin === 'config' ? where : 'the input'}`;
  });
  return { settings, outOfScope: config?.outOfScope ?? [], origins, configSource: file.text === undefined ? undefined : where, explain };
}

/**
 * Adds the config file's `out-of-scope` topics to a debate's (after the command's own, without repeats).
 * @returns the trigger itself when it is not a debate
 */
export function withOutOfScope(trigger: Trigger, outOfScope: string[]): Trigger {
  if (trigger.kind !== 'debate' || outOfScope.length === 0) return trigger;
  return { ...trigger, options: { ...trigger.options, outOfScope: [...new Set([...trigger.options.outOfScope, ...outOfScope])] } };
}
