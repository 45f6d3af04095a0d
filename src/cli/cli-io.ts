import type { OctokitOptions } from '../github/octokit-options.js';

/**
 * What `--rehearsal` gives as `anthropic-api-key`, so the pipeline's credential check passes: the
 * rehearsal client has no network and sends it nowhere (and every run's secrets are redacted anyway).
 */
export const REHEARSAL_NO_KEY = 'rehearsal-no-key';

/** What stands for `github-token` in a run that reads GitHub without a token (the clients send no `Authorization`). */
export const NO_GITHUB_TOKEN = 'no-github-token';

/** Where a CLI command writes: the result to stdout, progress and messages to stderr. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Tells the command when the user presses Ctrl-C (SIGINT); returns a function that stops listening. */
  onInterrupt(handler: () => void): () => void;
  userAgent: string;
  /** The folder a local range is read in (`pr-debate run BASE..HEAD`, `config check`); default: the process's. */
  cwd?: string;
  /** How the GitHub clients are built; absent: production spacing and back-off (a test sets them to 0). */
  github?: OctokitOptions;
}
