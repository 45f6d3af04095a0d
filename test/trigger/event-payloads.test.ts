import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  defaultBranchOf,
  issueCommentPayload,
  mergeGroupPayload,
  parsePayload,
  pullRequestPayload,
  workflowDispatchPayload,
  workflowRunPayload,
} from '../../src/trigger/event-payloads.js';

/** Payloads GitHub sent, as `@octokit/webhooks-examples` keeps them. */
const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: Record<string, unknown>[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');
const of = (name: string) => examples.find((e) => e.name === name)?.examples ?? [];

const cases: [string, z.ZodType, (payload: Record<string, unknown>) => boolean][] = [
  ['pull_request', pullRequestPayload, () => true],
  ['issue_comment', issueCommentPayload, () => true],
  ['workflow_dispatch', workflowDispatchPayload, () => true],
  ['workflow_run', workflowRunPayload, () => true],
  // The gate reads only checks_requested; `destroyed` is not sent to workflows.
  ['merge_group', mergeGroupPayload, (payload) => payload.action === 'checks_requested'],
];

describe('the webhook payload schemas', () => {
  it.each(cases)('read every %s example GitHub sent', (name, schema, read) => {
    const payloads = of(name).filter(read);
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(() => parsePayload(schema, payload, name)).not.toThrow();
  });

  it('names the event and the field a payload lacks', () => {
    const payload = structuredClone(of('issue_comment')[0]!) as { issue: Record<string, unknown> };
    delete payload.issue.number;
    expect(() => parsePayload(issueCommentPayload, payload, 'issue_comment')).toThrow(
      'The issue_comment event payload is not shaped as GitHub sends it: issue.number:',
    );
  });

  it('reads the default branch every repository event carries', () => {
    expect(defaultBranchOf(of('pull_request')[0])).toBe('master');
    expect(defaultBranchOf({})).toBeUndefined();
  });
});
