import { parseArgs, type ParseArgsConfig } from 'node:util';
import { INPUT_NAMES, inputsSchema } from '../settings/input-schemas.js';
import { closestOption } from '../settings/closest-option.js';

/** Option parsing that `pr-debate` and its `eval` share: UsageError, `parse` ("did you mean"), the `--input` checks. */

/** Bad usage: the message says what was wrong; the caller prints it with `usage` (one line) and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    /** The command's one-line usage (`SHORT_USAGE`), which points at its `--help`. */
    readonly usage: string,
  ) {
    super(message);
  }
}

export function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: O,
  usage: string,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the option: "Unknown option '--prest'", "Option '--out <value>' argument missing".
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(message);
    const near = unknown ? closestOption(unknown[2]!, Object.keys(options)) : undefined;
    throw new UsageError(near ? `${message}; did you mean --${near}?` : message, usage);
  }
}

export function parseInputs(values: string[] | undefined, usage: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of values ?? []) {
    const match = /^([A-Za-z_][A-Za-z0-9_-]*)=([\s\S]*)$/.exec(pair);
    if (!match) throw new UsageError(`--input ${pair}: expected NAME=VALUE, such as --input language=German`, usage);
    const [, name = '', value = ''] = match;
    if (!INPUT_NAMES.includes(name))
      throw new UsageError(
        `--input ${pair}: pr-debate has no input '${name}' (it has ${INPUT_NAMES.join(', ')})`,
        usage,
      );
    out[name] = value;
  }
  return out;
}

const INPUT_SCHEMAS = new Map(Object.entries(inputsSchema.shape));

/**
 * Checks each value with the action's own input schema (src/settings/input-schemas.ts), so that a bad value is a
 * usage error before any request rather than a settings error after GitHub was asked for the config file.
 * @param given inputs by action.yml name; `option` names the option a value came from, for the message
 * @throws UsageError with the schema's words: `--preset turbo: expected one of quick, standard, deep, got "turbo"`
 */
export function checkInputs(
  given: Record<string, string>,
  option: Record<string, string>,
  usage: string,
): Record<string, string> {
  for (const [name, value] of Object.entries(given)) {
    const result = INPUT_SCHEMAS.get(name)?.safeParse(value);
    if (result && !result.success)
      throw new UsageError(
        `${option[name] ?? `--input ${name}=${value}`}: ${(result.error.issues[0]?.message ?? 'invalid').replace(/^Input '[^']+': /, '')}`,
        usage,
      );
  }
  return given;
}
