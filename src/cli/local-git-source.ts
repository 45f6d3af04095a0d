import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FetchedFiles, FileRead, FileStat } from '../evidence/evidence-source.js';
import type { ChangedFile, ChangeStatus, PullRequestInfo } from '../evidence/evidence-types.js';
import type { GitTree } from '../evidence/complete-file-list.js';
import type { RequestCounts } from '../github/pull-request-source.js';

/**
 * The evidence stage's reads on a local clone (`pr-debate run BASE..HEAD`, issue #33), answering what
 * `src/github/pull-request-source.ts` answers from GitHub, from `git` itself, so the pack, the RFC
 * search and the citation checks run as on a pull request:
 * - the "pull request" is the range: its title the head commit's subject, its description the range's
 *   commit messages (where an RFC path or blob link is found, as in a PR description), its base the
 *   BASE commit; the diff is three-dot, from the merge base, as GitHub's;
 * - the file list from `git diff --raw --numstat -M` (blob SHAs and line counts), the whole diff from
 *   `git diff --full-index -M` (git's own patches, as GitHub serves them);
 * - files, trees and blob SHAs from `git cat-file --batch`, `git ls-tree -r -l`.
 */

const run = promisify(execFile);

/** Git's output can be the whole diff of a large range: allow up to 1 GiB before Node gives up. */
const MAX_BUFFER = 1024 ** 3;

/** Bytes past which a file counts as too large to read (GitHub's contents API stops at 100 MB; git has no limit). */
const MAX_FILE_BYTES = 100 * 1024 ** 2;

/** What a range on the command line names, resolved in the clone. */
export interface LocalRange {
  /** The clone's top folder. */
  cwd: string;
  /** As typed (`main`, `origin/main`, a SHA), for messages. */
  baseName: string;
  headName: string;
  baseSha: string;
  headSha: string;
}

/** A `git` command that failed: its arguments and git's own first line of stderr. */
export class GitError extends Error {
  override name = 'GitError';
}

/**
 * Runs git in the clone and returns its stdout as bytes.
 * @throws GitError with git's message (`fatal: ambiguous argument 'mian'`)
 */
export async function git(cwd: string, args: string[], input?: string): Promise<Buffer> {
  try {
    const child = run('git', args, { cwd, encoding: 'buffer', maxBuffer: MAX_BUFFER });
    if (input !== undefined) child.child.stdin?.end(input);
    return (await child).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim().split('\n')[0];
    throw new GitError(`git ${args.slice(0, 3).join(' ')} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

const text = async (cwd: string, args: string[]) => (await git(cwd, args)).toString('utf8');

/**
 * Resolves `BASE..HEAD` in the clone at `cwd` (a commit each, as `git rev-parse --verify` finds them).
 * @throws GitError when `cwd` is not in a git clone or a side names no commit
 */
export async function resolveRange(cwd: string, baseName: string, headName: string): Promise<LocalRange> {
  const top = (await text(cwd, ['rev-parse', '--show-toplevel'])).trim();
  const commit = async (name: string) => {
    try {
      return (await text(top, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`])).trim();
    } catch {
      throw new GitError(`"${name}" names no commit in ${top} (try git fetch, or a branch name from git branch -a)`);
    }
  };
  return { cwd: top, baseName, headName, baseSha: await commit(baseName), headSha: await commit(headName) };
}

const STATUS: Record<string, ChangeStatus> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};
const NULL_SHA = /^0+$/;

/**
 * Parses `git diff --raw --numstat -z --no-abbrev -M`: the raw records
 * (`:oldmode newmode oldsha newsha status\0path\0[newpath\0]`), then the numstat records
 * (`added\tdeleted\tpath\0`, or `added\tdeleted\t\0old\0new\0` for a rename; `-` for a binary file). Pure.
 */
export function parseRawNumstat(output: string): ChangedFile[] {
  const parts = output.split('\0');
  const files: ChangedFile[] = [];
  let i = 0;
  while (i < parts.length && parts[i]!.startsWith(':')) {
    const [oldMode, newMode, oldSha, newSha, code = 'M'] = parts[i]!.slice(1).split(' ');
    const letter = code[0] ?? 'M';
    const renamed = letter === 'R' || letter === 'C';
    const from = parts[i + 1] ?? '';
    const to = renamed ? (parts[i + 2] ?? '') : from;
    i += renamed ? 3 : 2;
    const status = STATUS[letter] ?? 'modified';
    const blob = (sha: string | undefined) => (sha === undefined || NULL_SHA.test(sha) ? undefined : sha);
    files.push({
      path: to,
      previousPath: renamed ? from : undefined,
      status,
      additions: 0,
      deletions: 0,
      patch: undefined,
      blobs: { base: blob(oldSha), head: blob(newSha) },
      mode: { base: oldMode === '000000' ? undefined : oldMode, head: newMode === '000000' ? undefined : newMode },
    });
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  while (i < parts.length) {
    const record = parts[i]!;
    if (record === '') {
      i++;
      continue;
    }
    const [added = '0', deleted = '0', path = ''] = record.split('\t');
    let target = path;
    i++;
    if (path === '') {
      target = parts[i + 1] ?? '';
      i += 2;
    }
    const file = byPath.get(target);
    if (file) {
      file.additions = added === '-' ? 0 : Number(added);
      file.deletions = deleted === '-' ? 0 : Number(deleted);
    }
  }
  return files;
}

/**
 * Parses `git cat-file --batch` output for the paths asked, in order: `<sha> blob <size>\n<bytes>\n`, or
 * `<name> missing` for a path that is no file there. Pure.
 */
export function parseCatFileBatch(output: Buffer, paths: string[]): Map<string, FileRead & { bytes?: number }> {
  const found = new Map<string, FileRead & { bytes?: number }>();
  let at = 0;
  for (const path of paths) {
    const end = output.indexOf(0x0a, at);
    if (end < 0) break;
    const header = output.subarray(at, end).toString('utf8');
    at = end + 1;
    const match = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (!match) continue;
    const size = Number(match[2]);
    const body = output.subarray(at, at + size);
    at += size + 1;
    if (match[1] !== 'blob') continue;
    if (size > MAX_FILE_BYTES) found.set(path, { tooLarge: true, bytes: size });
    else if (body.subarray(0, 8000).includes(0)) found.set(path, { binary: true, bytes: size });
    else found.set(path, { text: body.toString('utf8'), bytes: size });
  }
  return found;
}

/**
 * @param range the resolved range
 * @param repo the repository the clone is of, for links (`owner/repo` of its GitHub remote)
 * @param htmlUrl where the comment links the "pull request" (the compare view on GitHub, or the range)
 */
export function createLocalGitSource(range: LocalRange, htmlUrl: string) {
  const counts: RequestCounts = { pull: 0, fileList: 0, wholeDiff: 0, graphql: 0, contents: 0, git: 0 };
  const call = (kind: keyof RequestCounts, args: string[]) => {
    counts[kind] += 1;
    return text(range.cwd, args);
  };
  let mergeBase: Promise<string> | undefined;
  const base = () =>
    (mergeBase ??= call('git', ['merge-base', range.baseSha, range.headSha]).then((out) => out.trim()));
  const catFiles = async (paths: string[], ref: string) => {
    if (paths.length === 0) return new Map<string, FileRead & { bytes?: number }>();
    counts.contents += 1;
    const out = await git(range.cwd, ['cat-file', '--batch'], paths.map((p) => `${ref}:${p}\n`).join(''));
    return parseCatFileBatch(out, paths);
  };

  return {
    requests: () => counts.pull + counts.fileList + counts.wholeDiff + counts.graphql + counts.contents + counts.git,
    requestCounts: (): RequestCounts => ({ ...counts }),

    async getPullRequest(): Promise<PullRequestInfo> {
      const from = await base();
      const [subject, author, messages, changed] = await Promise.all([
        call('pull', ['log', '-1', '--format=%s', range.headSha]),
        call('pull', ['log', '-1', '--format=%an', range.headSha]),
        call('pull', ['log', '--format=%B', `${from}..${range.headSha}`]),
        call('pull', ['diff', '--name-only', '-z', '-M', from, range.headSha]),
      ]);
      return {
        number: 0,
        title: subject.trim() || `${range.baseName}..${range.headName}`,
        body: messages.trim(),
        author: author.trim() || 'local',
        headSha: range.headSha,
        baseSha: range.baseSha,
        baseRef: range.baseName,
        htmlUrl,
        changedFiles: changed.split('\0').filter(Boolean).length,
      };
    },

    async listFiles(): Promise<ChangedFile[]> {
      return parseRawNumstat(
        await call('fileList', ['diff', '--raw', '--numstat', '-z', '--no-abbrev', '-M', await base(), range.headSha]),
      );
    },

    async getWholeDiff(): Promise<{ diff: string } | { refused: string }> {
      return { diff: await call('wholeDiff', ['diff', '--full-index', '-M', await base(), range.headSha]) };
    },

    async fetchFiles(request: { texts: string[]; sizes: string[] }, ref: string): Promise<FetchedFiles> {
      const read = await catFiles([...new Set([...request.texts, ...request.sizes])], ref);
      const texts = new Map<string, FileRead>();
      const sizes = new Map<string, FileStat>();
      for (const path of request.texts) {
        const file = read.get(path);
        if (file)
          texts.set(
            path,
            'text' in file ? { text: file.text } : 'binary' in file ? { binary: true } : { tooLarge: true },
          );
      }
      for (const path of request.sizes) {
        const file = read.get(path);
        if (file) sizes.set(path, { bytes: file.bytes ?? 0, binary: 'binary' in file });
      }
      return { texts, sizes };
    },

    async getMergeBase(): Promise<{ sha: string; treeSha: string }> {
      const sha = await base();
      return { sha, treeSha: (await call('git', ['rev-parse', `${sha}^{tree}`])).trim() };
    },

    async getTree(sha: string): Promise<GitTree> {
      const out = await call('git', ['ls-tree', '-r', '-l', '-z', '--full-tree', sha]);
      const entries = out
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const tab = line.indexOf('\t');
          const [mode = '', type = '', objectSha = '', size = '-'] = line.slice(0, tab).split(/\s+/);
          return {
            path: line.slice(tab + 1),
            mode,
            type,
            sha: objectSha,
            size: size === '-' ? undefined : Number(size),
          };
        });
      return { entries, truncated: false };
    },

    async getBlobShas(paths: string[], ref: string): Promise<Map<string, string>> {
      const shas = new Map<string, string>();
      if (paths.length === 0) return shas;
      const out = await call('git', ['ls-tree', '-r', '-z', '--full-tree', ref, '--', ...paths]);
      for (const line of out.split('\0').filter(Boolean)) {
        const tab = line.indexOf('\t');
        const [, type, sha = ''] = line.slice(0, tab).split(' ');
        if (type === 'blob') shas.set(line.slice(tab + 1), sha);
      }
      return shas;
    },
  };
}
