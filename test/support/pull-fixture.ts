/**
 * Turns a materialised real case (two published npm versions and their git diff) into a pull
 * request for the local GitHub server: per-file entries shaped like GitHub's
 * `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, the whole diff for the diff media type,
 * and file contents at the head and base SHAs read from the extracted trees.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { MaterialisedCase } from '../../scripts/materialise-case.js';
import { gitBlobSha } from './github-server.js';
import type { FakePullRequest, PullRequestFileFixture } from './github-server.js';

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
 * renames, mode changes, empty new files), as GitHub sends them.
 * @throws when a section names no file.
 */
export function parseDiffFiles(diff: string): Omit<PullRequestFileFixture, 'sha'>[] {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const sections: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('diff --git ')) sections.push([line]);
    else sections.at(-1)?.push(line);
  }
  return sections.map(parseSection);
}

function parseSection(section: string[]): Omit<PullRequestFileFixture, 'sha'> {
  const [gitLine = ''] = section;
  const hunkStart = section.findIndex((line) => line.startsWith('@@'));
  const header = hunkStart === -1 ? section : section.slice(0, hunkStart);
  const field = (prefix: string): string | undefined => {
    const line = header.find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : line.slice(prefix.length).replace(/\t$/, '');
  };
  const side = (value: string | undefined, prefix: 'a/' | 'b/'): string | undefined => {
    if (value === undefined || value === '/dev/null') return undefined;
    const path = unquoteGitPath(value);
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
  };

  const renameTo = field('rename to ');
  const copyTo = field('copy to ');
  const oldPath = field('rename from ') ?? field('copy from ');
  const binary = header.find((line) => line.startsWith('Binary files '));
  const filename =
    (renameTo ?? copyTo) !== undefined
      ? unquoteGitPath((renameTo ?? copyTo) as string)
      : (side(field('+++ '), 'b/') ?? side(field('--- '), 'a/') ?? binaryPath(binary) ?? gitLinePath(gitLine));
  if (filename === undefined || filename === '') throw new Error(`cannot find the file name in: ${gitLine}`);

  let additions = 0;
  let deletions = 0;
  const hunks = hunkStart === -1 ? [] : section.slice(hunkStart);
  for (const line of hunks) {
    if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }

  let status: PullRequestFileFixture['status'] = 'modified';
  if (renameTo !== undefined) status = 'renamed';
  else if (copyTo !== undefined) status = 'copied';
  else if (header.some((line) => line.startsWith('new file mode '))) status = 'added';
  else if (header.some((line) => line.startsWith('deleted file mode '))) status = 'removed';
  else if (hunks.length === 0 && binary === undefined && header.some((line) => line.startsWith('new mode '))) {
    status = 'changed';
  }

  const file: Omit<PullRequestFileFixture, 'sha'> = {
    filename,
    status,
    additions,
    deletions,
    changes: additions + deletions,
  };
  if (hunks.length > 0) file.patch = hunks.join('\n');
  if (oldPath !== undefined) file.previous_filename = unquoteGitPath(oldPath);
  return file;
}

/** The existing side of `Binary files a/x and b/x differ` (either side may be /dev/null). */
function binaryPath(line: string | undefined): string | undefined {
  const match = line === undefined ? null : /^Binary files (.*) differ$/.exec(line);
  const pair = match?.[1];
  if (pair === undefined) return undefined;
  if (pair.startsWith('/dev/null and ')) return stripSide(unquoteGitPath(pair.slice('/dev/null and '.length)));
  if (pair.endsWith(' and /dev/null')) return stripSide(unquoteGitPath(pair.slice(0, -' and /dev/null'.length)));
  return splitSymmetric(pair, ' and ');
}

/** The path of `diff --git a/x b/x` when both sides name the same file (mode changes). */
function gitLinePath(line: string): string | undefined {
  return splitSymmetric(line.slice('diff --git '.length), ' ');
}

/** For `L<sep>R` where L and R are the same path on sides a/ and b/, that path. */
function splitSymmetric(pair: string, separator: string): string | undefined {
  const half = (pair.length - separator.length) / 2;
  if (!Number.isInteger(half) || pair.slice(half, half + separator.length) !== separator) return undefined;
  const left = stripSide(unquoteGitPath(pair.slice(0, half)));
  const right = stripSide(unquoteGitPath(pair.slice(half + separator.length)));
  return left === right ? left : undefined;
}

function stripSide(path: string): string {
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Decodes git's C-style quoted path (`"a/caf\303\251.md"`, octal bytes of UTF-8) to the real
 * name; an unquoted path is returned as is.
 */
export function unquoteGitPath(value: string): string {
  if (!(value.length >= 2 && value.startsWith('"') && value.endsWith('"'))) return value;
  const bytes: number[] = [];
  const inner = value.slice(1, -1);
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i] ?? '';
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = inner[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(inner.slice(i + 1, i + 4));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
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
