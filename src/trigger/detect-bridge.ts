import { parsePayload, workflowRunPayload } from './event-payloads.js';

/**
 * The `workflow_run` bridge (docs/triggers.md), the part decided from the payload alone. Pure. GitHub
 * runs `pull_request` workflows of fork PRs with no secrets and a read-only token; a workflow on
 * `workflow_run` (`completed`) of that workflow runs in the base repository, from its default branch,
 * with its secrets ("Events that trigger workflows", workflow_run: "The workflow started by the
 * workflow_run event is able to access secrets and write tokens, even if the previous workflow was not").
 * A branch PR's `pull_request` run has the secrets, but not those of an environment limited to the
 * default branch (it runs on the PR's merge ref), so where the model key lives in such an environment the
 * bridge debates labelled branch PRs too, with the same checks. Everything the triggering run left is a
 * claim, and a fork may have rewritten that workflow, so the payload only says where to look:
 * `head_repository`, `head_branch` and `head_sha` of the triggering run. For fork PRs
 * `workflow_run.pull_requests` is empty (github/docs issue 22501: "The pull_request webhook event payload
 * is empty ... for pull requests that come from forked repositories"), so the PR is found through the API
 * (`src/modes/resolve-bridge.ts`), for branch PRs alike.
 */

/** The triggering run, as the bridge needs it; shapes from `@octokit/webhooks-examples` (`workflow_run.completed`). */
export interface BridgeRun {
  runId: number;
  /** The triggering workflow's name (`workflow_run.name`), for the log. */
  workflowName: string;
  headSha: string;
  headBranch: string;
  /** `owner/name` of the fork. */
  headRepository: string;
  headOwner: string;
}

/** What a `workflow_run` event asks of the bridge: debate a PR, gate a fork PR, or nothing (with why). */
export type BridgeTrigger =
  { kind: 'bridge'; purpose: 'debate' | 'gate'; run: BridgeRun } | { kind: 'skip'; reason: string };

/**
 * @param payload the `workflow_run` webhook payload
 * @param purpose `debate` (input `mode: debate`) or `gate` (`mode: gate`)
 * @throws Error when the payload does not have the shape GitHub documents
 */
export function detectBridge(payload: unknown, purpose: 'debate' | 'gate'): BridgeTrigger {
  const { action, workflow_run: run, repository: base } = parsePayload(workflowRunPayload, payload, 'workflow_run');
  const name = run.name || `run ${run.id}`;
  if (action !== 'completed')
    return {
      kind: 'skip',
      reason: `workflow_run event with action "${action}": the bridge runs when the triggering run has completed`,
    };
  if (run.event !== 'pull_request') {
    return {
      kind: 'skip',
      reason: `the triggering run of "${name}" was started by ${run.event}, not pull_request: it ran in the base repository with its secrets, so the bridge has nothing to do`,
    };
  }
  const head = run.head_repository;
  if (head === null || run.head_branch === null)
    return {
      kind: 'skip',
      reason: `the head repository of "${name}" (run ${run.id}) no longer exists, so there is no pull request to ${purpose === 'gate' ? 'gate' : 'debate'}`,
    };
  // A branch PR's own run had a token that can write checks, so it set the gate itself; its label may wait here.
  if (purpose === 'gate' && head.full_name.toLowerCase() === base.full_name.toLowerCase()) {
    return {
      kind: 'skip',
      reason: `the triggering run of "${name}" was for a branch of ${base.full_name}, not a fork: that run could write the check and set the gate itself`,
    };
  }
  return {
    kind: 'bridge',
    purpose,
    run: {
      runId: run.id,
      workflowName: name,
      headSha: run.head_sha,
      headBranch: run.head_branch,
      headRepository: head.full_name,
      headOwner: head.owner.login,
    },
  };
}

/**
 * What a fork PR's own `pull_request` run says in its log: it has no secrets, so the request waits
 * for the bridge, which runs as the workflow on `workflow_run` of this one.
 * @param workflow this workflow's name (`GITHUB_WORKFLOW`), which the bridge's `workflows:` must list
 */
export function forkDeferral(
  pullNumber: number,
  head: string | undefined,
  workflow: string | undefined,
  purpose: 'debate' | 'gate',
): string {
  const named = workflow ? `"${workflow}"` : 'this workflow';
  const what = purpose === 'gate' ? 'the gate writes the pr-debate check' : 'the debate runs';
  return (
    `PR #${pullNumber} comes from a fork (${head ?? 'a deleted repository'}), and GitHub runs its pull_request workflows without secrets and with a read-only token, ` +
    `so this run leaves the request to the bridge: ${what} in the base repository, in the workflow that runs on workflow_run of ${named} ` +
    `(the README's "pr-debate bridge"${purpose === 'gate' ? ' with mode: gate' : ''}), ${purpose === 'gate' ? 'for the PR it finds through the API' : 'once it has checked the PR head, the label and who added it'}. ` +
    `Without such a workflow on the default branch, nothing ${purpose === 'gate' ? 'gates' : 'debates'} this PR`
  );
}
