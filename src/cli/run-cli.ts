import { checkConfig } from './check-config.js';
import { evaluateCases } from '../../eval/evaluate-cases.js';
import { importEvalCase } from '../../eval/import-eval-case.js';
import { parseCliArgs, UsageError } from './parse-cli-args.js';
import { showGate } from './show-gate.js';
import { runPullRequest, type CliIo } from './run-pull-request.js';
import { forTerminal } from './terminal-words.js';

/**
 * `pr-debate`: parses the command line and runs the subcommand (contract section 10). Everything a
 * command writes on stderr passes `forTerminal`, so a message the action words for a workflow names the
 * CLI's flags and environment variables here.
 * @param version the package version, for `--version`
 * @returns the exit code: 0 done, 1 the run failed, 2 bad usage (the problem and one line of usage on stderr)
 */
export async function runCli(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  const stderr = io.stderr;
  const terminal: CliIo = { ...io, stderr: { write: (text: string) => stderr.write(forTerminal(text)), ...(stderr.isTTY === undefined ? {} : { isTTY: stderr.isTTY }) } };
  let command;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    terminal.stderr.write(`pr-debate: ${error.message}\n${error.usage}\n`);
    return 2;
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
    case 'eval':
      return evaluateCases(command, terminal);
    case 'eval-import':
      return importEvalCase(command, terminal);
    case 'gate':
      return showGate(command, terminal);
    case 'config-check':
      return checkConfig(command, terminal);
  }
}
