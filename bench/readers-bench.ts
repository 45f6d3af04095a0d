/**
 * What readers cost against a pack big enough to hold every hunk (issue #40): `npx tsx bench/readers-bench.ts`
 * (with the raw-text hooks, as `npm run bench:presets` runs). For each change, a debate on a command
 * (`(this PR)` marked, standard preset, every role on the default model) through the pipeline in process,
 * against the local GitHub and Messages servers, at the given budget and at the smallest budget found
 * (stepping up by a fifth) at which no changed hunk is left out; the rehearsal model writes the replies,
 * each streaming for 1 s so that waves are rounds of parallel calls. It prints reader calls, waves, cost
 * (the list price of the server's token counts, prompt caching included), wall time, and the share of the
 * readers' excerpts that checked out.
 *
 * The changes: fastify 5.7.4 -> 5.8.0 at the default budget; this repository's 4dd28a7~5..4dd28a7 at the
 * default budget; undici 8.12.4 -> 8.13.0 at 20,000 tokens (there is no "otel" real case).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { materialiseCase } from '../scripts/materialise-case.js';
import { DEFAULT_EVIDENCE_TOKENS } from '../src/evidence/show-lines.js';
import { pullFixtureFromCase, pullFixtureFromGit } from '../test/support/pull-fixture.js';
import { runPipelineOn, type PipelineRun } from '../test/support/pipeline-run.js';
import type { FakePullRequest } from '../test/support/github-server.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STREAM_MS = 1000;

interface Change {
  name: string;
  pull: FakePullRequest;
  command: string;
  inputs: Record<string, string>;
  budget: number;
}

const changes: Change[] = [
  {
    name: 'fastify 5.7.4 -> 5.8.0',
    pull: pullFixtureFromCase(await materialiseCase('fastify-handler-timeout'), { number: 1, author: 'contributor' }),
    command: '/debate Keep the cooperative handler timeout (this PR) vs Revert the handler timeout',
    inputs: { 'rfc-path': 'docs/Reference/Server.md' },
    budget: DEFAULT_EVIDENCE_TOKENS,
  },
  {
    name: 'this repository, 4dd28a7~5..4dd28a7',
    pull: pullFixtureFromGit(root, '4dd28a7~5', '4dd28a7', { number: 1, author: 'contributor' }),
    command: '/debate Keep the write clock (this PR) vs Remove the write clock',
    inputs: {},
    budget: DEFAULT_EVIDENCE_TOKENS,
  },
  {
    name: 'undici 8.12.4 -> 8.13.0 at 20,000',
    pull: pullFixtureFromCase(await materialiseCase('undici-interceptor-order'), { number: 1, author: 'contributor' }),
    command: '/debate Throw at compose() time (this PR) vs Warn and reorder',
    inputs: { 'rfc-path': 'docs/docs/api/Dispatcher.md' },
    budget: 20_000,
  },
];

const run = (change: Change, budget: number) =>
  runPipelineOn(change.pull, {
    command: change.command,
    inputs: { ...change.inputs, 'max-evidence-tokens': String(budget) },
    streamMs: STREAM_MS,
  });
/** Hunks left out of the pack: read by readers, read by no one, or skipped as generated, less the files no budget can show (binary, one each). */
const leftOut = (r: PipelineRun, change: Change) => {
  const e = r.record?.evidence;
  const binary = change.pull.files.filter((f) => f.patch === undefined && f.status !== 'renamed').length;
  return (e?.read ?? 0) + (e?.unread ?? 0) + Math.max(0, (e?.generated_skipped ?? 0) - binary);
};
const excerpts = (r: PipelineRun) => /(\d+) of the (\d+) excerpts they quoted checked out/.exec(r.comment ?? '');

const rows: string[][] = [
  [
    'change',
    'budget (tokens)',
    'reader calls',
    'read / unread / generated skipped hunks',
    'waves',
    'cost',
    'wall time',
    'verified excerpts',
  ],
];
for (const change of changes) {
  const at = await run(change, change.budget);
  let budget = change.budget;
  let whole = at;
  for (let step = 0; leftOut(whole, change) > 0 && step < 10; step += 1) {
    budget = Math.ceil((budget * 1.2) / 1000) * 1000;
    whole = await run(change, budget);
  }
  for (const [r, b] of [
    [at, change.budget],
    [whole, budget],
  ] as const) {
    const e = r.record?.evidence;
    const verified = excerpts(r);
    rows.push([
      b === change.budget ? change.name : '  (budget raised until all fits)',
      b.toLocaleString('en-US'),
      String(r.readers.calls),
      `${e?.read ?? '-'} / ${e?.unread ?? '-'} / ${e?.generated_skipped ?? '-'}`,
      String(r.waves),
      `$${r.costUsd.toFixed(4)}`,
      `${(r.durationMs / 1000).toFixed(1)} s`,
      verified ? `${verified[1]} of ${verified[2]}` : '-',
    ]);
  }
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
console.log(
  `Readers against a pack that holds everything: the pipeline in process, standard preset, every role on claude-sonnet-5-5, replies from the rehearsal model streaming ${STREAM_MS / 1000} s each through the local Messages server (tokens: 4 bytes each; cost at list price, caching included).\n`,
);
for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
