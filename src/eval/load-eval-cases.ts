import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { evalCaseSchema, parseSettledBy, type EvalCase } from './case-schema.js';

/**
 * Labelled eval cases on disk (issues #13, #32): one folder per case with `case.yml` (the positions, the
 * one that is right, why, and the lines that settle it), and the PR snapshot the models see: `pr.diff`
 * (the diff as GitHub serves it), `base/` and `head/` (the changed text files on each side, the RFC at
 * the head). See eval-cases/README.md.
 */

/** A case folder that cannot be used; the message names the file and what is wrong. */
export class EvalCaseError extends Error {
  override name = 'EvalCaseError';
}

/**
 * Reads every case folder of `dir` (folders without `case.yml` are skipped), sorted by folder name.
 * @throws EvalCaseError for a folder that does not exist, a `case.yml` that does not validate, a missing
 *   `pr.diff` or RFC, a `settled_by` line that is not in the snapshot, a repeated id, or no case at all
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
    const loaded = await loadEvalCase(path.join(dir, name));
    if (loaded === undefined) continue;
    if (cases.some((c) => c.id === loaded.id)) throw new EvalCaseError(`${path.join(loaded.dir, 'case.yml')}: id '${loaded.id}' is used by another case`);
    cases.push(loaded);
  }
  if (cases.length === 0) throw new EvalCaseError(`--cases ${dir}: no case folders (each needs a case.yml and a pr.diff)`);
  return cases;
}

/**
 * Reads one case folder.
 * @returns the case, or undefined when the folder has no `case.yml`
 * @throws EvalCaseError as {@link loadEvalCases}
 */
export async function loadEvalCase(caseDir: string): Promise<EvalCase | undefined> {
  const file = path.join(caseDir, 'case.yml');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
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
  const evalCase: EvalCase = { ...parsed.data, dir: caseDir };
  if (evalCase.rfc !== undefined && (await sideText(caseDir, 'head', evalCase.rfc)) === undefined) throw new EvalCaseError(`${file}: 'rfc': ${evalCase.rfc} is not a text file in head/`);
  for (const entry of evalCase.settled_by) {
    const problem = await checkSettledBy(caseDir, entry);
    if (problem) throw new EvalCaseError(`${file}: 'settled_by': ${problem}`);
  }
  return evalCase;
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
