import { canTrigger } from '../github/check-permission.js';
import type { Publisher } from '../github/create-publisher.js';
import type { ReactionContent } from '../github/react.js';
import type { PostedComment } from '../github/upsert-comment.js';
import { renderInputProblem, renderMissingKey, renderRefusal } from '../report/render-notices.js';
import type { SettingsProblem } from '../settings/parse-settings.js';
import type { Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import type { RunContext } from './run-context.js';
import { describeFailure, step } from './step-error.js';
import { skipped, type Log, type PipelineClients, type PipelineResult } from './pipeline-types.js';

/**
 * What is said back to the person whose command or label started a run: the permission check (only
 * writers start a debate or get an answer), a setting that stops the run before it starts, and the
 * reaction on the command (👀 while it runs, then 🚀 or 😕).
 */

/**
 * Checks the collaborator permission of whoever triggered the run; a refusal gets a short reply on the
 * PR and a notice in the log.
 * @returns true when the run may go on, else the refusal reply that was posted (for output `comment-url`)
 */
export async function authorize(
  clients: PipelineClients,
  settings: Settings,
  publisher: Publisher,
  trigger: Extract<Trigger, { kind: 'debate' | 'reply' }>,
): Promise<true | PostedComment> {
  if (trigger.kind === 'debate' && trigger.authorizedBy) {
    clients.log.info(`No permission check: ${trigger.authorizedBy}.`);
    return true;
  }
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  const permission = await step(`checking ${trigger.requestedBy}'s permission on the repository`, () =>
    canTrigger(clients.github.reads, repo, trigger.requestedBy),
  );
  if (permission.allowed) return true;
  clients.log.notice(
    `${trigger.requestedBy} has the "${permission.role}" role on ${settings.github.owner}/${settings.github.repo}; starting a debate needs admin, maintain or write. Nothing ran.`,
  );
  return publisher.reply(trigger.pullNumber, renderRefusal(trigger.requestedBy));
}

/**
 * Replies with the settings' problem (`settings.problem`: an input or config key the run cannot use, a
 * retired or unpriced model, a missing key) and fails the step; nothing else is posted or called.
 */
export async function answerProblem(run: RunContext, problem: SettingsProblem): Promise<PipelineResult> {
  const login = run.trigger.requestedBy;
  const body =
    problem.input === 'anthropic-api-key'
      ? renderMissingKey(login)
      : renderInputProblem(login, problem.input, problem.message, problem.file);
  const reply = await step('replying on the pull request', () => run.publisher.reply(run.trigger.pullNumber, body));
  return { ...skipped({ commentUrl: reply.url, failure: problem.message }), status: 'aborted' };
}

/** The reaction on the command: 👀 once the run is authorised, 🚀 or 😕 when it ends. */
export interface CommandReaction {
  /** Adds 👀 without waiting for it; nothing once the run has concluded (it would stand beside the outcome). */
  acknowledge(): void;
  /**
   * Reacts with the outcome, then removes 👀 if it was added (waiting for its answer); returns the result
   * unchanged. Failures are only warnings. Once per run: a later call reacts no more, so 🚀 and 😕 never
   * both stand and 👀 is removed once.
   */
  conclude(result: PipelineResult): Promise<PipelineResult>;
}

/** @param commentId the command's comment; undefined (a label, a dispatch) reacts to nothing */
export function reactToCommand(publisher: Publisher, log: Log, commentId: number | undefined): CommandReaction {
  let eyes: Promise<number | undefined> | undefined;
  let concluded = false;
  const react = async (content: ReactionContent) => {
    try {
      return await publisher.react(commentId!, content);
    } catch (error) {
      log.warning(`Could not react to the command: ${describeFailure(error)}`);
      return undefined;
    }
  };
  return {
    acknowledge() {
      if (commentId !== undefined && !concluded) eyes ??= react('eyes');
    },
    async conclude(result) {
      if (commentId === undefined || concluded) return result;
      concluded = true;
      const ok =
        result.status === 'success' ||
        result.status === 'degraded-success' ||
        (result.status === 'skipped' && !result.failure);
      // The outcome first: it does not wait for 👀 to be removed.
      await react(ok ? 'rocket' : 'confused');
      const previous = await eyes;
      if (previous !== undefined) {
        await publisher
          .unreact(commentId, previous)
          .catch((error: unknown) => log.warning(`Could not remove the 👀 reaction: ${describeFailure(error)}`));
      }
      return result;
    },
  };
}
