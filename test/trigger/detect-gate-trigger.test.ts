import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { commentEvent } from '../support/event-payloads.js';

const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: Record<string, any>[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');
const example = (name: string, action: string) =>
  structuredClone(examples.find((e) => e.name === name)!.examples.find((x) => x.action === action)!);

const gate = { triggerLabel: 'debate', command: '/debate', mode: 'gate' as const };

describe('detectTrigger in mode: gate', () => {
  it('gates the PR on opened, synchronize (with the head before the push), reopened, labeled, unlabeled and edited (a retargeted base)', async () => {
    const sync = example('pull_request', 'synchronize');
    expect(await detectTrigger('pull_request', sync, gate)).toEqual({
      kind: 'gate',
      target: { kind: 'pull', pullNumber: sync.pull_request.number, before: sync.before },
    });
    for (const action of ['opened', 'reopened', 'labeled', 'unlabeled', 'edited']) {
      // The examples hold no `edited`; GitHub sends a retarget as `edited` with `changes.base` ("Webhook events and payloads", pull_request).
      const payload =
        action === 'edited'
          ? {
              ...example('pull_request', 'opened'),
              action,
              changes: { base: { ref: { from: 'main' }, sha: { from: 'a'.repeat(40) } } },
            }
          : example('pull_request', action);
      expect(await detectTrigger('pull_request_target', payload, gate)).toEqual({
        kind: 'gate',
        target: { kind: 'pull', pullNumber: payload.pull_request.number, before: undefined },
      });
    }
    expect(await detectTrigger('pull_request', example('pull_request', 'closed'), gate)).toMatchObject({
      kind: 'skip',
      reason: expect.stringContaining('"closed"'),
    });
  });

  it('gates a merge group from the real merge_group payload', async () => {
    const payload = example('merge_group', 'checks_requested');
    expect(await detectTrigger('merge_group', payload, gate)).toEqual({
      kind: 'gate',
      target: {
        kind: 'merge-group',
        headSha: payload.merge_group.head_sha,
        baseSha: payload.merge_group.base_sha,
        headRef: payload.merge_group.head_ref,
      },
    });
  });

  it('re-evaluates a PR after a comment (the gate job after a debate or an accept), never a plain issue', async () => {
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ owner: 'o', repo: 'r', number: 9, body: '/debate accept A ok' }),
        gate,
      ),
    ).toEqual({ kind: 'gate', target: { kind: 'pull', pullNumber: 9, before: undefined } });
    expect(
      await detectTrigger(
        'issue_comment',
        commentEvent({ owner: 'o', repo: 'r', number: 9, body: 'x', onIssue: true }),
        gate,
      ),
    ).toMatchObject({ kind: 'skip' });
  });

  it('in debate mode, /debate accept is an accept request, not a reply', async () => {
    const trigger = await detectTrigger(
      'issue_comment',
      commentEvent({
        owner: 'o',
        repo: 'r',
        number: 9,
        body: '/debate accept b the RFC says so',
        user: 'maria',
        commentId: 77,
      }),
      { triggerLabel: 'debate', command: '/debate' },
    );
    expect(trigger).toEqual({
      kind: 'accept',
      pullNumber: 9,
      requestedBy: 'maria',
      commentId: 77,
      position: 'B',
      reason: 'the RFC says so',
    });
  });
});
