/**
 * The whole eval against the local rehearsal server (issue #32): `npm run bench:eval [-- --cases DIR]`.
 *
 * Starts the local Messages API server with the rehearsal model (`src/rehearsal/rehearsal-model.ts`),
 * runs the bundled CLI (`dist/cli.js`) with every arm on every case of `eval-cases/` (or `--cases`), in
 * both orders, and prints the wall time and where results.json, report.md and accuracy-cost.svg went.
 * The figures exercise the plumbing (every arm, both orders, budgets in dollars, citation checks, the
 * statistics); the replies are the rehearsal's, so they say nothing about what a model would decide.
 * The e2e test (test/e2e/eval.test.ts) runs the same command on a subset of the cases, to stay fast.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startAnthropicServer } from '../test/support/anthropic-server.js';
import { createRehearsalResponder } from '../src/rehearsal/rehearsal-model.js';

/** Every arm of the eval, as `--arms` names them. */
export const EVERY_ARM = 'debate,debate:quick,debate:deep,debate:no-steelman,single,single+verify,vote:3,escalate';

const ROOT = path.resolve(import.meta.dirname, '..');
const KEY = 'sk-ant-local-eval-bench-key';
const { values } = parseArgs({ options: { cases: { type: 'string' }, out: { type: 'string' } } });
const cases = path.resolve(values.cases ?? path.join(ROOT, 'eval-cases'));
const out = path.resolve(values.out ?? path.join(ROOT, '.cache', 'eval-bench'));

const server = await startAnthropicServer({ apiKey: KEY, responder: createRehearsalResponder({ seed: 3 }) });
try {
  const started = Date.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), 'eval', '--cases', cases, '--case-cache', path.join(ROOT, '.cache', 'eval-cases'), '--arms', EVERY_ARM, '--out', out], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Bounded: the whole set in both orders takes minutes against the local server, not an hour.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60 * 60 * 1000);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`pr-debate eval, every arm (${EVERY_ARM}) on ${cases}: exit ${code}, ${seconds.toFixed(1)} s wall time, ${server.requests.length} model requests; results in ${out}`);
  process.exitCode = code ?? 1;
} finally {
  await server.close();
}
