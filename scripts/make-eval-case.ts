/**
 * Starts a recipe for a labelled eval case from two published npm versions:
 * `npm run make-eval-case -- <package> <from> <to> <id> [--rfc PATH] [--cases DIR]`
 *
 * Materialises the pair as the eval does (eval/materialise-npm-pair.ts: `npm pack` both versions,
 * `git diff --no-index` in GitHub's layout) into .cache/eval-cases/<package>@<from>..<to>, where the
 * labeller reads the trees and the diff, and writes `<cases>/<id>.yml` (default eval-cases/), a recipe
 * whose label fields are marked TODO; an existing recipe is never overwritten. The recipe fails the
 * schema until it is labelled; `npm run check-eval-cases -- <id>` checks the label against the pair.
 */
import { readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { npmPairSchema, type NpmPair } from '../eval/case-schema.js';
import { materialiseNpmPair, pairFolderName, type PairMeta } from '../eval/materialise-npm-pair.js';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import { CASE_CACHE } from './eval-case-format.js';

/** The recipe the labeller fills in: the pair and the PR text filled, the label marked TODO. Pure. */
export function recipeSkeleton(id: string, npm: NpmPair, rfc: string | undefined): string {
  return stringify(
    {
      id,
      npm,
      title: `${npm.package} ${npm.to}`,
      body: `Release ${npm.to}.`,
      ...(rfc === undefined ? {} : { rfc }),
      question: 'TODO: one sentence, the decision the two positions answer',
      positions: ['TODO: position A', 'TODO: position B'],
      right: 'TODO: A | B | none',
      why: 'TODO: the lines that settle it and why',
      label_source: 'TODO: where the answer comes from, e.g. "code: lib/x.js:12; changelog: CHANGELOG.md:8"',
      settled_by: ['TODO path:N', 'TODO path@base:N'],
    },
    { lineWidth: 110 },
  );
}

/**
 * Materialises the pair and writes the recipe when there is none.
 * @returns the pair's folder and meta.json, the files its diff changes, and whether the recipe was written
 * @throws when npm, tar or git fail, or when `rfc` is not a file at the head
 */
export async function makeEvalCase(options: {
  npm: NpmPair;
  id: string;
  casesDir: string;
  rfc?: string;
  log?: (line: string) => void;
}): Promise<{ dir: string; meta: PairMeta; files: string[]; file: string; written: boolean }> {
  const dir = path.join(CASE_CACHE, pairFolderName(options.npm));
  const meta = await materialiseNpmPair(options.npm, dir, options.log);
  if (
    options.rfc !== undefined &&
    !(await stat(path.join(dir, 'head', options.rfc)).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    throw new Error(`--rfc ${options.rfc} is not a file at ${options.npm.package}@${options.npm.to}`);
  }
  const files = parseGitDiff(await readFile(path.join(dir, 'pr.diff'), 'latin1')).map(
    (f) => `${f.status} ${f.path} +${f.additions} -${f.deletions}`,
  );
  const file = path.join(options.casesDir, `${options.id}.yml`);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === undefined) await writeFile(file, recipeSkeleton(options.id, options.npm, options.rfc));
  return { dir, meta, files, file, written: existing === undefined };
}

async function main(argv: string[]): Promise<number> {
  const usage = 'usage: npm run make-eval-case -- <package> <from> <to> <id> [--rfc PATH] [--cases DIR]';
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { rfc: { type: 'string' }, cases: { type: 'string' } },
    });
  } catch (error) {
    process.stderr.write(`make-eval-case: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const [pkg, from, to, id, ...extra] = parsed.positionals;
  const npm = npmPairSchema.safeParse({ package: pkg, from, to });
  if (!npm.success || id === undefined || extra.length > 0) {
    process.stderr.write(
      `${npm.success ? '' : `make-eval-case: ${npm.error.issues[0]!.path.join('.')}: ${npm.error.issues[0]!.message}\n`}${usage}\n`,
    );
    return 2;
  }
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    process.stderr.write(`make-eval-case: the case id must be lower-case letters, digits and hyphens, not '${id}'\n`);
    return 2;
  }
  const made = await makeEvalCase({
    npm: npm.data,
    id,
    casesDir: parsed.values.cases ?? 'eval-cases',
    rfc: parsed.values.rfc,
    log: (line) => process.stderr.write(`make-eval-case: ${line}\n`),
  });
  process.stdout.write(
    `${made.dir}: ${made.meta.files_changed} changed files (+${made.meta.additions} -${made.meta.deletions}); base/ and head/ are the two trees\n` +
      made.files.map((f) => `  ${f}\n`).join('') +
      `${made.written ? 'now label' : 'kept'} ${made.file}, then check it: npm run check-eval-cases -- ${id}\n`,
  );
  return 0;
}

const invokedPath = process.argv[1];
if (
  invokedPath !== undefined &&
  (await realpath(invokedPath).catch(() => invokedPath)) === fileURLToPath(import.meta.url)
) {
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
