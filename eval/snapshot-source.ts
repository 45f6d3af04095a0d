import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gitBlobSha } from '../src/evidence/content-digest.js';
import type { EvidenceSource, FetchedFiles, FileRead } from '../src/evidence/evidence-source.js';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import type { ChangedFile } from '../src/evidence/evidence-types.js';
import type { EvalCase } from './case-schema.js';

/**
 * A case folder served as a pull request (issue #13): `pr.diff`, `base/` and `head/` read instead of
 * GitHub, so the eval builds the same evidence pack the action would.
 */

/** The PR number every snapshot is served as. */
export const SNAPSHOT_PULL_NUMBER = 1;

/**
 * A case's snapshot as the evidence stage's source, read from its folder instead of GitHub, so the eval
 * builds the same evidence pack the action would. The commit SHAs are derived from the case id.
 */
export function createSnapshotSource(evalCase: Pick<EvalCase, 'id' | 'title' | 'body' | 'dir'>): EvidenceSource {
  const sha = (side: string) => createHash('sha1').update(`${side}:${evalCase.id}`).digest('hex');
  const headSha = sha('head');
  const baseSha = sha('base');
  let diff: Promise<string> | undefined;
  const readDiff = () => (diff ??= readFile(path.join(evalCase.dir, 'pr.diff'), 'utf8'));
  const files = async (): Promise<ChangedFile[]> =>
    parseGitDiff(await readDiff()).map((f) => ({
      path: f.path,
      previousPath: f.previousPath,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      patch: f.patch,
    }));
  const inside = (side: 'head' | 'base', file: string): string | undefined => {
    const root = path.resolve(evalCase.dir, side);
    const full = path.resolve(root, file);
    return full.startsWith(`${root}${path.sep}`) ? full : undefined;
  };
  return {
    getPullRequest: async () => ({
      number: SNAPSHOT_PULL_NUMBER,
      title: evalCase.title,
      body: evalCase.body,
      author: 'eval',
      headSha,
      baseSha,
      baseRef: 'base',
      htmlUrl: `https://github.com/eval/${evalCase.id}/pull/${SNAPSHOT_PULL_NUMBER}`,
      changedFiles: (await files()).length,
    }),
    listFiles: files,
    getWholeDiff: async () => ({ diff: await readDiff() }),
    // The snapshot's base is the merge base: the case is cut from two versions, one the parent of the other.
    getMergeBase: () => Promise.resolve({ sha: baseSha, treeSha: baseSha }),
    async getTree(sha) {
      const root = path.resolve(evalCase.dir, sha === headSha ? 'head' : 'base');
      const names = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const entries = await Promise.all(
        names
          .filter((e) => e.isFile())
          .map(async (e) => {
            const full = path.join(e.parentPath, e.name);
            return {
              path: path.relative(root, full).split(path.sep).join('/'),
              mode: '100644',
              type: 'blob',
              sha: createHash('sha1').update(full).digest('hex'),
              size: (await stat(full)).size,
            };
          }),
      );
      return { entries, truncated: false };
    },
    async getBlobShas(paths, ref) {
      const side = ref === headSha ? 'head' : 'base';
      const shas = new Map<string, string>();
      for (const file of paths) {
        const full = inside(side, file);
        const content = full === undefined ? undefined : await readFile(full).catch(() => undefined);
        if (content !== undefined) shas.set(file, gitBlobSha(content));
      }
      return shas;
    },
    async fetchFiles(request, ref): Promise<FetchedFiles> {
      const side = ref === headSha ? 'head' : 'base';
      const texts = new Map<string, FileRead>();
      const sizes = new Map<string, { bytes: number; binary: boolean }>();
      for (const file of request.texts) {
        const full = inside(side, file);
        const content = full === undefined ? undefined : await readFile(full).catch(() => undefined);
        if (content !== undefined)
          texts.set(
            file,
            content.subarray(0, 8000).includes(0) ? { binary: true } : { text: content.toString('utf8') },
          );
      }
      for (const file of request.sizes) {
        const full = inside(side, file);
        const content = full === undefined ? undefined : await readFile(full).catch(() => undefined);
        if (content !== undefined)
          sizes.set(file, { bytes: content.length, binary: content.subarray(0, 8000).includes(0) });
      }
      return { texts, sizes };
    },
  };
}
