/**
 * Materialises one real pull-request case from `real-cases/cases.json`: the diff between two
 * published versions of an npm package stands in for the pull request, and a doc shipped in the
 * newer tarball stands in for the RFC.
 *
 * This is our own port of `shared/real-cases/make-case.sh`, so a fresh clone needs nothing outside
 * the repository: `npm pack` both versions, extract them without their top-level directory, and run
 * `git diff --no-index` between directories literally named `a` and `b` with every user, system and
 * repository git config shut out, then rewrite the headers to GitHub's layout.
 *
 * CLI: `npx tsx scripts/materialise-case.ts <id>...` prints each case directory on its own line.
 */
import { spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, mkdtemp, open, readFile, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const casesPath = join(repoRoot, 'real-cases', 'cases.json');

const realCaseSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  package: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  rfc_path: z.string().min(1),
  title: z.string().min(1),
  body: z.string(),
  positions: z.array(z.string().min(1)).min(2).max(4),
  why: z.string(),
  size: z.object({
    files: z.number().int().nonnegative(),
    additions: z.number().int().nonnegative(),
    deletions: z.number().int().nonnegative(),
  }),
});

const metaSchema = z.object({
  package: z.string(),
  from: z.string(),
  to: z.string(),
  files_changed: z.number().int().nonnegative(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});

/** One entry of `real-cases/cases.json`, as parsed by zod. */
export type RealCase = z.infer<typeof realCaseSchema>;

/** `meta.json` of a materialised case; `from`/`to` are the versions npm resolved. */
export type CaseMeta = z.infer<typeof metaSchema>;

/** A case on disk: `dir` holds `base/`, `head/`, `pr.diff` and `meta.json`. */
export interface MaterialisedCase {
  case: RealCase;
  /** Absolute case directory. */
  dir: string;
  /** The FROM tarball's contents (top-level `package/` stripped). */
  baseDir: string;
  /** The TO tarball's contents. */
  headDir: string;
  /** Whole diff base -> head with GitHub-style headers (`diff --git a/x b/x`). */
  diffPath: string;
  meta: CaseMeta;
}

/** Options of {@link materialiseCase}. */
export interface MaterialiseOptions {
  /** The case directory itself (not a parent); default `<repo>/.cache/real-cases/<id>`. */
  cacheDir?: string;
}

const NPM_TIMEOUT_MS = 5 * 60_000;
const TOOL_TIMEOUT_MS = 5 * 60_000;

/**
 * Reads and validates `real-cases/cases.json`.
 * @throws when the file is missing or an entry does not match the schema.
 */
export async function loadRealCases(): Promise<RealCase[]> {
  const raw: unknown = JSON.parse(await readFile(casesPath, 'utf8'));
  return z.array(realCaseSchema).parse(raw);
}

/**
 * Makes sure case `id` is on disk and returns its paths. Idempotent and cached: when
 * `<dir>/meta.json` already names the case's package, from and to, it returns without touching
 * the network. Otherwise it builds the case in a scratch directory next to `dir` and renames it
 * into place at the end, so an interrupted run never leaves half a case behind.
 * @throws `Unknown case id "x"; known: ...`, or a message naming the failing tool (npm, tar, git).
 */
export async function materialiseCase(id: string, options: MaterialiseOptions = {}): Promise<MaterialisedCase> {
  const cases = await loadRealCases();
  const realCase = cases.find((c) => c.id === id);
  if (!realCase) {
    throw new Error(`Unknown case id "${id}"; known: ${cases.map((c) => c.id).join(', ')}`);
  }
  const dir = resolve(options.cacheDir ?? join(repoRoot, '.cache', 'real-cases', id));
  const cached = await readCachedCase(realCase, dir);
  if (cached) return cached;

  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const work = await mkdtemp(join(parent, `.${id}.tmp-`));
  try {
    const out = join(work, 'out');
    await mkdir(out);
    const meta = await buildCase(realCase, work, out);
    await writeFile(join(out, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    await installCase(realCase, out, dir, work);
    const installed = await readCachedCase(realCase, dir);
    if (!installed) throw new Error(`case "${id}" was built but ${dir} does not hold it`);
    return installed;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readCachedCase(realCase: RealCase, dir: string): Promise<MaterialisedCase | undefined> {
  let meta: CaseMeta;
  try {
    meta = metaSchema.parse(JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')));
  } catch {
    return undefined;
  }
  if (meta.package !== realCase.package || meta.from !== realCase.from || meta.to !== realCase.to) return undefined;
  const paths = {
    baseDir: join(dir, 'base'),
    headDir: join(dir, 'head'),
    diffPath: join(dir, 'pr.diff'),
  };
  try {
    await Promise.all(Object.values(paths).map((p) => access(p, fsConstants.R_OK)));
  } catch {
    return undefined;
  }
  return { case: realCase, dir, ...paths, meta };
}

/** Moves the finished `out` to `dir`, replacing a stale case; a case another process just installed wins. */
async function installCase(realCase: RealCase, out: string, dir: string, work: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await rename(out, dir);
      return;
    } catch (error) {
      if (!isErrno(error, 'ENOTEMPTY') && !isErrno(error, 'EEXIST') && !isErrno(error, 'EISDIR')) throw error;
    }
    if (await readCachedCase(realCase, dir)) return;
    const stale = join(work, `stale-${attempt}`);
    try {
      await rename(dir, stale);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
    }
  }
  throw new Error(`cannot replace ${dir}: another process keeps writing it`);
}

async function buildCase(realCase: RealCase, work: string, out: string): Promise<CaseMeta> {
  const trees = join(work, 'd');
  const [fromVersion, toVersion] = await Promise.all([
    fetchTree(realCase.package, realCase.from, join(work, 'pack-a'), join(trees, 'a')),
    fetchTree(realCase.package, realCase.to, join(work, 'pack-b'), join(trees, 'b')),
  ]);

  const stats = await diffTrees(trees, join(out, 'pr.diff'), work);
  await rename(join(trees, 'a'), join(out, 'base'));
  await rename(join(trees, 'b'), join(out, 'head'));
  return { package: realCase.package, from: fromVersion, to: toVersion, ...stats };
}

/**
 * Diffs `trees/a` against `trees/b` with git, shutting out every user, system and repository
 * config (no repository is looked for above `trees`), and writes the GitHub-style diff to
 * `diffPath`. `scratch` receives git's HOME and intermediate files.
 * @returns the numstat totals (binary files count as changed files with no lines).
 * @throws when the trees are identical or git fails.
 */
export async function diffTrees(
  trees: string,
  diffPath: string,
  scratch: string,
): Promise<Pick<CaseMeta, 'files_changed' | 'additions' | 'deletions'>> {
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
  ]) {
    delete gitEnv[name];
  }
  Object.assign(gitEnv, {
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CEILING_DIRECTORIES: dirname(resolve(trees)),
  });
  const diffOptions = ['--no-index', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', '-l5000'];
  const git = async (args: string[], stdoutFile: string): Promise<void> => {
    const result = await run('git', ['diff', ...diffOptions, ...args, 'a', 'b'], { cwd: trees, env: gitEnv, stdoutFile });
    if (result.code === 0) throw new Error(`${trees}/a and ${trees}/b have identical contents; nothing to diff`);
    if (result.code !== 1) throw new Error(`git diff failed (exit ${result.code}): ${tail(result.stderr)}`);
  };
  const rawDiff = join(scratch, 'raw.diff');
  const numstat = join(scratch, 'numstat');
  await git(['--no-prefix'], rawDiff);
  await git(['--numstat'], numstat);
  await writeFile(diffPath, toGitHubHeaders(await readFile(rawDiff, 'latin1')), 'latin1');

  let files = 0;
  let additions = 0;
  let deletions = 0;
  for (const line of (await readFile(numstat, 'latin1')).split('\n')) {
    if (!line) continue;
    const [add = '-', del = '-'] = line.split('\t');
    files += 1;
    if (add !== '-') additions += Number(add);
    if (del !== '-') deletions += Number(del);
  }
  return { files_changed: files, additions, deletions };
}

/**
 * `npm pack pkg@version` into `packDir`, then extract it into `dest` without its single top-level
 * directory. Returns the version from the tarball's package.json (FROM/TO may be tags).
 * @throws a message naming the failing tool (npm, tar) and its last output
 */
export async function fetchTree(pkg: string, version: string, packDir: string, dest: string): Promise<string> {
  if (pkg.startsWith('-')) throw new Error(`package name must not start with '-': ${pkg}`);
  await mkdir(packDir, { recursive: true });
  await mkdir(dest, { recursive: true });
  const packed = await run(
    'npm',
    ['pack', `${pkg}@${version}`, '--loglevel=error', '--ignore-scripts', '--pack-destination', packDir],
    { cwd: packDir, env: { ...process.env, npm_config_prefer_offline: 'true' }, timeoutMs: NPM_TIMEOUT_MS },
  );
  if (packed.code !== 0) {
    throw new Error(
      `npm pack ${pkg}@${version} failed (is the name/version right and the registry reachable?): ${tail(packed.stderr)}`,
    );
  }
  const tarballs = (await readdir(packDir)).filter((name) => name.endsWith('.tgz'));
  const [tarball] = tarballs;
  if (tarballs.length !== 1 || tarball === undefined) {
    throw new Error(`npm pack ${pkg}@${version} did not produce exactly one .tgz`);
  }
  const tgz = join(packDir, tarball);
  const listing = await run('tar', ['tzf', tgz], {});
  if (listing.code !== 0) throw new Error(`cannot read tarball of ${pkg}@${version}: ${tail(listing.stderr)}`);
  const entries = listing.stdout.toString('utf8').split('\n').filter(Boolean);
  // npm tarballs wrap everything in one top-level directory (normally `package/`); strip it
  // whatever its name is, and refuse anything else.
  const strip = entries[0]?.startsWith('./') ? 2 : 1;
  const tops = new Set(entries.map((entry) => entry.replace(/^\.\//, '').replace(/\/.*/, '')));
  if (tops.size !== 1) throw new Error(`tarball of ${pkg}@${version} does not have a single top-level directory`);
  const extracted = await run('tar', ['xzf', tgz, '-C', dest, `--strip-components=${strip}`, '--no-same-owner'], {});
  if (extracted.code !== 0) throw new Error(`cannot extract tarball of ${pkg}@${version}: ${tail(extracted.stderr)}`);
  const chmod = await run('chmod', ['-R', 'u+rwX', dest], {});
  if (chmod.code !== 0) throw new Error(`chmod failed on ${dest}: ${tail(chmod.stderr)}`);
  try {
    const manifest: unknown = JSON.parse(await readFile(join(dest, 'package.json'), 'utf8'));
    const parsed = z.object({ version: z.string().min(1) }).safeParse(manifest);
    return parsed.success ? parsed.data.version : version;
  } catch {
    return version;
  }
}

/**
 * Rewrites git's `--no-prefix` output between dirs `a` and `b` into GitHub's `.diff` layout, as
 * make-case.sh does: an added (deleted) file is named twice after its only side, `b/x b/x`, which
 * becomes `a/x b/x`; `rename from a/x` loses the directory name. Works on latin1 so every byte
 * round-trips.
 */
export function toGitHubHeaders(raw: string): string {
  const lines = raw.split('\n');
  let inHeader = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.startsWith('diff --git ')) {
      inHeader = true;
      const rest = line.slice('diff --git '.length);
      if (rest.length % 2 === 1) {
        const n = (rest.length - 1) / 2;
        const left = rest.slice(0, n);
        const right = rest.slice(n + 1);
        const q = left.startsWith('"') ? '"' : '';
        const side = left.slice(q.length, q.length + 2);
        if (rest[n] === ' ' && left === right && (side === 'a/' || side === 'b/')) {
          const pathTail = left.slice(q.length + 2);
          lines[i] = `diff --git ${q}a/${pathTail} ${q}b/${pathTail}`;
        }
      }
      continue;
    }
    if (!inHeader) continue;
    if (line.startsWith('@@') || line.startsWith('--- ') || line.startsWith('Binary files ')) {
      inHeader = false;
      continue;
    }
    const m = /^((?:rename|copy) (?:from|to) )("?)[ab]\//.exec(line);
    if (m) lines[i] = `${m[1] ?? ''}${m[2] ?? ''}${line.slice(m[0].length)}`;
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

interface RunResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs a tool without a shell; resolves with its exit code, rejects when it cannot start or times out. */
async function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? TOOL_TIMEOUT_MS;
  const file = options.stdoutFile === undefined ? undefined : await open(options.stdoutFile, 'w');
  try {
    return await new Promise<RunResult>((resolvePromise, reject) => {
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
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-8_000);
      });
      child.on('error', (error) => reject(new Error(`cannot run ${command}: ${error.message}`)));
      child.on('close', (code, signal) => {
        if (code === null) {
          reject(new Error(`${command} ${args[0] ?? ''} was stopped by ${signal ?? 'a signal'} (timeout ${timeoutMs} ms)`));
          return;
        }
        resolvePromise({ code, stdout: Buffer.concat(stdout), stderr });
      });
    });
  } finally {
    await file?.close();
  }
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-15).join('\n') || '(no output)';
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.some((arg) => arg.startsWith('-'))) {
    process.stderr.write('usage: npx tsx scripts/materialise-case.ts <case-id>...\n');
    return 2;
  }
  for (const id of argv) {
    const materialised = await materialiseCase(id);
    process.stdout.write(`${materialised.dir}\n`);
  }
  return 0;
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && (await realpath(invokedPath).catch(() => invokedPath)) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`materialise-case: error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
