import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run, type Runner } from '../../src/main.js';
import type { StartTimer } from '../../src/llm/start-models.js';
import { inputVariable, readActionMetadata, ROOT, runnerInputs } from './action-metadata.js';
import { ensureNode24 } from './node24.js';
import { NO_WAITS } from './no-waits.js';

export { ROOT } from './action-metadata.js';

/**
 * The action as the Actions runner starts it, from `action.yml`: the step's `with:` overlaid on the
 * input defaults as `INPUT_*` variables, `GITHUB_*` variables, the event payload in a file, and output
 * and summary files. {@link runAction} runs `src/main.ts`'s `run()` in this process with the runner's side
 * captured (write spacing and back-off 0); {@link spawnAction} runs the bundle `runs.main` names on the Node
 * `runs.using` names, for what only a child process shows (the output file, the log as the runner reads
 * it, signals).
 */

/** What a run of the action left behind. */
export interface ActionRun {
  /** 1 after `core.setFailed`; null when a spawned child was ended by a signal (see `signal`). */
  exitCode: number | null;
  /** The signal that ended a spawned child, e.g. SIGKILL after `timeoutMs`; null otherwise. */
  signal: NodeJS.Signals | null;
  /** The log: `info` lines as they are, the rest as the runner's workflow commands (`::error::…`). */
  stdout: string;
  stderr: string;
  /** The step's outputs (from the `GITHUB_OUTPUT` file when spawned). */
  outputs: Record<string, string>;
  /** The job summary. */
  summary: string;
}

/** The step as a workflow gives it. */
export interface ActionStep {
  eventName: string;
  payload: unknown;
  /** The step's `with:`. */
  inputs: Record<string, string>;
  repository: string;
  apiUrl: string;
  serverUrl?: string;
  /** More environment, over the runner's (`GITHUB_WORKFLOW`, `GITHUB_WORKSPACE`, `GITHUB_STEP_SUMMARY`). */
  env?: Record<string, string>;
}

/** The environment the runner gives the step, built from scratch (nothing of this process's, such as a real key). */
async function stepEnvironment(step: ActionStep, dir: string): Promise<Record<string, string>> {
  const eventPath = path.join(dir, 'event.json');
  await writeFile(eventPath, JSON.stringify(step.payload));
  await writeFile(path.join(dir, 'output'), '');
  await writeFile(path.join(dir, 'summary.md'), '');
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: step.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: step.repository,
    GITHUB_API_URL: step.apiUrl,
    GITHUB_SERVER_URL: step.serverUrl ?? 'https://github.com',
    GITHUB_RUN_ID: '1234567890',
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: path.join(dir, 'output'),
    GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
    RUNNER_TEMP: dir,
    ...runnerInputs(readActionMetadata(), step.inputs),
    ...step.env,
  };
}

/** A workflow command's data as `@actions/core` escapes it (`escapeData` in its command.ts): `%`, CR and LF. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

let runs = 0;
/** Runs in progress in this process, and whether one of them set variables of `process.env`. */
let active = 0;
let exclusive = false;

/**
 * Runs the action in this process: `run()` of `src/main.ts` with a {@link Runner} that reads the step's
 * `INPUT_*` and environment and writes the log as the runner would print it, with the production GitHub
 * clients at write spacing 0 and back-off 0 (the same requests, retries and rate-limit handling, sent at
 * once). Runs share no state but two of this process's: the prices of input `model-prices` (installed for
 * the run's price look-ups) and the credentials the cloud SDKs read from `process.env`; so runs that set
 * `model-prices` or `processEnv` must not overlap others (no `describe.concurrent`), and a `processEnv`
 * run refuses to start beside another.
 * @param options.startTimer the deadline's clock (default a real timer)
 * @param options.onLine called with each log line as it is written
 * @param options.processEnv variables set on `process.env` for the run and restored after: what the AWS and
 *   Google SDKs' credential chains read there (`AWS_ACCESS_KEY_ID`, `GOOGLE_APPLICATION_CREDENTIALS`), as
 *   `aws-actions/configure-aws-credentials` and `google-github-actions/auth` export them for later steps
 * @throws Error when a `processEnv` run would overlap another run
 */
export async function runAction(
  step: ActionStep & { startTimer?: StartTimer; onLine?: (line: string) => void; processEnv?: Record<string, string> },
): Promise<ActionRun> {
  if (exclusive || (step.processEnv && active > 0))
    throw new Error('A run that sets process.env overlaps another in-process run: run these tests one at a time');
  active += 1;
  exclusive = step.processEnv !== undefined;
  const saved = Object.fromEntries(Object.keys(step.processEnv ?? {}).map((name) => [name, process.env[name]]));
  Object.assign(process.env, step.processEnv);
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-run-'));
  try {
    const env = await stepEnvironment(step, dir);
    const lines: string[] = [];
    const outputs: Record<string, string> = {};
    let summary = '';
    let exitCode = 0;
    const say = (line: string) => {
      lines.push(line);
      step.onLine?.(line);
    };
    const command = (name: string) => (message: string | Error) => say(`::${name}::${escapeData(String(message))}`);
    const runner: Runner = {
      getInput: (name) => (env[inputVariable(name)] ?? '').trim(),
      env,
      info: (message) => message.split('\n').forEach(say),
      warning: command('warning'),
      notice: command('notice'),
      async group(name, fn) {
        say(`::group::${name}`);
        try {
          return await fn();
        } finally {
          say('::endgroup::');
        }
      },
      setSecret: command('add-mask'),
      setFailed(message) {
        exitCode = 1;
        command('error')(message);
      },
      setOutput: (name, value) => (outputs[name] = value),
      async writeSummary(markdown) {
        // As `core.summary` fails where the runner gives no summary file (GHES before 3.6; its summary.ts).
        if (!env.GITHUB_STEP_SUMMARY)
          throw new Error(
            'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
          );
        summary += markdown;
      },
      jobSignals: false,
      github: { ...NO_WAITS, id: `in-process-${(runs += 1)}` },
      ...(step.startTimer ? { startTimer: step.startTimer } : {}),
    };
    await run(runner);
    return { exitCode, signal: null, stdout: lines.map((l) => `${l}\n`).join(''), stderr: '', outputs, summary };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    active -= 1;
    exclusive = false;
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the bundled action as the runner does: the file `runs.main` names, under the Node version
 * `runs.using` names (node24), in a child process with the step's environment, reading the outputs and
 * the summary back from their files.
 * @throws Error for an input action.yml does not have, or when Node 24 cannot be had (node24.ts)
 * @param options.timeoutMs the child is killed after this long (default 60 s)
 * @param options.onSpawn called once with the child as soon as it is spawned, e.g. to send it a signal
 *   (SIGTERM, SIGINT) once a test sees it waiting; the timeout still bounds the run
 * @returns the run, with its wall time in milliseconds (for the benchmarks and the demo; no test asserts on it)
 */
export async function spawnAction(
  step: ActionStep & { timeoutMs?: number; onSpawn?: (child: ChildProcess) => void },
): Promise<ActionRun & { durationMs: number }> {
  const metadata = readActionMetadata();
  const main = path.join(ROOT, metadata.runs.main);
  const node = metadata.runs.using === 'node24' ? await ensureNode24() : process.execPath;
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-run-'));
  try {
    const env = await stepEnvironment(step, dir);
    const started = Date.now();
    const { exitCode, signal, stdout, stderr } = await new Promise<{
      exitCode: number | null;
      signal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(node, [main], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), step.timeoutMs ?? 60_000);
      child.on('error', reject);
      child.on('close', (code, endedBy) => {
        clearTimeout(timer);
        resolve({ exitCode: code, signal: endedBy, stdout: out, stderr: err });
      });
      step.onSpawn?.(child);
    });
    const read = (file: string | undefined) => (file ? readFile(file, 'utf8').catch(() => '') : Promise.resolve(''));
    const durationMs = Date.now() - started;
    return {
      exitCode,
      signal,
      stdout,
      stderr,
      outputs: parseOutputFile(await read(env.GITHUB_OUTPUT)),
      summary: await read(env.GITHUB_STEP_SUMMARY),
      durationMs,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The messages of a run's workflow commands of one kind (`warning`, `notice`, `error`), unescaped. */
export function commandsOf(run: Pick<ActionRun, 'stdout'>, name: 'warning' | 'notice' | 'error'): string[] {
  const prefix = `::${name}::`;
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'));
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
