import { Parser } from 'commonmark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallMeta, ModelCall } from '../../src/debate/model-client.js';
import {
  callMetaOf,
  startAnthropicServer,
  type AnthropicServer,
  type MessagesRequest,
} from '../support/anthropic-server.js';
import { cachePull } from '../support/cache-pull.js';
import { debateScript } from '../support/debate-script.js';
import { commentEvent, labeledEvent } from '../support/event-payloads.js';
import { callOf } from '../support/scripted-messages.js';
import { startGitHubServer, type GitHubServer } from '../support/github-server.js';
import { runAction, type ActionRun } from '../support/run-action.js';

/**
 * `confirm-plan` and `/debate go` (contract sections 3 and 5, issue #12), through the bundled action
 * as the runner starts it, against the local GitHub and Messages API servers: a labelled PR gets a
 * plan and only the moderator's call; `/debate go` runs that plan (no framing call) into the debate
 * comment and marks the plan run; a second `go` gets a reply; a corrected `/debate A vs B` replaces a
 * waiting plan. One PR, one story: the runs are in order.
 */

const TOKEN = 'ghs_confirmPlanSuiteToken000000000000000';
const KEY = 'sk-ant-local-confirm-plan';
const OWNER = 'octo';
const REPO = 'cache';
const MAINTAINER = 'maintainer';
const BOT = 'github-actions[bot]';

describe('confirm-plan and /debate go, end to end', () => {
  let github: GitHubServer;
  let anthropic: AnthropicServer;
  const script = debateScript();
  let index = 0;
  beforeAll(async () => {
    github = await startGitHubServer({
      repositories: [
        { owner: OWNER, name: REPO, pulls: [cachePull(1)], permissions: { [MAINTAINER]: 'write', reader: 'read' } },
      ],
      token: TOKEN,
      botLogin: BOT,
      tokens: { ghp_person_maintainer: MAINTAINER, ghp_person_reader: 'reader' },
    });
    anthropic = await startAnthropicServer({
      apiKey: KEY,
      responder: (request, { call }) => ({ text: JSON.stringify(script(callOf(request, call), index++)) }),
    });
  });
  afterAll(async () => Promise.all([github?.close(), anthropic?.close()]));

  const run = (eventName: string, payload: unknown, inputs: Record<string, string> = {}) =>
    runAction({
      eventName,
      payload,
      repository: `${OWNER}/${REPO}`,
      apiUrl: github.url,
      inputs: {
        'github-token': TOKEN,
        'anthropic-api-key': KEY,
        'base-url': anthropic.url,
        preset: 'quick',
        'confirm-plan': 'true',
        ...inputs,
      },
    });
  const command = async (body: string, user = MAINTAINER) => {
    const response = await fetch(`${github.url}/repos/${OWNER}/${REPO}/issues/1/comments`, {
      method: 'POST',
      headers: { authorization: `token ghp_person_${user}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    const { id } = (await response.json()) as { id: number };
    return commentEvent({ owner: OWNER, repo: REPO, number: 1, body, user, commentId: id });
  };
  const label = () =>
    run(
      'pull_request_target',
      labeledEvent({ owner: OWNER, repo: REPO, number: 1, label: 'debate', sender: MAINTAINER }),
    );
  const phasesSince = (before: number) => anthropic.requests.slice(before).map((r) => callMetaOf(r.headers)?.phase);
  const ours = (marker: string) =>
    github.state.comments.filter((c) => c.user.login === BOT && c.body.startsWith(marker));
  const planComments = () => ours('<!-- pr-debate:plan v1 ');
  const posted = (result: ActionRun) => github.state.comments.find((c) => c.html_url === result.outputs['comment-url']);
  /** Links in a body as GitHub renders it. */
  const links = (body: string) => {
    const walker = new Parser().parse(body).walker();
    const found: string[] = [];
    for (let event = walker.next(); event; event = walker.next())
      if (event.entering && event.node.type === 'link') found.push(event.node.destination ?? '');
    return found;
  };

  it('/debate go with no plan, with confirm-plan off, with a bad input, or from a reader: a reply that says why, and no model call', async () => {
    const before = anthropic.requests.length;
    const none = await run('issue_comment', await command('/debate go'));
    expect(posted(none)?.body).toContain(
      'there is no plan waiting on this pull request. The "debate" label or a bare `/debate` posts one',
    );
    const off = await run('issue_comment', await command('/debate go'), { 'confirm-plan': 'false' });
    expect(posted(off)?.body).toContain(
      'there is no plan to run: `/debate go` runs a plan posted under confirm-plan, which is off in this workflow.',
    );
    const bad = await run('issue_comment', await command('/debate go'), { 'confirm-plan': 'yes' });
    expect(bad.exitCode).toBe(1);
    expect(posted(bad)?.body).toContain('Input \'confirm-plan\': expected true or false, got "yes"');
    const refused = await run('issue_comment', await command('/debate go', 'reader'));
    expect(posted(refused)?.body).toContain('@reader');
    expect(refused.outputs.status).toBe('skipped');
    expect(anthropic.requests.length).toBe(before);
  });

  it('a labelled PR gets a plan: only the moderator is called, and the plan says what would run and how to run it', async () => {
    const before = anthropic.requests.length;
    const result = await label();
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({
      status: 'skipped',
      recommendation: 'none',
      decision: '',
      'no-decision-reason': 'awaiting-confirmation',
    });
    // No pre-flight, no advocate, no judge: framing only.
    expect(phasesSince(before)).toEqual(['framing']);
    expect(planComments()).toHaveLength(1);
    expect(ours('<!-- pr-debate:v1')).toHaveLength(0);
    const plan = planComments()[0]!;
    expect(posted(result)?.id).toBe(plan.id);
    expect(plan.body.split('\n')[1]).toBe('## 📋 pr-debate plan: waiting for confirmation');
    expect(plan.body).toContain('**Topic:** Cache or not?');
    // The moderator named A the change as written: the plan marks it and says how to correct it.
    expect(plan.body).toContain('- **A.** keep the cache **(this PR)**');
    expect(plan.body).toContain('- **B.** drop the cache\n');
    expect(plan.body).toContain(
      '_Position A is this PR as written (the moderator read it from the diff): the verdict is read as merge as written if it wins, changes requested if another does. If that is wrong, correct it with `/debate <position A> (this PR) vs <position B>`._',
    );
    // A quick debate attacks nothing: its plan says the verdict will be untested (issue #39).
    expect(plan.body).toMatch(
      /\*\*Preset:\*\* quick \(openings and judge; no position is attacked, so the verdict will be untested: confidence low at most, which gate-policy require-confident does not pass\) · \*\*Advocates:\*\* claude-sonnet-5-5 · \*\*Judge:\*\* claude-sonnet-5-5/,
    );
    // Quick, two positions on one model: 2 openings, audit, 2 judge runs; 2 warm-ups at most; 1 pre-flight.
    // No pre-flight has counted the pack yet: the plan says its tokens are estimated per model (issue #31).
    expect(plan.body).toMatch(
      /\*\*Estimate:\*\* up to 8 model calls, about \$\d+\.\d\d \(the evidence pack's tokens estimated for each model's tokenizer\); framing the positions cost \$0\.\d{4}\./,
    );
    expect(plan.body).toContain('can run this plan with `/debate go`');
    expect(result.stdout).toMatch(
      /::notice::The plan is posted for confirmation \(.*\): a maintainer's "\/debate go" runs it\. No advocate or judge was called/,
    );
    // Nothing in it links (the model text is sanitised like the rest).
    expect(links(plan.body).filter((l) => !l.includes('/actions/runs/'))).toEqual([]);
  });

  it('/debate go runs the plan as planned into the debate comment, and the plan says it ran', async () => {
    const before = anthropic.requests.length;
    const go = await command('/debate go');
    const result = await run('issue_comment', go);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'success', recommendation: 'A' });
    // The planned positions: no framing call this time.
    expect(phasesSince(before).filter((p) => p === 'framing')).toEqual([]);
    expect(phasesSince(before)).toContain('opening');
    const record = JSON.parse(result.outputs.decision!) as {
      topic: string;
      positions: { id: string; label: string }[];
      trigger: string;
      preset: string;
    };
    // The PR's position the moderator named at framing reaches the record through the plan, and the first line reads it.
    expect(record).toMatchObject({
      topic: 'Cache or not?',
      trigger: 'comment',
      preset: 'quick',
      pr_position: 'A',
      no_decision_reason: null,
    });
    expect(record.positions.map((p) => p.label)).toEqual(['keep the cache', 'drop the cache']);
    // One debate comment (the inferred debate's), and the plan comment now points at it.
    const verdict = ours('<!-- pr-debate:v1');
    expect(verdict).toHaveLength(1);
    expect(posted(result)?.id).toBe(verdict[0]!.id);
    expect(verdict[0]!.body.split('\n')[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    // Said as a note on the run, not as a correction of the judge.
    expect(verdict[0]!.body).toContain(
      '**Notes on this run:**\n- This debate ran the plan posted for confirmation, as confirmed by maintainer with',
    );
    expect(verdict[0]!.body).not.toContain('engine corrected');
    const plan = planComments()[0]!;
    expect(plan.body.split('\n')[1]).toBe('## ✅ pr-debate plan: confirmed and run');
    expect(plan.body).toContain(`Run by ${MAINTAINER} with \`/debate go\`: [the result](${verdict[0]!.html_url}).`);
    expect(github.state.reactions.filter((r) => r.commentId === go.comment.id).map((r) => r.content)).toEqual([
      'rocket',
    ]);
  });

  it('a second /debate go gets a reply (as a malformed command does) that the plan already ran, and calls no model', async () => {
    const before = anthropic.requests.length;
    const go = await command('/debate go');
    const result = await run('issue_comment', go);
    expect(result.exitCode).toBe(0);
    expect(anthropic.requests.length).toBe(before);
    expect(posted(result)?.body).toContain(
      'the plan on this pull request was already run. For a new plan, comment `/debate` (or remove and add the "debate" label)',
    );
  });

  it('a new plan replaces the old one in place, and a corrected /debate A vs B debates those positions and marks the plan replaced', async () => {
    const planned = await label();
    expect(planned.outputs.status).toBe('skipped');
    expect(planComments()).toHaveLength(1);
    expect(planComments()[0]!.body.split('\n')[1]).toBe('## 📋 pr-debate plan: waiting for confirmation');
    const before = anthropic.requests.length;
    const result = await run('issue_comment', await command('/debate keep the cache vs drop the cache'));
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.status).toBe('success');
    expect(phasesSince(before)).not.toContain('framing');
    const plan = planComments()[0]!;
    expect(plan.body.split('\n')[1]).toBe('## ↩️ pr-debate plan: replaced');
    expect(plan.body).toContain(
      `Replaced by ${MAINTAINER} with \`/debate keep the cache vs drop the cache\`: [the result](${posted(result)!.html_url}).`,
    );
    // And go has nothing left to run.
    const again = await run('issue_comment', await command('/debate go'));
    expect(posted(again)?.body).toContain('the plan on this pull request was already replaced');
  });
});
