#!/usr/bin/env node
import packageJson from '../../package.json' with { type: 'json' };
import type { CliIo } from './cli-io.js';

// Source maps before the rest loads, so that a stack trace names src/ files (see src/index.ts).
process.setSourceMapsEnabled(true);
const { runCli } = await import('./run-cli.js');

/**
 * The `pr-debate` command (package.json `bin`, bundled to dist/cli.js). A second Ctrl-C ends the
 * process at once; the first lets the run stop its model calls and print what exists.
 */
let interrupts = 0;
const handlers = new Set<() => void>();
process.on('SIGINT', () => {
  interrupts += 1;
  if (interrupts > 1 || handlers.size === 0) {
    process.stderr.write('\nStopped with Ctrl-C.\n');
    process.exit(130);
  }
  process.stderr.write('\nStopping: model calls in flight are being stopped; press Ctrl-C again to quit at once.\n');
  for (const handler of handlers) handler();
});

/** The eval's subcommand (`pr-debate eval`, `eval import`): its code is in eval/, loaded only when asked for. */
const evalCommand = async (args: readonly string[], io: CliIo) =>
  (await import('../../eval/eval-command.js')).runEvalCommand(args, io);

process.exitCode = await runCli(
  process.argv.slice(2),
  {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    userAgent: `pr-debate-cli/${packageJson.version}`,
    onInterrupt: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  },
  packageJson.version,
  { eval: evalCommand },
);
