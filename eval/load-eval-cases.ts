import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { evalCaseSchema, parseSettledBy, recipeSchema, type EvalCase } from './case-schema.js';
import { materialiseNpmPair, pairFolderName } from './materialise-npm-pair.js';

/**
 * Labelled eval cases on disk, in two forms (eval-cases/README.md):
 * - a recipe, `<id>.yml`: the label and two published npm versions whose diff is the pull request,
 *   materialised from the registry on first use into the case cache, once per version pair;
 * - a case folder, `<id>/case.yml` beside the snapshot the models see (what `pr-debate eval import`
 *   writes): `pr.diff` (the diff as GitHub serves it), `base/` and `head/` (the changed text files on each
 *   side, the RFC at the head).
 */

/** A case that cannot be used; the message names the file and what is wrong. */
export class EvalCaseError extends Error {
  override name = 'EvalCaseError';
}

/** Where recipes are materialised when no other folder is given, relative to the current folder. */
export const DEFAULT_CASE_CACHE = '.cache/eval-cases';

/** Version pairs materialised at once on a cold cache: npm pack is mostly waiting on the registry. */
const PARALLEL_PAIRS = 4;

/** Options of {@link loadEvalCases}. */
export interface LoadOptions {
  /** The folder recipes are materialised into, one `<package>@<from>..<to>` folder per pair (default {@link DEFAULT_CASE_CACHE}). */
  cacheDir?: string;
  /** Told what is fetched, before npm runs (one line, no newline). */
  log?: (line: string) => void;
}

/**
 * Reads every case of `dir`, sorted by name: each `<id>.yml` recipe (materialised first when its pair is
 * not in the cache) and each folder with a `case.yml` (other folders and files are skipped).
 * @throws EvalCaseError for a folder that does not exist, a label that does not validate, a recipe whose
 *   id is not its file name or whose versions cannot be fetched, a missing `pr.diff` or RFC, a
 *   `settled_by` line that is not in the snapshot, a repeated id, or no case at all
 */
export async function loadEvalCases(dir: string, options: LoadOptions = {}): Promise<EvalCase[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new EvalCaseError(
      `--cases ${dir}: cannot read the folder (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const labels: { file: string; label: EvalCase }[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    const label = entry.isDirectory()
      ? await readCaseFolder(full)
      : entry.name.endsWith('.yml')
        ? await readRecipe(full, recipeSchema)
        : undefined;
    if (label === undefined) continue;
    const file = entry.isDirectory() ? path.join(full, 'case.yml') : full;
    if (labels.some((l) => l.label.id === label.id))
      throw new EvalCaseError(`${file}: id '${label.id}' is used by another case`);
    labels.push({ file, label });
  }
  if (labels.length === 0)
    throw new EvalCaseError(
      `--cases ${dir}: no cases (each is an <id>.yml recipe, or a folder with a case.yml and a pr.diff)`,
    );
  await materialiseRecipes(
    labels.map((l) => l.label),
    options,
  );
  for (const { file, label } of labels) await checkSnapshot(file, label);
  return labels.map((l) => l.label);
}

/**
 * Reads one case folder.
 * @returns the case, or undefined when the folder has no `case.yml`
 * @throws EvalCaseError as {@link loadEvalCases}
 */
export async function loadEvalCase(caseDir: string): Promise<EvalCase | undefined> {
  const label = await readCaseFolder(caseDir);
  if (label !== undefined) await checkSnapshot(path.join(caseDir, 'case.yml'), label);
  return label;
}

async function readCaseFolder(caseDir: string): Promise<EvalCase | undefined> {
  const file = path.join(caseDir, 'case.yml');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const label = parseLabel(file, text, evalCaseSchema);
  if (!(await stat(path.join(caseDir, 'pr.diff')).catch(() => undefined)))
    throw new EvalCaseError(`${caseDir}: no pr.diff (the snapshot's git diff)`);
  return { ...label, dir: caseDir };
}

/**
 * Reads one recipe, `<id>.yml`, without materialising it: its `source` is the pair, its `dir` is empty
 * until {@link materialiseRecipes} sets it.
 * @param schema the recipe schema, or a stricter one (the shipped recipes' checks)
 * @throws EvalCaseError naming the file and the field, or an id that is not the file's name
 */
export async function readRecipe<S extends z.ZodType<z.infer<typeof recipeSchema>>>(
  file: string,
  schema: S,
): Promise<z.infer<S> & { source: string; dir: string }> {
  const label = parseLabel(file, await readFile(file, 'utf8'), schema);
  if (label.id !== path.basename(file, '.yml'))
    throw new EvalCaseError(`${file}: 'id': ${label.id} is not the file's name; a recipe is <id>.yml`);
  return { ...label, source: `npm ${label.npm.package} ${label.npm.from} -> ${label.npm.to}`, dir: '' };
}

function parseLabel<S extends z.ZodType>(file: string, text: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = parse(text, { strict: true, uniqueKeys: true });
  } catch (error) {
    throw new EvalCaseError(
      `${file} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EvalCaseError(`${file}: '${issue.path.join('.') || '(root)'}': ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Points each recipe (a case with `npm`) at its pair's folder in the cache, and builds the pairs not
 * there yet, a few at a time; cases of one pair share one folder.
 * @throws EvalCaseError naming the pair, its cases and what failed (npm, tar or git)
 */
export async function materialiseRecipes(cases: EvalCase[], options: LoadOptions = {}): Promise<void> {
  const cacheDir = path.resolve(options.cacheDir ?? DEFAULT_CASE_CACHE);
  const pairs = new Map<string, EvalCase[]>();
  for (const c of cases.filter((c) => c.npm !== undefined)) {
    c.dir = path.join(cacheDir, pairFolderName(c.npm!));
    pairs.set(c.dir, [...(pairs.get(c.dir) ?? []), c]);
  }
  const queue = [...pairs.values()];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { npm, source, dir } = next[0]!;
      try {
        await materialiseNpmPair(npm!, dir, options.log);
      } catch (error) {
        throw new EvalCaseError(
          `${next.map((c) => c.id).join(', ')}: cannot materialise ${source} into ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PAIRS }, worker));
}

/** Checks that the RFC and every `settled_by` line are in the case's snapshot. */
async function checkSnapshot(file: string, evalCase: EvalCase): Promise<void> {
  if (evalCase.rfc !== undefined && (await sideText(evalCase.dir, 'head', evalCase.rfc)) === undefined)
    throw new EvalCaseError(`${file}: 'rfc': ${evalCase.rfc} is not a text file in head/`);
  for (const entry of evalCase.settled_by) {
    const problem = await checkSettledBy(evalCase.dir, entry);
    if (problem) throw new EvalCaseError(`${file}: 'settled_by': ${problem}`);
  }
}

/** Why a `settled_by` entry names lines the snapshot does not have, or undefined when it has them. */
async function checkSettledBy(caseDir: string, entry: string): Promise<string | undefined> {
  const lines = parseSettledBy(entry)!;
  const text = await sideText(caseDir, lines.side, lines.path);
  if (text === undefined) return `${entry}: ${lines.path} is not a text file in ${lines.side}/`;
  const count = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lines.end > count) return `${entry}: ${lines.side}/${lines.path} has ${count} lines`;
  return undefined;
}

/** A file of one side of the snapshot as text; undefined when it is missing, outside the side's folder, or binary. */
async function sideText(caseDir: string, side: 'head' | 'base', file: string): Promise<string | undefined> {
  const root = path.resolve(caseDir, side);
  const full = path.resolve(root, file);
  if (!full.startsWith(`${root}${path.sep}`)) return undefined;
  const content = await readFile(full).catch(() => undefined);
  if (content === undefined || content.subarray(0, 8000).includes(0)) return undefined;
  return content.toString('utf8');
}
