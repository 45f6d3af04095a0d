import { createRequire } from 'node:module';

/**
 * Webhook payloads shaped from `@octokit/webhooks-examples` (real payloads GitHub sent), with the
 * fields a test controls replaced.
 */
const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: Record<string, unknown>[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');

function example(name: string, action: string): Record<string, any> {
  const found = examples.find((e) => e.name === name)?.examples.find((x) => x.action === action);
  if (!found) throw new Error(`no ${name}.${action} example in @octokit/webhooks-examples`);
  return structuredClone(found) as Record<string, any>;
}

function patchRepository(payload: Record<string, any>, owner: string, repo: string) {
  payload.repository.name = repo;
  payload.repository.full_name = `${owner}/${repo}`;
  payload.repository.owner.login = owner;
}

/** A `pull_request` `labeled` payload. */
export function labeledEvent(options: {
  owner: string;
  repo: string;
  number: number;
  label: string;
  sender?: string;
  senderType?: 'User' | 'Bot';
  headSha?: string;
  action?: string;
  headRepository?: string;
}) {
  const payload = example('pull_request', 'labeled');
  patchRepository(payload, options.owner, options.repo);
  payload.action = options.action ?? 'labeled';
  payload.number = options.number;
  payload.pull_request.number = options.number;
  if (options.headSha) payload.pull_request.head.sha = options.headSha;
  payload.pull_request.base.repo.full_name = `${options.owner}/${options.repo}`;
  payload.pull_request.head.repo.full_name = options.headRepository ?? `${options.owner}/${options.repo}`;
  payload.label.name = options.label;
  payload.sender.login = options.sender ?? 'maintainer';
  payload.sender.type = options.senderType ?? 'User';
  return payload;
}

/** An `issue_comment` payload on a pull request (or on a plain issue with `onIssue`). */
export function commentEvent(options: {
  owner: string;
  repo: string;
  number: number;
  body: string;
  user?: string;
  userType?: 'User' | 'Bot';
  association?: string;
  commentId?: number;
  action?: 'created' | 'edited' | 'deleted';
  previousBody?: string;
  onIssue?: boolean;
  /** Who acted (`sender`); default the comment's author, as on `created`. On `edited` it is whoever edited. */
  sender?: string;
}) {
  const payload = example('issue_comment', 'created');
  patchRepository(payload, options.owner, options.repo);
  payload.action = options.action ?? 'created';
  payload.issue.number = options.number;
  if (options.onIssue) delete payload.issue.pull_request;
  else {
    const base = `https://api.github.com/repos/${options.owner}/${options.repo}`;
    payload.issue.pull_request = {
      url: `${base}/pulls/${options.number}`,
      html_url: `https://github.com/${options.owner}/${options.repo}/pull/${options.number}`,
      diff_url: `https://github.com/${options.owner}/${options.repo}/pull/${options.number}.diff`,
      patch_url: `https://github.com/${options.owner}/${options.repo}/pull/${options.number}.patch`,
      merged_at: null,
    };
  }
  payload.comment.id = options.commentId ?? 4242;
  payload.comment.body = options.body;
  payload.comment.user.login = options.user ?? 'maintainer';
  payload.comment.user.type = options.userType ?? 'User';
  payload.comment.author_association = options.association ?? 'MEMBER';
  payload.sender.login = options.sender ?? payload.comment.user.login;
  payload.sender.type = options.sender === undefined ? payload.comment.user.type : 'User';
  if (options.previousBody !== undefined) payload.changes = { body: { from: options.previousBody } };
  return payload;
}

/** A `workflow_dispatch` payload with the workflow's inputs (GitHub sends them as strings). */
export function dispatchEvent(options: {
  owner: string;
  repo: string;
  inputs: Record<string, string>;
  sender?: string;
}) {
  const found = examples.find((e) => e.name === 'workflow_dispatch')?.examples[0];
  if (!found) throw new Error('no workflow_dispatch example in @octokit/webhooks-examples');
  const payload = structuredClone(found) as Record<string, any>;
  patchRepository(payload, options.owner, options.repo);
  payload.inputs = options.inputs;
  payload.sender.login = options.sender ?? 'maintainer';
  return payload;
}

/**
 * A `workflow_run` `completed` payload (the real one whose triggering run came from another
 * repository), reshaped as GitHub sends it for a fork PR's `pull_request` run: the triggering event,
 * the fork as `head_repository`, its branch and head SHA, and `pull_requests` empty.
 */
export function workflowRunEvent(options: {
  owner: string;
  repo: string;
  workflow: string;
  headSha: string;
  headBranch: string;
  headRepository: string;
  event?: string;
  action?: string;
  runId?: number;
}) {
  const found = examples
    .find((e) => e.name === 'workflow_run')
    ?.examples.find(
      (x) =>
        x.action === 'completed' &&
        (x.workflow_run as { head_repository?: { full_name?: string } }).head_repository?.full_name !==
          (x.repository as { full_name?: string }).full_name,
    );
  if (!found)
    throw new Error('no workflow_run.completed example from another repository in @octokit/webhooks-examples');
  const payload = structuredClone(found) as Record<string, any>;
  patchRepository(payload, options.owner, options.repo);
  payload.action = options.action ?? 'completed';
  const run = payload.workflow_run;
  const [forkOwner = '', forkName = ''] = options.headRepository.split('/');
  run.id = options.runId ?? 7_700_001;
  run.name = options.workflow;
  payload.workflow.name = options.workflow;
  run.event = options.event ?? 'pull_request';
  run.head_sha = options.headSha;
  run.head_commit.id = options.headSha;
  run.head_branch = options.headBranch;
  run.pull_requests = [];
  run.repository.full_name = `${options.owner}/${options.repo}`;
  run.head_repository.full_name = options.headRepository;
  run.head_repository.name = forkName;
  run.head_repository.owner.login = forkOwner;
  return payload;
}
