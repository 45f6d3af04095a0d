import { describe, expect, it } from 'vitest';
import { renderCommandReply } from '../../src/report/render-notices.js';
import { detectTrigger, type Trigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent, dispatchEvent, labeledEvent, workflowRunEvent } from '../support/event-payloads.js';

const config = { triggerLabel: 'debate', command: '/debate' };
const repo = { owner: 'octo', repo: 'widgets' };
/** The reply a trigger asks for, as posted. */
const replyOf = (trigger: Trigger) =>
  trigger.kind === 'reply' ? { kind: 'reply', body: renderCommandReply(trigger.reply, config.command) } : trigger;

describe('detectTrigger', () => {
  it('starts an inferred debate when the trigger label is added', async () => {
    const trigger = await detectTrigger(
      'pull_request',
      labeledEvent({ ...repo, number: 7, label: 'debate', sender: 'alice' }),
      config,
    );
    expect(trigger).toMatchObject({
      kind: 'debate',
      source: 'label',
      pullNumber: 7,
      requestedBy: 'alice',
      positions: [],
    });
    expect(
      await detectTrigger('pull_request_target', labeledEvent({ ...repo, number: 7, label: 'debate' }), config),
    ).toMatchObject({ kind: 'debate' });
    expect(
      await detectTrigger('pull_request', labeledEvent({ ...repo, number: 7, label: 'Debate' }), config),
    ).toMatchObject({ kind: 'debate' });
  });

  it('skips other labels, other actions, bots and other events, saying why', async () => {
    expect(
      await detectTrigger('pull_request', labeledEvent({ ...repo, number: 7, label: 'bug' }), config),
    ).toMatchObject({ kind: 'skip', reason: expect.stringContaining('"bug"') });
    expect(
      await detectTrigger(
        'pull_request',
        labeledEvent({ ...repo, number: 7, label: 'debate', action: 'unlabeled' }),
        config,
      ),
    ).toMatchObject({ kind: 'skip' });
    expect(
      await detectTrigger(
        'pull_request',
        labeledEvent({ ...repo, number: 7, label: 'debate', senderType: 'Bot' }),
        config,
      ),
    ).toMatchObject({ kind: 'skip', reason: expect.stringContaining('bot') });
    expect(await detectTrigger('push', {}, config)).toMatchObject({
      kind: 'skip',
      reason: expect.stringContaining('"push"'),
    });
  });

  it('leaves a fork PR under pull_request to the workflow_run bridge, naming it, and runs it under pull_request_target', async () => {
    const fork = labeledEvent({ ...repo, number: 7, label: 'debate', headRepository: 'someone/widgets' });
    const deferred = await detectTrigger('pull_request', fork, { ...config, workflow: 'pr-debate' });
    expect(deferred).toMatchObject({
      kind: 'skip',
      reason: expect.stringContaining('PR #7 comes from a fork (someone/widgets)'),
    });
    expect(deferred).toMatchObject({
      reason: expect.stringContaining('in the workflow that runs on workflow_run of "pr-debate"'),
    });
    expect(await detectTrigger('pull_request_target', fork, config)).toMatchObject({ kind: 'debate' });
  });

  it('bridges a completed pull_request run (real workflow_run payload) of a fork PR, and of a branch PR for a debate only', async () => {
    const run = {
      ...repo,
      workflow: 'pr-debate',
      headSha: 'a'.repeat(40),
      headBranch: 'patch-1',
      headRepository: 'someone/widgets',
    };
    expect(await detectTrigger('workflow_run', workflowRunEvent(run), config)).toEqual({
      kind: 'bridge',
      purpose: 'debate',
      run: {
        runId: 7_700_001,
        workflowName: 'pr-debate',
        headSha: 'a'.repeat(40),
        headBranch: 'patch-1',
        headRepository: 'someone/widgets',
        headOwner: 'someone',
      },
    });
    expect(await detectTrigger('workflow_run', workflowRunEvent(run), { ...config, mode: 'gate' })).toMatchObject({
      kind: 'bridge',
      purpose: 'gate',
    });
    expect(
      await detectTrigger('workflow_run', workflowRunEvent({ ...run, action: 'requested' }), config),
    ).toMatchObject({ kind: 'skip', reason: expect.stringContaining('"requested"') });
    expect(
      await detectTrigger('workflow_run', workflowRunEvent({ ...run, event: 'issue_comment' }), config),
    ).toMatchObject({ kind: 'skip', reason: expect.stringContaining('issue_comment, not pull_request') });
    // A branch PR's label waits for the bridge where the key is in an environment its own run cannot enter;
    // its own run could write the check, so the gate has nothing to do here.
    const branch = { ...run, headRepository: 'octo/widgets' };
    expect(await detectTrigger('workflow_run', workflowRunEvent(branch), config)).toMatchObject({
      kind: 'bridge',
      purpose: 'debate',
      run: { headRepository: 'octo/widgets', headOwner: 'octo' },
    });
    expect(await detectTrigger('workflow_run', workflowRunEvent(branch), { ...config, mode: 'gate' })).toMatchObject({
      kind: 'skip',
      reason: expect.stringContaining('not a fork: that run could write the check'),
    });
  });

  it('starts a debate with the positions of a PR comment command', async () => {
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({ ...repo, number: 9, body: 'Let us settle this.\n/debate keep vs drop', commentId: 55 }),
      config,
    );
    expect(trigger).toMatchObject({
      kind: 'debate',
      source: 'comment',
      pullNumber: 9,
      commentId: 55,
      positions: ['keep', 'drop'],
    });
  });

  it('passes --deep, --quick and --rounds=N on to the debate', async () => {
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate keep vs drop --deep' }),
        config,
      ),
    ).toMatchObject({ kind: 'debate', options: { preset: 'deep' } });
    expect(
      await detectTrigger('issue_comment', commentEvent({ ...repo, number: 9, body: '/debate --rounds=3' }), config),
    ).toMatchObject({ kind: 'debate', positions: [], options: { rounds: 3 } });
    expect(
      replyOf(
        await detectTrigger(
          'issue_comment',
          commentEvent({ ...repo, number: 9, body: '/debate a vs b --quick --rounds=2' }),
          config,
        ),
      ),
    ).toMatchObject({ kind: 'reply', body: expect.stringContaining('cannot be combined') });
  });

  it('does not run on plain issues, bot comments or comments without the command', async () => {
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate a vs b', onIssue: true }),
        config,
      ),
    ).toMatchObject({ kind: 'skip', reason: expect.stringContaining('not a pull request') });
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate a vs b', userType: 'Bot' }),
        config,
      ),
    ).toMatchObject({ kind: 'skip' });
    expect(
      await detectTrigger('issue_comment', commentEvent({ ...repo, number: 9, body: 'looks good' }), config),
    ).toMatchObject({ kind: 'skip' });
  });

  it('runs an edited comment only when its command line changed', async () => {
    const same = commentEvent({
      ...repo,
      number: 9,
      body: '/debate a vs b\nfixed a typo',
      previousBody: '/debate a vs b\nfixd a typo',
      action: 'edited',
    });
    expect(await detectTrigger('issue_comment', same, config)).toMatchObject({ kind: 'skip' });
    const changed = commentEvent({
      ...repo,
      number: 9,
      body: '/debate a vs c',
      previousBody: '/debate a vs b',
      action: 'edited',
    });
    expect(await detectTrigger('issue_comment', changed, config)).toMatchObject({
      kind: 'debate',
      positions: ['a', 'c'],
    });
  });

  it('replies with the problem and the usage to a malformed command, and to help', async () => {
    const bad = replyOf(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate a vs b vs c vs d vs e' }),
        config,
      ),
    );
    expect(bad).toMatchObject({ kind: 'reply', body: expect.stringContaining('5 positions') });
    expect(bad.kind === 'reply' && 'body' in bad && bad.body).toContain('/debate <A> vs <B>');
    expect(
      replyOf(await detectTrigger('issue_comment', commentEvent({ ...repo, number: 9, body: '/debate help' }), config)),
    ).toMatchObject({ kind: 'reply', body: expect.stringContaining('usage') });
  });

  it('refuses authors outside the repository before any API call, and leaves the rest to the permission check', async () => {
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate a vs b', association: 'CONTRIBUTOR' }),
        config,
      ),
    ).toMatchObject({ kind: 'debate' });
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ ...repo, number: 9, body: '/debate a vs b', association: 'NONE' }),
        config,
      ),
    ).toMatchObject({ kind: 'refuse', reason: expect.stringContaining('NONE') });
  });

  it('names the field when a payload is not shaped as GitHub sends it', async () => {
    await expect(detectTrigger('issue_comment', { action: 'created', issue: {} }, config)).rejects.toThrow(
      /issue\.number/,
    );
  });

  it('runs a workflow_dispatch on the PR its pull-request input names, with the topic as command arguments', async () => {
    const run = (inputs: Record<string, string>) =>
      detectTrigger('workflow_dispatch', dispatchEvent({ ...repo, inputs, sender: 'carol' }), config);
    expect(await run({ 'pull-request': '12' })).toMatchObject({
      kind: 'debate',
      source: 'dispatch',
      pullNumber: 12,
      requestedBy: 'carol',
      positions: [],
      commentId: undefined,
    });
    expect(await run({ 'pull-request': '#12', topic: 'keep vs drop --quick' })).toMatchObject({
      kind: 'debate',
      pullNumber: 12,
      positions: ['keep', 'drop'],
      options: { preset: 'quick' },
    });
    expect(await run({ 'pull-request': 'https://github.com/octo/widgets/pull/31' })).toMatchObject({
      kind: 'debate',
      pullNumber: 31,
    });
  });

  it('names the dispatch input that is wrong and how to fix it', async () => {
    const run = (inputs: Record<string, string>) =>
      detectTrigger('workflow_dispatch', dispatchEvent({ ...repo, inputs }), config);
    expect(await run({})).toMatchObject({
      kind: 'misconfigured',
      reason: expect.stringContaining("input 'pull-request'"),
    });
    expect(await run({ 'pull-request': 'main' })).toMatchObject({
      kind: 'misconfigured',
      reason: expect.stringContaining('"main"'),
    });
    expect(await run({ 'pull-request': '3', topic: 'only one' })).toMatchObject({
      kind: 'misconfigured',
      reason: expect.stringContaining("input 'topic'"),
    });
  });
});
