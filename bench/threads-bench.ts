/**
 * `npm run bench`, review-thread part (issue #34): on every real case, a standard debate of the bundled
 * action (Node 24, from action.yml) with the local rehearsal model against the local GitHub server, and
 * what it left on the diff: per case, the positions, how many got a comment on a diff line, how many
 * fell back to a file-level comment, how many stayed in the verdict comment only, and the review's
 * writes. The rehearsal model writes placeholder turns that cite real lines; the placement is real.
 * `npx tsx bench/threads-bench.ts [case-id ...]`
 */
import { loadRealCases } from '../scripts/materialise-case.js';
import { labeledEvent } from '../test/support/event-payloads.js';
import { createRehearsalResponder } from '../src/rehearsal/rehearsal-model.js';
import { SCENARIO, startRealCaseScenario } from '../test/support/real-case-scenario.js';
import { runAction } from '../test/support/run-action.js';

const wanted = process.argv.slice(2);
const cases = (await loadRealCases()).filter((c) => wanted.length === 0 || wanted.includes(c.id));
console.log('review threads per real case (standard debate, rehearsal model):');
console.log(
  'case | positions | decisive on a diff line | decisive on its file | decisive in the verdict only | defeating comments | review requests',
);
for (const c of cases) {
  const scenario = await startRealCaseScenario(c.id, createRehearsalResponder({ seed: 1 }));
  try {
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    const result = await runAction({
      eventName: 'pull_request',
      payload: labeledEvent({
        owner,
        repo,
        number: SCENARIO.pullNumber,
        label: 'debate',
        sender: SCENARIO.maintainer,
        headSha: scenario.pull.head.sha,
      }),
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: {
        'github-token': SCENARIO.githubToken,
        'anthropic-api-key': SCENARIO.anthropicKey,
        'rfc-path': c.rfc_path,
        'base-url': scenario.anthropic!.url,
        model: 'rehearsal',
        'model-prices': 'rehearsal=0/0',
        'max-cost-usd': '100',
      },
    });
    const decision = result.outputs.decision
      ? (JSON.parse(result.outputs.decision) as { positions: unknown[] })
      : { positions: [] };
    const comments = scenario.github.state.reviews.reviewComments;
    const key = (body: string) => /key=(\S+) -->/.exec(body)?.[1] ?? '';
    const decisive = comments.filter((x) => !key(x.body).includes('.'));
    const log = /Review threads: (\d+) on diff lines, (\d+) on files, (\d+) in the verdict comment only/.exec(
      result.stdout,
    );
    // Review and review-comment posts.
    const reviewRequests = scenario.github.state.requests.filter(
      (r) => r.method === 'POST' && /\/pulls\/\d+\/(reviews|comments)$/.test(r.path),
    ).length;
    console.log(
      `${c.id} | ${decision.positions.length} | ${decisive.filter((x) => x.subject_type === 'line').length} | ${decisive.filter((x) => x.subject_type === 'file').length} | ${log ? Number(log[3]) : 0} | ${comments.filter((x) => key(x.body).includes('.defeat.')).length} | ${reviewRequests}${result.outputs.status === 'success' ? '' : ` (${result.outputs.status}${result.outputs['no-decision-reason'] ? `: ${result.outputs['no-decision-reason']}` : ''})`}`,
    );
  } finally {
    await scenario.close();
  }
}
