import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { materialiseNpmPair, pairFolderName } from '../../eval/materialise-npm-pair.js';

/**
 * A recipe's pair is built from the npm registry once (`npm pack`, from the npm cache when it has it),
 * into a scratch folder renamed into place, so a partial folder is never taken for a pair. p-limit
 * 5.0.0 -> 6.0.0 is the smallest pair the shipped recipes use (two tarballs of about 4 KB).
 */
const PAIR = { package: 'p-limit', from: '5.0.0', to: '6.0.0' };
const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));

async function cache(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pr-debate-case-cache-'));
  made.push(dir);
  return dir;
}

describe('materialiseNpmPair', () => {
  it('builds a pair once, says what it fetches, and shares the build with calls made meanwhile', async () => {
    const dir = path.join(await cache(), pairFolderName(PAIR));
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const [first, second] = await Promise.all([materialiseNpmPair(PAIR, dir, log), materialiseNpmPair(PAIR, dir, log)]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ package: 'p-limit', from: '5.0.0', to: '6.0.0', files_changed: 4 });
    expect(lines).toEqual([`fetching p-limit@5.0.0 and p-limit@6.0.0 with npm pack into ${dir}`]);
    expect(await readFile(path.join(dir, 'pr.diff'), 'utf8')).toContain(
      'diff --git a/async-hooks-stub.js b/async-hooks-stub.js\ndeleted file mode',
    );
    expect(await readFile(path.join(dir, 'head', 'index.js'), 'utf8')).toContain('export default function pLimit');
    expect(await readFile(path.join(dir, 'base', 'async-hooks-stub.js'), 'utf8')).toContain(
      'export const AsyncResource',
    );
    // Again: the folder is used as it is, without npm.
    const written = (await stat(path.join(dir, 'meta.json'))).mtimeMs;
    await materialiseNpmPair(PAIR, dir, log);
    expect(lines).toHaveLength(1);
    expect((await stat(path.join(dir, 'meta.json'))).mtimeMs).toBe(written);
    // Only the pair is left in the cache: the scratch folder is gone.
    expect(await readdir(path.dirname(dir))).toEqual([pairFolderName(PAIR)]);
  }, 120_000);

  it('replaces what an interrupted run left, a folder without meta.json or with another pair in it', async () => {
    const dir = path.join(await cache(), pairFolderName(PAIR));
    await mkdir(path.join(dir, 'base'), { recursive: true });
    await writeFile(path.join(dir, 'base', 'half.js'), 'half a tree\n');
    await materialiseNpmPair(PAIR, dir);
    expect(await readdir(dir)).toEqual(['base', 'head', 'meta.json', 'pr.diff']);
    await expect(stat(path.join(dir, 'base', 'half.js'))).rejects.toThrow();
    await writeFile(
      path.join(dir, 'meta.json'),
      JSON.stringify({ package: 'p-limit', from: '4.0.0', to: '5.0.0', files_changed: 5, additions: 1, deletions: 1 }),
    );
    const lines: string[] = [];
    expect(await materialiseNpmPair(PAIR, dir, (line) => lines.push(line))).toMatchObject({
      from: '5.0.0',
      to: '6.0.0',
    });
    expect(lines).toHaveLength(1);
  }, 120_000);

  it('names a scoped package without its slash', () => {
    expect(pairFolderName({ package: '@fastify/cookie', from: '9.0.0', to: '10.0.0' })).toBe(
      '@fastify+cookie@9.0.0..10.0.0',
    );
  });
});
