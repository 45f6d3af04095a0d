import { evaluateCases } from './evaluate-cases.js';
import { importEvalCase } from './import-eval-case.js';
import { parseCliArgs, UsageError } from './parse-cli-args.js';
import { showGate } from './show-gate.js';
import { runPullRequest, type CliIo } from './run-pull-request.js';

/**
 * `pr-debate`: parses the command line and runs the subcommand (contract section 10).
 * @param version the package version, for `--version`
 * @returns the exit code: 0 done, 1 the run failed, 2 bad usage (with the usage text on stderr)
 */
export async function runCli(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  let command;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`pr-debate: ${error.message}\n\n${error.usage}\n`);
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
      return runPullRequest(command, io);
    case 'eval':
      return evaluateCases(command, io);
    case 'eval-import':
      return importEvalCase(command, io);
    case 'gate':
      return showGate(command, io);
  }
}
