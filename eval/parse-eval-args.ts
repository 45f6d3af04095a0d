import { DEFAULT_ARMS, parseArms } from './arms.js';
import { DEFAULT_CASE_CACHE } from './load-eval-cases.js';
import { checkInputs, parse, parseInputs, UsageError } from '../src/cli/parse-cli-options.js';
import { parsePullRequestRef, type PullRequestRef } from '../src/cli/parse-pr-ref.js';
import { SHORT_USAGE } from '../src/cli/cli-usage.js';

/**
 * The eval's command line (docs/cli.md): `pr-debate eval --cases DIR ...` and `pr-debate eval
 * import <PR | owner/repo#N | BASE..HEAD> <DIR>`. Pure; the rest of the CLI is parsed in parse-cli-args.ts.
 */

/** A git range of the local clone: the diff from the merge base of `base` and `head` to `head`, as GitHub diffs a PR. */
export interface GitRange {
  base: string;
  head: string;
}

/** What `pr-debate eval ...` asks for. */
export type EvalCommand =
  | {
      kind: 'eval';
      cases: string;
      /** `--case-cache`: where recipes are materialised from npm, one folder per version pair. */
      caseCache: string;
      /** `--arms`, already checked by {@link parseArms}. */
      arms: string;
      /** Dollars per case and order every non-debate arm is sized to; undefined: what the default debate cost there. */
      budgetUsd: number | undefined;
      repeats: number;
      seed: number;
      /** The folder results.json, report.md and accuracy-cost.svg are written to. */
      out: string;
      /** Print results.json to stdout instead of report.md. */
      json: boolean;
      /** Run the framing arm on the cases that label framings. */
      framing: boolean;
      /** `--rehearsal`: the rehearsal model answers every call; no key is needed and nothing is paid. */
      rehearsal: boolean;
      inputs: Record<string, string>;
    }
  | {
      kind: 'eval-import';
      source: { pr: PullRequestRef } | { range: GitRange };
      dir: string;
      apiUrl: string | undefined;
    };

/** Where `eval` writes when `--out` is not given. */
export const DEFAULT_EVAL_OUT = 'pr-debate-eval';

/** Usage of `pr-debate eval` and `pr-debate eval import`. */
export const EVAL_USAGE = `Usage: pr-debate eval --cases DIR [options]
       pr-debate eval import <PR URL | owner/repo#N | BASE..HEAD> <DIR>

Runs each arm on every labelled case in DIR, each case in both position orders, and writes to --out:
results.json (every run and score), report.md (the tables) and accuracy-cost.svg (accuracy against
cost per arm, with 95% intervals). Prints report.md (or results.json with --json).

Arms: debate (the action's default preset, standard), debate:quick, debate:deep, debate:no-steelman,
debate+pragmatist (standard with deep's third advocate), mixed (standard with the two advocates on two
model families: needs a second provider's key, or advocate-models naming both), judge-runs:4
(standard with 4 judge runs, two in each order), reader-model:<model> (standard with its readers of
what a pack cannot hold on <model>), single (one judge call), single+verify (one judge call whose citations are checked in code, repaired while the budget
allows), vote:K (judge calls added while the budget allows, at most K; majority), escalate
(single+verify in both orders; the debate only where the orders disagree or a call is unsure).
Every arm is matched to what the debate spent on the same case and order (within 10%, or the report
says why not); the paired tests are by case, and the report states the smallest difference its case
count can detect.

Options:
  --cases DIR                  folder of cases: <id>.yml recipes (two npm versions, fetched with npm pack
                               on first use) and <id>/ folders with case.yml (see eval-cases/README.md)
  --case-cache DIR             where recipes are materialised (default ${DEFAULT_CASE_CACHE})
  --arms LIST                  comma list of arms (default: ${DEFAULT_ARMS})
  --budget-usd N               dollars per case and order for every arm (default: what the debate arm
                               spent on the same case and order)
  --repeats N                  runs of each case in each order (default 1)
  --no-framing                 skip the framing arm (the moderator framing positions on its own)
  --rehearsal                  no key, no model: the rehearsal model writes every reply; the report says
                               rehearsal, costs are $0, and no figure is a model's
  --model ID                   model for every role
  --input NAME=VALUE           any action input, e.g. max-cost-usd=20 caps the whole eval (repeatable)
  --seed N                     seed of the bootstrap (default 1)
  --out DIR                    where to write the three files (default ${DEFAULT_EVAL_OUT})
  --json                       print results.json instead of report.md
  -h, --help                   this text

eval import writes a case folder at DIR from a pull request (GITHUB_TOKEN or GH_TOKEN; --api-url for
GitHub Enterprise Server) or from a range of the git clone in the current folder, with a case.yml whose
fields to fill are marked TODO.`;

/**
 * @param args the arguments after `pr-debate eval`
 * @throws UsageError for an unknown option, a missing or malformed value, an unknown or repeated arm
 */
export function parseEvalArgs(args: readonly string[]): EvalCommand | { kind: 'help'; text: string } {
  if (args[0] === 'import') return parseImport(args.slice(1));
  const usage = SHORT_USAGE.eval;
  const { values, positionals } = parse(
    args,
    {
      help: { type: 'boolean', short: 'h' },
      input: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      cases: { type: 'string' },
      'case-cache': { type: 'string' },
      arms: { type: 'string' },
      'budget-usd': { type: 'string' },
      repeats: { type: 'string' },
      'no-framing': { type: 'boolean' },
      rehearsal: { type: 'boolean' },
      model: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
    },
    usage,
  );
  if (values.help) return { kind: 'help', text: EVAL_USAGE };
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}": name the cases with --cases DIR`, usage);
  if (values.cases === undefined) throw new UsageError('--cases DIR is required: the folder of labelled cases', usage);
  const arms = values.arms ?? DEFAULT_ARMS;
  try {
    parseArms(arms);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usage);
  }
  const whole = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new UsageError(`--${name} ${text}: expected a whole number from ${min} to ${max}`, usage);
    return Number(text);
  };
  const budget = values['budget-usd'];
  if (budget !== undefined && !(/^\d+(\.\d+)?$/.test(budget) && Number(budget) > 0))
    throw new UsageError(`--budget-usd ${budget}: expected dollars above 0, such as 0.25`, usage);
  const given = { ...parseInputs(values.input, usage) };
  if (values.model !== undefined) given.model = values.model;
  checkInputs(given, values.model === undefined ? {} : { model: `--model ${values.model}` }, usage);
  return {
    kind: 'eval',
    cases: values.cases,
    caseCache: values['case-cache'] ?? DEFAULT_CASE_CACHE,
    arms,
    budgetUsd: budget === undefined ? undefined : Number(budget),
    repeats: whole('repeats', values.repeats, 1, 100) ?? 1,
    seed: whole('seed', values.seed, 0, 2 ** 31) ?? 1,
    out: values.out ?? DEFAULT_EVAL_OUT,
    json: values.json ?? false,
    framing: !(values['no-framing'] ?? false),
    rehearsal: values.rehearsal ?? false,
    inputs: given,
  };
}

/**
 * `BASE..HEAD` (git refs hold no `..`, git-check-ref-format(1)); `BASE...HEAD` is read the same way,
 * since the diff is always taken from the merge base.
 * @returns the range, or undefined when the text is not one
 */
export function parseGitRange(text: string): GitRange | undefined {
  const match = /^([^\s.][^\s]*?)\.\.\.?([^\s.][^\s]*)$/.exec(text.trim());
  if (!match || match[1]!.includes('..') || match[2]!.includes('..')) return undefined;
  return { base: match[1]!, head: match[2]! };
}

function parseImport(args: readonly string[]): EvalCommand | { kind: 'help'; text: string } {
  const usage = SHORT_USAGE.evalImport;
  const { values, positionals } = parse(
    args,
    { help: { type: 'boolean', short: 'h' }, 'api-url': { type: 'string' } },
    usage,
  );
  if (values.help) return { kind: 'help', text: EVAL_USAGE };
  if (positionals.length !== 2)
    throw new UsageError(
      `eval import takes a pull request or BASE..HEAD, then the case folder to write; got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}`,
      usage,
    );
  const [ref, dir] = positionals as [string, string];
  const pr = parsePullRequestRef(ref);
  const range = pr ? undefined : parseGitRange(ref);
  if (!pr && !range)
    throw new UsageError(
      `"${ref}" is neither a pull request (a URL, or owner/repo#12) nor a range of the local clone (BASE..HEAD)`,
      usage,
    );
  const apiUrl = values['api-url'];
  if (apiUrl !== undefined && !/^https?:\/\/\S+$/.test(apiUrl))
    throw new UsageError(
      `--api-url ${apiUrl}: expected the GitHub REST API's base URL, such as https://api.github.com`,
      usage,
    );
  return { kind: 'eval-import', source: pr ? { pr } : { range: range! }, dir, apiUrl };
}
