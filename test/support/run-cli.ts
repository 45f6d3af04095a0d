import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './run-action.js';

/** The bundled CLI, package.json `bin`. */
export const CLI = path.join(ROOT, 'dist', 'cli.js');

/** What a run of the bundled CLI printed. */
export interface CliRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/**
 * Runs `dist/cli.js` as a user's shell would: a child process in a scratch folder, with an environment
 * built from scratch (PATH and HOME, then `env`), so nothing of the parent's (such as a real key) leaks in.
 * @param options.cwd the folder it runs in (a clone, for a local range); default a scratch folder
 * @param options.onSpawn called with the child once spawned, e.g. to send it SIGINT; `timeoutMs` still bounds it
 * @param options.node the Node binary; default this process's
 */
export async function runCli(args: string[], options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string; node?: string; onSpawn?: (child: import('node:child_process').ChildProcess) => void } = {}): Promise<CliRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-cli-'));
  try {
    const started = Date.now();
    return await new Promise<CliRun>((resolve, reject) => {
      const child = spawn(options.node ?? process.execPath, [CLI, ...args], { cwd: options.cwd ?? dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
