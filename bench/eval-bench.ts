/**
 * The whole eval in rehearsal (issues #32, #43): `npm run bench:eval [-- --cases DIR --out DIR]`.
 *
 * Runs the bundled CLI (`dist/cli.js eval --rehearsal`) with every arm on every case of `eval-cases/` (or
 * `--cases`), in both orders, and prints the wall time and where results.json, report.md and
 * accuracy-cost.svg went. The rehearsal model plays every role in process: no key, nothing paid, and the
 * report says rehearsal. The figures exercise the plumbing (every arm's own path, both orders, budgets in
 * dollars, citation checks, the statistics); they say nothing about what a model would decide. The e2e
 * test (test/e2e/eval.test.ts) runs every arm on three cases against the local API servers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Every arm of the eval, as `--arms` names them. */
export const EVERY_ARM =
  'debate,debate:quick,debate:deep,debate:no-steelman,debate+pragmatist,mixed,judge-runs:4,reader-model:claude-haiku-4-5,single,single+verify,vote:3,vote:25,escalate';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { cases: { type: 'string' }, out: { type: 'string' } } });
const cases = path.resolve(values.cases ?? path.join(ROOT, 'eval-cases'));
const out = path.resolve(values.out ?? path.join(ROOT, '.cache', 'eval-bench'));

const started = Date.now();
const code = await new Promise<number | null>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'dist', 'cli.js'),
      'eval',
      '--rehearsal',
      '--cases',
      cases,
      '--case-cache',
      path.join(ROOT, '.cache', 'eval-cases'),
      '--arms',
      EVERY_ARM,
      '--out',
      out,
    ],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Bounded: the whole set in both orders takes minutes in process, not an hour.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60 * 60 * 1000);
  child.on('error', reject);
  child.on('close', (exitCode) => {
    clearTimeout(timer);
    resolve(exitCode);
  });
});
console.log(
  `pr-debate eval --rehearsal, every arm (${EVERY_ARM}) on ${cases}: exit ${code}, ${((Date.now() - started) / 1000).toFixed(1)} s wall time; results in ${out}`,
);
process.exitCode = code ?? 1;
