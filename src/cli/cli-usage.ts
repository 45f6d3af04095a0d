/**
 * The usage texts of `pr-debate` (docs/cli.md): the whole text of each command on `--help`,
 * and one line after a usage error, so that the error stays on the screen.
 */

/** The GitHub Actions app, whose check runs `GITHUB_TOKEN` writes (its `app.id` on github.com). */
export const GITHUB_ACTIONS_APP_ID = 15368;

const PR = '<PR URL | owner/repo#N>';
const TARGET = '<PR URL | owner/repo#N | BASE..HEAD>';

/** Usage text of each subcommand, and of the whole program (`--help`). */
export const USAGE = {
  main: `Usage: pr-debate <command> [options]

Commands:
  run ${PR}   debate a pull request; prints the comment, posts nothing unless --post
  run BASE..HEAD                debate a range of the local clone, no pull request; posts nothing
  run --rehearsal <PR | BASE..HEAD>   no key: the rehearsal model plays every role
  gate ${PR}  print what the merge gate would conclude, and why
  config check [FILE]           the messages a run would give for a config file
  eval --cases DIR              does debating pay? every arm on labelled cases, at equal dollars
  eval import <PR | BASE..HEAD> <DIR>  a case folder to label

Options:
  -h, --help                    usage (also after a command: pr-debate run --help)
  -v, --version                 the version

Environment: GITHUB_TOKEN or GH_TOKEN (GitHub), ANTHROPIC_API_KEY (models), GITHUB_API_URL (GitHub
Enterprise Server), ANTHROPIC_BASE_URL. Exit codes: 0 done, 1 the run failed, 2 bad usage.`,
  config: `Usage: pr-debate config check [FILE]

Checks a repository config file before it is merged, with the action's own parser: prints every warning
and the error a run would give (the file, the key, the line, the fix). FILE defaults to
.github/pr-debate.yml in the current folder. Reads no network. Exit codes: 0 usable (warnings may be
printed), 1 a run would stop on it, 2 bad usage.

Options:
  -h, --help                   this text`,
  run: `Usage: pr-debate run ${TARGET} [options]

Runs the action's pipeline on the pull request: evidence, debate, citation checks, judge. A dry run by
default: the comment is printed to stdout and nothing is written to GitHub. BASE..HEAD debates a range
of the git clone you are in instead (two commits or branches; the diff from their merge base, as a
pull request's): the evidence and the RFC are found as on GitHub, the config file is read at BASE,
and nothing is posted.

Options:
  --positions "A vs B [vs C]"  the positions to debate (2 to 4); default: the moderator infers them
  --preset quick|standard|deep debate depth (default: the config file's, else standard)
  --rounds N                   cross-examination rounds, 0 to 5 (like the command's --rounds=N; max-rounds caps it)
  --rfc PATH                   the RFC / design document at the PR head
  --out-of-scope "a; b"        topics the debate must not drift into
  --no-pr-position             no position is the change as written (like the command's option)
  --model ID                   model for every role ([provider:]model)
  --max-cost-usd N             spending cap of the run, in US dollars
  --input NAME=VALUE           any action input by its action.yml name (repeatable)
  --post                       publish the comment on the PR, exactly as the action would
  --out FILE                   write the comment to FILE instead of stdout
  --json                       print the decision record (JSON) to stdout instead of the comment
  --api-url URL                GitHub REST base (default: GITHUB_API_URL, else from the PR URL)
  --rehearsal                  no key, no model: the rehearsal model writes every reply (the pipeline,
                               citation checks and judge rules run as in a real debate; the verdict is not real,
                               so it is never posted: not with --post)
  --verbose                    also print the pipeline's log lines and each GitHub request on stderr
  -h, --help                   this text

Environment: GITHUB_TOKEN or GH_TOKEN (a dry run on a public PR needs one only if GitHub asks),
ANTHROPIC_API_KEY (or the key of the provider --model names; none with --rehearsal).
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

/** One line per command, printed after a usage error (the whole text is on `--help`). */
export const SHORT_USAGE = {
  main: 'Usage: pr-debate run|gate|config check|eval ... (pr-debate --help for all)',
  run: `Usage: pr-debate run ${TARGET} [--positions "A vs B"] [--rehearsal] [--post] ... (pr-debate run --help for all)`,
  gate: `Usage: pr-debate gate ${PR} [--app-id N] [--json] ... (pr-debate gate --help for all)`,
  config: 'Usage: pr-debate config check [FILE] (pr-debate config --help for more)',
  eval: 'Usage: pr-debate eval --cases DIR [--arms LIST] [--budget-usd N] [--repeats N] [--rehearsal] [--out DIR] ... (pr-debate eval --help for all)',
  evalImport:
    'Usage: pr-debate eval import <PR URL | owner/repo#N | BASE..HEAD> <DIR> [--api-url URL] (pr-debate eval --help for all)',
} as const;
