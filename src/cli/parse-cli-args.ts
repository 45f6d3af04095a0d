import { parseArgs, type ParseArgsConfig } from 'node:util';
import { INPUT_NAMES, inputsSchema } from '../input-schemas.js';
import { parseCommandLine } from '../trigger/parse-command.js';
import { parseEvalArgs, type EvalCommand } from './parse-eval-args.js';
import { parsePullRequestRef, type PullRequestRef } from './parse-pr-ref.js';

/**
 * The command line of `pr-debate` (contract section 10), parsed with `node:util` `parseArgs`. Pure.
 */

/** Bad usage: the message says what was wrong; the caller prints it with `usage` and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** What the user asked for. */
export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | {
      kind: 'run';
      pr: PullRequestRef;
      /** 2-4 positions, or empty: the moderator infers them. */
      positions: string[];
      /** The position marked `(this PR)` in `--positions` (contract section 3), if any. */
      prPosition?: 'A' | 'B' | 'C' | 'D';
      preset: string | undefined;
      rounds: number | undefined;
      rfc: string | undefined;
      outOfScope: string[];
      post: boolean;
      out: string | undefined;
      json: boolean;
      verbose: boolean;
      apiUrl: string | undefined;
      /** Inputs by action.yml name: the options above that are inputs, and every `--input name=value`. */
      inputs: Record<string, string>;
    }
  | { kind: 'gate'; pr: PullRequestRef; json: boolean; verbose: boolean; apiUrl: string | undefined; inputs: Record<string, string>; appId: number }
  | EvalCommand;

const PR = '<PR URL | owner/repo#N>';

/** The GitHub Actions app, whose check runs `GITHUB_TOKEN` writes (its `app.id` on github.com). */
const GITHUB_ACTIONS_APP_ID = 15368;

/** Usage text of each subcommand, and of the whole program. */
export const USAGE = {
  main: `Usage: pr-debate <command> [options]

Commands:
  run ${PR}   debate a pull request; prints the comment, posts nothing unless --post
  gate ${PR}  print what the merge gate would conclude, and why
  eval --cases DIR              does debating pay? every arm on labelled cases, at equal dollars
  eval import <PR | BASE..HEAD> <DIR>  a case folder to label

Options:
  -h, --help                    usage (also after a command: pr-debate run --help)
  -v, --version                 the version

Environment: GITHUB_TOKEN or GH_TOKEN (GitHub), ANTHROPIC_API_KEY (models), GITHUB_API_URL (GitHub
Enterprise Server), ANTHROPIC_BASE_URL. Exit codes: 0 done, 1 the run failed, 2 bad usage.`,
  run: `Usage: pr-debate run ${PR} [options]

Runs the action's pipeline on the pull request: evidence, debate, citation checks, judge. A dry run by
default: the comment is printed to stdout and nothing is written to GitHub.

Options:
  --positions "A vs B [vs C]"  the positions to debate (2 to 4); default: the moderator infers them
  --preset quick|standard|deep debate depth (default: the config file's, else standard)
  --rounds N                   cross-examination rounds, 0 to 5 (like the command's --rounds=N; max-rounds caps it)
  --rfc PATH                   the RFC / design document at the PR head
  --out-of-scope "a; b"        topics the debate must not drift into
  --model ID                   model for every role ([provider:]model)
  --max-cost-usd N             spending cap of the run, in US dollars
  --input NAME=VALUE           any action input by its action.yml name (repeatable)
  --post                       publish the comment on the PR, exactly as the action would
  --out FILE                   write the comment to FILE instead of stdout
  --json                       print the decision record (JSON) to stdout instead of the comment
  --api-url URL                GitHub REST base (default: GITHUB_API_URL, else from the PR URL)
  --verbose                    also print the pipeline's log lines and each GitHub request on stderr
  -h, --help                   this text

Settings as in the action: options here > .github/pr-debate.yml on the default branch > defaults.
Progress goes to stderr; Ctrl-C stops the model calls in flight and prints what exists.`,
  gate: `Usage: pr-debate gate ${PR} [options]

Prints what the merge gate would conclude on the PR's current head, and why. Writes nothing.

Options:
  --app-id N                   the app whose pr-debate check runs hold trusted records (default 15368,
                               GitHub Actions, for GITHUB_TOKEN; a GitHub App setup gives its own id)
  --json                       print the conclusion as JSON
  --api-url URL                GitHub REST base (default: GITHUB_API_URL, else from the PR URL)
  --input NAME=VALUE           any action input, e.g. gate-policy=require-confident (repeatable)
  --verbose                    also print the gate's log lines and each GitHub request on stderr
  -h, --help                   this text`,
} as const;

const common = {
  help: { type: 'boolean', short: 'h' },
  'api-url': { type: 'string' },
  input: { type: 'string', multiple: true },
  json: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/**
 * @param argv the arguments after `node pr-debate`
 * @throws UsageError for an unknown command or option, a missing or malformed value
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') return { kind: 'help', text: USAGE.main };
  if (command === '-v' || command === '--version') return { kind: 'version' };
  if (command === 'run') return parseRun(rest);
  if (command === 'gate') return parseGate(rest);
  if (command === 'eval') return parseEvalArgs(rest);
  throw new UsageError(command.startsWith('-') ? `unknown option ${command}` : `unknown command "${command}"`, USAGE.main);
}

/** `parseArgs` with the usage error the CLI prints. @throws UsageError naming the option */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: O, usage: string) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the option: "Unknown option '--prest'", "Option '--out <value>' argument missing".
    throw new UsageError(error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error), usage);
  }
}

function pullRequest(positionals: string[], usage: string): PullRequestRef {
  if (positionals.length === 0) throw new UsageError('name the pull request: a URL or owner/repo#N', usage);
  if (positionals.length > 1) throw new UsageError(`one pull request at a time; got ${positionals.length}: ${positionals.join(' ')}`, usage);
  const ref = parsePullRequestRef(positionals[0]!);
  if (!ref) throw new UsageError(`"${positionals[0]}" is not a pull request: expected a URL such as https://github.com/owner/repo/pull/12, or owner/repo#12`, usage);
  return ref;
}

/** `--input NAME=VALUE` pairs by action.yml name. @throws UsageError for a malformed pair or an unknown input */
export function parseInputs(values: string[] | undefined, usage: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of values ?? []) {
    const match = /^([A-Za-z_][A-Za-z0-9_-]*)=([\s\S]*)$/.exec(pair);
    if (!match) throw new UsageError(`--input ${pair}: expected NAME=VALUE, such as --input language=German`, usage);
    const [, name = '', value = ''] = match;
    if (!INPUT_NAMES.includes(name)) throw new UsageError(`--input ${pair}: pr-debate has no input '${name}' (it has ${INPUT_NAMES.join(', ')})`, usage);
    out[name] = value;
  }
  return out;
}

const INPUT_SCHEMAS = new Map(Object.entries(inputsSchema.shape));

/**
 * Checks each value with the action's own input schema (src/input-schemas.ts), so that a bad value is a
 * usage error before any request rather than a settings error after GitHub was asked for the config file.
 * @param given inputs by action.yml name; `option` names the option a value came from, for the message
 * @throws UsageError with the schema's words: `--preset turbo: expected one of quick, standard, deep, got "turbo"`
 */
export function checkInputs(given: Record<string, string>, option: Record<string, string>, usage: string): Record<string, string> {
  for (const [name, value] of Object.entries(given)) {
    const result = INPUT_SCHEMAS.get(name)?.safeParse(value);
    if (result && !result.success) throw new UsageError(`${option[name] ?? `--input ${name}=${value}`}: ${(result.error.issues[0]?.message ?? 'invalid').replace(/^Input '[^']+': /, '')}`, usage);
  }
  return given;
}

/** `--api-url`: an http(s) URL, checked before it is asked anything. */
function apiUrl(text: string | undefined, usage: string): string | undefined {
  if (text === undefined) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new UsageError(`--api-url ${text}: expected the GitHub REST API's base URL, such as https://api.github.com or https://ghe.example.com/api/v3`, usage);
  return text;
}

function parseRun(args: readonly string[]): CliCommand {
  const usage = USAGE.run;
  const { values, positionals } = parse(
    args,
    {
      ...common,
      positions: { type: 'string' },
      preset: { type: 'string' },
      rounds: { type: 'string' },
      rfc: { type: 'string' },
      'out-of-scope': { type: 'string' },
      model: { type: 'string' },
      'max-cost-usd': { type: 'string' },
      post: { type: 'boolean' },
      out: { type: 'string' },
      verbose: { type: 'boolean' },
    },
    usage,
  );
  if (values.help) return { kind: 'help', text: usage };
  const pr = pullRequest(positionals, usage);
  // Positions and options read exactly as the comment command reads them (contract section 3).
  const commandText = ['/debate', values.positions ?? '', values.rounds === undefined ? '' : `--rounds=${values.rounds}`, values.rfc === undefined ? '' : `--rfc=${JSON.stringify(values.rfc)}`, values['out-of-scope'] === undefined ? '' : `--out-of-scope=${JSON.stringify(values['out-of-scope'])}`]
    .filter(Boolean)
    .join(' ');
  const parsed = parseCommandLine(commandText, '/debate');
  if (parsed.kind !== 'debate') throw new UsageError(parsed.kind === 'invalid' ? parsed.problem.replace(/--rounds=/g, '--rounds ').replace(/--rfc=/g, '--rfc ') : `--positions "${values.positions ?? ''}": expected "A vs B [vs C [vs D]]"`, usage);
  const given = { ...parseInputs(values.input, usage) };
  const option: Record<string, string> = {};
  for (const [name, value] of [['preset', values.preset], ['model', values.model], ['max-cost-usd', values['max-cost-usd']]] as const) {
    if (value === undefined) continue;
    given[name] = value;
    option[name] = `--${name} ${value}`;
  }
  checkInputs(given, option, usage);
  return {
    kind: 'run',
    pr,
    positions: parsed.positions,
    ...(parsed.options.prPosition === undefined ? {} : { prPosition: parsed.options.prPosition }),
    preset: values.preset,
    rounds: parsed.options.rounds,
    rfc: parsed.options.rfc,
    outOfScope: parsed.options.outOfScope,
    post: values.post ?? false,
    out: values.out,
    json: values.json ?? false,
    verbose: values.verbose ?? false,
    apiUrl: apiUrl(values['api-url'], usage),
    inputs: given,
  };
}

function parseGate(args: readonly string[]): CliCommand {
  const usage = USAGE.gate;
  const { values, positionals } = parse(args, { ...common, 'app-id': { type: 'string' }, verbose: { type: 'boolean' } }, usage);
  if (values.help) return { kind: 'help', text: usage };
  const appId = values['app-id'] ?? String(GITHUB_ACTIONS_APP_ID);
  if (!/^\d+$/.test(appId)) throw new UsageError(`--app-id ${appId}: expected the app's numeric id`, usage);
  const pr = pullRequest(positionals, usage);
  return { kind: 'gate', pr, json: values.json ?? false, verbose: values.verbose ?? false, apiUrl: apiUrl(values['api-url'], usage), inputs: checkInputs(parseInputs(values.input, usage), {}, usage), appId: Number(appId) };
}
