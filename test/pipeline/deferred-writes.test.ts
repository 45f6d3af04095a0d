import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClients } from '../../src/github/create-octokit.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import type { PipelineClients } from '../../src/pipeline/pipeline-types.js';
import { parseSettings } from '../../src/settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { debateScript } from '../support/debate-script.js';
import { commentEvent } from '../support/event-payloads.js';
import { OWNER, REPO, startGateScenario, TOKENS, type GateScenario } from '../support/gate-scenario.js';
import { scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #34: a progress update or the 👀 that is still waiting for the write clock when the debate ends
 * is never sent; the verdict is. The production clients (throttled, with their write clock) against the
 * local GitHub server, spaced 1.5 s apart: the scripted debate ends well inside the spacing after the
 * plan, while the update of the evidence read is waiting.
 */
const SPACING = 1500;

describe('writes the end of the run makes pointless are not sent', () => {
  let scenario: GateScenario | undefined;
  afterEach(async () => scenario?.close());

  async function debate(body: string) {
    scenario = await startGateScenario();
    const settings = parseSettings((name) => ({ 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-deferred-suite' })[name], {
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: '/dev/null',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: scenario.server.url,
    });
    const { data } = await scenario.octokit(TOKENS.writer).rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 12, body });
    const payload = commentEvent({ owner: OWNER, repo: REPO, number: 12, body, user: 'maria', commentId: data.id });
    const trigger = detectTrigger('issue_comment', payload, settings);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const warnings: string[] = [];
    const clients: PipelineClients = {
      github: createGitHubClients(TOKENS.bot, scenario.server.url, (m) => warnings.push(m), { writeSpacingMs: SPACING, id: `deferred-${data.id}` }),
      models: scriptedModels(debateScript()),
      log: { info: () => {}, warning: (m) => warnings.push(m), notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const before = scenario.server.state.requests.length;
    const result = await runPipeline(clients, settings, trigger);
    const writes = scenario.server.state.requests.slice(before).filter((r) => r.method !== 'GET' && !(r.path === '/graphql' && !/^\s*mutation\b/.test(String((r.body as { query?: string }).query))));
    return { result, commandId: data.id, writes, warnings, state: scenario.server.state };
  }
  const named = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/\d+/g, 'N')}`;

  it('the update of the evidence read, waiting when the debate ends, is never sent; the verdict replaces the plan, with 🚀 and no 👀 to remove', async () => {
    const { result, commandId, writes, warnings, state } = await debate('/debate keep the cache vs drop the cache --quick');
    expect(result.status).toBe('success');
    expect(warnings).toEqual([]);
    // The plan at once, then the end's one request a spacing later: nothing in between, no progress
    // update (PATCH) and no 👀 queued ahead of the verdict.
    expect(writes.map(named)).toEqual([`POST /repos/${OWNER}/${REPO}/issues/N/comments`, 'POST /graphql']);
    expect(writes[1]!.receivedAt - writes[0]!.receivedAt).toBeGreaterThanOrEqual(SPACING - 100);
    const fields = [...String((writes[1]!.body as { query: string }).query).matchAll(/: (\w+)\(input:/g)].map((m) => m[1]);
    expect(fields).toContain('updateIssueComment');
    expect(fields.filter((f) => f === 'addReaction' || f === 'removeReaction')).toEqual(['addReaction']);
    // What a user sees: the verdict in the plan's comment, and 🚀 alone on the command.
    const comment = state.comments.find((c) => c.html_url === result.commentUrl)!;
    expect(comment.body).toMatch(/<!-- pr-debate:head=[0-9a-f]{40} -->$/);
    expect(comment.body).not.toContain('pr-debate is debating');
    expect(state.reactions.filter((r) => r.commentId === commandId).map((r) => r.content)).toEqual(['rocket']);
  }, 60_000);
});
