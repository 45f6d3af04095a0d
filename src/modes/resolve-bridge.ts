import { findLabeller, findOpenPulls, removeLabel, type BridgePull } from '../github/bridge-source.js';
import { canTrigger } from '../github/check-permission.js';
import type { Settings } from '../settings/settings.js';
import type { BridgeRun } from '../trigger/detect-bridge.js';
import { labelDebate, type DebateTrigger } from '../trigger/detect-trigger.js';
import { step } from '../pipeline/step-error.js';
import type { PipelineClients } from '../pipeline/pipeline-types.js';

/**
 * The `workflow_run` bridge (docs/triggers.md): turns a fork PR's completed `pull_request` run into
 * a debate or a gate run in the base repository, trusting nothing the run left. It finds the PR
 * through the API, and for a debate checks that the PR's head is still the run's `head_sha`, that the
 * trigger label is on the PR, and that whoever added it last (issue timeline) has write permission.
 * Then it removes the label: the label is a request for one debate of one head, so a later push
 * (whose run the fork's own copy of the workflow may start on any event) finds no request to replay.
 * It never checks out or runs PR code: the debate reads the PR through the API, as every debate does.
 * Two steps, so that a failure once the PR is known is replied on it (`resolve-trigger.ts`).
 */

/** Why the bridge does nothing (said in a notice). */
export interface BridgeRefusal {
  kind: 'refused';
  reason: string;
}

/**
 * The first step: the one open PR the run was for, found through the API, or why there is none.
 * @throws a `StepError` naming the GitHub call that failed
 */
export async function findBridgePull(
  clients: PipelineClients,
  settings: Settings,
  run: BridgeRun,
): Promise<{ kind: 'found'; pull: BridgePull } | BridgeRefusal> {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  const from = `${run.headOwner}:${run.headBranch}`;
  clients.log.info(
    `Bridge: run ${run.runId} of "${run.workflowName}" was for ${from} (${run.headRepository}) at ${run.headSha}; treating that as a claim and asking GitHub.`,
  );
  const pulls = await step(`finding the open pull request from ${from}`, () =>
    findOpenPulls(clients.github.reads, repo, {
      owner: run.headOwner,
      branch: run.headBranch,
      repository: run.headRepository,
      sha: run.headSha,
    }),
  );
  const chosen = choosePull(pulls, run.headSha);
  if (typeof chosen === 'string')
    return {
      kind: 'refused',
      reason:
        chosen ||
        `no open pull request of ${settings.github.owner}/${settings.github.repo} comes from ${from} (${run.headRepository}) or has ${run.headSha} as its head`,
    };
  return { kind: 'found', pull: chosen };
}

/**
 * The second step of a debate request: the PR's head is still the run's, it carries the trigger label,
 * and whoever added it last can write; then the label is removed (the request is taken).
 * @returns the debate trigger, or why there is none
 * @throws a `StepError` naming the GitHub call that failed
 */
export async function takeBridgeRequest(
  clients: PipelineClients,
  settings: Settings,
  run: BridgeRun,
  chosen: BridgePull,
): Promise<DebateTrigger | BridgeRefusal> {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  if (chosen.headSha !== run.headSha) {
    return {
      kind: 'refused',
      reason: `PR #${chosen.number}'s head moved from ${run.headSha} (the run's) to ${chosen.headSha}, so the label was not for this head; add the "${settings.run.triggerLabel}" label again to debate the new head`,
    };
  }
  const label = chosen.labels.find((name) => name.toLowerCase() === settings.run.triggerLabel.toLowerCase());
  if (label === undefined)
    return {
      kind: 'refused',
      reason: `PR #${chosen.number} does not carry the "${settings.run.triggerLabel}" label (any more), so nobody asks for a debate of it; add the label to ask`,
    };
  const labeller = await step(`reading who added the "${label}" label to PR #${chosen.number}`, () =>
    findLabeller(clients.github.reads, repo, chosen.number, label),
  );
  if (labeller === undefined)
    return { kind: 'refused', reason: `the timeline of PR #${chosen.number} shows nobody adding the "${label}" label` };
  if (labeller.type === 'Bot')
    return {
      kind: 'refused',
      reason: `the "${label}" label on PR #${chosen.number} was added by a bot (${labeller.login}); bots never trigger a debate`,
    };
  const permission = await step(`checking ${labeller.login}'s permission on the repository`, () =>
    canTrigger(clients.github.reads, repo, labeller.login),
  );
  if (!permission.allowed) {
    return {
      kind: 'refused',
      reason: `the "${label}" label on PR #${chosen.number} was added by ${labeller.login}, who has the "${permission.role}" role; starting a debate needs admin, maintain or write`,
    };
  }
  await step(`removing the "${label}" label from PR #${chosen.number} (the request is taken)`, () =>
    removeLabel(clients.github.writes, repo, chosen.number, label),
  );
  clients.log.info(
    `Bridge: PR #${chosen.number} is at ${run.headSha}, and ${labeller.login} (${permission.role}) added "${label}": debating it; the label is removed, so a later head needs it added again.`,
  );
  return labelDebate(chosen.number, labeller.login, run.headSha);
}

/**
 * The one PR a run was for: the only candidate, or the only one whose head is the run's.
 * @returns the PR, or why none can be chosen ('' when there is none at all)
 */
function choosePull(pulls: BridgePull[], headSha: string): BridgePull | string {
  if (pulls.length === 1) return pulls[0]!;
  if (pulls.length === 0) return '';
  const atHead = pulls.filter((p) => p.headSha === headSha);
  if (atHead.length === 1) return atHead[0]!;
  return `${pulls.length} open pull requests (${pulls.map((p) => `#${p.number}`).join(', ')}) come from that branch and the bridge cannot tell which one the run was for; use the comment command on the one you mean`;
}
