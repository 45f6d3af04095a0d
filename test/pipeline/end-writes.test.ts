import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelCall } from '../../src/debate/model-client.js';
import { createGitHubClients } from '../../src/github/create-octokit.js';
import { runTrigger } from '../support/run-trigger.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { parseSettings } from '../../src/settings/load-settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { cachePull } from '../support/cache-pull.js';
import { debateScript } from '../support/debate-script.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import type { Fault, ReceivedRequest } from '../support/github-server.js';
import { describeCall, scriptedModels } from '../support/scripted-models.js';
import { NO_WAITS } from '../support/no-waits.js';

/**
 * The end of a debate, in order, through the REST client (issue #41): after the last model reply the
 * verdict on its comment, the check run, the review, then the reaction (🚀, and 👀 removed), each once;
 * a write GitHub refuses is a warning and the rest stands; progress never lands after the verdict. The
 * pipeline in process with the production clients (retry and throttling plugins) against the local
 * GitHub server, write spacing 0: every assertion reads the order of the requests the server received.
 */
/** The cache change the default debate script cites (its decisive lines get review comments). */
const PULL = 7;

describe('the end of a debate, in order', () => {
  let scenario: GateScenario | undefined;
  afterEach(async () => scenario?.close());

  /**
   * Runs `/debate keep the cache vs drop the cache --quick` from a maintainer's comment.
   * @param faults set on the server before the run
   * @param beforeJudge awaited before each judge call is answered
   */
  async function debate(faults: (commentsPath: RegExp) => Fault[] = () => [], beforeJudge?: () => Promise<void>) {
    scenario = await startGateScenario({ pulls: [cachePull(PULL)] });
    const { server } = scenario;
    const settings = await parseSettings(
      (name) => ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-end-writes' })[name],
      {
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_EVENT_PATH: '/dev/null',
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_API_URL: server.url,
      },
    );
    const body = '/debate keep the cache vs drop the cache --quick';
    const { data } = await scenario
      .octokit(TOKENS.writer)
      .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: PULL, body });
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({ owner: OWNER, repo: REPO, number: PULL, body, user: 'maria', commentId: data.id }),
      settings.run,
    );
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    server.state.faults.push(...faults(new RegExp(`^/repos/${OWNER}/${REPO}/issues/comments/\\d+$`)));
    // Where the server's request log stood when the last model reply was given.
    let lastReply = 0;
    const script = scriptedModels(debateScript());
    const models = {
      async complete<T>(call: ModelCall<T>) {
        if (beforeJudge && describeCall(call).phase === 'judge') await beforeJudge();
        const reply = await script.complete(call);
        lastReply = server.state.requests.length;
        return reply;
      },
    };
    const warnings: string[] = [];
    const clients: PipelineClients = {
      github: createGitHubClients(TOKENS.bot, server.url, (m) => warnings.push(m), {
        ...NO_WAITS,
        id: `end-writes-${data.id}`,
      }),
      models,
      log: { info: () => {}, warning: (m) => warnings.push(m), notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const result = await runTrigger(clients, settings, trigger);
    const after = server.state.requests.slice(lastReply).filter(isWrite);
    return { result, commandId: data.id, after, warnings, state: server.state };
  }
  const isWrite = (r: ReceivedRequest) => r.method !== 'GET' && r.path !== '/graphql';
  const textOf = (r: ReceivedRequest) => String((r.body as { body?: string } | undefined)?.body ?? '');
  const isProgress = (r: ReceivedRequest) => r.method === 'PATCH' && textOf(r).includes('pr-debate is debating');
  const isEyes = (r: ReceivedRequest) =>
    r.method === 'POST' && (r.body as { content?: string } | undefined)?.content === 'eyes';
  const named = (r: ReceivedRequest) =>
    `${r.method} ${r.path.replace(/\d+/g, 'N')}${r.path.endsWith('/reactions') ? ` ${String((r.body as { content: string }).content)}` : ''}`;
  const pathOf = (path: string) => `/repos/${OWNER}/${REPO}${path}`;

  it('writes the verdict, the check run, the review, then 🚀 and the removal of 👀, in that order and each once, after the last model reply', async () => {
    const { result, commandId, after, warnings, state } = await debate();
    expect(result.status).toBe('success');
    expect(warnings).toEqual([]);
    // A progress update or the 👀 sent before the end may still reach GitHub after the last reply; the end's own writes follow in order.
    expect(after.filter((r) => !isProgress(r) && !isEyes(r)).map(named)).toEqual([
      `PATCH ${pathOf('/issues/comments/N')}`,
      `POST ${pathOf('/check-runs')}`,
      `POST ${pathOf('/pulls/N/reviews')}`,
      `POST ${pathOf('/issues/comments/N/reactions')} rocket`,
      `DELETE ${pathOf('/issues/comments/N/reactions/N')}`,
    ]);
    const verdict = state.comments.find((c) => c.html_url === result.commentUrl)!;
    expect(verdict.body).toMatch(/<!-- pr-debate:head=[0-9a-f]{40} -->$/);
    expect(state.checkRuns).toMatchObject([
      { name: 'pr-debate', status: 'completed', conclusion: result.gateConclusion },
    ]);
    expect(state.reviews.reviews).toMatchObject([{ state: 'COMMENTED' }]);
    expect(state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual(['rocket']);
  });

  it('without checks: write, warns naming the permission; the verdict, the review and the reaction still stand', async () => {
    const refused = {
      method: 'POST',
      path: pathOf('/check-runs'),
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    };
    const { result, commandId, warnings, state } = await debate(() => [refused]);
    expect(result.status).toBe('success');
    expect(result.gateConclusion).toBe('');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The debate result is posted, but the pr-debate check run .*could not be written: GitHub refused POST \S+\/check-runs \(Resource not accessible by integration\): add `checks: write`/,
      ),
    ]);
    expect(state.checkRuns).toHaveLength(0);
    expect(state.comments.find((c) => c.html_url === result.commentUrl)!.body).toMatch(/<!-- pr-debate:head=/);
    expect(state.reviews.reviews).toHaveLength(1);
    expect(state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual(['rocket']);
  });

  it('without pull-requests: write for the review, warns that it could not be posted; the verdict and the check stand', async () => {
    const refused = {
      method: 'POST',
      path: pathOf(`/pulls/${PULL}/reviews`),
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    };
    const { result, warnings, state } = await debate(() => [refused]);
    expect(result.status).toBe('success');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The verdict is posted, but its review comments on the diff could not be: GitHub refused POST \S+\/reviews \(Resource not accessible by integration\): add `pull-requests: write`/,
      ),
    ]);
    expect(state.reviews.reviews).toHaveLength(0);
    expect(state.checkRuns).toMatchObject([{ conclusion: result.gateConclusion }]);
  });

  it('a verdict comment GitHub refuses still leaves the check run (the decision of record), then the run fails saying why', async () => {
    // Every write to the debate comment is refused after the plan: the updates, the verdict, the failure.
    const refused = (path: RegExp): Fault[] => [
      {
        method: 'PATCH',
        path,
        status: 403,
        times: Infinity,
        body: { message: 'Resource not accessible by integration' },
      },
    ];
    const { result, commandId, warnings, state } = await debate(refused);
    expect(result.status).toBe('aborted');
    expect(result.failure).toMatch(/^posting the debate comment failed: GitHub refused PATCH /);
    const verdictAt = state.requests.findIndex(
      (r) => r.method === 'PATCH' && textOf(r).includes('<!-- pr-debate:head='),
    );
    const checkAt = state.requests.findIndex((r) => r.method === 'POST' && r.path === pathOf('/check-runs'));
    expect(verdictAt).toBeGreaterThan(-1);
    expect(checkAt).toBeGreaterThan(verdictAt);
    expect(state.checkRuns).toMatchObject([{ name: 'pr-debate', status: 'completed' }]);
    // No review comments point at a verdict that is not there; the command says the run failed.
    expect(state.reviews.reviews).toHaveLength(0);
    expect(state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual(['confused']);
    expect(warnings.at(-1)).toMatch(/^Could not post the failure comment either/);
  });

  it('a progress update still in flight when the verdict is written never lands after it: no update is sent after the verdict, and the verdict is written again', async () => {
    // The first progress PATCH reaches GitHub and is answered only once the verdict's PATCH arrived; the judge answers once it has arrived.
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const verdictSent = () =>
      vi.waitUntil(
        () =>
          scenario?.server.state.requests.some(
            (r) => r.method === 'PATCH' && textOf(r).includes('<!-- pr-debate:head='),
          ),
        { timeout: 10_000, interval: 5 },
      );
    const slow = (path: RegExp): Fault[] => [
      { method: 'PATCH', path, status: 200, pass: true, until: inFlight.then(verdictSent), onMatch: () => arrived() },
    ];
    const { result, state } = await debate(slow, () => inFlight);
    expect(result.status).toBe('success');
    const comment = state.comments.find((c) => c.html_url === result.commentUrl)!;
    const patches = state.requests.filter(
      (r) => r.method === 'PATCH' && r.path.endsWith(`/issues/comments/${comment.id}`),
    );
    const firstVerdict = patches.findIndex((r) => textOf(r).includes('<!-- pr-debate:head='));
    expect(firstVerdict).toBeGreaterThan(0);
    expect(patches.slice(firstVerdict).filter(isProgress)).toEqual([]);
    expect(textOf(patches.at(-1)!)).toContain('<!-- pr-debate:head=');
    expect(comment.body).toMatch(/<!-- pr-debate:head=[0-9a-f]{40} -->$/);
  });
});
