import { canTrigger } from '../github/check-permission.js';
import type { Publisher } from '../github/create-publisher.js';
import type { ReactionContent } from '../github/react.js';
import type { PostedComment } from '../github/upsert-comment.js';
import { renderCommandReply, renderInputProblem, renderMissingKey, renderRefusal } from '../report/render-notices.js';
import { requireCredentials, SettingsError, type Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { describeUnpriced, unpricedModels } from '../models/model-prices.js';
import { findDecisionInputProblem } from '../pipeline/gate-context.js';
import { openPublisher, type RunContext } from '../pipeline/run-context.js';
import { describeFailure, step } from '../pipeline/step-error.js';
import { skipped, type Log, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';

/**
 * What is said back to the person who triggered a run: refusals and replies without a debate, the
 * permission check (contract section 4), problems that stop a run before it starts, and the reaction
 * on the command (👀 while it runs, then 🚀 or 😕).
 */

/** Refuses, or replies without a debate (help, usage, a malformed command). */
export async function answerCommand(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'refuse' | 'reply' }>): Promise<PipelineResult> {
  const publisher = openPublisher(clients, settings);
  if (trigger.kind === 'refuse') {
    clients.log.notice(`${trigger.reason}; starting a debate needs admin, maintain or write permission. Nothing ran.`);
    await publisher.reply(trigger.pullNumber, renderRefusal(trigger.requestedBy));
    return skipped({ failure: settings.invalidInput?.message });
  }
  const allowed = await authorize(clients, settings, publisher, trigger);
  if (allowed !== true) return skipped({ commentUrl: allowed.url, failure: settings.invalidInput?.message });
  const reply = await publisher.reply(trigger.pullNumber, renderCommandReply(trigger.reply, settings.command));
  clients.log.notice(`Replied to ${trigger.requestedBy}'s command without a debate: ${reply.url}`);
  return skipped({ commentUrl: reply.url, failure: settings.invalidInput?.message });
}

/**
 * Checks the collaborator permission of whoever triggered the run; a refusal gets a short reply on the
 * PR and a notice in the log.
 * @returns true when the run may go on, else the refusal reply that was posted (for output `comment-url`)
 */
export async function authorize(clients: PipelineClients, settings: Settings, publisher: Publisher, trigger: Extract<Trigger, { kind: 'debate' | 'reply' }>): Promise<true | PostedComment> {
  if (trigger.kind === 'debate' && trigger.authorizedBy) {
    clients.log.info(`No permission check: ${trigger.authorizedBy}.`);
    return true;
  }
  const repo = { owner: settings.owner, repo: settings.repo };
  const permission = await step(`checking ${trigger.requestedBy}'s permission on the repository`, () => canTrigger(clients.github.reads, repo, trigger.requestedBy));
  if (permission.allowed) return true;
  clients.log.notice(`${trigger.requestedBy} has the "${permission.role}" role on ${settings.owner}/${settings.repo}; starting a debate needs admin, maintain or write. Nothing ran.`);
  return publisher.reply(trigger.pullNumber, renderRefusal(trigger.requestedBy));
}

/**
 * What stops an authorised run before any model call, as a reply on the PR and the step's failure:
 * an input of the workflow that is not valid (named, with the values it accepts), a role model its
 * provider has retired (its date and replacement named), no API key for a provider a role uses, a model without a price (issue #31: neither listed nor given in `model-prices`), or
 * a decision key or `decision` input that could not be used at the end of the debate (issue #19: found
 * before the debate is paid for, not after).
 * @returns the reply and the failure, or undefined when the run can go on
 */
export async function findProblem(settings: Settings): Promise<{ reply: (login: string) => string; failure: string } | undefined> {
  const invalid = settings.invalidInput ?? settings.modelRetirements.retired ?? (await findDecisionInputProblem(settings));
  if (invalid) {
    const { input, message, file } = invalid;
    return {
      failure: message,
      reply: (login) => renderInputProblem(login, input, message, file),
    };
  }
  const unpriced = unpricedModels([settings.model, ...settings.advocateModels, settings.judgeModel, ...(settings.refusalFallbackModel ? [settings.refusalFallbackModel] : [])], settings.modelPrices);
  if (unpriced.length > 0) {
    const message = describeUnpriced(unpriced);
    return { failure: message, reply: (login) => renderInputProblem(login, 'model-prices', message) };
  }
  try {
    requireCredentials(settings);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return { failure: error.message, reply: renderMissingKey };
  }
  return undefined;
}

/** Replies with a {@link findProblem} problem and fails the step; nothing else is posted or called. */
export async function answerProblem(run: RunContext, problem: NonNullable<Awaited<ReturnType<typeof findProblem>>>): Promise<PipelineResult> {
  const reply = await step('replying on the pull request', () => run.publisher.reply(run.trigger.pullNumber, problem.reply(run.trigger.requestedBy)));
  return { ...skipped({ commentUrl: reply.url, failure: problem.failure }), status: 'aborted' };
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
      const ok = result.status === 'success' || result.status === 'degraded-success' || (result.status === 'skipped' && !result.failure);
      // The outcome first: it does not wait for 👀 to be removed.
      await react(ok ? 'rocket' : 'confused');
      const previous = await eyes;
      if (previous !== undefined) {
        await publisher.unreact(commentId, previous).catch((error: unknown) => log.warning(`Could not remove the 👀 reaction: ${describeFailure(error)}`));
      }
      return result;
    },
  };
}
