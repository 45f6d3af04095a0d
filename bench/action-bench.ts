/**
 * How long the action keeps people waiting on GitHub, as the runner runs it (Node 24, from
 * action.yml), on the commander real case with a local model that answers at once:
 * - start-up: from spawning the process to the first model request;
 * - GitHub after the debate: from the last model reply to the process exit (the head re-read, the
 *   verdict, the check run, the reaction), which is all GitHub work on the critical path then.
 * The throttling plugin keeps its production spacing (writes 1 s apart, comment creation 3 s).
 * `npx tsx bench/action-bench.ts [runs]`
 */
import { scriptedModel } from '../test/support/commander-script.js';
import { commentEvent } from '../test/support/event-payloads.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../test/support/real-case-scenario.js';
import { runAction } from '../test/support/run-action.js';

const runs = Number(process.argv[2] ?? 3);
let scenario: RealCaseScenario | undefined;
const script = scriptedModel(() => scenario!);
const times: number[] = [];
scenario = await startRealCaseScenario('commander-excess-arguments', (request, context) => {
  times.push(Date.now());
  return script(request, context);
});
try {
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  for (let i = 0; i < runs; i += 1) {
    times.length = 0;
    const body = `/debate errors by default ${i} vs allowed by default --quick`;
    const commentId = await scenario.comment(body, SCENARIO.maintainer);
    const writesBefore = scenario.github.state.requests.length;
    let spawned = 0;
    const result = await runAction({
      eventName: 'issue_comment',
      payload: commentEvent({ owner, repo, number: SCENARIO.pullNumber, body, user: SCENARIO.maintainer, commentId }),
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: { 'github-token': SCENARIO.githubToken, 'anthropic-api-key': SCENARIO.anthropicKey, 'base-url': scenario.anthropic!.url, 'rfc-path': 'Readme.md' },
      onSpawn: () => (spawned = Date.now()),
    });
    const exited = spawned + result.durationMs;
    const requests = scenario.github.state.requests.slice(writesBefore);
    const writes = requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').length;
    console.log(
      `run ${i + 1}: exit ${result.exitCode}, ${result.outputs.status}; start-up to first model request ${((times[0]! - spawned) / 1000).toFixed(2)} s; ` +
        `last model request to exit ${((exited - times.at(-1)!) / 1000).toFixed(2)} s; whole run ${(result.durationMs / 1000).toFixed(2)} s; ${requests.length} GitHub requests (${writes} writes), ${times.length} model calls`,
    );
  }
} finally {
  await scenario.close();
}
