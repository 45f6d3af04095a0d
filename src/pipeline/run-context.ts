import type { PrPositionInput } from '../debate/plan.js';
import { createPublisher, type Publisher } from '../github/create-publisher.js';
import type { DebateComment } from '../github/upsert-comment.js';
import { debateId } from '../report/decision-record.js';
import { markerLine } from '../report/comment-context.js';
import { planMarker, type PostedPlan } from '../report/render-plan.js';
import type { Settings } from '../settings/settings.js';
import type { DebateTrigger } from '../trigger/detect-trigger.js';
import type { PipelineClients } from './pipeline-types.js';

/**
 * What every step of one debate run shares: who, where, and the one door for posting. Fixed when the
 * run opens (`openRun`); what a stage produces it returns, and the run passes it on to the stage that needs it.
 */
export interface RunContext {
  readonly clients: PipelineClients;
  readonly settings: Settings;
  readonly trigger: DebateTrigger;
  readonly repo: { readonly owner: string; readonly repo: string };
  /** This run's exact secrets, removed from everything it posts, records or logs. */
  readonly secrets: readonly string[];
  readonly publisher: Publisher;
  /** The debate id (docs/how-a-debate-runs.md) and its comment on the PR. */
  readonly id: string;
  readonly comment: DebateComment;
  /** `Date.now()` when the run started. */
  readonly started: number;
  /** Input `confirm-plan` with inferred positions: this run frames the positions, posts the plan and stops. */
  readonly planStage: boolean;
  /** Set when this run is a plan confirmed with `/debate go` (`confirm-plan.ts`). */
  readonly confirmed?: ConfirmedPlan;
}

/** A plan that `/debate go` runs: the plan comment's id, and what was planned. */
export interface ConfirmedPlan {
  commentId: number;
  posted: PostedPlan;
}

/** The publisher of a run that debates nothing (a reply, a refusal, an accept). */
export function openPublisher(clients: PipelineClients, settings: Settings): Publisher {
  return (
    clients.publisher ??
    createPublisher(clients.github.writes, {
      owner: settings.github.owner,
      repo: settings.github.repo,
      botLogin: settings.github.botLogin,
      secrets: settings.secrets,
    })
  );
}

/**
 * Opens a debate run: the publisher over the write client, the debate id and its comment. A plan run
 * (input `confirm-plan`, inferred positions) writes to the plan comment instead; a confirmed plan is
 * the inferred debate, so its verdict lands where the debate without confirmation would have put it.
 */
export function openRun(
  clients: PipelineClients,
  settings: Settings,
  trigger: DebateTrigger,
  confirmed?: ConfirmedPlan,
): RunContext {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  const { secrets } = settings;
  const publisher =
    clients.publisher ??
    createPublisher(clients.github.writes, { ...repo, botLogin: settings.github.botLogin, secrets });
  const id = debateId(
    `${settings.github.owner}/${settings.github.repo}`,
    trigger.pullNumber,
    confirmed ? [] : trigger.positions,
  );
  const planStage = settings.debate.confirmPlan && trigger.positions.length === 0 && !confirmed;
  const comment = publisher.debateComment(trigger.pullNumber, planStage ? planMarker(id) : markerLine(id));
  return {
    clients,
    settings,
    trigger,
    repo,
    secrets,
    publisher,
    id,
    comment,
    started: Date.now(),
    planStage,
    ...(confirmed ? { confirmed } : {}),
  };
}

/**
 * What the run knows of which position is the PR before the debate: `--no-pr-position` (none is), a
 * `(this PR)` mark (a claim the moderator checks), a plan framed at the head the debate runs on (what its
 * moderator named from that diff), or nothing (the moderator names it). A plan framed at another head is
 * named again: its moderator read another diff.
 * @param headSha the head the debate runs on; undefined before the evidence is read (a plan is then counted as named again)
 */
export function prPositionInput(
  trigger: DebateTrigger,
  confirmed: ConfirmedPlan | undefined,
  headSha: string | undefined,
): PrPositionInput {
  const marked = trigger.options.prPosition;
  if (marked === null) return { kind: 'none' };
  if (marked !== undefined) return { kind: 'claim', id: marked };
  if (confirmed && confirmed.posted.headSha === headSha)
    return { kind: 'named', id: confirmed.posted.prPosition ?? null };
  return { kind: 'ask' };
}
