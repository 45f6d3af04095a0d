import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEvalCases } from '../../src/eval/load-eval-cases.js';
import { createSnapshotSource } from '../../src/eval/snapshot-source.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { ROOT } from '../support/run-action.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

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

describe('eval cases', () => {
  it('loads the shipped cases, and builds each pack with the files, from a relative folder too', async () => {
    const relative = path.relative(process.cwd(), path.join(ROOT, 'eval-cases'));
    const cases = await loadEvalCases(relative);
    // The shipped cases (eval-cases/README.md): every one loads with the shared loader, the six first ones among them.
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.map((c) => c.id)).toEqual(expect.arrayContaining(['commander-excess-default', 'express-node-floor', 'express-status-throws', 'markdownlint-string-width', 'pino-censor-type', 'undici-compose-order']));
    const commander = cases.find((c) => c.id === 'commander-excess-default')!;
    const { pack } = await gatherEvidence(createSnapshotSource(commander), { pullNumber: 1, commandRfc: commander.rfc, inputRfc: undefined, maxTokens: 80_000, charsPerToken: CHARS_PER_TOKEN });
    expect(pack.text).toContain('FILE "Readme.md" (head, rfc)');
    // The lines the label's `why` names are in the pack and verify: the code, and the stale Readme line.
    expect(verifyCitation({ path: 'lib/command.js', line_start: 28, line_end: 28, quote: 'this._allowExcessArguments = false;' }, pack)).toMatchObject({ status: 'verified' });
    expect(verifyCitation({ path: 'Readme.md', line_start: 994, line_end: 994, quote: 'By default, the argument processing does not display an error for more command-arguments than expected.' }, pack)).toMatchObject({ status: 'verified' });
    expect(verifyCitation({ path: 'lib/command.js', side: 'base', line_start: 28, line_end: 28, quote: 'this._allowExcessArguments = true;' }, pack)).toMatchObject({ status: 'verified' });
  });

  it('names the file and the problem of a case that cannot be used', async () => {
    await expect(loadEvalCases(await folder({ 'x/case.yml': 'id: x\n' }))).rejects.toThrow(/x\/case\.yml: 'title'/);
    await expect(loadEvalCases(await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b, c]\nright: A\nwhy: w\nsource: s\n' }))).rejects.toThrow("'positions'");
    await expect(loadEvalCases(await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n' }))).rejects.toThrow('no pr.diff');
    await expect(loadEvalCases(await folder({ 'notes.txt': 'no cases here' }))).rejects.toThrow('no case folders');
  });

  it('reads the new label fields and checks that each settled_by line exists at its side', async () => {
    const label = (extra: string) => `id: x\ntitle: t\nquestion: Does it throw?\npositions: [a, b]\nright: none\nwhy: w\nsource: s\n${extra}`;
    const files = (extra: string) => ({ 'x/case.yml': label(extra), 'x/pr.diff': '', 'x/head/lib/a.js': 'one\ntwo\nthree\n', 'x/base/lib/a.js': 'one\n', 'x/head/logo.png': 'PNG\u0000binary' });
    const [loaded] = await loadEvalCases(await folder(files('settled_by: ["lib/a.js:3", "lib/a.js:1-2", "lib/a.js@base:1"]\ntags: [neither-right]\nframing: { positions: [throws, returns] }\n')));
    expect(loaded).toMatchObject({ right: 'none', question: 'Does it throw?', settled_by: ['lib/a.js:3', 'lib/a.js:1-2', 'lib/a.js@base:1'], tags: ['neither-right'], framing: { positions: ['throws', 'returns'] } });
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js:4"]\n')))).rejects.toThrow("'settled_by': lib/a.js:4: head/lib/a.js has 3 lines");
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js@base:2"]\n')))).rejects.toThrow('base/lib/a.js has 1 lines');
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/b.js:1"]\n')))).rejects.toThrow('lib/b.js is not a text file in head/');
    await expect(loadEvalCases(await folder(files('settled_by: ["logo.png:1"]\n')))).rejects.toThrow('logo.png is not a text file in head/');
    await expect(loadEvalCases(await folder(files('settled_by: ["../x/case.yml:1"]\n')))).rejects.toThrow('is not a text file in head/');
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js:3-2"]\n')))).rejects.toThrow('expected path:N');
    await expect(loadEvalCases(await folder(files('settled_by: ["lib/a.js"]\n')))).rejects.toThrow('expected path:N');
    await expect(loadEvalCases(await folder(files('tags: [hard]\n')))).rejects.toThrow("'tags.0'");
    await expect(loadEvalCases(await folder(files('rfc: docs/missing.md\n')))).rejects.toThrow("'rfc': docs/missing.md is not a text file in head/");
    await expect(loadEvalCases(await folder({ ...files(''), 'x/case.yml': label('').replace('right: none', 'right: TODO') }))).rejects.toThrow("'right'");
  });

  it('never reads outside the case folder', async () => {
    const dir = await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n', 'x/pr.diff': '', 'secret.txt': 'outside' });
    const [evalCase] = await loadEvalCases(dir);
    const source = createSnapshotSource(evalCase!);
    const pull = await source.getPullRequest(1);
    const read = await source.fetchFiles({ texts: ['../../secret.txt', '../secret.txt'], sizes: ['../../secret.txt'] }, pull.headSha);
    expect(read.texts.size + read.sizes.size).toBe(0);
  });
});
