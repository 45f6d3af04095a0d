/**
 * The CLI's words for what the action says in a workflow's words (issue #33): a message written for a
 * step's `with:`, its `permissions:` or its log, printed in a terminal, names the flags and environment
 * variables of `pr-debate` instead. One place, applied to everything the CLI writes on stderr
 * (`run-cli.ts`) and to a dry run's printed comment; the action keeps its own words. Pure.
 */

/** The environment variable an input's value comes from on the command line. */
const FROM_ENVIRONMENT: Record<string, string> = {
  'github-token': 'GITHUB_TOKEN or GH_TOKEN',
  'anthropic-api-key': 'ANTHROPIC_API_KEY',
  'openai-api-key': 'OPENAI_API_KEY',
};

/** Inputs `pr-debate run` has an option of its own for. */
const OPTIONS = new Set(['preset', 'model', 'max-cost-usd']);

/** How the command line sets an input: its variable, its option, or `--input NAME=...`. */
export function cliNameOf(input: string): string {
  return FROM_ENVIRONMENT[input] ?? (OPTIONS.has(input) ? `--${input}` : `--input ${input}`);
}

/** Whole sentences of the action's that say what to do in a workflow, and the terminal's sentence for each. */
const SENTENCES: [RegExp, string | ((...groups: string[]) => string)][] = [
  [
    /Input 'anthropic-api-key' is required to run a debate: add `anthropic-api-key: \$\{\{ secrets\.ANTHROPIC_API_KEY \}\}` to the step and store the key as a repository secret/g,
    'ANTHROPIC_API_KEY must hold an Anthropic API key to run a debate with an anthropic: model (export ANTHROPIC_API_KEY=...; or try it without a key with --rehearsal, which calls and pays nothing; or pick another provider with --model)',
  ],
  [
    /Input 'config-file': could not read (\S+) from the default branch: /g,
    (file) =>
      `could not read the config file ${file} from the repository's default branch (--input config-file=PATH names another; pr-debate config check FILE checks a local one): `,
  ],
  [
    /: add `([a-z-]+: (?:read|write))` to the workflow's `permissions:` \(pr-debate needs `contents: read` and `pull-requests: write`\)/g,
    (permission) =>
      `: the token in GITHUB_TOKEN or GH_TOKEN needs ${permission} on the repository (a fine-grained token: that permission on this repository; a classic token: the repo scope, or public_repo for a public one)`,
  ],
  [/The workflow log has the details\./g, 'The messages on stderr have the details (--verbose shows every step).'],
  [
    /The log of the \[workflow run\]\([^)]*\) has the details\./g,
    'The messages on stderr have the details (--verbose shows every step).',
  ],
  [
    /a secret never belongs in a committed file; pass it as a workflow input from a secret/g,
    'a secret never belongs in a committed file; the command line reads it from the environment (GITHUB_TOKEN or GH_TOKEN, ANTHROPIC_API_KEY, OPENAI_API_KEY)',
  ],
  [
    /it is set in the workflow, as an input of the step/g,
    'it is set on the command line (--input NAME=VALUE), not in the file',
  ],
  [/check the github-token input/g, 'check GITHUB_TOKEN or GH_TOKEN (for example GH_TOKEN=$(gh auth token))'],
  [/GitHub refused github-token/g, 'GitHub refused the token in GITHUB_TOKEN or GH_TOKEN'],
  [
    /that github-token can read the repository/g,
    'that the token in GITHUB_TOKEN or GH_TOKEN can read the repository (a private one needs a token)',
  ],
  [
    /rate limit for github-token is used up/g,
    'rate limit for the token in GITHUB_TOKEN or GH_TOKEN is used up (without a token it is 60 requests an hour: set GH_TOKEN=$(gh auth token))',
  ],
  [/check the runner's network/g, 'check your network connection'],
];

/**
 * @param message a message, a log line or a comment body written for a workflow
 * @returns it in the terminal's words: the sentences above replaced, then every `Input 'NAME'` named
 *   as the command line sets it (`--input max-rounds`, `--preset`, `ANTHROPIC_API_KEY`)
 */
export function forTerminal(message: string): string {
  let out = message;
  for (const [pattern, replacement] of SENTENCES)
    out = out.replace(pattern, (_match, ...groups: unknown[]) =>
      typeof replacement === 'string'
        ? replacement
        : replacement(...groups.filter((g): g is string => typeof g === 'string')),
    );
  return out.replace(/\bInput '([a-z-]+)'/g, (_match, input: string) => cliNameOf(input));
}
