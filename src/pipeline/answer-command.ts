import { canTrigger } from '../github/check-permission.js';
import type { Publisher } from '../github/create-publisher.js';
import { MutationFieldError, type MutationBatch } from '../github/mutation-batch.js';
import { addReactionField, removeReactionField, type ReactionContent } from '../github/react.js';
import type { PostedComment } from '../github/upsert-comment.js';
import { createWriteClock, type WriteClock } from '../github/write-clock.js';
import { renderCommandReply, renderInputProblem, renderMissingKey, renderRefusal } from '../report/render-notices.js';
import { requireCredentials, SettingsError, type Settings } from '../settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { describeUnpriced, unpricedModels } from '../usage/model-prices.js';
import { findDecisionInputProblem } from './gate-context.js';
import { openPublisher, type RunContext } from './run-context.js';
import { describeFailure, step } from './step-error.js';
import { skipped, type Log, type PipelineClients, type PipelineResult } from './pipeline-types.js';

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
  /**
   * Adds 👀 without waiting for it, once the write clock is free (its turn, `write-clock.ts`), so that it
   * goes out at once. A run that ends before then adds none (issue #34): it would only queue ahead of
   * the end's writes, and the outcome replaces it anyway.
   */
  acknowledge(): void;
  /**
   * Adds the outcome and the removal of 👀 to the end's one request (`addReaction`, `removeReaction`);
   * `finish`, once the batch is sent, warns about what GitHub refused and reacts through REST when the
   * document was not run. Without the command's node id nothing is added: {@link CommandReaction.conclude} reacts.
   * The run has ended: a 👀 still waiting for the clock is dropped, and only a 👀 that was added is removed.
   */
  prepare(batch: MutationBatch, ok: boolean): Promise<{ finish(): Promise<void> }>;
  /**
   * Reacts with the outcome, then removes 👀 if it was added (one still waiting is dropped); returns the
   * result unchanged. Failures are only warnings. Nothing when `prepare` already reacted so.
   */
  conclude(result: PipelineResult): Promise<PipelineResult>;
}

/**
 * @param commentId the command's comment; undefined (a label, a dispatch) reacts to nothing
 * @param nodeId its GraphQL node id (the event payload's `comment.node_id`), for the end's one request
 * @param clock the run's write clock, which 👀 waits for (default: always free)
 */
export function reactToCommand(publisher: Publisher, log: Log, commentId: number | undefined, nodeId?: string, clock: WriteClock = createWriteClock({ spacingMs: 0 })): CommandReaction {
  let eyes: Promise<number | undefined> | undefined;
  let concluded: ReactionContent | undefined;
  // Set when the end's request removed 👀 (or REST did for it): nothing is left to remove.
  let eyesGone = false;
  // The outcome the end's request reacted with, until `conclude` agrees or takes it back.
  let batched: ReactionContent | undefined;
  const ended = new AbortController();
  const warn = (what: string) => (error: unknown) => log.warning(`${what}: ${describeFailure(error)}`);
  const react = async (content: ReactionContent) => {
    try {
      return await publisher.react(commentId!, content);
    } catch (error) {
      warn('Could not react to the command')(error);
      return undefined;
    }
  };
  const unreact = (reactionId: number) => publisher.unreact(commentId!, reactionId).catch(warn('Could not remove the 👀 reaction'));
  return {
    acknowledge() {
      if (commentId !== undefined && !ended.signal.aborted) eyes ??= clock.inTurn(ended.signal, async () => (ended.signal.aborted ? undefined : react('eyes')));
    },
    async prepare(batch, ok) {
      ended.abort();
      if (commentId === undefined || nodeId === undefined) return { finish: () => Promise.resolve(undefined) };
      const content: ReactionContent = ok ? 'rocket' : 'confused';
      concluded = content;
      batched = content;
      // A 👀 handed over went out at once (it waits for the clock, not for a model call): its answer says
      // whether there is one to remove; one still waiting is dropped, and there is none.
      const previous = await eyes;
      const added = batch.add(addReactionField(nodeId, content));
      const removed = previous === undefined ? undefined : batch.add(removeReactionField(nodeId, 'eyes'));
      added.catch(() => undefined);
      removed?.catch(() => undefined);
      const notSent = (error: unknown) => error instanceof MutationFieldError && !error.sent;
      return {
        async finish() {
          await added.catch(async (error: unknown) => (notSent(error) ? void (await react(content)) : warn('Could not react to the command')(error)));
          await removed?.then(
            () => void (eyesGone = true),
            async (error: unknown) => (notSent(error) ? void (await unreact(previous!), (eyesGone = true)) : warn('Could not remove the 👀 reaction')(error)),
          );
        },
      };
    },
    async conclude(result) {
      ended.abort();
      if (commentId === undefined) return result;
      const ok = result.status === 'success' || result.status === 'degraded-success' || (result.status === 'skipped' && !result.failure);
      const content: ReactionContent = ok ? 'rocket' : 'confused';
      if (concluded === content) return result;
      concluded = content;
      // The outcome first: it does not wait for 👀 to be removed.
      await react(content);
      if (batched !== undefined && batched !== content) {
        // The end's request said the other outcome (a write after it failed): take it back, found by
        // adding it again (GitHub answers an existing reaction with its id).
        const wrong = await react(batched);
        if (wrong !== undefined) await publisher.unreact(commentId, wrong).catch(warn(`Could not remove the ${batched === 'rocket' ? '🚀' : '😕'} reaction`));
        batched = content;
      }
      const previous = await eyes;
      if (previous !== undefined && !eyesGone) await unreact(previous);
      return result;
    },
  };
}
