import path from 'node:path';
import { loadSettings } from '../settings/load-settings.js';
import { SettingsError } from '../settings/parse-settings.js';
import type { CliCommand } from './parse-cli-args.js';
import { readWorkingFile } from './prepare-local-run.js';
import { NO_GITHUB_TOKEN, type CliIo } from './cli-io.js';

/** Where the action looks for the config file when the `config-file` input is not set. */
const DEFAULT_CONFIG_FILE = '.github/pr-debate.yml';

/**
 * `pr-debate config check [FILE]` (issue #33): a config file read by the very code a run reads it with
 * (`loadSettings`, `parseConfig`), before it is merged: the same warnings (ignored keys, secrets) and
 * the same error (not YAML, at the line to fix; a mistyped key with its "did you mean"; a value of the
 * wrong kind), then every key it read and what it sets, the gate's own keys included, and whether a key
 * the gate does not know keeps every decision from passing. Reads no network.
 * @returns 0 when a run could use the file (warnings or not), 1 when a run would stop on it or there is no file
 */
export async function checkConfig(command: Extract<CliCommand, { kind: 'config-check' }>, io: CliIo): Promise<number> {
  const file = command.file ?? DEFAULT_CONFIG_FILE;
  const cwd = io.cwd ?? process.cwd();
  const full = path.resolve(cwd, file);
  const text = await readWorkingFile(full);
  if (text === undefined) {
    io.stderr.write(
      `pr-debate: no file ${file}${command.file === undefined ? ' (pr-debate config check FILE checks another)' : ''}\n`,
    );
    return 1;
  }
  const warnings: string[] = [];
  // Input config-file takes a path in the repository; a file elsewhere is named by its name, in its folder.
  const inside = path.relative(cwd, full);
  const local = !inside.startsWith('..') && !path.isAbsolute(inside);
  const given: Record<string, string> = {
    'github-token': NO_GITHUB_TOKEN,
    'config-file': local ? inside.split(path.sep).join('/') : path.basename(full),
  };
  const folder = local ? 'this folder' : path.dirname(full);
  try {
    const loaded = await loadSettings({
      getInput: (name) => given[name],
      env: {
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_EVENT_PATH: '(command line)',
        GITHUB_REPOSITORY: 'local/config-check',
      },
      readConfig: () => Promise.resolve({ branch: folder, text }),
      warn: (message) => warnings.push(message),
      purpose: 'answer',
    });
    for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
    const set = loaded.explain.filter(
      (line) => line.includes(' from ') && !line.startsWith('config-file:') && !line.startsWith('github-token:'),
    );
    io.stdout.write(
      `${file}: a run can use it${warnings.length > 0 ? `, with ${warnings.length} warning${warnings.length === 1 ? '' : 's'} above` : ''}; it sets ${set.length === 0 ? 'nothing' : `\n  ${set.join('\n  ')}`}\n`,
    );
    if (loaded.outOfScope.length > 0)
      io.stdout.write(`  out-of-scope, added to every debate: ${loaded.outOfScope.join('; ')}\n`);
    // A debate runs on it, but neither its check nor the gate passes a decision while the key is there.
    if (loaded.settings.unknownConfigKey !== undefined)
      io.stdout.write(`but no decision passes the merge gate with it: ${loaded.settings.unknownConfigKey}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
    io.stderr.write(`pr-debate: ${error.message}\n`);
    return 1;
  }
}
