import { spawn } from 'node:child_process';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * A pull request made of two published npm versions: `npm pack` both, extract them without their
 * top-level folder, and `git diff --no-index` the two trees in GitHub's layout. Needs npm, tar and git
 * on PATH; npm reaches only the registry it is configured for and reuses its cache (`prefer-offline`).
 */

/** The diff's size as git's `--numstat` counts it: binary files are changed files with no lines. */
export interface DiffStats {
  files_changed: number;
  additions: number;
  deletions: number;
}

const NPM_TIMEOUT_MS = 5 * 60_000;
const TOOL_TIMEOUT_MS = 5 * 60_000;

/**
 * `npm pack` the versions of `pkg` in one npm call into `packDir`, then extract each tarball into its
 * folder of `dests` without the tarball's single top-level folder (normally `package/`).
 * @param dests one folder per version, in the same order; each must not exist yet
 * @returns the version each tarball's package.json names, in order
 * @throws Error naming the tool that failed (npm, tar) and its last output, or a tarball not made of one folder
 */
export async function fetchTrees(pkg: string, versions: string[], packDir: string, dests: string[]): Promise<string[]> {
  if (pkg.startsWith('-')) throw new Error(`package name must not start with '-': ${pkg}`);
  await mkdir(packDir, { recursive: true });
  const specs = versions.map((v) => `${pkg}@${v}`);
  const packed = await run(
    'npm',
    ['pack', ...specs, '--json', '--loglevel=error', '--ignore-scripts', '--pack-destination', packDir],
    {
      cwd: packDir,
      env: { ...process.env, npm_config_prefer_offline: 'true' },
      timeoutMs: NPM_TIMEOUT_MS,
    },
  );
  if (packed.code !== 0)
    throw new Error(
      `npm pack ${specs.join(' ')} failed (is the name/version right and the registry reachable?): ${tail(packed.stderr)}`,
    );
  const listed = packListing.safeParse(parseJson(packed.stdout.toString('utf8')));
  if (!listed.success || listed.data.length !== versions.length)
    throw new Error(
      `npm pack ${specs.join(' ')} did not list one tarball per version: ${tail(packed.stdout.toString('utf8'))}`,
    );
  return Promise.all(
    listed.data.map(async ({ filename, version }, i) => {
      const raw = `${dests[i]!}.raw`;
      await mkdir(raw, { recursive: true });
      const extracted = await run('tar', ['xzf', join(packDir, filename), '-C', raw, '--no-same-owner'], {});
      if (extracted.code !== 0) throw new Error(`cannot extract ${filename}: ${tail(extracted.stderr)}`);
      const tops = await readdir(raw, { withFileTypes: true });
      if (tops.length !== 1 || !tops[0]!.isDirectory())
        throw new Error(`${filename} does not hold a single top-level folder`);
      await rename(join(raw, tops[0]!.name), dests[i]!);
      await rm(raw, { recursive: true });
      const chmod = await run('chmod', ['-R', 'u+rwX', dests[i]!], {});
      if (chmod.code !== 0) throw new Error(`chmod failed on ${dests[i]!}: ${tail(chmod.stderr)}`);
      return version;
    }),
  );
}

/** `npm pack --json`: one entry per tarball, in the order asked. */
const packListing = z.array(z.object({ filename: z.string().regex(/^[^/\\]+\.tgz$/), version: z.string().min(1) }));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Diffs `trees/a` against `trees/b` with git, every user, system and repository config shut out (no
 * repository is looked for above `trees`), and writes the diff in GitHub's layout to `diffPath`.
 * @param scratch receives git's HOME and intermediate files
 * @returns the numstat totals
 * @throws Error when the trees are identical or git fails
 */
export async function diffTrees(trees: string, diffPath: string, scratch: string): Promise<DiffStats> {
  const home = join(scratch, 'home');
  await mkdir(home, { recursive: true });
  const gitEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_INDEX_FILE',
    'GIT_CONFIG_PARAMETERS',
    'GIT_CONFIG_COUNT',
    'GIT_EXTERNAL_DIFF',
    'GIT_DIFF_OPTS',
  ])
    delete gitEnv[name];
  Object.assign(gitEnv, {
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CEILING_DIRECTORIES: dirname(resolve(trees)),
  });
  const diffOptions = ['--no-index', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', '-l5000'];
  const git = async (args: string[], stdoutFile: string): Promise<void> => {
    const result = await run('git', ['diff', ...diffOptions, ...args, 'a', 'b'], {
      cwd: trees,
      env: gitEnv,
      stdoutFile,
    });
    if (result.code === 0) throw new Error(`${trees}/a and ${trees}/b have identical contents; nothing to diff`);
    if (result.code !== 1) throw new Error(`git diff failed (exit ${result.code}): ${tail(result.stderr)}`);
  };
  const rawDiff = join(scratch, 'raw.diff');
  const numstat = join(scratch, 'numstat');
  await git(['--no-prefix'], rawDiff);
  await git(['--numstat'], numstat);
  await writeFile(diffPath, toGitHubHeaders(await readFile(rawDiff, 'latin1')), 'latin1');
  const stats: DiffStats = { files_changed: 0, additions: 0, deletions: 0 };
  for (const line of (await readFile(numstat, 'latin1')).split('\n')) {
    if (!line) continue;
    const [add = '-', del = '-'] = line.split('\t');
    stats.files_changed += 1;
    if (add !== '-') stats.additions += Number(add);
    if (del !== '-') stats.deletions += Number(del);
  }
  return stats;
}

/**
 * Rewrites git's `--no-prefix` output between folders `a` and `b` into GitHub's `.diff` layout: an added
 * (deleted) file is named twice after its only side, `b/x b/x`, which becomes `a/x b/x`; `rename from
 * a/x` loses the folder name. Works on latin1 so every byte round-trips. Pure.
 */
export function toGitHubHeaders(raw: string): string {
  const lines = raw.split('\n');
  let inHeader = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith('diff --git ')) {
      inHeader = true;
      const rest = line.slice('diff --git '.length);
      if (rest.length % 2 === 1) {
        const n = (rest.length - 1) / 2;
        const left = rest.slice(0, n);
        const q = left.startsWith('"') ? '"' : '';
        const side = left.slice(q.length, q.length + 2);
        if (rest[n] === ' ' && left === rest.slice(n + 1) && (side === 'a/' || side === 'b/'))
          lines[i] = `diff --git ${q}a/${left.slice(q.length + 2)} ${q}b/${left.slice(q.length + 2)}`;
      }
      continue;
    }
    if (!inHeader) continue;
    if (line.startsWith('@@') || line.startsWith('--- ') || line.startsWith('Binary files ')) {
      inHeader = false;
      continue;
    }
    const m = /^((?:rename|copy) (?:from|to) )("?)[ab]\//.exec(line);
    if (m) lines[i] = `${m[1]!}${m[2]!}${line.slice(m[0].length)}`;
  }
  return lines.join('\n');
}

interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Send stdout to this file instead of buffering it (large diffs). */
  stdoutFile?: string;
}

/** Runs a tool without a shell; resolves with its exit code, rejects when it cannot start or times out. */
async function run(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const timeoutMs = options.timeoutMs ?? TOOL_TIMEOUT_MS;
  const file = options.stdoutFile === undefined ? undefined : await open(options.stdoutFile, 'w');
  try {
    return await new Promise((resolvePromise, reject) => {
      const child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: ['ignore', file === undefined ? 'pipe' : file.fd, 'pipe'],
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      });
      const stdout: Buffer[] = [];
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8_000)));
      child.on('error', (error) => reject(new Error(`cannot run ${command}: ${error.message}`)));
      child.on('close', (code, signal) => {
        if (code === null)
          reject(
            new Error(`${command} ${args[0] ?? ''} was stopped by ${signal ?? 'a signal'} (timeout ${timeoutMs} ms)`),
          );
        else resolvePromise({ code, stdout: Buffer.concat(stdout), stderr });
      });
    });
  } finally {
    await file?.close();
  }
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-15).join('\n') || '(no output)';
}
