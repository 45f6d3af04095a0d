import { renderCommandReply, renderRefusal } from '../report/render-notices.js';
import type { Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { authorize } from '../pipeline/answer-requester.js';
import { openPublisher } from '../pipeline/run-context.js';
import { skipped, type PipelineClients, type PipelineResult } from '../pipeline/pipeline-types.js';

/**
 * The reply mode: a command that starts no debate (help, a malformed command, a `/debate go` with no
 * plan to run) gets its answer, after the permission check; a command from an association that cannot
 * hold write access is refused without asking GitHub. A setting the run cannot use still fails the step.
 * @throws whatever GitHub answers (the contract replies with it)
 */
export async function replyMode(
  clients: PipelineClients,
  settings: Settings,
  trigger: Extract<Trigger, { kind: 'refuse' | 'reply' }>,
): Promise<PipelineResult> {
  const publisher = openPublisher(clients, settings);
  const failure = settings.problem?.message;
  if (trigger.kind === 'refuse') {
    clients.log.notice(`${trigger.reason}; starting a debate needs admin, maintain or write permission. Nothing ran.`);
    await publisher.reply(trigger.pullNumber, renderRefusal(trigger.requestedBy));
    return skipped({ failure });
  }
  const allowed = await authorize(clients, settings, publisher, trigger);
  if (allowed !== true) return skipped({ commentUrl: allowed.url, failure });
  const reply = await publisher.reply(trigger.pullNumber, renderCommandReply(trigger.reply, settings.run.command));
  clients.log.notice(`Replied to ${trigger.requestedBy}'s command without a debate: ${reply.url}`);
  return skipped({ commentUrl: reply.url, failure });
}
