import { checkConfig } from './check-config.js';
import { parseCliArgs, type CliCommand } from './parse-cli-args.js';
import { UsageError } from './parse-cli-options.js';
import { showGate } from './show-gate.js';
import { runPullRequest } from './run-pull-request.js';
import type { CliIo } from './cli-io.js';
import { forTerminal } from './terminal-words.js';

/**
 * A subcommand the CLI is given by its entry point rather than its own source: `eval`, whose code
 * lives in eval/ beside src/ (the action has no use for it). It reads its own arguments.
 * @returns the exit code
 * @throws UsageError for bad usage, which the CLI prints with its one line of usage (exit 2)
 */
export type CliExtension = (args: readonly string[], io: CliIo) => Promise<number>;

/**
 * `pr-debate`: parses the command line and runs the subcommand. Everything a command writes on stderr
 * passes `forTerminal`, so a message the action words for a workflow names the CLI's flags and
 * environment variables here.
 * @param version the package version, for `--version`
 * @param extensions subcommands by name, from outside src/ (bin.ts gives `eval`)
 * @returns the exit code: 0 done, 1 the run failed, 2 bad usage (the problem and one line of usage on stderr)
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  version: string,
  extensions: Readonly<Record<string, CliExtension>> = {},
): Promise<number> {
  const stderr = io.stderr;
  const terminal: CliIo = {
    ...io,
    stderr: {
      write: (text: string) => stderr.write(forTerminal(text)),
      ...(stderr.isTTY === undefined ? {} : { isTTY: stderr.isTTY }),
    },
  };
  const usageFailed = (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    terminal.stderr.write(`pr-debate: ${error.message}\n${error.usage}\n`);
    return 2;
  };
  const extension = argv[0] === undefined ? undefined : extensions[argv[0]];
  if (extension) return extension(argv.slice(1), terminal).catch(usageFailed);
  let command: CliCommand;
  try {
    command = parseCliArgs(argv, Object.keys(extensions));
  } catch (error) {
    return usageFailed(error);
  }
  switch (command.kind) {
    case 'help':
      io.stdout.write(`${command.text}\n`);
      return 0;
    case 'version':
      io.stdout.write(`${version}\n`);
      return 0;
    case 'run':
      return runPullRequest(command, terminal);
    case 'gate':
      return showGate(command, terminal);
    case 'config-check':
      return checkConfig(command, terminal);
  }
}
