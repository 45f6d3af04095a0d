import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';

/**
 * `pr-debate eval import` (issue #32): writes a case folder from a change as the action sees it: the
 * whole diff as `pr.diff`, every changed text file at each side in `base/` and `head/` (binary files
 * only in the diff), and a `case.yml` whose label fields are marked TODO, so that the folder does not
 * load as a case until someone labels it (`right: TODO` is not A, B or none).
 */

/** A change to write, read from GitHub or a local clone. */
export interface ChangeSnapshot {
  title: string;
  body: string;
  /** The whole diff, as GitHub serves it for a PR (`diff --git` sections). */
  diff: string;
  /**
   * A file's bytes at one side, or undefined when it is not a file there (or too large to read).
   * @param file the path at that side (a renamed file's base side is read under its previous path)
   */
  read(side: 'base' | 'head', file: string): Promise<Buffer | undefined>;
  /** Where the change comes from, for `source:`. */
  source: string;
}

/** What was written. */
export interface WrittenCase {
  dir: string;
  files: number;
  /** Text files left out of base/ and head/ (not readable at a side, or binary after all); binary files are in the diff only. */
  skipped: string[];
}

/** A case id from a folder name: lower-case letters, digits and hyphens. */
export function caseIdOf(dir: string): string {
  const id = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id === '' ? 'imported-case' : id;
}

const isBinary = (content: Buffer) => content.subarray(0, 8000).includes(0);

/**
 * Writes the folder.
 * @throws Error when `dir` exists and is not empty (nothing is overwritten), or when a path of the diff
 *   would land outside the folder
 */
export async function writeCaseFolder(dir: string, change: ChangeSnapshot): Promise<WrittenCase> {
  const existing = await readdir(dir).catch(() => undefined);
  if (existing !== undefined && existing.length > 0)
    throw new Error(`${dir} is not empty: eval import writes a new case folder and overwrites nothing`);
  const files = parseGitDiff(change.diff);
  const skipped: string[] = [];
  const root = path.resolve(dir);
  const put = async (side: 'base' | 'head', file: string, content: Buffer) => {
    const full = path.resolve(root, side, file);
    if (!full.startsWith(`${path.join(root, side)}${path.sep}`))
      throw new Error(`the diff names a path outside the case folder: ${file}`);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  };
  await mkdir(root, { recursive: true });
  let written = 0;
  const markdown: string[] = [];
  for (const file of files) {
    const sides: ['base' | 'head', string][] = [];
    if (file.status !== 'added') sides.push(['base', file.previousPath ?? file.path]);
    if (file.status !== 'removed') sides.push(['head', file.path]);
    for (const [side, name] of file.binary ? [] : sides) {
      const content = await change.read(side, name);
      if (content === undefined || isBinary(content)) {
        skipped.push(`${side}/${name}`);
        continue;
      }
      await put(side, name, content);
      written += 1;
    }
    if (file.status !== 'removed' && /\.(md|markdown|rst|adoc|txt)$/i.test(file.path)) markdown.push(file.path);
  }
  await writeFile(path.join(root, 'pr.diff'), change.diff);
  await writeFile(path.join(root, 'case.yml'), caseTemplate(caseIdOf(dir), change, markdown));
  return { dir: root, files: written, skipped };
}

/**
 * The `case.yml` to label: the facts filled, the label marked TODO (so that it does not load as a case
 * until labelled), and the optional keys as comments. Built as a YAML document from data and written by
 * the yaml library, so a PR title, body, source or file name is always a value or a comment, never YAML
 * structure: file names in comments are JSON-quoted, so no line break in one can end the comment.
 */
export function caseTemplate(
  id: string,
  change: Pick<ChangeSnapshot, 'title' | 'body' | 'source'>,
  documents: readonly string[],
): string {
  const doc = new Document({
    id,
    title: change.title || 'TODO the PR title',
    body: change.body,
    question: 'TODO one sentence, the decision the two positions answer',
    positions: ['TODO position A, a decision a reviewer could hold', 'TODO position B, in real tension with A'],
    right: 'TODO',
    why: 'TODO the lines that settle it, and why',
    settled_by: [],
    source: change.source,
  });
  doc.commentBefore = [
    ' Imported by pr-debate eval import; `source` says from where.',
    ' Fill every field marked TODO (eval-cases/README.md says how), then check it loads:',
    '   pr-debate eval --cases <folder of cases> --arms single --budget-usd 0.05',
  ].join('\n');
  (doc.get('right', true) as Scalar).comment = ' A, B, or none when neither position is what the evidence shows';
  const settled = doc.get('settled_by', true) as YAMLSeq;
  settled.flow = true;
  settled.comment = ' the deciding lines: "path:N" or "path:N-M" at the head, "path@base:N" at the base';
  const source = (doc.contents as YAMLMap<Scalar, unknown>).items.find((item) => item.key.value === 'source')!;
  const named = documents.map((d) => JSON.stringify(d)).join(', ');
  source.key.commentBefore = [
    ` rfc: ${documents.length > 0 ? JSON.stringify(documents[0]) : 'docs/design.md'}  (optional: the design document at the head${documents.length > 0 ? `; changed documents: ${named}` : ''}; one not changed here must be copied into head/)`,
    ' tags: [doc-contradicts-code, large-pack, neither-right, overflow]  (optional, from this set)',
    ' framing: { positions: [acceptable label, another] }  (optional: framings a moderator may find on its own)',
  ].join('\n');
  return doc.toString({ lineWidth: 0 });
}
