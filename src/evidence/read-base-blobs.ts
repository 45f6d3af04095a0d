import type { EvidenceSource } from './evidence-source.js';
import type { ChangedFile, PullRequestInfo } from './evidence-types.js';

/**
 * The base side's blob SHA of each changed file whose change the pack cannot show as a diff (a binary
 * file, a file GitHub sent no patch for, a pure rename): `content_digest` covers it (docs/how-a-debate-runs.md),
 * so a rebase that changes what such a file is changed *from* (a PR that now reverts a fix on the base
 * branch, with the same head bytes) makes a decision stale. A file with a patch needs none: its hunks show
 * the base side of what it changes. Read at the merge base (the base of GitHub's three-dot diff), in one
 * batched call per 200 files; none when no such file exists.
 * A failed read is not fatal: the SHAs stay unknown, so the digest differs from one where they were read
 * and a decision is not carried forward on them (fail closed).
 * @param mergeBase the merge base when it was already read (complete-changes.ts), else it is read here
 */
export async function readBaseBlobs(
  source: EvidenceSource,
  pull: PullRequestInfo,
  files: ChangedFile[],
  mergeBase: string | undefined,
): Promise<ChangedFile[]> {
  const wanted = files.filter((f) => f.patch === undefined && f.status !== 'added' && f.blobs?.base === undefined);
  if (wanted.length === 0) return files;
  let shas: Map<string, string>;
  try {
    const base = mergeBase ?? (await source.getMergeBase(pull.baseSha, pull.headSha)).sha;
    shas = await source.getBlobShas(
      wanted.map((f) => f.previousPath ?? f.path),
      base,
    );
  } catch {
    return files;
  }
  const want = new Set(wanted);
  return files.map((f) =>
    want.has(f) ? { ...f, blobs: { base: shas.get(f.previousPath ?? f.path), head: f.blobs?.head } } : f,
  );
}
