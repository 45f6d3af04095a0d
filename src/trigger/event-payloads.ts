import { z } from 'zod';

/**
 * The webhook payloads the action reads from `GITHUB_EVENT_PATH`, parsed with zod where they enter, in
 * one place (docs/triggers.md). Each schema holds only the fields the run uses, named and nested as
 * GitHub's "Webhook events and payloads" documents them and as the `@octokit/webhooks-examples` payloads
 * (payloads GitHub sent) carry them; other fields pass through unread. Pure.
 */

const sha = z.string().regex(/^[0-9a-f]{40}$/);
/** `sender`, `comment.user`: a simple user; `type` is `User`, `Bot` or `Organization`. */
const user = z.object({ login: z.string(), type: z.string().optional() });
const repoName = z.object({ full_name: z.string() });

/**
 * `pull_request` and `pull_request_target` (https://docs.github.com/en/webhooks/webhook-events-and-payloads#pull_request): `label` on `labeled`/`unlabeled`,
 * `before` (the previous head) on `synchronize`; `head.repo` is null when the fork was deleted.
 */
export const pullRequestPayload = z.object({
  action: z.string(),
  label: z.object({ name: z.string() }).optional(),
  pull_request: z.object({
    number: z.number().int().positive(),
    head: z.object({ repo: repoName.nullable() }),
    base: z.object({ repo: repoName }),
  }),
  before: sha.optional(),
  sender: user,
});

/**
 * `issue_comment` (https://docs.github.com/en/webhooks/webhook-events-and-payloads#issue_comment): `issue.pull_request` is there only when the issue is a
 * pull request; `changes.body.from` on `edited`; `sender` is who acted (on `edited`, whoever edited the
 * comment, who may not be its author).
 */
export const issueCommentPayload = z.object({
  action: z.string(),
  issue: z.object({
    number: z.number().int().positive(),
    pull_request: z.object({ url: z.string().optional() }).nullish(),
  }),
  comment: z.object({
    id: z.number().int(),
    body: z.string().nullable(),
    user,
    author_association: z.string().optional(),
  }),
  changes: z.object({ body: z.object({ from: z.string() }).optional() }).optional(),
  sender: user,
});

/**
 * `workflow_dispatch` (https://docs.github.com/en/webhooks/webhook-events-and-payloads#workflow_dispatch): the workflow's inputs as the person filled them
 * in (strings, or numbers and booleans for typed inputs); null when the workflow declares none.
 */
export const workflowDispatchPayload = z.object({
  inputs: z.record(z.string(), z.unknown()).nullish(),
  sender: user,
});

/** `merge_group` (https://docs.github.com/en/webhooks/webhook-events-and-payloads#merge_group): `checks_requested` carries the group's head and base commits. */
export const mergeGroupPayload = z.object({
  action: z.string(),
  merge_group: z.object({ head_sha: sha, base_sha: sha, head_ref: z.string() }),
});

/**
 * `workflow_run` (https://docs.github.com/en/webhooks/webhook-events-and-payloads#workflow_run): the triggering run; `head_repository` is null when the fork
 * was deleted, `head_branch` null for a run on no branch, `name` null for a workflow without one.
 */
export const workflowRunPayload = z.object({
  action: z.string(),
  repository: repoName,
  workflow_run: z.object({
    id: z.number().int(),
    name: z.string().nullish(),
    event: z.string(),
    head_sha: sha,
    head_branch: z.string().nullable(),
    head_repository: z.object({ full_name: z.string(), owner: z.object({ login: z.string() }) }).nullable(),
  }),
});

/**
 * Parses a payload with its event's schema.
 * @param eventName `GITHUB_EVENT_NAME`, for the message
 * @throws Error naming the event, the first field that is not as GitHub sends it, and what was wrong
 */
export function parsePayload<T>(schema: z.ZodType<T>, payload: unknown, eventName: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `The ${eventName} event payload is not shaped as GitHub sends it: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return result.data;
}

/** The `action` of any payload that has one (most events; `workflow_dispatch` and `push` do not). */
export function actionOf(payload: unknown): string | undefined {
  return z.object({ action: z.string().optional() }).safeParse(payload).data?.action;
}

/**
 * `repository.default_branch`, which every repository event carries (https://docs.github.com/en/webhooks/webhook-events-and-payloads, "Common properties");
 * undefined when it is not there, so the reader asks the API.
 */
export function defaultBranchOf(payload: unknown): string | undefined {
  return z.object({ repository: z.object({ default_branch: z.string().min(1) }) }).safeParse(payload).data?.repository
    .default_branch;
}
