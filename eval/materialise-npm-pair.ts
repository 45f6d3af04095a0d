import { constants as fsConstants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { NpmPair } from './case-schema.js';
import { diffTrees, fetchTrees } from './npm-pack-diff.js';

/**
 * Two published versions of an npm package as a pull request on disk, built once into a cache folder:
 * `base/` and `head/` (each tarball's whole tree), `pr.diff` (GitHub's layout) and `meta.json` (the
 * versions and the diff's size). The folder appears complete or not at all: it is built in a scratch
 * folder beside it and renamed into place, so an interrupted run leaves only a hidden scratch folder,
 * and the next run builds again.
 */

const metaSchema = z.object({
  package: z.string(),
  from: z.string(),
  to: z.string(),
  files_changed: z.number(),
  additions: z.number(),
  deletions: z.number(),
});

/** `meta.json` of a materialised pair; `from` and `to` are the versions the tarballs name. */
export type PairMeta = z.infer<typeof metaSchema>;

/** The cache folder's name for a pair: `express@4.19.2..5.0.0`, a scope's slash as `+`. Pure. */
export function pairFolderName(pair: NpmPair): string {
  return `${pair.package.replace('/', '+')}@${pair.from}..${pair.to}`;
}

/** Builds under way in this process, by folder, so cases of one pair share one build. */
const building = new Map<string, Promise<PairMeta>>();

/**
 * Makes sure `dir` holds the pair, building it when it does not. Idempotent: a folder whose
 * `meta.json` names the pair is used as it is, without npm.
 * @param log told, before npm runs, what is fetched and where it goes
 * @returns the pair's meta.json
 * @throws Error naming the tool that failed (npm, tar, git), e.g. an unknown version or an unreachable registry
 */
export async function materialiseNpmPair(
  pair: NpmPair,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<PairMeta> {
  const full = path.resolve(dir);
  const cached = await readCachedPair(pair, full);
  if (cached) return cached;
  let pending = building.get(full);
  if (!pending) {
    pending = buildPair(pair, full, log).finally(() => building.delete(full));
    building.set(full, pending);
  }
  return pending;
}

async function buildPair(pair: NpmPair, dir: string, log: (line: string) => void): Promise<PairMeta> {
  log(`fetching ${pair.package}@${pair.from} and ${pair.package}@${pair.to} with npm pack into ${dir}`);
  await mkdir(path.dirname(dir), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(dir), `.${path.basename(dir)}.tmp-`));
  try {
    const trees = path.join(work, 'd');
    const out = path.join(work, 'out');
    await mkdir(out);
    await mkdir(trees);
    const [from, to] = await fetchTrees(pair.package, [pair.from, pair.to], path.join(work, 'pack'), [
      path.join(trees, 'a'),
      path.join(trees, 'b'),
    ]);
    const stats = await diffTrees(trees, path.join(out, 'pr.diff'), work);
    await rename(path.join(trees, 'a'), path.join(out, 'base'));
    await rename(path.join(trees, 'b'), path.join(out, 'head'));
    const meta: PairMeta = { package: pair.package, from: from!, to: to!, ...stats };
    // Written last: a folder with meta.json is complete.
    await writeFile(path.join(out, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    await install(pair, out, dir, work);
    return meta;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The pair's meta.json when `dir` holds the whole pair, else undefined. */
async function readCachedPair(pair: NpmPair, dir: string): Promise<PairMeta | undefined> {
  const meta = metaSchema.safeParse(
    await readFile(path.join(dir, 'meta.json'), 'utf8').then(
      (t): unknown => JSON.parse(t),
      () => undefined,
    ),
  );
  if (!meta.success || meta.data.package !== pair.package || meta.data.from !== pair.from || meta.data.to !== pair.to)
    return undefined;
  const whole = await Promise.all(
    ['base', 'head', 'pr.diff'].map((p) =>
      access(path.join(dir, p), fsConstants.R_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return whole.every(Boolean) ? meta.data : undefined;
}

/** Moves the finished `out` to `dir`, replacing a stale or partial folder; a pair another process just installed wins. */
async function install(pair: NpmPair, out: string, dir: string, work: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await rename(out, dir);
      return;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST', 'EISDIR'].includes(errnoOf(error))) throw error;
    }
    if (await readCachedPair(pair, dir)) return;
    await rename(dir, path.join(work, `stale-${attempt}`)).catch((error: unknown) => {
      if (errnoOf(error) !== 'ENOENT') throw error;
    });
  }
  throw new Error(`cannot replace ${dir}: another process keeps writing it`);
}

function errnoOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
}
