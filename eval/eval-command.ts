import type { CliIo } from '../src/cli/cli-io.js';
import { evaluateCases } from './evaluate-cases.js';
import { importEvalCase } from './import-eval-case.js';
import { parseEvalArgs } from './parse-eval-args.js';

/**
 * `pr-debate eval` and `pr-debate eval import`, as the CLI's entry point (src/cli/bin.ts) hands them over.
 * @param args the arguments after `pr-debate eval`
 * @returns the exit code: 0 done, 1 the eval failed
 * @throws UsageError for bad usage (the CLI prints it, exit 2)
 */
export async function runEvalCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseEvalArgs(args);
  if (command.kind === 'help') {
    io.stdout.write(`${command.text}\n`);
    return 0;
  }
  return command.kind === 'eval' ? evaluateCases(command, io) : importEvalCase(command, io);
}
