import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEvalCases } from '../../src/eval/load-eval-cases.js';
import { createSnapshotSource } from '../../src/eval/snapshot-source.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import { ROOT } from '../support/run-action.js';

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
    expect(cases.map((c) => c.id)).toEqual(['commander-excess-default', 'express-node-floor', 'express-status-throws', 'markdownlint-string-width', 'pino-censor-type', 'undici-compose-order']);
    const commander = cases[0]!;
    const { pack } = await gatherEvidence(createSnapshotSource(commander), { pullNumber: 1, commandRfc: commander.rfc, inputRfc: undefined, maxTokens: 80_000 });
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

  it('never reads outside the case folder', async () => {
    const dir = await folder({ 'x/case.yml': 'id: x\ntitle: t\npositions: [a, b]\nright: A\nwhy: w\nsource: s\n', 'x/pr.diff': '', 'secret.txt': 'outside' });
    const [evalCase] = await loadEvalCases(dir);
    const source = createSnapshotSource(evalCase!);
    const pull = await source.getPullRequest(1);
    const read = await source.fetchFiles({ texts: ['../../secret.txt', '../secret.txt'], sizes: ['../../secret.txt'] }, pull.headSha);
    expect(read.texts.size + read.sizes.size).toBe(0);
  });
});
