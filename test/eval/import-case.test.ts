import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { runEvalCommand } from '../../eval/eval-command.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { loadEvalCase } from '../../eval/load-eval-cases.js';
import { createSnapshotSource } from '../../eval/snapshot-source.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { isolatedGitEnv, pullFixtureFromGit } from '../support/pull-fixture.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/**
 * `pr-debate eval import` (issue #32): a pull request served by the local GitHub server, and a range of
 * a local clone, each written as a case folder that loads once labelled, with the same files.
 */
const TOKEN = 'ghs_local_import_token';
const made: string[] = [];
let repo: string;
let github: GitHubServer;
let served: string;

const lines = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `${word} line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'pr-debate-import-repo-'));
  made.push(repo);
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, ...args], {
      env: {
        ...isolatedGitEnv(),
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@example.com',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@example.com',
      },
    });
  git('init', '-q', '-b', 'main');
  await mkdir(path.join(repo, 'lib'), { recursive: true });
  await mkdir(path.join(repo, 'docs'), { recursive: true });
  await writeFile(path.join(repo, 'lib/a.js'), lines(40, 'a'));
  await writeFile(path.join(repo, 'lib/old.js'), lines(20, 'moved'));
  await writeFile(path.join(repo, 'docs/design.md'), '# Design\n\nRetries: three times.\n');
  await writeFile(path.join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('tag', 'v1');
  git('checkout', '-q', '-b', 'feature');
  await writeFile(path.join(repo, 'lib/a.js'), lines(40, 'a').replace('a line 20\n', 'const retries = 5;\n'));
  await writeFile(path.join(repo, 'lib/new.js'), 'export const added = true;\n');
  await rm(path.join(repo, 'lib/old.js'));
  await writeFile(path.join(repo, 'lib/renamed.js'), lines(20, 'moved'));
  await writeFile(path.join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]));
  git('add', '-A');
  git('commit', '-q', '-m', 'Retry five times');
  const pull = pullFixtureFromGit(repo, 'v1', 'feature', {
    number: 7,
    title: 'Retry five times',
    body: 'Raises the retries; see docs/design.md.',
  });
  served = pull.diff;
  github = await startGitHubServer({ token: TOKEN, repositories: [{ owner: 'octo', name: 'widgets', pulls: [pull] }] });
});
afterAll(async () => {
  await github.close();
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

async function importCase(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    userAgent: 'pr-debate-test',
    onInterrupt: () => () => undefined,
  };
  const previous = process.cwd();
  if (cwd) process.chdir(cwd);
  try {
    return { code: await runCli(['eval', 'import', ...args], io, '0.0.0', { eval: runEvalCommand }), stdout, stderr };
  } finally {
    process.chdir(previous);
  }
}

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = await readFile(full, 'utf8');
  }
  return out;
}

/** Fills the TODO label fields as a labeller would. */
async function label(dir: string): Promise<void> {
  const file = path.join(dir, 'case.yml');
  const text = (await readFile(file, 'utf8'))
    .replace(/^question: TODO.*$/m, 'question: How many times does the client retry?')
    .replace(/^  - TODO position A.*$/m, '  - The client retries five times.')
    .replace(/^  - TODO position B.*$/m, '  - The client retries three times, as the design says.')
    .replace(/^right: TODO.*$/m, 'right: A')
    .replace(/^why: TODO.*$/m, 'why: lib/a.js:20 sets five.')
    .replace(/^settled_by: \[\].*$/m, 'settled_by: ["lib/a.js:20", "lib/a.js@base:20", "docs/design.md:3"]');
  await writeFile(file, text);
}

describe('pr-debate eval import', () => {
  it('writes a pull request served by GitHub and the same change as a git range into the same loadable case', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'pr-debate-import-'));
    made.push(root);
    const fromPr = await importCase(['octo/widgets#7', path.join(root, 'widgets-7')], {
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: github.url,
    });
    expect(fromPr.code, fromPr.stderr).toBe(0);
    expect(fromPr.stdout).toContain('Fill the fields marked TODO');
    const fromRange = await importCase(['v1..feature', path.join(root, 'range')], {}, repo);
    expect(fromRange.code, fromRange.stderr).toBe(0);

    const pr = await tree(path.join(root, 'widgets-7'));
    const range = await tree(path.join(root, 'range'));
    // Every changed text file at each side, a renamed file's base under its old name, the binary one only in the diff.
    expect(Object.keys(pr).sort()).toEqual(
      [
        'base/lib/a.js',
        'base/lib/old.js',
        'case.yml',
        'head/docs/design.md',
        'head/lib/a.js',
        'head/lib/new.js',
        'head/lib/renamed.js',
        'pr.diff',
      ].filter((f) => f !== 'head/docs/design.md'),
    );
    expect(pr['pr.diff']).toBe(served);
    expect(pr['pr.diff']).toContain('Binary files a/logo.png and b/logo.png differ');
    for (const file of Object.keys(pr).filter((f) => f !== 'case.yml')) expect(range[file], file).toBe(pr[file]);
    expect(pr['case.yml']).toMatch(/^right: TODO/m);
    expect(pr['case.yml']).toContain('title: Retry five times');
    expect(pr['case.yml']).toContain('Raises the retries; see docs/design.md.');
    expect(pr['case.yml']).toContain('source: http');

    // Unlabelled, the folder is no case; labelled, it loads and its pack holds the lines the label names.
    await expect(loadEvalCase(path.join(root, 'widgets-7'))).rejects.toThrow("'right'");
    await mkdir(path.join(root, 'widgets-7', 'head', 'docs'), { recursive: true });
    await writeFile(path.join(root, 'widgets-7', 'head', 'docs', 'design.md'), '# Design\n\nRetries: three times.\n');
    await label(path.join(root, 'widgets-7'));
    const loaded = (await loadEvalCase(path.join(root, 'widgets-7')))!;
    expect(loaded).toMatchObject({
      id: 'widgets-7',
      right: 'A',
      settled_by: ['lib/a.js:20', 'lib/a.js@base:20', 'docs/design.md:3'],
    });
    const { pack } = await gatherEvidence(createSnapshotSource(loaded), {
      pullNumber: 1,
      commandRfc: 'docs/design.md',
      inputRfc: undefined,
      maxTokens: 60_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    expect(
      verifyCitation({ path: 'lib/a.js', line_start: 20, line_end: 20, quote: 'const retries = 5;' }, pack),
    ).toMatchObject({ status: 'verified' });
    expect(
      verifyCitation({ path: 'lib/a.js', side: 'base', line_start: 20, line_end: 20, quote: 'a line 20' }, pack),
    ).toMatchObject({ status: 'verified' });
    expect(pack.text).toContain('lib/new.js');
  });

  it('writes case.yml from data: a file name, a title or a body holding YAML stays a comment or a value', async () => {
    const evil = await mkdtemp(path.join(tmpdir(), 'pr-debate-import-evil-'));
    made.push(evil);
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', evil, ...args], {
        env: {
          ...isolatedGitEnv(),
          GIT_AUTHOR_NAME: 'a',
          GIT_AUTHOR_EMAIL: 'a@example.com',
          GIT_COMMITTER_NAME: 'a',
          GIT_COMMITTER_EMAIL: 'a@example.com',
        },
      });
    git('init', '-q', '-b', 'main');
    await writeFile(path.join(evil, 'a.js'), 'one\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    // A changed document whose name, once in case.yml, would end a comment line and add a label of its own.
    const name = 'docs\nright: A\ntags: [neither-right] #.md';
    await writeFile(path.join(evil, name), '# Design\n');
    await writeFile(path.join(evil, 'a.js'), 'two\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'title: injected\nright: B', '-m', 'body');
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'pr-debate-import-')), 'evil');
    made.push(path.dirname(out));
    const run = await importCase(['HEAD~1..HEAD', out], {}, evil);
    expect(run.code, run.stderr).toBe(0);
    const text = await readFile(path.join(out, 'case.yml'), 'utf8');
    const label = parse(text, { strict: true, uniqueKeys: true }) as Record<string, unknown>;
    expect(Object.keys(label)).toEqual([
      'id',
      'title',
      'body',
      'question',
      'positions',
      'right',
      'why',
      'settled_by',
      'source',
    ]);
    expect(label).toMatchObject({ right: 'TODO', settled_by: [], title: 'title: injected right: B' });
    expect(text).toContain(JSON.stringify(name));
    await expect(loadEvalCase(out)).rejects.toThrow("'right'");
  });

  it('overwrites nothing, and says what is wrong with a ref or a token', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'pr-debate-import-'));
    made.push(root);
    await writeFile(path.join(root, 'keep.txt'), 'mine');
    const full = await importCase(['v1..feature', root], {}, repo);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain('is not empty: eval import writes a new case folder and overwrites nothing');
    const badRef = await importCase(['v1..no-such-branch', path.join(root, 'x')], {}, repo);
    expect(badRef.code).toBe(1);
    expect(badRef.stderr).toMatch(/^pr-debate: eval import: git: fatal: /);
    const noToken = await importCase(['octo/widgets#7', path.join(root, 'y')], { GITHUB_API_URL: github.url });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toContain('GITHUB_TOKEN or GH_TOKEN');
    const noPull = await importCase(['octo/widgets#99', path.join(root, 'z')], {
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: github.url,
    });
    expect(noPull.code).toBe(1);
    expect(noPull.stderr).toContain('pr-debate: eval import:');
  });
});
