import { MAX_POSITIONS, MAX_ROUNDS, positionKey } from '../debate/plan.js';

/**
 * The comment command grammar (docs/how-a-debate-runs.md, "Command"), parsed in one place. Pure.
 *
 * ```
 * /debate                                    infer 2-4 positions from the PR and RFC
 * /debate <A> vs <B> [vs <C> [vs <D>]]       "versus" also accepted, case-insensitive
 * /debate <A> (this PR) vs <B>               claims A is the change as written; the moderator confirms it
 *                                            from the diff (record `pr_position`, else `pr_position_claimed`);
 *                                            "(this PR)" is case-insensitive and not part of the label
 * /debate ... --no-pr-position               no position is the change as written (record `pr_position: null`)
 * /debate ... --quick | --deep | --rounds=N  preset override (N = 0..5)
 * /debate ... --rfc=<path>                   use this file (at the PR head) as the RFC
 * /debate ... --out-of-scope="a; b"          topics the debate must not drift into
 *                                            (a position is at most 300 characters; the topics 1,000 in all)
 * /debate help                               reply with usage, no model call
 * /debate accept <A|B|C|D> <reason>          a maintainer records a human decision
 * /debate go                                 run the plan posted under confirm-plan
 * ```
 */

/** Options given after the positions. */
export interface CommandOptions {
  /** `--quick` or `--deep`: overrides input `preset`. */
  preset?: 'quick' | 'deep';
  /** `--rounds=N`: N cross-examination rounds (0 = quick), still capped by input `max-rounds`. */
  rounds?: number;
  rfc?: string;
  outOfScope: string[];
  /**
   * The id (A-D) of the position marked `(this PR)`: a claim that it is the change as written, which the
   * moderator checks against the diff (record `pr_position`, else `pr_position_claimed`); null for
   * `--no-pr-position` (no position is: the only way the record's `pr_position` is null); undefined when
   * neither was written (the moderator names it).
   */
  prPosition?: 'A' | 'B' | 'C' | 'D' | null;
}

/** What a comment asks for. `line` is the command line as written (trimmed). */
export type ParsedCommand =
  | { kind: 'none' }
  | { kind: 'help'; line: string }
  | { kind: 'debate'; line: string; positions: string[]; options: CommandOptions }
  | { kind: 'accept'; line: string; position: string; reason: string }
  /** `go`: run the plan a confirm-plan run posted (docs/how-a-debate-runs.md, docs/config.md). */
  | { kind: 'go'; line: string }
  | { kind: 'invalid'; line: string; problem: string };

/** The fewest positions a debate has (docs/how-a-debate-runs.md): 2, or none to infer them. */
const MIN_POSITIONS = 2;

/**
 * The longest position label, in characters (docs/how-a-debate-runs.md, "Command"). A label is one sentence
 * a maintainer could adopt; it is repeated in the progress comment, the verdict and the record, which
 * GitHub caps at 65,536 characters a comment, so a longer one is refused before any model call.
 */
const MAX_POSITION_CHARS = 300;

/** The most characters of `--out-of-scope` topics one command may give, in all (same reason as positions). */
const MAX_OUT_OF_SCOPE_CHARS = 1_000;

/**
 * The marker of the position that is the change as written (docs/how-a-debate-runs.md): `(this PR)` at the end
 * of a position, case-insensitive, spaces inside the brackets allowed; it is not part of the label.
 */
export const THIS_PR_MARKER = /\s*\(\s*this\s+pr\s*\)\s*$/i;

const OPTION = /(^|\s)--([A-Za-z][\w-]*)(?:=("[^"]*"|'[^']*'|\S*))?(?=\s|$)/g;
const SEPARATOR = /(?<=\s)(?:vs\.?|versus)(?=\s)/i;

/**
 * Parses one command line (as `findCommandLine` returns it).
 * Errors are returned, not thrown: the caller replies with the problem and the usage.
 */
export function parseCommandLine(line: string, command: string): ParsedCommand {
  const rest = line.slice(command.length).trim();
  if (/^help$/i.test(rest)) return { kind: 'help', line };
  if (/^go$/i.test(rest)) return { kind: 'go', line };
  // "go" with more words but no second position (`go --deep`, `go now`): the plan is run as posted.
  if (/^go\b/i.test(rest) && !SEPARATOR.test(` ${rest} `))
    return {
      kind: 'invalid',
      line,
      problem:
        '`go` takes nothing after it: it runs the posted plan as it is; to change the positions or options, write the whole command instead',
    };
  // `accept` takes one letter and a reason; words with "vs" in them make the line a debate request
  // (`/debate accept a breaking change vs keep backward compatibility`), docs/how-a-debate-runs.md, docs/gate.md.
  const accept = SEPARATOR.test(` ${rest} `) ? null : /^accept(?:\s+(\S+))?(?:\s+([\s\S]*))?$/i.exec(rest);
  if (accept) {
    const position = (accept[1] ?? '').toUpperCase();
    const reason = (accept[2] ?? '').trim();
    if (!/^[A-D]$/.test(position))
      return { kind: 'invalid', line, problem: '`accept` needs a position letter A, B, C or D' };
    if (!reason) return { kind: 'invalid', line, problem: '`accept` needs a reason after the position letter' };
    return { kind: 'accept', line, position, reason };
  }

  const options: CommandOptions = { outOfScope: [] };
  const problems: string[] = [];
  const withoutOptions = rest.replace(OPTION, (_match, lead: string, name: string, rawValue: string | undefined) => {
    const value = rawValue === undefined ? undefined : rawValue.replace(/^(["'])([\s\S]*)\1$/, '$2');
    const problem = applyOption(options, name.toLowerCase(), value);
    if (problem) problems.push(problem);
    return lead;
  });
  if (options.preset && options.rounds !== undefined)
    problems.push(
      `\`--${options.preset}\` and \`--rounds\` cannot be combined: \`--rounds=N\` sets the number of cross-examination rounds itself`,
    );
  const scopeChars = options.outOfScope.join('; ').length;
  if (scopeChars > MAX_OUT_OF_SCOPE_CHARS)
    problems.push(
      `\`--out-of-scope\` topics are ${scopeChars.toLocaleString('en-US')} characters; at most ${MAX_OUT_OF_SCOPE_CHARS.toLocaleString('en-US')} in all (name each topic in a few words)`,
    );
  if (problems.length > 0) return { kind: 'invalid', line, problem: problems[0]! };
  if (/(^|\s)--/.test(withoutOptions)) {
    return { kind: 'invalid', line, problem: 'an option must look like `--name` or `--name=value`' };
  }

  const text = withoutOptions.trim();
  if (text === '') return { kind: 'debate', line, positions: [], options };
  const sides = ` ${text} `.split(SEPARATOR).map((p) => p.trim());
  const marked = sides.flatMap((p, i) => (THIS_PR_MARKER.test(p) ? [i] : []));
  if (marked.length > 1) {
    return {
      kind: 'invalid',
      line,
      problem: `positions ${listLetters(marked)} are ${marked.length === 2 ? 'both' : 'all'} marked "(this PR)"; mark only the position that is the change as written`,
    };
  }
  const positions = sides.map((p) => p.replace(THIS_PR_MARKER, '').trim());
  if (positions.length < MIN_POSITIONS) {
    return {
      kind: 'invalid',
      line,
      problem: `only one position was given; write at least ${MIN_POSITIONS}, separated by "vs"`,
    };
  }
  if (positions.length > MAX_POSITIONS) {
    return {
      kind: 'invalid',
      line,
      problem: `${positions.length} positions were given; at most ${MAX_POSITIONS} are allowed`,
    };
  }
  const empty = positions.findIndex((p) => p === '');
  if (empty >= 0) return { kind: 'invalid', line, problem: `position ${String.fromCharCode(65 + empty)} is empty` };
  const long = positions.findIndex((p) => p.length > MAX_POSITION_CHARS);
  if (long >= 0)
    return {
      kind: 'invalid',
      line,
      problem: `position ${String.fromCharCode(65 + long)} is ${positions[long]!.length.toLocaleString('en-US')} characters; at most ${MAX_POSITION_CHARS} (one sentence a maintainer could adopt; the PR and the RFC carry the detail)`,
    };
  // Two sides that say the same (compared as the debate id compares them: case and spacing aside) are no debate.
  const keys = positions.map(positionKey);
  const repeat = keys.findIndex((key, i) => keys.indexOf(key) < i);
  if (repeat >= 0) {
    const first = keys.indexOf(keys[repeat]!);
    return {
      kind: 'invalid',
      line,
      problem: `positions ${String.fromCharCode(65 + first)} and ${String.fromCharCode(65 + repeat)} are the same; each position must differ from the others`,
    };
  }
  if (marked.length === 1 && options.prPosition === null)
    return {
      kind: 'invalid',
      line,
      problem: `position ${listLetters(marked)} is marked "(this PR)", and \`--no-pr-position\` says no position is the change as written; keep one of the two`,
    };
  if (marked.length === 1) options.prPosition = (['A', 'B', 'C', 'D'] as const)[marked[0]!];
  return { kind: 'debate', line, positions, options };
}

/** `A and B`, `A, B and C`: position letters of these indices. */
function listLetters(indices: number[]): string {
  const letters = indices.map((i) => String.fromCharCode(65 + i));
  return letters.length === 1 ? letters[0]! : `${letters.slice(0, -1).join(', ')} and ${letters.at(-1)!}`;
}

function applyOption(options: CommandOptions, name: string, value: string | undefined): string | undefined {
  switch (name) {
    case 'quick':
    case 'deep':
      if (value !== undefined) return `\`--${name}\` takes no value`;
      if (options.preset && options.preset !== name) return '`--quick` and `--deep` cannot be combined';
      options.preset = name;
      return undefined;
    case 'rounds': {
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > MAX_ROUNDS) {
        return `\`--rounds\` needs a number from 0 to ${MAX_ROUNDS}, got ${value === undefined ? 'nothing' : `"${value}"`}`;
      }
      if (options.rounds !== undefined && options.rounds !== Number(value))
        return '`--rounds` was given twice with different numbers';
      options.rounds = Number(value);
      return undefined;
    }
    case 'no-pr-position':
      if (value !== undefined) return '`--no-pr-position` takes no value';
      options.prPosition = null;
      return undefined;
    case 'rfc':
      if (!value) return '`--rfc` needs a path, e.g. `--rfc=docs/rfcs/0042-cache.md`';
      options.rfc = value;
      return undefined;
    case 'out-of-scope': {
      const topics = (value ?? '')
        .split(';')
        .map((t) => t.trim())
        .filter(Boolean);
      if (topics.length === 0) return '`--out-of-scope` needs topics, e.g. `--out-of-scope="naming; CI"`';
      options.outOfScope.push(...topics);
      return undefined;
    }
    default:
      return `unknown option \`--${name}\``;
  }
}
