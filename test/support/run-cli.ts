import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli as runCliCommand } from '../../src/cli/run-cli.js';
import { runEvalCommand } from '../../eval/eval-command.js';
import { ROOT } from './action-metadata.js';
import { NO_WAITS } from './no-waits.js';

/** The bundled CLI, package.json `bin`. */
export const CLI = path.join(ROOT, 'dist', 'cli.js');

/** What a run of the CLI printed. */
export interface CliRun {
  exitCode: number | null;
  /** The signal that ended a spawned child (SIGKILL after `timeoutMs`); null otherwise. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Where a CLI run happens: the folder (a clone, for a local range; default a scratch folder) and the environment. */
export interface CliOptions {
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * Runs `pr-debate` in this process: `runCli` of `src/cli/run-cli.ts` (what dist/cli.js calls) with the
 * arguments a shell would pass, stdout and stderr captured (not a TTY), an environment built from
 * scratch (PATH and HOME, then `env`), the GitHub clients at write spacing and back-off 0, and the
 * `eval` subcommand as the entry point gives it.
 * Ctrl-C, which `bin.ts` turns into the command's interrupt, is {@link spawnCli}'s.
 */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-cli-'));
  try {
    let stdout = '';
    let stderr = '';
    const exitCode = await runCliCommand(
      args,
      {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text), isTTY: false },
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...options.env },
        cwd: options.cwd ?? dir,
        onInterrupt: () => () => undefined,
        userAgent: 'pr-debate-cli/test',
        github: NO_WAITS,
      },
      '0.0.0-test',
      // The eval's subcommand, as bin.ts gives it.
      { eval: runEvalCommand },
    );
    return { exitCode, signal: null, stdout, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `dist/cli.js` as a user's shell would: a child process in a scratch folder, with an environment
 * built from scratch (PATH and HOME, then `env`), so nothing of the parent's (such as a real key) leaks in.
 * @param options.onSpawn called with the child once spawned, e.g. to send it SIGINT; `timeoutMs` still bounds it
 * @param options.node the Node binary; default this process's
 * @returns the run, with its wall time in milliseconds (printed by some tests; none asserts on it)
 */
export async function spawnCli(
  args: string[],
  options: CliOptions & { timeoutMs?: number; node?: string; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<CliRun & { durationMs: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-cli-'));
  try {
    const started = Date.now();
    return await new Promise<CliRun & { durationMs: number }>((resolve, reject) => {
      const child = spawn(options.node ?? process.execPath, [CLI, ...args], {
        cwd: options.cwd ?? dir,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
      child.on('error', reject);
      child.on('close', (exitCode, signal) => {
        clearTimeout(timer);
        resolve({ exitCode, signal, stdout, stderr, durationMs: Date.now() - started });
      });
      options.onSpawn?.(child);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
