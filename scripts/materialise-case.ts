/**
 * Materialises one real pull-request case from `real-cases/cases.json`: the diff between two
 * published versions of an npm package stands in for the pull request, and a doc shipped in the
 * newer tarball stands in for the RFC.
 *
 * The pair is built as the eval's recipes are (eval/materialise-npm-pair.ts, our own port of
 * `shared/real-cases/make-case.sh`), so a fresh clone needs nothing outside the repository.
 *
 * CLI: `npx tsx scripts/materialise-case.ts <id>...` prints each case directory on its own line.
 */
import { readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { materialiseNpmPair, type PairMeta } from '../eval/materialise-npm-pair.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const casesPath = join(repoRoot, 'real-cases', 'cases.json');

const realCaseSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  package: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  rfc_path: z.string().min(1),
  title: z.string().min(1),
  body: z.string(),
  positions: z.array(z.string().min(1)).min(2).max(4),
  why: z.string(),
  size: z.object({
    files: z.number().int().nonnegative(),
    additions: z.number().int().nonnegative(),
    deletions: z.number().int().nonnegative(),
  }),
});

/** One entry of `real-cases/cases.json`, as parsed by zod. */
export type RealCase = z.infer<typeof realCaseSchema>;

/** `meta.json` of a materialised case; `from`/`to` are the versions npm resolved. */
export type CaseMeta = PairMeta;

/** A case on disk: `dir` holds `base/`, `head/`, `pr.diff` and `meta.json`. */
export interface MaterialisedCase {
  case: RealCase;
  /** Absolute case directory. */
  dir: string;
  /** The FROM tarball's contents (top-level `package/` stripped). */
  baseDir: string;
  /** The TO tarball's contents. */
  headDir: string;
  /** Whole diff base -> head with GitHub-style headers (`diff --git a/x b/x`). */
  diffPath: string;
  meta: CaseMeta;
}

/** Options of {@link materialiseCase}. */
export interface MaterialiseOptions {
  /** The case directory itself (not a parent); default `<repo>/.cache/real-cases/<id>`. */
  cacheDir?: string;
}

/**
 * Reads and validates `real-cases/cases.json`.
 * @throws when the file is missing or an entry does not match the schema.
 */
export async function loadRealCases(): Promise<RealCase[]> {
  const raw: unknown = JSON.parse(await readFile(casesPath, 'utf8'));
  return z.array(realCaseSchema).parse(raw);
}

/**
 * Makes sure case `id` is on disk and returns its paths. Idempotent and cached: when `<dir>/meta.json`
 * already names the case's package, from and to, it returns without touching the network; otherwise the
 * pair is built beside `dir` and renamed into place (eval/materialise-npm-pair.ts).
 * @throws `Unknown case id "x"; known: ...`, or a message naming the failing tool (npm, tar, git).
 */
export async function materialiseCase(id: string, options: MaterialiseOptions = {}): Promise<MaterialisedCase> {
  const cases = await loadRealCases();
  const realCase = cases.find((c) => c.id === id);
  if (!realCase) {
    throw new Error(`Unknown case id "${id}"; known: ${cases.map((c) => c.id).join(', ')}`);
  }
  const dir = resolve(options.cacheDir ?? join(repoRoot, '.cache', 'real-cases', id));
  const meta = await materialiseNpmPair(realCase, dir, (line) => process.stderr.write(`materialise-case: ${line}\n`));
  return {
    case: realCase,
    dir,
    baseDir: join(dir, 'base'),
    headDir: join(dir, 'head'),
    diffPath: join(dir, 'pr.diff'),
    meta,
  };
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.some((arg) => arg.startsWith('-'))) {
    process.stderr.write('usage: npx tsx scripts/materialise-case.ts <case-id>...\n');
    return 2;
  }
  for (const id of argv) {
    const materialised = await materialiseCase(id);
    process.stdout.write(`${materialised.dir}\n`);
  }
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
      process.stderr.write(`materialise-case: error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
