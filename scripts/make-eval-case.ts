/**
 * Cuts an eval case's snapshot out of a real case: `npm run make-eval-case -- <real-case-id> <out-dir> <path>...`
 *
 * Materialises the real case (npm pack of both versions, cached in .cache/real-cases), then writes into
 * `<out-dir>` only the named files: their sections of the diff as `pr.diff`, and their text at the base
 * and at the head under `base/` and `head/`. Writing `case.yml` (the positions, the one that is right,
 * and why) is the labeller's job; eval-cases/README.md says how.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGitDiff } from '../src/evidence/parse-git-diff.js';
import { materialiseCase } from './materialise-case.js';

const [caseId, outDir, ...paths] = process.argv.slice(2);
if (!caseId || !outDir || paths.length === 0) {
  console.error('usage: npm run make-eval-case -- <real-case-id> <out-dir> <path>...');
  process.exit(2);
}

const materialised = await materialiseCase(caseId);
const diff = await readFile(path.join(materialised.dir, 'pr.diff'), 'utf8');
// One section per file, split where `diff --git` starts, as parseGitDiff splits it.
const sections = diff.split(/^(?=diff --git )/m).filter((s) => s.startsWith('diff --git '));
const files = parseGitDiff(diff);
const wanted = new Set(paths);
const kept = sections.filter((_, i) => wanted.has(files[i]!.path));
const missing = paths.filter((p) => !files.some((f) => f.path === p));
if (missing.length > 0) {
  console.error(`not changed in ${caseId}: ${missing.join(', ')}`);
  process.exit(1);
}
await rm(path.join(outDir, 'base'), { recursive: true, force: true });
await rm(path.join(outDir, 'head'), { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
await writeFile(path.join(outDir, 'pr.diff'), kept.join(''));
for (const file of files.filter((f) => wanted.has(f.path))) {
  for (const [side, name] of [['base', file.previousPath ?? file.path], ['head', file.path]] as const) {
    if ((side === 'base' && file.status === 'added') || (side === 'head' && file.status === 'removed')) continue;
    const text = await readFile(path.join(materialised.dir, side, name));
    await mkdir(path.dirname(path.join(outDir, side, name)), { recursive: true });
    await writeFile(path.join(outDir, side, name), text);
  }
}
console.log(`${outDir}: ${kept.length} files from ${materialised.case.package} ${materialised.meta.from} -> ${materialised.meta.to}; now write ${path.join(outDir, 'case.yml')}`);
