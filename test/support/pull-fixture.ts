/**
 * Turns a materialised real case (two published npm versions and their git diff) into a pull
 * request for the local GitHub server: per-file entries shaped like GitHub's
 * `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, the whole diff for the diff media type,
 * and file contents at the head and base SHAs read from the extracted trees.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { MaterialisedCase } from '../../scripts/materialise-case.js';
import { parseGitDiff, unquoteGitPath } from '../../src/evidence/parse-git-diff.js';
import { gitBlobSha } from './github-server.js';
import type { FakePullRequest, PullRequestFileFixture, TreeEntryFixture } from './github-server.js';

/** Options of {@link pullFixtureFromCase}. */
export interface PullFixtureOptions {
  /** Default 1. */
  number?: number;
  /** Login of the PR author; default `octocat`. */
  author?: string;
}

/**
 * Builds the pull request of a materialised case. Head and base SHAs are the SHA-1 of
 * `package@version`; title and body come from the case; `diffTooLarge` is left to the server's
 * GitHub limits.
 * @throws when `pr.diff` cannot be read or holds a section it cannot parse.
 */
export function pullFixtureFromCase(m: MaterialisedCase, opts: PullFixtureOptions = {}): FakePullRequest {
  const { package: pkg, from, to } = m.case;
  const headSha = sha1(`${pkg}@${to}`);
  const baseSha = sha1(`${pkg}@${from}`);
  const diff = readFileSync(m.diffPath).toString('utf8');
  const roots = new Map([
    [headSha, m.headDir],
    [baseSha, m.baseDir],
  ]);
  const readFile = (sha: string, path: string): Buffer | undefined => {
    const root = roots.get(sha);
    return root === undefined ? undefined : readInside(root, path);
  };
  const files = parseDiffFiles(diff).map((file): PullRequestFileFixture => {
    const content = file.status === 'removed' ? readFile(baseSha, file.filename) : readFile(headSha, file.filename);
    return { ...file, sha: gitBlobSha(content ?? Buffer.alloc(0)) };
  });
  return {
    number: opts.number ?? 1,
    title: m.case.title,
    body: m.case.body,
    user: { login: opts.author ?? 'octocat', type: 'User' },
    head: { sha: headSha, ref: `release/${pkg.replace(/[^A-Za-z0-9._-]+/g, '-')}-${to}` },
    base: { sha: baseSha, ref: 'main' },
    draft: false,
    state: 'open',
    files,
    diff,
    readFile,
  };
}

/**
 * Splits a whole `git diff` (GitHub-style headers, `a/` and `b/` prefixes) into GitHub's per-file
 * entries, without `sha` and URLs: `patch` runs from the first `@@` line, lines joined by `\n`
 * with no trailing newline, and is absent for binary files and changes without hunks (pure
 * renames, mode changes, empty new files), as GitHub sends them. The parsing is the action's own
 * (`src/evidence/parse-git-diff.ts`), which reads GitHub's whole diff the same way.
 * @throws when a section names no file.
 */
export function parseDiffFiles(diff: string): Omit<PullRequestFileFixture, 'sha'>[] {
  return parseGitDiff(diff).map((f) => {
    const file: Omit<PullRequestFileFixture, 'sha'> = {
      filename: f.path,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      changes: f.additions + f.deletions,
    };
    if (f.patch !== undefined) file.patch = f.patch;
    if (f.previousPath !== undefined) file.previous_filename = f.previousPath;
    return file;
  });
}

/** Decodes git's C-style quoted path (`"a/caf\303\251.md"`, octal bytes of UTF-8) to the real name. */
export { unquoteGitPath };

/** Options of {@link pullFixtureFromGit}. */
export interface GitPullOptions {
  number?: number;
  title?: string;
  body?: string | null;
  author?: string;
  /** Paths whose `patch` the file list leaves out, as GitHub does for a diff too large to show. */
  dropPatches?: string[];
  /** Force GitHub's 406 `too_large` on the whole diff. */
  diffTooLarge?: boolean;
  /** The server leaves out patches longer than this many lines (see `FakePullRequest.omitPatchesOver`). */
  omitPatchesOver?: number;
}

/**
 * A pull request between two commits of a real git repository on disk: the whole diff is git's own
 * (`--find-renames --find-copies`, quoted non-ASCII paths, modes, "Binary files ... differ"), the file
 * list is split from it as GitHub lists it, and contents are read with `git cat-file` at either commit.
 * Git runs without user or system config.
 */
export function pullFixtureFromGit(
  repoDir: string,
  baseRef: string,
  headRef: string,
  opts: GitPullOptions = {},
): FakePullRequest {
  const git = (args: string[]): Buffer =>
    execFileSync('git', ['-C', repoDir, ...args], {
      env: isolatedGitEnv(),
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const baseSha = git(['rev-parse', baseRef]).toString('utf8').trim();
  const headSha = git(['rev-parse', headRef]).toString('utf8').trim();
  const diff = git([
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--find-renames',
    '--find-copies',
    baseSha,
    headSha,
  ]).toString('utf8');
  const cache = new Map<string, Buffer | undefined>();
  const readFile = (sha: string, path: string): Buffer | undefined => {
    if (sha !== headSha && sha !== baseSha) return undefined;
    const key = `${sha}:${path}`;
    if (!cache.has(key)) {
      let content: Buffer | undefined;
      try {
        const type = git(['cat-file', '-t', key]).toString('utf8').trim();
        content = type === 'blob' ? git(['cat-file', 'blob', key]) : undefined;
      } catch {
        content = undefined;
      }
      cache.set(key, content);
    }
    return cache.get(key);
  };
  const dropped = new Set(opts.dropPatches ?? []);
  const files = parseDiffFiles(diff).map((file): PullRequestFileFixture => {
    const content = file.status === 'removed' ? readFile(baseSha, file.filename) : readFile(headSha, file.filename);
    const { patch, ...rest } = file;
    return {
      ...rest,
      ...(patch !== undefined && !dropped.has(file.filename) ? { patch } : {}),
      sha: gitBlobSha(content ?? Buffer.alloc(0)),
    };
  });
  return {
    number: opts.number ?? 1,
    title: opts.title ?? 'A pull request',
    body: opts.body === undefined ? '' : opts.body,
    user: { login: opts.author ?? 'octocat', type: 'User' },
    head: { sha: headSha, ref: 'feature' },
    base: { sha: baseSha, ref: 'main' },
    draft: false,
    state: 'open',
    files,
    diff,
    ...(opts.diffTooLarge === undefined ? {} : { diffTooLarge: opts.diffTooLarge }),
    ...(opts.omitPatchesOver === undefined ? {} : { omitPatchesOver: opts.omitPatchesOver }),
    readFile,
    listTree(sha: string): TreeEntryFixture[] | undefined {
      if (sha !== headSha && sha !== baseSha) return undefined;
      // `git ls-tree -r -l -z`: "<mode> SP <type> SP <object> SP <size> TAB <path>" NUL-terminated (git-ls-tree(1)).
      return git(['ls-tree', '-r', '-l', '-z', sha])
        .toString('utf8')
        .split('\0')
        .filter((row) => row !== '')
        .map((row) => {
          const [meta = '', path = ''] = row.split('\t');
          const [mode = '', , object = '', size = '0'] = meta.split(/ +/);
          return { path, mode, sha: object, size: size === '-' ? 0 : Number(size) };
        });
    },
  };
}

/** An environment in which git reads no user, system or repository config above the working directory. */
export function isolatedGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_INDEX_FILE',
    'GIT_CONFIG_PARAMETERS',
    'GIT_CONFIG_COUNT',
    'GIT_EXTERNAL_DIFF',
    'GIT_DIFF_OPTS',
  ])
    delete env[name];
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Fixture',
    GIT_AUTHOR_EMAIL: 'fixture@example.com',
    GIT_COMMITTER_NAME: 'Fixture',
    GIT_COMMITTER_EMAIL: 'fixture@example.com',
    GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
  };
}

/** Reads `path` under `root`; undefined when absent, not a regular file, or outside `root`. */
function readInside(root: string, path: string): Buffer | undefined {
  const base = resolve(root);
  const target = resolve(base, path);
  if (!target.startsWith(base + sep)) return undefined;
  try {
    return statSync(target).isFile() ? readFileSync(target) : undefined;
  } catch {
    return undefined;
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Options of {@link syntheticPull}. */
export interface SyntheticPullOptions {
  /** Files the PR changes (GitHub lists the first 3,000). */
  files: number;
  /** Lines removed and as many added in each file (one hunk); changed lines are twice this. */
  changedPerFile: number;
  /** Lines of each file at the base. */
  linesPerFile?: number;
  number?: number;
  body?: string;
  /** File 0 instead has this many lines and changes this many (removed, and as many added). */
  largeFirstFile?: { lines: number; changed: number };
  /** The server leaves out patches longer than this many lines (see `FakePullRequest.omitPatchesOver`). */
  omitPatchesOver?: number;
}

/**
 * A generated pull request of any size, for scale tests and the benchmark: file `i` replaces lines
 * 21.. of a generated module with as many new ones, in one hunk with three lines of context. Contents
 * are generated when read, so a 3,000-file PR costs little memory in the server.
 */
export function syntheticPull(opts: SyntheticPullOptions): FakePullRequest {
  const defaultLines = opts.linesPerFile ?? Math.max(60, opts.changedPerFile + 40);
  const large = opts.largeFirstFile;
  const linesOf = (i: number) => (i === 0 && large ? large.lines : defaultLines);
  const changedOf = (i: number) => (i === 0 && large ? large.changed : opts.changedPerFile);
  const variant = `${opts.files}:${opts.changedPerFile}:${defaultLines}${large ? `:${large.lines}:${large.changed}` : ''}`;
  const headSha = sha1(`synthetic-head:${variant}`);
  const baseSha = sha1(`synthetic-base:${variant}`);
  const pathOf = (i: number) =>
    i % 20 === 19
      ? `vendor/lib${i % 7}/part-${i}.js`
      : i % 10 === 3
        ? `docs/topic-${i}.md`
        : `src/area-${i % 37}/module-${i}.ts`;
  const start = 21;
  const baseLine = (i: number, k: number) => `export const value${i}_${k} = compute(${k}, 'base ${i}');`;
  const headLine = (i: number, k: number) => `export const value${i}_${k} = compute(${k} * 2, 'head ${i}');`;
  const content = (i: number, side: 'base' | 'head'): string => {
    const out: string[] = [];
    for (let k = 1; k <= linesOf(i); k += 1) {
      const changed = k >= start && k < start + changedOf(i);
      out.push(changed && side === 'head' ? headLine(i, k) : baseLine(i, k));
    }
    return `${out.join('\n')}\n`;
  };
  const patchOf = (i: number): string => {
    const from = start - 3;
    const to = Math.min(linesOf(i), start + changedOf(i) + 2);
    const rows: string[] = [];
    for (let k = from; k < start; k += 1) rows.push(` ${baseLine(i, k)}`);
    for (let k = start; k < start + changedOf(i); k += 1) rows.push(`-${baseLine(i, k)}`);
    for (let k = start; k < start + changedOf(i); k += 1) rows.push(`+${headLine(i, k)}`);
    for (let k = start + changedOf(i); k <= to; k += 1) rows.push(` ${baseLine(i, k)}`);
    const count = to - from + 1;
    return `@@ -${from},${count} +${from},${count} @@\n${rows.join('\n')}`;
  };
  const byPath = new Map<string, number>();
  const files: PullRequestFileFixture[] = [];
  for (let i = 0; i < opts.files; i += 1) {
    const path = pathOf(i);
    byPath.set(path, i);
    files.push({
      sha: sha1(`blob:${path}`),
      filename: path,
      status: 'modified',
      additions: changedOf(i),
      deletions: changedOf(i),
      changes: 2 * changedOf(i),
      patch: patchOf(i),
    });
  }
  let diff: string | undefined;
  return {
    number: opts.number ?? 1,
    title: `Generated change of ${opts.files} files`,
    body: opts.body ?? 'A generated pull request for scale tests.',
    user: { login: 'octocat', type: 'User' },
    head: { sha: headSha, ref: 'generated' },
    base: { sha: baseSha, ref: 'main' },
    draft: false,
    state: 'open',
    files,
    get diff(): string {
      diff ??= files
        .map(
          (f) =>
            `diff --git a/${f.filename} b/${f.filename}\nindex 1111111..2222222 100644\n--- a/${f.filename}\n+++ b/${f.filename}\n${f.patch}\n`,
        )
        .join('');
      return diff;
    },
    ...(opts.omitPatchesOver === undefined ? {} : { omitPatchesOver: opts.omitPatchesOver }),
    readFile(sha: string, path: string): Buffer | undefined {
      const i = byPath.get(path);
      if (i === undefined || (sha !== headSha && sha !== baseSha)) return undefined;
      return Buffer.from(content(i, sha === headSha ? 'head' : 'base'));
    },
    listTree(sha: string): TreeEntryFixture[] | undefined {
      if (sha !== headSha && sha !== baseSha) return undefined;
      return files.map((f, i) => {
        const blob = Buffer.from(content(i, sha === headSha ? 'head' : 'base'));
        return { path: f.filename, mode: '100644', sha: gitBlobSha(blob), size: blob.length };
      });
    },
  };
}
