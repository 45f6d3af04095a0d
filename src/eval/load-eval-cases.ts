import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { gitBlobSha } from '../evidence/content-digest.js';
import type { EvidenceSource, FetchedFiles, FileRead } from '../evidence/evidence-source.js';
import { parseGitDiff } from '../evidence/parse-git-diff.js';
import type { ChangedFile } from '../evidence/evidence-types.js';

/**
 * Labelled eval cases on disk (issue #13): one folder per case with `case.yml` (the positions, the one
 * that is right and why), and the PR snapshot the models see: `pr.diff` (a git diff with GitHub's
 * headers), `base/` and `head/` (the changed files on each side). See eval-cases/README.md.
 */

/** `case.yml`. Exactly two positions, so that each case runs in both orders. */
export const evalCaseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and hyphens'),
  title: z.string().min(1).describe('the PR title'),
  body: z.string().default('').describe('the PR description'),
  rfc: z.string().min(1).optional().describe('the design document at the head, as --rfc'),
  positions: z.tuple([z.string().min(1), z.string().min(1)]).describe('position A, then position B'),
  right: z.enum(['A', 'B']).describe('the position the evidence shows to be right'),
  why: z.string().min(1).describe('why, citing the lines that decide it'),
  source: z.string().min(1).describe('where the snapshot comes from, e.g. "npm express 4.19.2 -> 5.0.0, files trimmed"'),
});

/** A case, as validated, with its folder. */
export type EvalCase = z.infer<typeof evalCaseSchema> & { dir: string };

/** A case folder that cannot be used; the message names the file and what is wrong. */
export class EvalCaseError extends Error {
  override name = 'EvalCaseError';
}

/**
 * Reads every case folder of `dir` (folders without `case.yml` are skipped), sorted by id.
 * @throws EvalCaseError for a folder that does not exist, a `case.yml` that does not validate, a missing
 *   `pr.diff`, a repeated id, or no case at all
 */
export async function loadEvalCases(dir: string): Promise<EvalCase[]> {
  let entries: string[];
  try {
    entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (error) {
    throw new EvalCaseError(`--cases ${dir}: cannot read the folder (${error instanceof Error ? error.message : String(error)})`);
  }
  const cases: EvalCase[] = [];
  for (const name of entries.sort()) {
    const caseDir = path.join(dir, name);
    const file = path.join(caseDir, 'case.yml');
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let raw: unknown;
    try {
      raw = parse(text, { strict: true, uniqueKeys: true });
    } catch (error) {
      throw new EvalCaseError(`${file} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    const parsed = evalCaseSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new EvalCaseError(`${file}: '${issue.path.join('.') || '(root)'}': ${issue.message}`);
    }
    if (!(await stat(path.join(caseDir, 'pr.diff')).catch(() => undefined))) throw new EvalCaseError(`${caseDir}: no pr.diff (the snapshot's git diff)`);
    if (cases.some((c) => c.id === parsed.data.id)) throw new EvalCaseError(`${file}: id '${parsed.data.id}' is used by another case`);
    cases.push({ ...parsed.data, dir: caseDir });
  }
  if (cases.length === 0) throw new EvalCaseError(`--cases ${dir}: no case folders (each needs a case.yml and a pr.diff)`);
  return cases;
}

/** The PR number every snapshot is served as. */
export const SNAPSHOT_PULL_NUMBER = 1;

/**
 * A case's snapshot as the evidence stage's source, read from its folder instead of GitHub, so the eval
 * builds the same evidence pack the action would. The commit SHAs are derived from the case id.
 */
export function createSnapshotSource(evalCase: EvalCase): EvidenceSource {
  const sha = (side: string) => createHash('sha1').update(`${side}:${evalCase.id}`).digest('hex');
  const headSha = sha('head');
  const baseSha = sha('base');
  let diff: Promise<string> | undefined;
  const readDiff = () => (diff ??= readFile(path.join(evalCase.dir, 'pr.diff'), 'utf8'));
  const files = async (): Promise<ChangedFile[]> =>
    parseGitDiff(await readDiff()).map((f) => ({ path: f.path, previousPath: f.previousPath, status: f.status, additions: f.additions, deletions: f.deletions, patch: f.patch }));
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
            return { path: path.relative(root, full).split(path.sep).join('/'), mode: '100644', type: 'blob', sha: createHash('sha1').update(full).digest('hex'), size: (await stat(full)).size };
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
        if (content !== undefined) texts.set(file, content.subarray(0, 8000).includes(0) ? { binary: true } : { text: content.toString('utf8') });
      }
      for (const file of request.sizes) {
        const full = inside(side, file);
        const content = full === undefined ? undefined : await readFile(full).catch(() => undefined);
        if (content !== undefined) sizes.set(file, { bytes: content.length, binary: content.subarray(0, 8000).includes(0) });
      }
      return { texts, sizes };
    },
  };
}
