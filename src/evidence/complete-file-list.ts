import type { ChangedFile } from './evidence-types.js';

/**
 * Completes a file list GitHub cut at 3,000 files ("Responses include a maximum of 3000 files", REST,
 * List pull requests files) from the git trees of the merge base and the head
 * (`GET /git/trees/{sha}?recursive=1`): every path whose blob or submodule differs between the two
 * trees, or exists in one only, is a changed file of GitHub's three-dot diff. A path removed and one
 * added with the same blob are paired as a rename (git's exact-rename detection). Pure.
 */

/** One blob or submodule of a recursive git tree (`type` `blob` or `commit`; `tree` entries are folders). */
export interface GitTreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  /** Bytes of a blob. */
  size?: number | undefined;
}

/** A recursive tree as GitHub answered it; `truncated` when it stopped short ("exceeded our maximum limit"). */
export interface GitTree {
  entries: GitTreeEntry[];
  truncated: boolean;
}

/**
 * The changed files the list left out, in path order, each with `listedBy: 'git-trees'`, no patch and
 * line counts of 0 until its diff is computed, the blob sizes on each side in `treeSizes`, and its kind
 * as far as the modes tell (`text` until a read says binary; an exact rename has no content change).
 * @param listed the files GitHub listed (their paths, and old paths of renames, are skipped)
 */
export function filesFromTrees(listed: ChangedFile[], base: GitTree, head: GitTree): ChangedFile[] {
  const known = new Set(listed.flatMap((f) => (f.previousPath === undefined ? [f.path] : [f.path, f.previousPath])));
  const items = (tree: GitTree) =>
    new Map(tree.entries.filter((e) => e.type !== 'tree' && !known.has(e.path)).map((e) => [e.path, e]));
  const before = items(base);
  const after = items(head);
  const added: GitTreeEntry[] = [];
  const found: ChangedFile[] = [];
  const entry = (
    path: string,
    status: ChangedFile['status'],
    b: GitTreeEntry | undefined,
    h: GitTreeEntry | undefined,
    previousPath?: string,
  ): ChangedFile => ({
    kind: [b?.mode, h?.mode].includes('160000')
      ? 'submodule'
      : [b?.mode, h?.mode].includes('120000')
        ? 'symlink'
        : status === 'renamed' || status === 'changed'
          ? 'no-content-change'
          : 'text',
    path,
    previousPath,
    status,
    additions: 0,
    deletions: 0,
    patch: undefined,
    listedBy: 'git-trees',
    mode: { base: b?.mode, head: h?.mode },
    blobs: { base: b?.sha, head: h?.sha },
    treeSizes: { base: b?.size, head: h?.size },
  });
  for (const [path, h] of after) {
    const b = before.get(path);
    if (b === undefined) added.push(h);
    else if (b.sha !== h.sha) found.push(entry(path, 'modified', b, h));
    else if (b.mode !== h.mode) found.push(entry(path, 'changed', b, h));
  }
  const removedBySha = new Map<string, GitTreeEntry[]>();
  for (const [path, b] of before)
    if (!after.has(path)) removedBySha.set(b.sha, [...(removedBySha.get(b.sha) ?? []), b]);
  for (const h of added) {
    const twin = removedBySha.get(h.sha)?.shift();
    found.push(
      twin === undefined ? entry(h.path, 'added', undefined, h) : entry(h.path, 'renamed', twin, h, twin.path),
    );
  }
  for (const list of removedBySha.values()) for (const b of list) found.push(entry(b.path, 'removed', b, undefined));
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
