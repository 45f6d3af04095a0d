import type { ParseArgsConfig } from 'node:util';
import { parseCommandLine } from '../trigger/parse-command.js';
import { GITHUB_ACTIONS_APP_ID, SHORT_USAGE, USAGE } from './cli-usage.js';
import { closestOption } from '../settings/closest-option.js';
import { parsePullRequestRef, type PullRequestRef } from './parse-pr-ref.js';
import { checkInputs, parse, parseInputs, UsageError } from './parse-cli-options.js';

export { USAGE } from './cli-usage.js';

/**
 * The command line of `pr-debate` (docs/cli.md), parsed with `node:util` `parseArgs`. Pure.
 */

/** What `run` debates: a pull request on GitHub, or a range of the local clone (`BASE..HEAD`). */
export type RunTarget = { kind: 'pull'; pr: PullRequestRef } | { kind: 'range'; base: string; head: string };

/** What the user asked for. */
export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'config-check'; file: string | undefined }
  | {
      kind: 'run';
      target: RunTarget;
      /** `--rehearsal`: the rehearsal model answers every call; no key is needed. */
      rehearsal: boolean;
      /** 2-4 positions, or empty: the moderator infers them. */
      positions: string[];
      /** The position marked `(this PR)` in `--positions` (docs/how-a-debate-runs.md), if any. */
      prPosition?: 'A' | 'B' | 'C' | 'D' | null;
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
  | {
      kind: 'gate';
      pr: PullRequestRef;
      json: boolean;
      verbose: boolean;
      apiUrl: string | undefined;
      inputs: Record<string, string>;
      appId: number;
    };

const common = {
  help: { type: 'boolean', short: 'h' },
  'api-url': { type: 'string' },
  input: { type: 'string', multiple: true },
  json: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/**
 * @param argv the arguments after `node pr-debate`
 * @param extensions the names of the subcommands the entry point adds (`eval`), for "did you mean"
 * @throws UsageError for an unknown command or option, a missing or malformed value
 */
export function parseCliArgs(argv: readonly string[], extensions: readonly string[] = []): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help')
    return { kind: 'help', text: USAGE.main };
  if (command === '-v' || command === '--version') return { kind: 'version' };
  if (command === 'run') return parseRun(rest);
  if (command === 'gate') return parseGate(rest);
  if (command === 'config') return parseConfigCheck(rest);
  const commands = ['run', 'gate', 'config', ...extensions];
  const near = closestOption(command.replace(/^-+/, ''), commands);
  throw new UsageError(
    command.startsWith('-')
      ? `unknown option ${command}`
      : `unknown command "${command}"${near ? `; did you mean ${near}?` : ''}`,
    SHORT_USAGE.main,
  );
}

function pullRequest(positionals: string[], usage: string): PullRequestRef {
  if (positionals.length === 0) throw new UsageError('name the pull request: a URL or owner/repo#N', usage);
  if (positionals.length > 1)
    throw new UsageError(`one pull request at a time; got ${positionals.length}: ${positionals.join(' ')}`, usage);
  const ref = parsePullRequestRef(positionals[0]!);
  if (!ref)
    throw new UsageError(
      `"${positionals[0]}" is not a pull request: expected a URL such as https://github.com/owner/repo/pull/12, or owner/repo#12`,
      usage,
    );
  return ref;
}

/** `A..B` or `A...B` (both mean the diff from the merge base, as a pull request's), each side a git revision. */
const RANGE = /^([^.\s][^\s]*?)\.{2,3}([^.\s][^\s]*)$/;

/** What `run` debates: a pull request, or a range of the local clone. */
function runTarget(positionals: string[], usage: string): RunTarget {
  if (positionals.length === 0)
    throw new UsageError(
      'name the pull request (a URL or owner/repo#N) or a range of this clone (BASE..HEAD, such as main..my-branch)',
      usage,
    );
  if (positionals.length > 1)
    throw new UsageError(
      `one pull request or range at a time; got ${positionals.length}: ${positionals.join(' ')}`,
      usage,
    );
  const text = positionals[0]!;
  const range = parsePullRequestRef(text) ? undefined : RANGE.exec(text);
  if (range) return { kind: 'range', base: range[1]!, head: range[2]! };
  const ref = parsePullRequestRef(text);
  if (!ref)
    throw new UsageError(
      `"${text}" is not a pull request or a range: expected a URL such as https://github.com/owner/repo/pull/12, owner/repo#12, or BASE..HEAD such as main..my-branch`,
      usage,
    );
  return { kind: 'pull', pr: ref };
}

function parseConfigCheck(args: readonly string[]): CliCommand {
  const { values, positionals } = parse(args, { help: { type: 'boolean', short: 'h' } }, SHORT_USAGE.config);
  if (values.help) return { kind: 'help', text: USAGE.config };
  const [sub, file, ...more] = positionals;
  if (sub !== 'check')
    throw new UsageError(
      sub === undefined
        ? 'config needs a subcommand: config check [FILE]'
        : `unknown subcommand "config ${sub}"; the one there is: config check [FILE]`,
      SHORT_USAGE.config,
    );
  if (more.length > 0)
    throw new UsageError(
      `one file at a time; got ${more.length + 1}: ${[file, ...more].join(' ')}`,
      SHORT_USAGE.config,
    );
  return { kind: 'config-check', file };
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
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new UsageError(
      `--api-url ${text}: expected the GitHub REST API's base URL, such as https://api.github.com or https://ghe.example.com/api/v3`,
      usage,
    );
  return text;
}

function parseRun(args: readonly string[]): CliCommand {
  const usage = SHORT_USAGE.run;
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
      rehearsal: { type: 'boolean' },
      'no-pr-position': { type: 'boolean' },
    },
    usage,
  );
  if (values.help) return { kind: 'help', text: USAGE.run };
  const target = runTarget(positionals, usage);
  if (target.kind === 'range' && values.post)
    throw new UsageError(
      `--post publishes on a pull request; ${target.base}..${target.head} is a range of this clone, with none to post on`,
      usage,
    );
  if (values.rehearsal && values.post)
    throw new UsageError(
      '--post with --rehearsal: a rehearsal is the rehearsal model, not a debate, so its comment and record are never posted as a decision; drop --post to see it, or --rehearsal to debate',
      usage,
    );
  // Positions and options read exactly as the comment command reads them (docs/how-a-debate-runs.md).
  const commandText = [
    '/debate',
    values.positions ?? '',
    values['no-pr-position'] ? '--no-pr-position' : '',
    values.rounds === undefined ? '' : `--rounds=${values.rounds}`,
    values.rfc === undefined ? '' : `--rfc=${JSON.stringify(values.rfc)}`,
    values['out-of-scope'] === undefined ? '' : `--out-of-scope=${JSON.stringify(values['out-of-scope'])}`,
  ]
    .filter(Boolean)
    .join(' ');
  const parsed = parseCommandLine(commandText, '/debate');
  if (parsed.kind !== 'debate')
    throw new UsageError(
      parsed.kind === 'invalid'
        ? parsed.problem.replace(/--rounds=/g, '--rounds ').replace(/--rfc=/g, '--rfc ')
        : `--positions "${values.positions ?? ''}": expected "A vs B [vs C [vs D]]"`,
      usage,
    );
  const given = { ...parseInputs(values.input, usage) };
  const option: Record<string, string> = {};
  for (const [name, value] of [
    ['preset', values.preset],
    ['model', values.model],
    ['max-cost-usd', values['max-cost-usd']],
  ] as const) {
    if (value === undefined) continue;
    given[name] = value;
    option[name] = `--${name} ${value}`;
  }
  checkInputs(given, option, usage);
  return {
    kind: 'run',
    target,
    rehearsal: values.rehearsal ?? false,
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
  const usage = SHORT_USAGE.gate;
  const { values, positionals } = parse(
    args,
    { ...common, 'app-id': { type: 'string' }, verbose: { type: 'boolean' } },
    usage,
  );
  if (values.help) return { kind: 'help', text: USAGE.gate };
  const appId = values['app-id'] ?? String(GITHUB_ACTIONS_APP_ID);
  if (!/^\d+$/.test(appId)) throw new UsageError(`--app-id ${appId}: expected the app's numeric id`, usage);
  const pr = pullRequest(positionals, usage);
  return {
    kind: 'gate',
    pr,
    json: values.json ?? false,
    verbose: values.verbose ?? false,
    apiUrl: apiUrl(values['api-url'], usage),
    inputs: checkInputs(parseInputs(values.input, usage), {}, usage),
    appId: Number(appId),
  };
}
