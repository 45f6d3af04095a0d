import { createHash } from 'node:crypto';
import type { PlannedDiff } from './plan-diff.js';
import type { ChangedFile, RfcDocument } from './evidence-types.js';

/**
 * The `content_digest` of a decision record (docs/how-a-debate-runs.md): sha256 over the content the debate was
 * about, as structured data, never over the rendered pack. It covers every changed file's path (and old
 * path), status and blob SHA at base and head (binary and oversized files included, so other bytes under
 * the same diff text change it), the hunks the pack shows, each RFC's path and blob SHA, and the PR's
 * title and body, and (from version 4) the name of the base branch. The commit SHAs, the delimiter tag and
 * the pack's prose (notes such as a GitHub 502, wording of a release) are not in it, so a no-op rebase
 * keeps it, new commits on the base branch that touch none of the changed files keep it (the base blobs
 * are read at the merge base), and a new release does not stale it; a PR retargeted to another base
 * branch changes it. The merge gate compares it. Pure.
 */

/**
 * How `content_digest` is computed, written as the record's `digest_version`. 1 was the rendered pack
 * with its SHAs normalised away (records without the field); 2 is {@link contentDigest} over a pack sized
 * at 3.5 characters a token whatever the models; 3 is the same digest over a pack sized for the record's
 * `models` (issue #31: `packCharsPerToken`), since the hunks shown, which the digest covers, depend on the
 * size; 4 adds the base branch's name (issue #38: a PR retargeted to another base is another decision),
 * and its records carry `base: { ref, sha }`. A gate that does not know a record's version treats it as
 * stale; it rebuilds an older record's pack as that record's debate sized it (`rebuildSizing`,
 * src/gate/rebuild-evidence.ts) and computes its digest at its own version.
 * Version-4 records also count the hunks readers read and those no model read (`evidence.read`,
 * `evidence.unread`) instead of `evidence.truncated` (issue #40).
 * This is the one place the version is kept: the record, the rebuild and the gate read it from here.
 */
export const DIGEST_VERSION = 4;

/** The versions this code can compute, oldest first: a gate compares records of these and no others. */
export const DIGEST_VERSIONS = [2, 3, 4] as const;

/** One of {@link DIGEST_VERSIONS}. */
export type DigestVersion = (typeof DIGEST_VERSIONS)[number];

/** Whether a record's `digest_version` (absent: 1) is one this code can compute. */
export function isDigestVersion(version: number): version is DigestVersion {
  return (DIGEST_VERSIONS as readonly number[]).includes(version);
}

/** What {@link contentDigest} reads. */
export interface DigestInput {
  /** `baseRef`: the base branch's name (hashed from version 4 on). */
  pull: { title: string; body: string; baseRef: string };
  /** Every changed file the pack names, with the blob SHAs read for it. */
  files: ChangedFile[];
  /** The diffs the pack shows, with how many hunks (and lines of a cut hunk) of each. */
  diffs: Pick<PlannedDiff, 'path' | 'hunks' | 'shownHunks' | 'cutLines'>[];
  rfc: RfcDocument[];
}

/**
 * The blob SHA git gives a file's bytes (`git hash-object`): sha1 of `blob <length>\0` and the bytes.
 * An RFC is read as text, so its SHA is computed from that text as UTF-8.
 */
export function gitBlobSha(content: string | Buffer): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * @param version the version written into the hashed content: versions 2 and 3 hash the same fields and
 *   differ only in this number (and in how the pack was sized, which decides the hunks shown); 4 adds `base_ref`
 * @returns `sha256:<64 hex>` over the canonical JSON of the structured content (see the module comment)
 */
export function contentDigest(input: DigestInput, version: DigestVersion = DIGEST_VERSION): string {
  const content = {
    digest_version: version,
    ...(version >= 4 ? { base_ref: input.pull.baseRef } : {}),
    title: input.pull.title,
    body: input.pull.body,
    files: input.files.map((f) => ({
      path: f.path,
      previous_path: f.previousPath ?? null,
      status: f.status,
      base_blob: f.blobs?.base ?? null,
      head_blob: f.blobs?.head ?? null,
      modes: [f.mode?.base ?? null, f.mode?.head ?? null],
      additions: f.additions,
      deletions: f.deletions,
    })),
    hunks: input.diffs.map((d) => ({
      path: d.path,
      shown: [
        ...d.hunks.slice(0, d.shownHunks),
        ...(d.cutLines > 0 && d.hunks[d.shownHunks]
          ? [{ ...d.hunks[d.shownHunks]!, lines: d.hunks[d.shownHunks]!.lines.slice(0, d.cutLines) }]
          : []),
      ].map((h) => ({
        header: h.header,
        lines: h.lines.map((l) => [l.kind, l.baseLine ?? null, l.headLine ?? null, l.text]),
      })),
    })),
    rfc: input.rfc.map((doc) => ({ path: doc.path, blob: gitBlobSha(doc.content) })),
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`;
}
