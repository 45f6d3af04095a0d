import { detectBridge, forkDeferral, type BridgeTrigger } from './detect-bridge.js';
import { issueCommentPayload, mergeGroupPayload, parsePayload, pullRequestPayload } from './event-payloads.js';

/**
 * When `mode: gate` runs (docs/triggers.md, docs/gate.md), from the event name and payload. Pure; the
 * payload is parsed with the schemas of `event-payloads.ts`: `pull_request.number`, `before` on
 * `synchronize`, and `merge_group.{head_sha, base_sha, head_ref}` on `checks_requested`.
 */

/** What to gate: a PR (with the head before a push, from `synchronize`'s `before`), or a merge group. */
export type GateTarget =
  | { kind: 'pull'; pullNumber: number; before: string | undefined }
  | { kind: 'merge-group'; headSha: string; baseSha: string; headRef: string };

/** The gate of one PR on the head it finds when it reads the PR (the `workflow_run` bridge's, whatever the run was for). */
export function gatePull(pullNumber: number): { kind: 'gate'; target: GateTarget } {
  return { kind: 'gate', target: { kind: 'pull', pullNumber, before: undefined } };
}

/** What a gate run does. */
export type GateTrigger = { kind: 'gate'; target: GateTarget } | BridgeTrigger;

/**
 * `pull_request` actions that can change what the gate concludes: a new head, a label, or an edit (the
 * base branch changed: GitHub sends `edited` with `changes.base` when a PR is retargeted, and a record for
 * another base is stale; a new title or body changes the content digest).
 */
const PULL_ACTIONS = ['opened', 'synchronize', 'reopened', 'labeled', 'unlabeled', 'edited'];

/**
 * @throws Error when the payload of a handled event does not have the shape GitHub documents
 */
export function detectGateTrigger(eventName: string, payload: unknown, workflow?: string): GateTrigger {
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const event = parsePayload(pullRequestPayload, payload, eventName);
    if (!PULL_ACTIONS.includes(event.action)) {
      return {
        kind: 'skip',
        reason: `${eventName} event with action "${event.action}": the gate runs on ${PULL_ACTIONS.join(', ')}`,
      };
    }
    // A fork PR's pull_request run has a read-only token: the check is written by the workflow_run bridge.
    const { head, base } = event.pull_request;
    if (eventName === 'pull_request' && head.repo?.full_name !== base.repo.full_name) {
      return { kind: 'skip', reason: forkDeferral(event.pull_request.number, head.repo?.full_name, workflow, 'gate') };
    }
    return {
      kind: 'gate',
      target: {
        kind: 'pull',
        pullNumber: event.pull_request.number,
        before: event.action === 'synchronize' ? event.before : undefined,
      },
    };
  }
  if (eventName === 'merge_group') {
    const event = parsePayload(mergeGroupPayload, payload, eventName);
    if (event.action !== 'checks_requested')
      return {
        kind: 'skip',
        reason: `merge_group event with action "${event.action}": the gate runs on checks_requested`,
      };
    return {
      kind: 'gate',
      target: {
        kind: 'merge-group',
        headSha: event.merge_group.head_sha,
        baseSha: event.merge_group.base_sha,
        headRef: event.merge_group.head_ref,
      },
    };
  }
  if (eventName === 'workflow_run') return detectBridge(payload, 'gate');
  // After a debate or an accept in the same workflow run (two jobs: debate, then gate).
  if (eventName === 'issue_comment') {
    const event = parsePayload(issueCommentPayload, payload, eventName);
    if (!event.issue.pull_request)
      return { kind: 'skip', reason: `#${event.issue.number} is an issue, not a pull request` };
    if (event.action !== 'created' && event.action !== 'edited')
      return { kind: 'skip', reason: `issue_comment event with action "${event.action}"` };
    return { kind: 'gate', target: { kind: 'pull', pullNumber: event.issue.number, before: undefined } };
  }
  return {
    kind: 'skip',
    reason: `event "${eventName}" does not run the gate; mode: gate runs on pull_request/pull_request_target (${PULL_ACTIONS.join(', ')}), merge_group, issue_comment and workflow_run (the bridge for fork PRs)`,
  };
}
