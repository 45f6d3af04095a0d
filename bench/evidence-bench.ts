/**
 * `npm run bench`: the evidence stage on a large real case and on generated pull requests of growing
 * size, served by the local GitHub server. For each it prints the time to build the pack (from the
 * first REST call to the finished pack), the peak RSS of the process that built it, the GitHub calls
 * and the pack's tokens. Goals (issue #3): under 3 s and 400 MB for the generated 3,000-file,
 * 300,000-line PR, and a cost that grows linearly with the diff.
 *
 * Each measurement runs in a fresh Node process (the action's code bundled by esbuild, as dist/ is),
 * three times; the table shows the median time and the largest peak RSS. The server runs in this process.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { materialiseCase } from '../scripts/materialise-case.js';
import { startGitHubServer, type FakePullRequest } from '../test/support/github-server.js';
import { pullFixtureFromCase, syntheticPull } from '../test/support/pull-fixture.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const RUNS = 3;
const MAX_TOKENS = 80_000;
const CHILD_TIMEOUT_MS = 120_000;

interface Measurement {
  ms: number;
  peakRssMb: number;
  baselineRssMb: number;
  requests: number;
  counts: Record<string, number>;
  tokens: number;
  files: { listed: number; total: number };
  changedLines: number;
  /** Parts of the changed hunks the pack could not hold, one reader call each (issue #40). */
  parts: number;
}

const child = path.join(root, '.cache', 'bench', 'gather-child.mjs');
await mkdir(path.dirname(child), { recursive: true });
await build({
  entryPoints: [path.join(root, 'bench', 'gather-child.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: child,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
  },
});

console.log('Materialising npm-v10 (cached in .cache/real-cases) and generating pull requests...');
const npm = pullFixtureFromCase(await materialiseCase('npm-v10'), { number: 1 });
const sizes = [750, 1_500, 3_000];
const generated = sizes.map((files, i) => syntheticPull({ files, changedPerFile: 50, number: 10 + i }));
// Past GitHub's limits (issue #14): a file whose patch GitHub leaves out, with the whole diff refused
// (320 files), so its diff is computed from both sides; and a file list past 3,000 files.
const omitted = syntheticPull({
  files: 320,
  changedPerFile: 50,
  largeFirstFile: { lines: 1_400, changed: 1_300 },
  omitPatchesOver: 2_000,
  number: 20,
});
const pastList = syntheticPull({ files: 3_100, changedPerFile: 50, number: 21 });
const pulls: FakePullRequest[] = [npm, ...generated, omitted, pastList];
const server = await startGitHubServer({
  token: 'bench-token',
  repositories: [{ owner: 'bench', name: 'repo', pulls }],
});

const measure = (number: number): Promise<Measurement> =>
  new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, server.url, 'bench', 'repo', String(number), String(MAX_TOKENS)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CHILD_TIMEOUT_MS,
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) reject(new Error(`run of PR #${number} exited ${code}: ${err.trim()}`));
      else resolve(JSON.parse(out) as Measurement);
    });
  });

const scenarios: [string, number][] = [
  ['npm-v10 (real case)', 1],
  ...sizes.map((files, i): [string, number] => [`generated ${files.toLocaleString('en-US')} files`, 10 + i]),
  ['320 files, 2,600-line file without patch', 20],
  ['3,100 files (past the 3,000-file list)', 21],
];
const rows: { name: string; m: Measurement; ms: number; rss: number }[] = [];
try {
  for (const [name, number] of scenarios) {
    const runs: Measurement[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(number));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    rows.push({ name, m: runs[0]!, ms: times[Math.floor(RUNS / 2)]!, rss: Math.max(...runs.map((r) => r.peakRssMb)) });
  }
} finally {
  await server.close();
}

const table = [
  [
    'pull request',
    'files',
    'changed lines',
    'time (median)',
    'peak RSS',
    'GitHub calls',
    'pack tokens',
    'reader parts',
  ],
  ...rows.map(({ name, m, ms, rss }) => [
    name,
    m.files.listed === m.files.total ? `${m.files.total}` : `${m.files.listed} of ${m.files.total}`,
    m.changedLines.toLocaleString('en-US'),
    `${(ms / 1000).toFixed(2)} s`,
    `${rss.toFixed(0)} MB`,
    `${m.requests} (${Object.entries(m.counts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
    m.tokens.toLocaleString('en-US'),
    String(m.parts),
  ]),
];
const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
console.log(
  `\nEvidence stage, max-evidence-tokens ${MAX_TOKENS.toLocaleString('en-US')}, ${RUNS} runs each in a fresh Node ${process.version} process (baseline RSS of such a process: ${rows[0]!.m.baselineRssMb.toFixed(0)} MB)\n`,
);
for (const row of table) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));

const gen = rows.slice(1, 1 + sizes.length);
console.log(
  '\nGrowth between the generated pull requests (each step doubles the diff; a linear cost keeps the marginal figures flat):',
);
for (let i = 1; i < gen.length; i += 1) {
  const [a, b] = [gen[i - 1]!, gen[i]!];
  const lines = (b.m.changedLines - a.m.changedLines) / 100_000;
  console.log(
    `  ${a.m.changedLines.toLocaleString('en-US')} -> ${b.m.changedLines.toLocaleString('en-US')} lines: +${((b.ms - a.ms) / 1000).toFixed(2)} s, +${(b.rss - a.rss).toFixed(0)} MB, +${b.m.requests - a.m.requests} calls; per 100,000 more lines ${((b.ms - a.ms) / 1000 / lines).toFixed(2)} s, ${((b.rss - a.rss) / lines).toFixed(0)} MB, ${((b.m.requests - a.m.requests) / lines).toFixed(1)} calls`,
  );
}
const largest = gen.at(-1)!;
const ok = largest.ms < 3_000 && largest.rss < 400;
console.log(
  `\nGoal for the 3,000-file, 300,000-line PR: under 3 s and 400 MB. Measured ${(largest.ms / 1000).toFixed(2)} s and ${largest.rss.toFixed(0)} MB: ${ok ? 'met' : 'NOT met'}.`,
);
if (!ok) process.exitCode = 1;
