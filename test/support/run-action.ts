import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readActionMetadata, ROOT, runnerInputs } from './action-metadata.js';
import { ensureNode24 } from './node24.js';

export { ROOT } from './action-metadata.js';

/** What a run of the bundled action left behind. */
export interface ActionRun {
  /** Null when the child was ended by a signal (see `signal`). */
  exitCode: number | null;
  /** The signal that ended the child, e.g. SIGKILL after `timeoutMs`; null when it exited by itself. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Parsed from the `GITHUB_OUTPUT` file. */
  outputs: Record<string, string>;
  /** The `GITHUB_STEP_SUMMARY` file. */
  summary: string;
  /** Wall time in milliseconds. */
  durationMs: number;
}

/**
 * Runs the action as the Actions runner does, starting from `action.yml`: the file `runs.main` names,
 * under the Node version `runs.using` names (node24), in a child process with `GITHUB_*` variables, the
 * event payload in a file, `INPUT_*` variables formed as the runner forms them from the input defaults
 * overlaid by `inputs` (the step's `with:`), and output / summary files. The environment is built
 * from scratch, so nothing of the parent's (such as a real API key) leaks in.
 * @throws Error for an input action.yml does not have, or when Node 24 cannot be had (node24.ts)
 * @param options.timeoutMs the child is killed after this long
 * @param options.onSpawn called once with the child as soon as it is spawned, e.g. to send it a signal
 *   (SIGTERM, SIGINT) once a test sees it waiting; the timeout still bounds the run
 */
export async function runAction(options: {
  eventName: string;
  payload: unknown;
  inputs: Record<string, string>;
  repository: string;
  apiUrl: string;
  serverUrl?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  onSpawn?: (child: ChildProcess) => void;
}): Promise<ActionRun> {
  const metadata = readActionMetadata();
  const main = path.join(ROOT, metadata.runs.main);
  const node = metadata.runs.using === 'node24' ? await ensureNode24() : process.execPath;
  const inputs = runnerInputs(metadata, options.inputs);
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-run-'));
  try {
    const eventPath = path.join(dir, 'event.json');
    const outputPath = path.join(dir, 'output');
    const summaryPath = path.join(dir, 'summary.md');
    await writeFile(eventPath, JSON.stringify(options.payload));
    await writeFile(outputPath, '');
    await writeFile(summaryPath, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: options.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: options.repository,
      GITHUB_API_URL: options.apiUrl,
      GITHUB_SERVER_URL: options.serverUrl ?? 'https://github.com',
      GITHUB_RUN_ID: '1234567890',
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      RUNNER_TEMP: dir,
      ...inputs,
      ...options.env,
    };
    const started = Date.now();
    const { exitCode, signal, stdout, stderr } = await new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(node, [main], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
      child.on('error', reject);
      child.on('close', (code, endedBy) => {
        clearTimeout(timer);
        resolve({ exitCode: code, signal: endedBy, stdout: out, stderr: err });
      });
      options.onSpawn?.(child);
    });
    return {
      exitCode,
      signal,
      stdout,
      stderr,
      outputs: parseOutputFile(await readFile(outputPath, 'utf8')),
      summary: await readFile(summaryPath, 'utf8'),
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parses the `GITHUB_OUTPUT` file format: `name<<DELIMITER\nvalue\nDELIMITER` entries. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const [, name, delimiter] = match;
    const value: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== delimiter; i += 1) value.push(lines[i]!);
    outputs[name!] = value.join('\n');
  }
  return outputs;
}
