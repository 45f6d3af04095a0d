import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FileRead } from '../src/evidence/evidence-source.js';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import { createRestClients } from '../src/github/create-rest-octokit.js';
import { createPullRequestSource } from '../src/github/pull-request-source.js';
import { writeCaseFolder, type ChangeSnapshot } from './write-case-folder.js';
import { describeFailure } from '../src/cli/call-pipeline.js';
import type { EvalCommand, GitRange } from './parse-eval-args.js';
import { resolveGitHubUrls, type PullRequestRef } from '../src/cli/parse-pr-ref.js';
import type { CliIo } from '../src/cli/cli-io.js';

/**
 * `pr-debate eval import <PR | BASE..HEAD> <DIR>` (issue #32): the change as the action would see it,
 * written as a case folder to label. A pull request is read through the action's own evidence source
 * (`createPullRequestSource`: the PR, its whole diff, the files at the merge base and the head); a range
 * through git in the current folder, diffed from the merge base as GitHub diffs a PR.
 */

const run = promisify(execFile);
/** Largest git output read (a whole diff, one file), in bytes. */
const GIT_MAX_BUFFER = 512 * 1024 * 1024;

async function git(args: string[], cwd: string): Promise<Buffer> {
  const { stdout } = await run('git', args, { cwd, encoding: 'buffer', maxBuffer: GIT_MAX_BUFFER });
  return stdout;
}

/**
 * A range of the clone at `cwd`: the diff from the merge base of BASE and HEAD to HEAD, the head
 * commit's subject as the title and the range's commit messages as the body.
 * @throws Error with git's own words when a ref does not resolve or `cwd` is not a clone
 */
export async function snapshotOfRange(range: GitRange, cwd: string): Promise<ChangeSnapshot> {
  const resolve = async (ref: string) =>
    (await git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`], cwd)).toString().trim();
  const [base, head] = [await resolve(range.base), await resolve(range.head)];
  const mergeBase = (await git(['merge-base', base, head], cwd)).toString().trim();
  // GitHub's PR diff: renames found, no colour, no external diff or textconv, a/ and b/ prefixes.
  const diff = (
    await git(
      [
        '-c',
        'core.quotePath=false',
        'diff',
        '--no-color',
        '--no-ext-diff',
        '--no-textconv',
        '--find-renames',
        '--src-prefix=a/',
        '--dst-prefix=b/',
        mergeBase,
        head,
      ],
      cwd,
    )
  ).toString('utf8');
  const title = (await git(['log', '-1', '--format=%s', head], cwd)).toString().trim();
  const body = (await git(['log', '--format=- %s', `${mergeBase}..${head}`], cwd)).toString().trim();
  return {
    title,
    body,
    diff,
    read: (side, file) => git(['show', `${side === 'base' ? mergeBase : head}:${file}`], cwd).catch(() => undefined),
    source: `git range ${range.base}..${range.head} (${mergeBase.slice(0, 12)}..${head.slice(0, 12)})`,
  };
}

/**
 * A pull request on GitHub through the action's evidence source.
 * @throws Error when GitHub refuses the whole diff (past 300 files or 20,000 lines), which a case needs
 */
export async function snapshotOfPullRequest(
  pr: PullRequestRef,
  apiUrlOption: string | undefined,
  io: CliIo,
): Promise<ChangeSnapshot> {
  const token = io.env.GITHUB_TOKEN || io.env.GH_TOKEN;
  if (!token)
    throw new Error(
      'GITHUB_TOKEN or GH_TOKEN must hold a GitHub token that can read the repository (for example GH_TOKEN=$(gh auth token))',
    );
  const { apiUrl } = resolveGitHubUrls(pr, apiUrlOption, io.env);
  const github = createRestClients(
    token,
    apiUrl,
    (message) => io.stderr.write(`pr-debate: ${message}\n`),
    io.userAgent,
  );
  const source = createPullRequestSource(github.reads, { owner: pr.owner, repo: pr.repo }, (message) =>
    io.stderr.write(`pr-debate: ${message}\n`),
  );
  const pull = await source.getPullRequest(pr.number);
  const whole = await source.getWholeDiff(pr.number);
  if (!('diff' in whole))
    throw new Error(
      `GitHub did not serve the whole diff of ${pr.owner}/${pr.repo}#${pr.number} (${whole.refused}); import the change as a git range of a local clone instead: pr-debate eval import BASE..HEAD DIR`,
    );
  const mergeBase = await source.getMergeBase(pull.baseSha, pull.headSha);
  // Every changed file of a side in one batched read (the source's GraphQL batches), the first time that side is read.
  const files = parseGitDiff(whole.diff);
  const sides = new Map<'base' | 'head', Promise<Map<string, FileRead>>>();
  const readSide = (side: 'base' | 'head') => {
    const paths = files.flatMap((f) =>
      side === 'base'
        ? f.status === 'added'
          ? []
          : [f.previousPath ?? f.path]
        : f.status === 'removed'
          ? []
          : [f.path],
    );
    let found = sides.get(side);
    if (!found)
      sides.set(
        side,
        (found = source
          .fetchFiles({ texts: paths, sizes: [] }, side === 'base' ? mergeBase.sha : pull.headSha)
          .then((r) => r.texts)),
      );
    return found;
  };
  const read = async (side: 'base' | 'head', file: string) => {
    const got = (await readSide(side)).get(file);
    return got !== undefined && 'text' in got ? Buffer.from(got.text, 'utf8') : undefined;
  };
  return {
    title: pull.title,
    body: pull.body,
    diff: whole.diff,
    read,
    source: `${pull.htmlUrl} (${mergeBase.sha.slice(0, 12)}..${pull.headSha.slice(0, 12)})`,
  };
}

/**
 * Writes the case folder and says what to fill.
 * @returns 0 written, 1 the change could not be read or the folder written
 */
export async function importEvalCase(
  command: Extract<EvalCommand, { kind: 'eval-import' }>,
  io: CliIo,
  cwd: string = process.cwd(),
): Promise<number> {
  try {
    const change =
      'pr' in command.source
        ? await snapshotOfPullRequest(command.source.pr, command.apiUrl, io)
        : await snapshotOfRange(command.source.range, cwd);
    const written = await writeCaseFolder(command.dir, change);
    io.stdout.write(
      `Wrote ${written.dir}: pr.diff, ${written.files} file${written.files === 1 ? '' : 's'} in base/ and head/, and case.yml.\n` +
        (written.skipped.length > 0
          ? `Not written (not readable as text at that side): ${written.skipped.join(', ')}.\n`
          : '') +
        'Fill the fields marked TODO in case.yml (the question, the two positions, right, why, settled_by); see eval-cases/README.md.\n',
    );
    return 0;
  } catch (error) {
    const message =
      error instanceof Error && 'stderr' in error && Buffer.isBuffer(error.stderr)
        ? `git: ${error.stderr.toString().trim()}`
        : describeFailure(error);
    io.stderr.write(`pr-debate: eval import: ${message}\n`);
    return 1;
  }
}
