import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT } from '../support/action-metadata.js';
import { ensureNode20, ensureNode24, NODE24_UNAVAILABLE } from '../support/node24.js';

/**
 * The npm package as a user receives it: `npm pack` of this folder, installed into a fresh project from
 * the tarball alone (`--offline`: the bundle holds every runtime package, so nothing else is fetched),
 * and its `pr-debate` command run on Node 20 (the oldest the CLI supports, package.json `engines`) and Node 24.
 */
const run = promisify(execFile);
const packed = z.array(z.object({ filename: z.string(), files: z.array(z.object({ path: z.string() })) })).length(1);
const manifestSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  private: z.boolean().optional(),
  bin: z.record(z.string(), z.string()),
  dependencies: z.record(z.string(), z.string()).optional(),
});

let dir: string;
let files: string[];
let project: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-pack-'));
  const npmEnv = { ...process.env, npm_config_cache: path.join(dir, 'npm-cache'), npm_config_update_notifier: 'false' };
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: ROOT,
    env: npmEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [tarball] = packed.parse(JSON.parse(stdout));
  files = tarball!.files.map((f) => f.path);
  project = path.join(dir, 'project');
  await run('mkdir', ['-p', project]);
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'adopter', version: '1.0.0', private: true }),
  );
  // An empty cache and --offline: the install succeeds only if the tarball needs nothing from a registry.
  await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', path.join(dir, tarball!.filename)],
    { cwd: project, env: npmEnv },
  );
}, 300_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('is publishable and holds the bundles, the action metadata, the notices and no sources', async () => {
    const manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(project, 'node_modules', 'pr-debate', 'package.json'), 'utf8')),
    );
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ 'pr-debate': 'dist/cli.js' });
    // Everything it runs is in dist/: an install pulls no other package.
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const file of [
      'dist/cli.js',
      'dist/index.js',
      'dist/licenses.txt',
      'action.yml',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'SECURITY.md',
      'package.json',
    ])
      expect(files).toContain(file);
    expect(files.filter((f) => /^(src|test|scripts|bench|node_modules|\.github)\//.test(f))).toEqual([]);
  });

  const cases: [string, () => Promise<string>, string | undefined][] = [
    ['Node 20', ensureNode20, NODE24_UNAVAILABLE],
    ['Node 24', ensureNode24, NODE24_UNAVAILABLE],
  ];
  for (const [name, node, unavailable] of cases) {
    it.skipIf(unavailable !== undefined)(
      `installs a pr-debate command that answers --help and --version on ${name}`,
      async () => {
        const binary = await node();
        // The command npm linked into node_modules/.bin, as `npx pr-debate` runs it.
        const command = path.join(project, 'node_modules', '.bin', 'pr-debate');
        const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir };
        const help = await run(binary, [command, '--help'], { cwd: project, env });
        expect(help.stdout).toMatch(/^Usage: pr-debate <command> \[options\]/);
        expect(help.stdout).toContain('run <PR URL | owner/repo#N>');
        const version = await run(binary, [command, '--version'], { cwd: project, env });
        expect(version.stdout.trim()).toBe(
          manifestSchema.parse(JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'))).version,
        );
      },
      300_000,
    );
  }
});
