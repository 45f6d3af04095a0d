/**
 * `npm run bench`, start-up part: what the action costs before it does anything, as the runner runs it
 * (Node 24, from action.yml's `runs.using`):
 * - the bundle: bytes of dist/index.js, of what every run loads (its static imports and the main chunk
 *   it imports at once), and of what a run adds per provider (each provider's client is imported only
 *   when a model id names it), against all JavaScript in dist/;
 * - the cold start: a run that starts nothing (a `push` event: read inputs and the event, one notice,
 *   exit) against a bare `node -e 0`, alternated so that both see the same machine load; medians;
 * - from process start to the first GitHub request and to the first model request, and from the last
 *   model reply to the exit (all GitHub work then), on the commander real case against the local
 *   GitHub and Messages servers (a `--quick` debate; the throttling plugin keeps its production spacing).
 *   Each model reply takes `[reply ms]` (default 2,000, twice the write spacing; a real one takes 10-60 s),
 *   so that what a run writes during its debate (the plan, 👀, one progress update per phase) goes out
 *   during it, as in a real run. At 1,000 the phases end as fast as the writes go out, and an update is
 *   still queued when the debate ends; at 0 every early write is, and they all count in the tail.
 * Goal (issue #23): dist/index.js at most 4.5 MB; the cold start at most 4x a bare node start. Goal
 * (issue #41): the last model request to exit within 5 s, the end's writes one after another, spaced.
 * `npx tsx bench/startup-bench.ts [cold-start runs] [action runs] [another action's index.js to compare, or -] [reply ms]`
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptedModel } from '../test/support/commander-script.js';
import { commentEvent } from '../test/support/event-payloads.js';
import { ensureNode24 } from '../test/support/node24.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../test/support/real-case-scenario.js';
import { spawnAction } from '../test/support/run-action.js';
import { DIST, loadGroups } from '../test/support/dist-graph.js';

const coldRuns = Number(process.argv[2] ?? 15);
const actionRuns = Number(process.argv[3] ?? 3);
const compareWith = process.argv[4] === '-' ? undefined : process.argv[4];
const replyMs = Number(process.argv[5] ?? 2000);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function sizeOf(files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += (await stat(path.join(DIST, file))).size;
  return total;
}

// The bundle.
const allJs = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.js'));
console.log(
  `bundle: dist/index.js ${mb(await sizeOf(['index.js']))}; all JavaScript in dist/ ${mb(await sizeOf(allJs))} in ${allJs.length} files`,
);
for (const group of await loadGroups()) {
  console.log(
    `  ${group.name}: ${mb(await sizeOf(group.files))} in ${group.files.size} files${group.adds ? ` (adds ${mb(await sizeOf(group.adds))})` : ''}`,
  );
}

// The cold start.
const node24 = await ensureNode24();
const scratch = await mkdtemp(path.join(tmpdir(), 'pr-debate-startup-'));
try {
  const eventPath = path.join(scratch, 'event.json');
  await writeFile(eventPath, JSON.stringify({ ref: 'refs/heads/main' }));
  const env = {
    PATH: process.env.PATH ?? '',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/repo',
    'INPUT_GITHUB-TOKEN': 'ghs_local',
    RUNNER_TEMP: scratch,
  };
  const time = (args: string[]) => {
    const started = process.hrtime.bigint();
    const result = spawnSync(node24, args, { env, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const bare: number[] = [];
  const action: number[] = [];
  const other: number[] = [];
  time(['-e', '0']);
  time([path.join(DIST, 'index.js')]);
  for (let i = 0; i < coldRuns; i += 1) {
    bare.push(time(['-e', '0']));
    action.push(time([path.join(DIST, 'index.js')]));
    if (compareWith) other.push(time([path.resolve(compareWith)]));
  }
  if (compareWith)
    console.log(
      `cold start of ${compareWith}: median ${median(other).toFixed(0)} ms; ratio ${(median(other) / median(bare)).toFixed(2)}x`,
    );
  console.log(
    `cold start (Node ${await readFile(path.join(path.dirname(node24), '..', 'package.json'), 'utf8').then((t) => (JSON.parse(t) as { version: string }).version)}, median of ${coldRuns}): bare node -e 0 ${median(bare).toFixed(0)} ms; dist/index.js on a push event ${median(action).toFixed(0)} ms; ratio ${(median(action) / median(bare)).toFixed(2)}x`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}

// Process start to the first GitHub request and the first model request.
let scenario: RealCaseScenario | undefined;
const script = scriptedModel(() => scenario!);
const modelTimes: number[] = [];
const replyTimes: number[] = [];
scenario = await startRealCaseScenario('commander-excess-arguments', async (request, context) => {
  modelTimes.push(Date.now());
  await new Promise((resolve) => setTimeout(resolve, replyMs));
  const reply = await script(request, context);
  replyTimes.push(Date.now());
  return reply;
});
try {
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  const firstGitHub: number[] = [];
  const firstModel: number[] = [];
  const afterModel: number[] = [];
  const tailWrites: string[][] = [];
  for (let i = 0; i < actionRuns; i += 1) {
    modelTimes.length = 0;
    replyTimes.length = 0;
    const body = `/debate errors by default ${i} vs allowed by default --quick`;
    const commentId = await scenario.comment(body, SCENARIO.maintainer);
    const before = scenario.github.state.requests.length;
    let spawned = 0;
    const result = await spawnAction({
      eventName: 'issue_comment',
      payload: commentEvent({ owner, repo, number: SCENARIO.pullNumber, body, user: SCENARIO.maintainer, commentId }),
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: {
        'github-token': SCENARIO.githubToken,
        'anthropic-api-key': SCENARIO.anthropicKey,
        'base-url': scenario.anthropic!.url,
        'rfc-path': 'Readme.md',
      },
      onSpawn: () => (spawned = Date.now()),
    });
    if (result.outputs.status !== 'success')
      throw new Error(`run ${i + 1} ended ${result.outputs.status}: ${result.stderr}`);
    firstGitHub.push(scenario.github.state.requests[before]!.receivedAt - spawned);
    firstModel.push(modelTimes[0]! - spawned);
    afterModel.push(spawned + result.durationMs - replyTimes.at(-1)!);
    // The writes GitHub received after the last model reply (a GraphQL query is a read), a reaction with its content.
    const isWrite = (r: { method: string; path: string }) => r.method !== 'GET' && r.path !== '/graphql';
    const named = (r: { method: string; path: string; body: unknown }) =>
      `${r.method} ${r.path.split('/').slice(4).join('/').replace(/\d+/g, 'N')}${r.method === 'POST' && r.path.endsWith('/reactions') ? ` ${String((r.body as { content?: string }).content)}` : ''}`;
    tailWrites.push(
      scenario.github.state.requests
        .slice(before)
        .filter((r) => r.receivedAt >= replyTimes.at(-1)! && isWrite(r))
        .map(named),
    );
  }
  console.log(
    `process start to the first GitHub request: median ${median(firstGitHub)} ms; to the first model request: median ${median(firstModel)} ms; last model reply to exit (the verdict, the check run, the review, the reaction, with production write spacing): median ${median(afterModel)} ms (${actionRuns} --quick debates on the commander real case, each model reply taking ${replyMs} ms; the model request follows reading the evidence)`,
  );
  console.log(
    `writes after the last model reply: ${tailWrites.map((w) => `${w.length} (${w.join(', ')})`).join('; ')}`,
  );
} finally {
  await scenario.close();
}
