import { z } from 'zod';
import type { GateTarget } from '../gate/run-gate.js';
import { detectBridge, forkDeferral, type BridgeTrigger } from './detect-bridge.js';

/**
 * When `mode: gate` runs (contract sections 2 and 9), from the event name and payload. Pure; the
 * payload is parsed with zod here, where it enters. Shapes: GitHub's webhook payloads
 * (`@octokit/webhooks-examples`): `pull_request.number`, `before` on `synchronize`, and
 * `merge_group.{head_sha, base_sha, head_ref}` on `checks_requested`.
 */

/** What a gate run does. */
export type GateTrigger = { kind: 'gate'; target: GateTarget } | BridgeTrigger;

/** `pull_request` actions that can change what the gate concludes: a new head, or a label. */
const PULL_ACTIONS = ['opened', 'synchronize', 'reopened', 'labeled', 'unlabeled'];

const sha = z.string().regex(/^[0-9a-f]{40}$/);
const repoName = z.object({ full_name: z.string() });
const pullPayload = z.object({
  action: z.string(),
  pull_request: z.object({ number: z.number().int().positive(), head: z.object({ repo: repoName.nullable() }).optional(), base: z.object({ repo: repoName }).optional() }),
  before: sha.optional(),
});
const groupPayload = z.object({ action: z.string(), merge_group: z.object({ head_sha: sha, base_sha: sha, head_ref: z.string() }) });
const commentPayload = z.object({ action: z.string(), issue: z.object({ number: z.number().int().positive(), pull_request: z.object({}).passthrough().nullish() }) });

/**
 * @throws Error when the payload of a handled event does not have the shape GitHub documents
 */
export function detectGateTrigger(eventName: string, payload: unknown, workflow?: string): GateTrigger {
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const event = parse(pullPayload, payload, eventName);
    if (!PULL_ACTIONS.includes(event.action)) {
      return { kind: 'skip', reason: `${eventName} event with action "${event.action}": the gate runs on ${PULL_ACTIONS.join(', ')}` };
    }
    // A fork PR's pull_request run has a read-only token: the check is written by the workflow_run bridge.
    const { head, base } = event.pull_request;
    if (eventName === 'pull_request' && head && base && head.repo?.full_name !== base.repo.full_name) {
      return { kind: 'skip', reason: forkDeferral(event.pull_request.number, head.repo?.full_name, workflow, 'gate') };
    }
    return { kind: 'gate', target: { kind: 'pull', pullNumber: event.pull_request.number, before: event.action === 'synchronize' ? event.before : undefined } };
  }
  if (eventName === 'merge_group') {
    const event = parse(groupPayload, payload, eventName);
    if (event.action !== 'checks_requested') return { kind: 'skip', reason: `merge_group event with action "${event.action}": the gate runs on checks_requested` };
    return { kind: 'gate', target: { kind: 'merge-group', headSha: event.merge_group.head_sha, baseSha: event.merge_group.base_sha, headRef: event.merge_group.head_ref } };
  }
  if (eventName === 'workflow_run') return detectBridge(payload, 'gate');
  // After a debate or an accept in the same workflow run (two jobs: debate, then gate).
  if (eventName === 'issue_comment') {
    const event = parse(commentPayload, payload, eventName);
    if (!event.issue.pull_request) return { kind: 'skip', reason: `#${event.issue.number} is an issue, not a pull request` };
    if (event.action !== 'created' && event.action !== 'edited') return { kind: 'skip', reason: `issue_comment event with action "${event.action}"` };
    return { kind: 'gate', target: { kind: 'pull', pullNumber: event.issue.number, before: undefined } };
  }
  return {
    kind: 'skip',
    reason: `event "${eventName}" does not run the gate; mode: gate runs on pull_request/pull_request_target (${PULL_ACTIONS.join(', ')}), merge_group, issue_comment and workflow_run (the bridge for fork PRs)`,
  };
}

function parse<T>(schema: z.ZodType<T>, payload: unknown, eventName: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`The ${eventName} event payload is not shaped as GitHub sends it: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return result.data;
}
