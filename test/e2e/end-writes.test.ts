import { afterEach, describe, expect, it } from 'vitest';
import { commentEvent } from '../support/event-payloads.js';
import type { GitHubServerOptions } from '../support/github-server.js';
import { NODE24_UNAVAILABLE } from '../support/node24.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from '../support/real-case-scenario.js';
import { runAction } from '../support/run-action.js';
import { scriptedModel } from '../support/commander-script.js';

/**
 * Issue #34's tail: after the last model reply, the end's writes (the verdict, the check run, the
 * review, the command's reaction) are one request, a GraphQL mutation document, instead of one spaced
 * write each; and a field GitHub refuses is a warning, the rest of the end standing. The bundled action
 * on the commander real case, with production write spacing.
 */
describe.skipIf(NODE24_UNAVAILABLE !== undefined)('the end of a debate as one request (issue #34)', () => {
  let scenario: RealCaseScenario | undefined;
  afterEach(async () => scenario?.close());

  /** Runs one `--quick` debate from a comment; returns the run, the time of the last model request and the requests after it. */
  async function debate(github: Pick<GitHubServerOptions, 'botPermissions' | 'mutations'> = {}) {
    const modelTimes: number[] = [];
    const script = scriptedModel(() => scenario!);
    scenario = await startRealCaseScenario('commander-excess-arguments', (request, context) => {
      modelTimes.push(Date.now());
      return script(request, context);
    }, {}, github);
    const [owner, repo] = scenario.repository.split('/') as [string, string];
    const body = '/debate errors by default vs allowed by default --quick';
    const commentId = await scenario.comment(body, SCENARIO.maintainer);
    const before = scenario.github.state.requests.length;
    const result = await runAction({
      eventName: 'issue_comment',
      payload: commentEvent({ owner, repo, number: SCENARIO.pullNumber, body, user: SCENARIO.maintainer, commentId }),
      repository: scenario.repository,
      apiUrl: scenario.github.url,
      inputs: { 'github-token': SCENARIO.githubToken, 'anthropic-api-key': SCENARIO.anthropicKey, 'base-url': scenario.anthropic!.url, 'rfc-path': 'Readme.md' },
    });
    const last = modelTimes.at(-1)!;
    const after = scenario.github.state.requests.filter((r) => r.receivedAt >= last);
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning'));
    return { result, commentId, after, run: scenario.github.state.requests.slice(before), warnings, state: scenario.github.state };
  }
  const isWrite = (r: { method: string; path: string; body: unknown }) => r.method !== 'GET' && !(r.path === '/graphql' && !String((r.body as { query?: string }).query).trimStart().startsWith('mutation'));

  it('sends the verdict, the check run, the review and the reaction as one GraphQL mutation after the last model reply, and nothing else', async () => {
    const { result, commentId, after, run, warnings, state } = await debate();
    expect(result.exitCode, result.stderr).toBe(0);
    expect(warnings).toEqual([]);
    // The writes after the last model reply are the end's one request alone. The scripted debate takes
    // milliseconds, less than the second of write spacing after the plan: the progress updates and the 👀,
    // waiting for the write clock, were dropped when it ended instead of queued ahead of the end (issue #34).
    const endWrites = after.filter(isWrite);
    expect(endWrites.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /graphql']);
    const query = String((endWrites[0]!.body as { query: string }).query);
    // 👀 was either added and is removed by the end, or never added; the end never removes one that is not there.
    const eyes = state.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/comments/${commentId}/reactions`) && (r.body as { content?: string }).content === 'eyes');
    expect([...query.matchAll(/: (\w+)\(input:/g)].map((m) => m[1])).toEqual(['updateIssueComment', 'createCheckRun', 'addPullRequestReview', 'addReaction', ...(eyes.length > 0 ? ['removeReaction'] : [])]);
    expect(eyes.length).toBeLessThanOrEqual(1);
    // The spacing stands: each write reached GitHub about a second or more after the one before (the
    // throttle spaces their starts by 1 s; the local transport adds a few milliseconds of jitter).
    const writes = run.filter(isWrite);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    writes.slice(1).forEach((w, i) => expect(w.receivedAt - writes[i]!.receivedAt).toBeGreaterThanOrEqual(900));
    // What a user sees is what the REST writes left before: the verdict, the check, one review, 🚀 alone.
    const verdict = state.comments.find((c) => c.html_url === result.outputs['comment-url'])!;
    expect(verdict.body).toMatch(/<!-- pr-debate:head=[0-9a-f]{40} -->$/);
    expect(state.checkRuns).toMatchObject([{ name: 'pr-debate', status: 'completed', conclusion: result.outputs['gate-conclusion'] }]);
    expect(state.checkRunAnnotations.length).toBeGreaterThan(0);
    expect(state.reviews.reviews).toMatchObject([{ state: 'COMMENTED', user: { login: SCENARIO.botLogin } }]);
    expect(state.reactions.filter((r) => r.commentId === commentId).map((r) => r.content)).toEqual(['rocket']);
  }, 240_000);

  it('without checks: write, warns naming the permission; the verdict, the review and the reaction still stand', async () => {
    const { result, commentId, warnings, state } = await debate({ botPermissions: { checks: 'read' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.outputs.status).toBe('success');
    expect(result.outputs['gate-conclusion']).toBe('');
    expect(warnings).toEqual([expect.stringMatching(/^::warning::The debate result is posted, but the pr-debate check run .*could not be written: GitHub refused createCheckRun \(Resource not accessible by integration\): add `checks: write` to the workflow's `permissions:`/)]);
    expect(state.checkRuns).toHaveLength(0);
    expect(state.comments.find((c) => c.html_url === result.outputs['comment-url'])!.body).toMatch(/<!-- pr-debate:head=/);
    expect(state.reviews.reviews).toHaveLength(1);
    expect(state.reactions.filter((r) => r.commentId === commentId).map((r) => r.content)).toEqual(['rocket']);
  }, 240_000);

  it('without pull-requests: write (comments through issues: write), warns that the review could not be posted; the verdict and the check stand', async () => {
    const { result, warnings, state } = await debate({ botPermissions: { 'pull-requests': 'read', issues: 'write' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/^::warning::The verdict is posted, but its review comments on the diff could not be: GitHub refused addPullRequestReview \(Resource not accessible by integration\)/)]);
    expect(state.reviews.reviews).toHaveLength(0);
    expect(state.checkRuns).toHaveLength(1);
    expect(result.outputs['gate-conclusion']).toBe(state.checkRuns[0]!.conclusion);
  }, 240_000);

  it('falls back to REST, one write each, when the server refuses the document (a GHES without createCheckRun)', async () => {
    const { result, commentId, after, warnings, state } = await debate({ mutations: ['updateIssueComment', 'addPullRequestReview', 'addReaction', 'removeReaction'] });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(warnings).toEqual([]);
    expect(after.filter(isWrite).map((r) => `${r.method} ${r.path.replace(/\d+/g, 'N')}`)).toEqual(expect.arrayContaining(['POST /graphql', 'PATCH /repos/pr-debate-demo/commander/issues/comments/N', 'POST /repos/pr-debate-demo/commander/check-runs', 'POST /repos/pr-debate-demo/commander/pulls/N/reviews']));
    expect(state.checkRuns).toHaveLength(1);
    expect(state.reviews.reviews).toHaveLength(1);
    expect(state.reactions.filter((r) => r.commentId === commentId).map((r) => r.content)).toEqual(['rocket']);
  }, 240_000);
});
