/**
 * Writes a whole-PR eval case from two published npm versions:
 * `npm run make-eval-case -- <package> <from> <to> <out-dir> [--rfc PATH] [--max-file-kb N] [--skip PREFIX]...`
 *
 * The pull request is the diff between the two tarballs (`npm pack` both, `git diff --no-index` with
 * GitHub's headers, as scripts/materialise-case.ts ports /work/shared/real-cases/make-case.sh). The
 * folder holds `pr.diff` (every changed file: the WHOLE diff), `base/` and `head/` with every changed
 * text file at each side, the RFC at the head when `--rfc` names one, and a `case.yml` skeleton to label
 * (an existing `case.yml` is never overwritten). Binary files appear only in the diff. A text file over
 * `--max-file-kb` (default 512) is left out of `base/`/`head/` but stays in the diff; `--skip PREFIX`
 * drops a vendored tree from the diff too, for a release whose diff would otherwise be absurd. Both
 * are named in the case's `source:` line, so a labeller sees what the models cannot.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { parseGitDiff, type GitDiffFile } from '../src/evidence/parse-git-diff.js';
import { diffTrees, fetchTree } from './materialise-case.js';

/** What one run writes, for the summary line and for {@link caseSkeleton}. */
export interface WrittenCase {
  package: string;
  from: string;
  to: string;
  files: number;
  copied: number;
  /** Text files left out of base/ and head/ because they are over the size limit. */
  tooLarge: string[];
  /** Paths dropped from the diff by `--skip`. */
  skipped: string[];
}

/** Default size limit of one copied file, in KiB. */
export const DEFAULT_MAX_FILE_KB = 512;

/**
 * Splits a whole diff into its `diff --git` sections and drops those whose path (or old path) starts
 * with one of `prefixes`. Pure.
 * @returns the kept diff text and the dropped paths
 */
export function dropSections(diff: string, prefixes: string[]): { diff: string; dropped: string[] } {
  if (prefixes.length === 0) return { diff, dropped: [] };
  const sections = diff.split(/^(?=diff --git )/m);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const section of sections) {
    const file = section.startsWith('diff --git ') ? parseGitDiff(section)[0] : undefined;
    const names = file === undefined ? [] : [file.path, file.previousPath].filter((p): p is string => p !== undefined);
    if (file !== undefined && names.some((n) => prefixes.some((p) => n.startsWith(p)))) dropped.push(file.path);
    else kept.push(section);
  }
  return { diff: kept.join(''), dropped };
}

/**
 * The sides a changed file has: its base path unless it was added, its head path unless it was removed.
 * Pure.
 */
export function sidesOf(file: GitDiffFile): { side: 'base' | 'head'; name: string }[] {
  const sides: { side: 'base' | 'head'; name: string }[] = [];
  if (file.status !== 'added') sides.push({ side: 'base', name: file.previousPath ?? file.path });
  if (file.status !== 'removed') sides.push({ side: 'head', name: file.path });
  return sides;
}

/** The `source:` line: the versions, then what the folder leaves out. Pure. */
export function sourceLine(written: WrittenCase, maxFileKb: number): string {
  const parts = [`npm ${written.package} ${written.from} -> ${written.to}`];
  if (written.tooLarge.length > 0) parts.push(`not copied to base/ and head/ (text over ${maxFileKb} KiB, still in pr.diff): ${written.tooLarge.join(', ')}`);
  if (written.skipped.length > 0) parts.push(`left out of pr.diff (vendored): ${written.skipped.join(', ')}`);
  return parts.join('; ');
}

/** The `case.yml` skeleton the labeller fills in; it fails the eval-cases test until every TODO is replaced. Pure. */
export function caseSkeleton(id: string, written: WrittenCase, rfc: string | undefined, maxFileKb: number): string {
  const skeleton = {
    id,
    title: `${written.package} ${written.to}`,
    body: `Release ${written.to}.`,
    ...(rfc === undefined ? {} : { rfc }),
    question: 'TODO: one sentence, the decision the two positions answer',
    positions: ['TODO: position A', 'TODO: position B'],
    right: 'TODO: A | B | none',
    why: 'TODO: the lines that settle it and why',
    settled_by: ['TODO path:N', 'TODO path@base:N'],
    source: sourceLine(written, maxFileKb),
  };
  return stringify(skeleton, { lineWidth: 110 });
}

/**
 * Builds the case folder `outDir` from `pkg@from` -> `pkg@to`. Replaces `pr.diff`, `base/` and `head/`;
 * keeps an existing `case.yml`.
 * @throws when npm, tar or git fail, when the versions are identical, or when `rfc` is not a text file at the head
 */
export async function makeEvalCase(options: { pkg: string; from: string; to: string; outDir: string; rfc?: string; maxFileKb: number; skip: string[] }): Promise<WrittenCase> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'make-eval-case-'));
  try {
    const trees = path.join(scratch, 'd');
    const [from, to] = await Promise.all([
      fetchTree(options.pkg, options.from, path.join(scratch, 'pack-a'), path.join(trees, 'a')),
      fetchTree(options.pkg, options.to, path.join(scratch, 'pack-b'), path.join(trees, 'b')),
    ]);
    const rawPath = path.join(scratch, 'pr.diff');
    await diffTrees(trees, rawPath, scratch);
    const { diff, dropped } = dropSections(await readFile(rawPath, 'latin1'), options.skip);
    const files = parseGitDiff(diff);
    const written: WrittenCase = { package: options.pkg, from, to, files: files.length, copied: 0, tooLarge: [], skipped: dropped };
    // Checked before anything is written, so a wrong --rfc leaves the folder as it was.
    if (options.rfc !== undefined && !(await stat(path.join(trees, 'b', options.rfc)).then((s) => s.isFile(), () => false))) {
      throw new Error(`--rfc ${options.rfc} is not a file at ${options.pkg}@${to}`);
    }
    await rm(path.join(options.outDir, 'base'), { recursive: true, force: true });
    await rm(path.join(options.outDir, 'head'), { recursive: true, force: true });
    await mkdir(options.outDir, { recursive: true });
    await writeFile(path.join(options.outDir, 'pr.diff'), diff, 'latin1');
    const copies = files.filter((f) => !f.binary).flatMap(sidesOf);
    if (options.rfc !== undefined && !copies.some((c) => c.side === 'head' && c.name === options.rfc)) copies.push({ side: 'head', name: options.rfc });
    for (const { side, name } of copies) {
      const source = path.join(trees, side === 'base' ? 'a' : 'b', name);
      const size = await stat(source).then((s) => (s.isFile() ? s.size : undefined), () => undefined);
      if (size === undefined) continue; // a symlink's target or a submodule: only in the diff
      const content = await readFile(source);
      if (content.subarray(0, 8000).includes(0)) continue;
      if (size > options.maxFileKb * 1024) {
        if (!written.tooLarge.includes(name)) written.tooLarge.push(name);
        continue;
      }
      const target = path.join(options.outDir, side, name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
      written.copied += 1;
    }
    return written;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const usage = 'usage: npm run make-eval-case -- <package> <from> <to> <out-dir> [--rfc PATH] [--max-file-kb N] [--skip PREFIX]...';
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { rfc: { type: 'string' }, 'max-file-kb': { type: 'string' }, skip: { type: 'string', multiple: true } } });
  } catch (error) {
    process.stderr.write(`make-eval-case: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const [pkg, from, to, outDir, ...extra] = parsed.positionals;
  const maxFileKb = Number(parsed.values['max-file-kb'] ?? DEFAULT_MAX_FILE_KB);
  if (!pkg || !from || !to || !outDir || extra.length > 0 || !Number.isInteger(maxFileKb) || maxFileKb <= 0) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const id = path.basename(path.resolve(outDir));
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    process.stderr.write(`make-eval-case: the folder name is the case id and must be lower-case letters, digits and hyphens, not '${id}'\n`);
    return 2;
  }
  const written = await makeEvalCase({ pkg, from, to, outDir, rfc: parsed.values.rfc, maxFileKb, skip: parsed.values.skip ?? [] });
  const casePath = path.join(outDir, 'case.yml');
  const existing = await readFile(casePath, 'utf8').catch(() => undefined);
  if (existing === undefined) await writeFile(casePath, caseSkeleton(id, written, parsed.values.rfc, maxFileKb));
  process.stdout.write(
    `${outDir}: ${written.files} changed files from ${pkg} ${written.from} -> ${written.to}, ${written.copied} side copies` +
      `${written.tooLarge.length > 0 ? `, ${written.tooLarge.length} too large to copy` : ''}${written.skipped.length > 0 ? `, ${written.skipped.length} skipped` : ''}; ` +
      (existing === undefined ? `now label ${casePath}\n` : `kept ${casePath}; its source line should read: ${sourceLine(written, maxFileKb)}\n`),
  );
  return 0;
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && (await realpath(invokedPath).catch(() => invokedPath)) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`make-eval-case: error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
