import { describe, expect, it } from 'vitest';
import { materialiseCase } from '../../scripts/materialise-case.js';
import { showLine, splitLines } from '../../src/evidence/show-lines.js';
import { callMetaOf, flattenBlocks, type ReceivedMessagesRequest } from '../support/anthropic-server.js';
import { gitBlobSha, type FakePullRequest } from '../support/github-server.js';
import { pullFixtureFromCase, syntheticPull } from '../support/pull-fixture.js';
import { runPipelineOn, type PipelineRun } from '../support/pipeline-run.js';

/**
 * Every pull request gets a decision (issue #40), tried as a user would on the default settings: the
 * pipeline in process with its production clients against the local GitHub and Messages servers, the
 * rehearsal model writing each reply (the real cases' text is real; the replies are not).
 */

const casePull = async (id: string) =>
  pullFixtureFromCase(await materialiseCase(id), { number: 1, author: 'contributor' });
const phaseOf = (r: ReceivedMessagesRequest) => callMetaOf(r.headers)?.phase;
/** The readings block every call after the readers read (after the evidence pack), from a request. */
const readingsOf = (r: ReceivedMessagesRequest) =>
  flattenBlocks(r.body).find((b) => b.text.startsWith('## Read by readers'))?.text;

/** Every row of every EXCERPT block is the line the file has at that number at the head (or base): each excerpt a real quote. */
function checkExcerpts(readings: string, pull: FakePullRequest): number {
  let rows = 0;
  for (const [, path, body] of readings.matchAll(
    /^=== BEGIN EVIDENCE-\w+ EXCERPT ("(?:[^"\\]|\\.)*") [^\n]* ===\n([\s\S]*?)\n=== END EVIDENCE-/gm,
  )) {
    const head = splitLines(pull.readFile(pull.head.sha, JSON.parse(path!) as string)?.toString('utf8') ?? '').map(
      showLine,
    );
    for (const row of body!.split('\n').filter((l) => !l.startsWith('|'))) {
      const [, , headLine, op, text] = /^([ \d]{6}) ([ \d]{6}) ([+ -]) (.*)$/.exec(row) ?? [];
      if (op === '-') continue;
      expect(head[Number(headLine) - 1], `${path}:${headLine}`).toBe(text);
      rows += 1;
    }
  }
  return rows;
}

/** What every run that reads must hold: readers in one wave before the openings, a decision, no unread hunk. */
function expectReadWhole(run: PipelineRun): void {
  expect(run.readers.calls).toBeGreaterThan(0);
  expect(run.readers.atOnce).toBe(run.readers.calls);
  const firstOpening = run.requests.findIndex((r) => phaseOf(r) === 'opening');
  const readerRequests = run.requests.map(phaseOf).flatMap((p, i) => (p === 'reading' ? [i] : []));
  expect(readerRequests.every((i) => i < firstOpening)).toBe(true);
  expect(run.record).toMatchObject({
    completion: 'success',
    no_decision_reason: null,
    recommendation: 'A',
    evidence: { unread: 0 },
  });
  expect(run.record!.evidence!.read).toBeGreaterThan(0);
  expect(run.comment).not.toContain('Unread changes');
}

describe('readers: every pull request gets a decision (issue #40)', () => {
  it('fastify 5.7.4 -> 5.8.0 on the default settings: what does not fit is read, and it ends with a decision, unread 0', async () => {
    const pull = await casePull('fastify-handler-timeout');
    const run = await runPipelineOn(pull, {
      command: '/debate Keep the cooperative handler timeout (this PR) vs Revert the handler timeout',
      inputs: { 'rfc-path': 'docs/Reference/Server.md' },
    });
    expectReadWhole(run);
    const readings = readingsOf(run.requests.find((r) => phaseOf(r) === 'judge')!)!;
    expect(checkExcerpts(readings, pull)).toBeGreaterThan(0);
    expect(run.comment).toMatch(
      /- Read by readers: \d+ changed hunks in \d+ of \d+ parts? that did not fit the pack; \d+ of the \d+ excerpts they quoted checked out and joined the evidence/,
    );
    expect(run.check!.conclusion).toBe('success');
  }, 300_000);

  it('undici at max-evidence-tokens 20000: unread 0, every excerpt a verified quote, the readers in one wave, a recommendation that passes the gate', async () => {
    const pull = await casePull('undici-interceptor-order');
    const run = await runPipelineOn(pull, {
      command: '/debate Throw at compose() time (this PR) vs Warn and reorder',
      inputs: { 'rfc-path': 'docs/docs/api/Dispatcher.md', 'max-evidence-tokens': '20000' },
    });
    expectReadWhole(run);
    const readings = readingsOf(run.requests.find((r) => phaseOf(r) === 'judge')!)!;
    expect(checkExcerpts(readings, pull)).toBeGreaterThan(0);
    expect(run.check!.conclusion).toBe('success');
  }, 300_000);

  it('a 3,000-file PR on the default settings: readers bounded by max-reader-calls, the unread files listed, the cost under max-cost-usd, within the deadline', async () => {
    const pull = syntheticPull({ files: 3_000, changedPerFile: 50, number: 1 });
    const run = await runPipelineOn(pull, { command: '/debate Land the generated change (this PR) vs Split it up' });
    expect(run.readers).toEqual({ calls: 8, atOnce: 8 });
    // Finished, not stopped by the deadline (deadline-minutes 20) or the cap (max-cost-usd 5). (The rehearsal's
    // advocates cite FILE blocks, and this pack has none, so no position holds verified support: no recommendation.)
    expect(run.record!.completion).toBe('success');
    expect(run.record!.usage.cost_usd).toBeLessThan(5);
    expect(run.record!.evidence!.unread).toBeGreaterThan(0);
    expect(run.comment).toMatch(
      /> \*\*Unread changes:\*\* [\d,]+ changed hunks no model read \(neither in the evidence pack nor by a reader\): `src\/area-\d+\/module-\d+\.ts` \(1\),.* and \d+ more files\. Parts 9-\d+ of \d+ were not read: past max-reader-calls \(8\)\./,
    );
    expect(run.check!.conclusion).toBe('action_required');
    expect(run.check!.output.summary).toMatch(/changed hunks were read by no model/);
  }, 600_000);

  it('a PR whose overflow is only generated files passes without readers reading them', async () => {
    const pull = twoFilePull();
    const run = await runPipelineOn(pull, {
      command: '/debate Keep the cache (this PR) vs Drop the cache',
      inputs: { 'max-evidence-tokens': '4000' },
    });
    expect(run.readers.calls).toBe(0);
    expect(run.record!.evidence).toMatchObject({ read: 0, unread: 0 });
    expect(run.record!.evidence!.generated_skipped).toBeGreaterThan(0);
    expect(run.check!.conclusion).toBe('success');
    expect(run.comment).toContain(
      '- Read by no one (generated, vendored or lock files that did not fit or cannot be shown; config `read-generated`): `dist/bundle.js`',
    );
    // With read-generated, readers read them.
    const read = await runPipelineOn(pull, {
      command: '/debate Keep the cache (this PR) vs Drop the cache',
      inputs: { 'max-evidence-tokens': '4000' },
      config: 'read-generated: true\n',
    });
    expect(read.readers.calls).toBeGreaterThan(0);
    expect(read.record!.evidence).toMatchObject({ unread: 0, generated_skipped: 0 });
  }, 300_000);

  it('a PR whose every change is generated is refused before any model call, in one sentence', async () => {
    const pull = twoFilePull({ sourceless: true });
    const run = await runPipelineOn(pull, { command: '/debate Keep the cache (this PR) vs Drop the cache' });
    expect(run.requests).toEqual([]);
    expect(run.outputs).toMatchObject({ status: 'skipped', 'no-decision-reason': 'not-run' });
    expect(run.comment!.split('\n').slice(1)).toEqual([
      '## pr-debate: nothing to debate',
      '',
      'Nothing to debate: every file this change touches (1) is generated, vendored or a lock file, which no model reads unless the config file sets `read-generated: true`.',
    ]);
  }, 120_000);

  it('a case that fits the pack: no reader call and no readings, the same requests and cost as with readers off', async () => {
    const pull = await casePull('commander-excess-arguments');
    const command = '/debate Excess arguments are an error by default (this PR) vs Keep them allowed by default';
    const on = await runPipelineOn(pull, { command, inputs: { 'rfc-path': 'Readme.md' } });
    const off = await runPipelineOn(pull, { command, inputs: { 'rfc-path': 'Readme.md', 'max-reader-calls': '0' } });
    expect(on.readers.calls).toBe(0);
    expect(on.requests.some((r) => readingsOf(r) !== undefined)).toBe(false);
    // The same requests, compared as sets: calls made side by side (the PR-position call beside the
    // cross-examination) may reach the server in either order.
    expect(on.requests.map(phaseOf).sort()).toEqual(off.requests.map(phaseOf).sort());
    expect(on.requests.map((r) => JSON.stringify(r.body)).sort()).toEqual(
      off.requests.map((r) => JSON.stringify(r.body)).sort(),
    );
    expect(on.costUsd).toBe(off.costUsd);
    expect(on.record!.evidence).toMatchObject({ read: 0, unread: 0, generated_skipped: 0 });
  }, 300_000);
});

/**
 * A PR that changes `src/cache.ts` (one hunk) and `dist/bundle.js` (30 hunks, generated by path), or,
 * `sourceless`, only the latter.
 */
function twoFilePull(options: { sourceless?: boolean } = {}): FakePullRequest {
  const head = '1'.repeat(40);
  const base = '2'.repeat(40);
  const source = Buffer.from(
    `${Array.from({ length: 20 }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n')}\nexport const cache = new Map();\n`,
  );
  const bundleLines = Array.from({ length: 30 * 10 }, (_, i) =>
    i % 10 === 4 ? `var generated${i} = "${'g'.repeat(60)}";` : `var kept${i} = ${i};`,
  );
  const bundle = Buffer.from(`${bundleLines.join('\n')}\n`);
  const bundlePatch = Array.from({ length: 30 }, (_, h) => {
    const at = h * 10 + 4;
    return `@@ -${at},3 +${at},3 @@\n ${bundleLines[at - 1]}\n-var generated${at} = 0;\n+${bundleLines[at]}\n ${bundleLines[at + 1]}`;
  }).join('\n');
  const sourcePatch =
    '@@ -19,2 +19,3 @@\n export const value19 = 19;\n export const value20 = 20;\n+export const cache = new Map();';
  const files = [
    ...(options.sourceless
      ? []
      : [
          {
            sha: gitBlobSha(source),
            filename: 'src/cache.ts',
            status: 'modified' as const,
            additions: 1,
            deletions: 0,
            changes: 1,
            patch: sourcePatch,
          },
        ]),
    {
      sha: gitBlobSha(bundle),
      filename: 'dist/bundle.js',
      status: 'modified' as const,
      additions: 30,
      deletions: 30,
      changes: 60,
      patch: bundlePatch,
    },
  ];
  return {
    number: 1,
    title: 'Cache the parsed config',
    body: 'Adds a cache, and the rebuilt bundle.',
    user: { login: 'contributor' },
    head: { sha: head, ref: 'feature' },
    base: { sha: base, ref: 'main' },
    files,
    diff: files
      .map(
        (f) =>
          `diff --git a/${f.filename} b/${f.filename}\nindex 1111111..2222222 100644\n--- a/${f.filename}\n+++ b/${f.filename}\n${f.patch}\n`,
      )
      .join(''),
    readFile: (at, path) =>
      at !== head
        ? undefined
        : path === 'src/cache.ts' && !options.sourceless
          ? source
          : path === 'dist/bundle.js'
            ? bundle
            : undefined,
    commits: [head],
  };
}
