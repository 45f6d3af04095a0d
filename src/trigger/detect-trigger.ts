import type { z } from 'zod';
import { detectBridge, forkDeferral, type BridgeRun } from './detect-bridge.js';
import { detectGateTrigger, type GateTarget } from './detect-gate-trigger.js';
import {
  actionOf,
  issueCommentPayload,
  parsePayload,
  pullRequestPayload,
  workflowDispatchPayload,
} from './event-payloads.js';
import { findCommandLine } from './find-command-line.js';
import { parseCommandLine, type CommandOptions } from './parse-command.js';

/**
 * Decides from the event name and payload whether this run debates, replies, or does nothing
 * (docs/triggers.md, docs/security.md). Pure: the payload is parsed with the schemas of `event-payloads.ts`.
 */

/** What the run should do. */
export type Trigger =
  /** `untrusted`: a fork PR's run, left to the bridge (output `no-decision-reason: untrusted-fork`). */
  | { kind: 'skip'; reason: string; untrusted?: true }
  | {
      kind: 'debate';
      /** What started it; the decision record's `trigger` (docs/how-a-debate-runs.md). The CLI counts as a dispatch. */
      source: 'label' | 'comment' | 'dispatch';
      pullNumber: number;
      requestedBy: string;
      /** The triggering comment, for reactions and replies. */
      commentId: number | undefined;
      /** 2-4 positions from the command, or empty: the moderator infers them. */
      positions: string[];
      options: CommandOptions;
      /**
       * Set by the `workflow_run` bridge: the head it checked (the run's `head_sha`, still the PR's head,
       * labelled by a writer). The debate reads exactly this commit, or nothing (src/evidence/gather-evidence.ts).
       */
      headSha?: string;
      /**
       * Set when the caller has already decided who may run, so no collaborator permission is asked:
       * the CLI, which runs with its user's own token and model key. Says why, for the log.
       */
      authorizedBy?: string;
    }
  /** A command that starts no debate: `reply` says what to answer (`src/report/render-notices.ts` writes it). */
  | { kind: 'reply'; pullNumber: number; requestedBy: string; commentId: number; reply: CommandReply }
  /** `/debate go`: run the plan that a `confirm-plan` run posted on this PR (docs/config.md). */
  | { kind: 'go'; pullNumber: number; requestedBy: string; commentId: number }
  /** `/debate accept <A|B|C|D> <reason>`: a maintainer's decision for the merge gate (docs/gate.md). */
  | { kind: 'accept'; pullNumber: number; requestedBy: string; commentId: number; position: string; reason: string }
  /** `mode: gate`: set the `pr-debate` check run, no model call. */
  | { kind: 'gate'; target: GateTarget }
  /** `workflow_run` of a fork PR's run: find and check the PR through the API first (`src/modes/resolve-bridge.ts`). */
  | { kind: 'bridge'; purpose: 'debate' | 'gate'; run: BridgeRun }
  /** The workflow cannot work for this event as configured; `reason` says what to change. */
  | { kind: 'misconfigured'; reason: string }
  /** The author failed the `author_association` pre-filter: refuse without asking the permission API. */
  | { kind: 'refuse'; pullNumber: number; requestedBy: string; commentId: number; reason: string };

/** A trigger that starts a debate. */
export type DebateTrigger = Extract<Trigger, { kind: 'debate' }>;
/** `/debate go`, before the plan it runs is read. */
export type GoTrigger = Extract<Trigger, { kind: 'go' }>;

/**
 * The debate a label asks for: positions inferred, on the PR's head, or on `headSha` (the head the
 * `workflow_run` bridge checked for a fork PR, which the debate reads or reads nothing).
 */
export function labelDebate(pullNumber: number, requestedBy: string, headSha: string | undefined): DebateTrigger {
  return {
    kind: 'debate',
    source: 'label',
    pullNumber,
    requestedBy,
    commentId: undefined,
    positions: [],
    options: { outOfScope: [] },
    ...(headSha === undefined ? {} : { headSha }),
  };
}

/**
 * The debate a dispatch asks for: a `workflow_dispatch` run's inputs, or the command line (`pr-debate run`),
 * whose user has already decided who may run (`authorizedBy` says why, and no permission is asked).
 */
export function dispatchDebate(
  pullNumber: number,
  requestedBy: string,
  command: { positions: string[]; options: CommandOptions },
  authorizedBy?: string,
): DebateTrigger {
  return {
    kind: 'debate',
    source: 'dispatch',
    pullNumber,
    requestedBy,
    commentId: undefined,
    positions: command.positions,
    options: command.options,
    ...(authorizedBy === undefined ? {} : { authorizedBy }),
  };
}

/**
 * The debate `/debate go` runs: the positions, out-of-scope topics, RFC and `--no-pr-position` of the plan
 * it confirmed, as `confirm-plan` posted them; without a plan (a run that stops on a bad setting before
 * reading one), the command's own debate with its positions still to infer.
 */
export function goDebate(
  go: GoTrigger,
  plan?: { positions: string[]; outOfScope: string[]; rfc?: string | undefined; noPrPosition?: boolean | undefined },
): DebateTrigger {
  // Which position is the PR is the plan's, read at its head; only the command's own `--no-pr-position` travels as an option.
  const options: CommandOptions = {
    outOfScope: plan?.outOfScope ?? [],
    ...(plan?.rfc ? { rfc: plan.rfc } : {}),
    ...(plan?.noPrPosition ? { prPosition: null } : {}),
  };
  return {
    kind: 'debate',
    source: 'comment',
    pullNumber: go.pullNumber,
    requestedBy: go.requestedBy,
    commentId: go.commentId,
    positions: plan?.positions ?? [],
    options,
  };
}

/** The answer to a `/debate go` that has no plan to run: a reply that says why, as for a malformed command. */
export function goRefusal(go: GoTrigger, problem: string): Extract<Trigger, { kind: 'reply' }> {
  return { ...go, kind: 'reply', reply: { kind: 'invalid', problem } };
}

/**
 * What to answer a command that starts no debate: the usage (`help`), that `accept` records nothing
 * yet, or the problem with a malformed command (it may echo what the user typed).
 */
export type CommandReply = { kind: 'usage' } | { kind: 'invalid'; problem: string };

/**
 * Associations refused by the pre-filter, before any API call: none of them can hold write access.
 * Everyone else is checked against the collaborator permission (docs/security.md): a `MEMBER` may
 * have only read access, and a private org member with write access can appear as `CONTRIBUTOR`.
 */
const REFUSED_ASSOCIATIONS = new Set(['NONE', 'FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR', 'MANNEQUIN']);

/**
 * @param eventName `GITHUB_EVENT_NAME`
 * @param payload the parsed JSON of `GITHUB_EVENT_PATH`
 * @param config the `trigger-label` and `command` inputs
 * @returns a skip with the reason (for one `core.notice`), a reply, or a debate request
 * @throws Error when the payload of a handled event does not have the shape GitHub documents
 */
export async function detectTrigger(
  eventName: string,
  payload: unknown,
  config: { triggerLabel: string; command: string; mode?: 'debate' | 'gate'; workflow?: string | undefined },
): Promise<Trigger> {
  if (config.mode === 'gate') return detectGateTrigger(eventName, payload, config.workflow);
  if (eventName === 'workflow_run') return detectBridge(payload, 'debate');
  if (eventName === 'pull_request' || eventName === 'pull_request_target') {
    const action = actionOf(payload);
    if (action !== 'labeled') {
      return {
        kind: 'skip',
        reason: `${eventName} event with action "${action ?? 'none'}": pr-debate runs on "labeled" with the label "${config.triggerLabel}"`,
      };
    }
    const event = parsePayload(pullRequestPayload, payload, eventName);
    const label = event.label?.name;
    // GitHub label names are unique regardless of case.
    if (label?.toLowerCase() !== config.triggerLabel.toLowerCase()) {
      return {
        kind: 'skip',
        reason: `label "${label ?? ''}" was added; pr-debate runs when "${config.triggerLabel}" is added`,
      };
    }
    if (event.sender.type === 'Bot')
      return {
        kind: 'skip',
        reason: `the label was added by a bot (${event.sender.login}); bots never trigger a debate`,
      };
    // GitHub runs `pull_request` workflows of fork PRs with no secrets and a read-only token: the bridge debates it.
    const head = event.pull_request.head.repo?.full_name;
    if (eventName === 'pull_request' && head !== event.pull_request.base.repo.full_name) {
      return {
        kind: 'skip',
        reason: forkDeferral(event.pull_request.number, head, config.workflow, 'debate'),
        untrusted: true,
      };
    }
    return labelDebate(event.pull_request.number, event.sender.login, undefined);
  }

  if (eventName === 'issue_comment') {
    const event = parsePayload(issueCommentPayload, payload, eventName);
    if (event.action !== 'created' && event.action !== 'edited') {
      return {
        kind: 'skip',
        reason: `issue_comment event with action "${event.action}": only new or edited comments can carry a command`,
      };
    }
    if (!event.issue.pull_request)
      return { kind: 'skip', reason: `#${event.issue.number} is an issue, not a pull request` };
    // The person who acts is the payload's `sender`: on `created` the comment's author, on `edited` whoever
    // edited it. A writer who edits another writer's comment into a command is the one who asks, so the
    // command is theirs (recorded as, and permission-checked for, the sender), never the author's.
    const actor = event.sender;
    if (event.comment.user.type === 'Bot' || actor.type === 'Bot') {
      const bot = event.comment.user.type === 'Bot' ? event.comment.user.login : actor.login;
      return { kind: 'skip', reason: `the comment is by a bot (${bot}); bots never trigger a debate` };
    }
    const line = await findCommandLine(event.comment.body ?? '', config.command);
    if (line === undefined) return { kind: 'skip', reason: `the comment has no line starting with ${config.command}` };
    if (event.action === 'edited') {
      const before = event.changes?.body ? await findCommandLine(event.changes.body.from, config.command) : undefined;
      if (before === line)
        return { kind: 'skip', reason: 'the comment was edited but its command line did not change' };
    }
    // `author_association` describes the comment's author, so it pre-filters only a command its author sent.
    const byAuthor = actor.login === event.comment.user.login;
    if (byAuthor && event.comment.author_association && REFUSED_ASSOCIATIONS.has(event.comment.author_association)) {
      return {
        kind: 'refuse',
        pullNumber: event.issue.number,
        requestedBy: actor.login,
        commentId: event.comment.id,
        reason: `${actor.login} is ${event.comment.author_association} on this repository (author_association)`,
      };
    }
    const base = { pullNumber: event.issue.number, requestedBy: actor.login, commentId: event.comment.id };
    const command = parseCommandLine(line, config.command);
    switch (command.kind) {
      case 'debate':
        return { kind: 'debate', source: 'comment', ...base, positions: command.positions, options: command.options };
      case 'help':
        return { kind: 'reply', ...base, reply: { kind: 'usage' } };
      case 'accept':
        return { kind: 'accept', ...base, position: command.position, reason: command.reason };
      case 'go':
        return { kind: 'go', ...base };
      case 'invalid':
        return { kind: 'reply', ...base, reply: { kind: 'invalid', problem: command.problem } };
      case 'none':
        return { kind: 'skip', reason: `the comment has no line starting with ${config.command}` };
    }
  }

  if (eventName === 'workflow_dispatch')
    return detectDispatch(parsePayload(workflowDispatchPayload, payload, eventName), config.command);

  return {
    kind: 'skip',
    reason: `event "${eventName}" does not start a debate; pr-debate runs on pull_request/pull_request_target "labeled", issue_comment, workflow_dispatch and workflow_run (the bridge for labels its own runs leave)`,
  };
}

/**
 * `workflow_dispatch` (docs/triggers.md): the workflow's inputs `pull-request` (a number, `#N` or the
 * PR's URL) and optional `topic` (what follows the command: positions and options, e.g. `A vs B --quick`;
 * empty infers positions).
 */
function detectDispatch(event: z.infer<typeof workflowDispatchPayload>, command: string): Trigger {
  const raw = event.inputs?.['pull-request'];
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const number = /^#?(\d+)$/.exec(text)?.[1] ?? /\/pull\/(\d+)(?:[/?#]|$)/.exec(text)?.[1];
  if (number === undefined || Number(number) < 1) {
    return {
      kind: 'misconfigured',
      reason: `workflow_dispatch input 'pull-request': expected a pull request number such as 42 (or its URL), got ${JSON.stringify(raw ?? '')}. Declare it under on.workflow_dispatch.inputs and fill it in when you run the workflow.`,
    };
  }
  const topic = event.inputs?.topic;
  const parsed = parseCommandLine(`${command} ${typeof topic === 'string' ? topic : ''}`.trim(), command);
  if (parsed.kind === 'debate') return dispatchDebate(Number(number), event.sender.login, parsed);
  const problem = parsed.kind === 'invalid' ? parsed.problem : `"${String(topic)}" is not a debate topic`;
  return {
    kind: 'misconfigured',
    reason: `workflow_dispatch input 'topic': ${problem}. Give positions and options as after ${command} in a comment, e.g. "A vs B --quick", or leave it empty to infer the positions.`,
  };
}
