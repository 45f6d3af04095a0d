import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEvalCases, readRecipe } from '../../eval/load-eval-cases.js';
import { parseSettledBy, recipeSchema } from '../../eval/case-schema.js';
import { createSnapshotSource } from '../../eval/snapshot-source.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { ROOT } from '../support/run-action.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';
import { CASE_CACHE } from '../../scripts/eval-case-format.js';

const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-cases-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

/** A case folder as `eval import` writes it, labelled, with `extra` lines in its case.yml. */
const caseFolder = (id: string, extra: string) => ({
  [`${id}/case.yml`]: `id: ${id}\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n${extra}`,
  [`${id}/pr.diff`]: '',
});

describe('eval cases', () => {
  it('loads a recipe and a case folder side by side, the recipe from its pair in the case cache, and builds each pack', async () => {
    const recipe = await readFile(path.join(ROOT, 'eval-cases', 'commander-excess-default.yml'), 'utf8');
    const dir = await folder({ 'commander-excess-default.yml': recipe, ...caseFolder('imported', '') });
    const lines: string[] = [];
    const cases = await loadEvalCases(path.relative(process.cwd(), dir), {
      cacheDir: CASE_CACHE,
      log: (line) => lines.push(line),
    });
    expect(cases.map((c) => [c.id, c.source])).toEqual([
      ['commander-excess-default', 'npm commander 12.1.0 -> 13.0.0'],
      ['imported', 's'],
    ]);
    const commander = cases[0]!;
    expect(commander.dir).toBe(path.join(CASE_CACHE, 'commander@12.1.0..13.0.0'));
    expect(cases[1]!.dir).toBe(path.join(path.relative(process.cwd(), dir), 'imported'));
    // At most the one pair was fetched; loaded again, the pair is in the cache and nothing is fetched.
    const fetched = lines.length;
    expect(fetched).toBeLessThanOrEqual(1);
    await loadEvalCases(dir, { cacheDir: CASE_CACHE, log: (line) => lines.push(line) });
    expect(lines).toHaveLength(fetched);
    const { pack } = await gatherEvidence(createSnapshotSource(commander), {
      pullNumber: 1,
      commandRfc: commander.rfc,
      inputRfc: undefined,
      maxTokens: 80_000,
      charsPerToken: CHARS_PER_TOKEN,
    });
    expect(pack.text).toContain('FILE "Readme.md" (head, rfc)');
    // The lines the label's `why` names are in the pack and verify: the code, and the stale Readme line.
    expect(
      verifyCitation(
        { path: 'lib/command.js', line_start: 28, line_end: 28, quote: 'this._allowExcessArguments = false;' },
        pack,
      ),
    ).toMatchObject({ status: 'verified' });
    expect(
      verifyCitation(
        {
          path: 'Readme.md',
          line_start: 994,
          line_end: 994,
          quote:
            'By default, the argument processing does not display an error for more command-arguments than expected.',
        },
        pack,
      ),
    ).toMatchObject({ status: 'verified' });
    expect(
      verifyCitation(
        {
          path: 'lib/command.js',
          side: 'base',
          line_start: 28,
          line_end: 28,
          quote: 'this._allowExcessArguments = true;',
        },
        pack,
      ),
    ).toMatchObject({ status: 'verified' });
  }, 120_000);

  it('names the recipe and the problem: an id that is not the file name, a version that is not exact, a settled_by line past the end', async () => {
    const recipe = (extra: Record<string, unknown>) =>
      JSON.stringify({
        id: 'x',
        npm: { package: 'commander', from: '12.1.0', to: '13.0.0' },
        title: 't',
        positions: ['a', 'b'],
        right: 'A',
        why: 'w',
        label_source: 'code',
        ...extra,
      });
    await expect(loadEvalCases(await folder({ 'y.yml': recipe({}) }), { cacheDir: CASE_CACHE })).rejects.toThrow(
      "y.yml: 'id': x is not the file's name; a recipe is <id>.yml",
    );
    await expect(
      loadEvalCases(
        await folder({ 'x.yml': recipe({ npm: { package: 'commander', from: '^12.1.0', to: '13.0.0' } }) }),
        { cacheDir: CASE_CACHE },
      ),
    ).rejects.toThrow("x.yml: 'npm.from': an exact published version");
    await expect(
      loadEvalCases(await folder({ 'x.yml': recipe({ label_source: undefined }) }), { cacheDir: CASE_CACHE }),
    ).rejects.toThrow("x.yml: 'label_source'");
    await expect(
      loadEvalCases(await folder({ 'x.yml': recipe({ settled_by: ['lib/command.js:99999'] }) }), {
        cacheDir: CASE_CACHE,
      }),
    ).rejects.toThrow(/x\.yml: 'settled_by': lib\/command\.js:99999: head\/lib\/command\.js has \d+ lines/);
  }, 120_000);

  it('names the file and the problem of a case that cannot be used', async () => {
    await expect(loadEvalCases(await folder({ 'x/case.yml': 'id: x\n' }))).rejects.toThrow(/x\/case\.yml: 'title'/);
    await expect(
      loadEvalCases(
        await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b, c]\nright: A\nwhy: w\nsource: s\n' }),
      ),
    ).rejects.toThrow("'positions'");
    await expect(
      loadEvalCases(
        await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n' }),
      ),
    ).rejects.toThrow('no pr.diff');
    await expect(loadEvalCases(await folder({ 'notes.txt': 'no cases here' }))).rejects.toThrow(
      'no cases (each is an <id>.yml recipe, or a folder with a case.yml and a pr.diff)',
    );
  });

  it('reads the new label fields and checks that each settled_by line exists at its side', async () => {
    const label = (extra: string) =>
      `id: x\ntitle: t\nquestion: Does it throw?\npositions: [a, b]\nright: none\nwhy: w\nsource: s\n${extra}`;
    const files = (extra: string) => ({
      'x/case.yml': label(extra),
      'x/pr.diff': '',
      'x/head/lib/a.js': 'one\ntwo\nthree\n',
      'x/base/lib/a.js': 'one\n',
      'x/head/logo.png': 'PNG\u0000binary',
    });
    const [loaded] = await loadEvalCases(
      await folder(
        files(
          'settled_by: ["lib/a.js:3", "lib/a.js:1-2", "lib/a.js@base:1"]\ntags: [neither-right]\nframing: { positions: [throws, returns] }\n',
        ),
      ),
    );
    expect(loaded).toMatchObject({
      right: 'none',
      question: 'Does it throw?',
      settled_by: ['lib/a.js:3', 'lib/a.js:1-2', 'lib/a.js@base:1'],
      tags: ['neither-right'],
      framing: { positions: ['throws', 'returns'] },
    });
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js:4"]\n')))).rejects.toThrow(
      "'settled_by': lib/a.js:4: head/lib/a.js has 3 lines",
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js@base:2"]\n')))).rejects.toThrow(
      'base/lib/a.js has 1 lines',
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/b.js:1"]\n')))).rejects.toThrow(
      'lib/b.js is not a text file in head/',
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["logo.png:1"]\n')))).rejects.toThrow(
      'logo.png is not a text file in head/',
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["../x/case.yml:1"]\n')))).rejects.toThrow(
      'is not a text file in head/',
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js:3-2"]\n')))).rejects.toThrow(
      'expected path:N',
    );
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js"]\n')))).rejects.toThrow('expected path:N');
    await expect(loadEvalCases(await folder(files('tags: [hard]\n')))).rejects.toThrow("'tags.0'");
    await expect(loadEvalCases(await folder(files('rfc: docs/missing.md\n')))).rejects.toThrow(
      "'rfc': docs/missing.md is not a text file in head/",
    );
    await expect(
      loadEvalCases(await folder({ ...files(''), 'x/case.yml': label('').replace('right: none', 'right: TODO') })),
    ).rejects.toThrow("'right'");
  });

  it('never reads outside the case folder', async () => {
    const dir = await folder({
      'x/case.yml': 'id: x\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n',
      'x/pr.diff': '',
      'secret.txt': 'outside',
    });
    const [evalCase] = await loadEvalCases(dir);
    const source = createSnapshotSource(evalCase!);
    const pull = await source.getPullRequest(1);
    const read = await source.fetchFiles(
      { texts: ['../../secret.txt', '../secret.txt'], sizes: ['../../secret.txt'] },
      pull.headSha,
    );
    expect(read.texts.size + read.sizes.size).toBe(0);
  });
});

describe('settled_by entries', () => {
  it('are read in the citation grammar: a path may hold @ (a scoped types folder), @base names the base side', () => {
    expect(parseSettledBy('@types/index.d.ts:75-85')).toEqual({
      path: '@types/index.d.ts',
      side: 'head',
      start: 75,
      end: 85,
    });
    expect(parseSettledBy('lib/a.js@base:3')).toEqual({ path: 'lib/a.js', side: 'base', start: 3, end: 3 });
    expect(parseSettledBy('lib/a.js:4-3')).toBeUndefined();
    expect(parseSettledBy('lib/a.js')).toBeUndefined();
  });

  it('every shipped recipe loads with the loader the eval runs (no pair fetched)', async () => {
    const names = (await readdir(path.join(ROOT, 'eval-cases'))).filter((n) => n.endsWith('.yml'));
    expect(names.length).toBeGreaterThanOrEqual(50);
    for (const name of names)
      await expect(readRecipe(path.join(ROOT, 'eval-cases', name), recipeSchema), name).resolves.toBeDefined();
  });
});
