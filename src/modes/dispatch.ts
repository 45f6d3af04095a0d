import { meaningLine } from '../report/merge-meaning.js';
import { renderAcceptFailure } from '../report/render-accept.js';
import type { PipelineClients, PipelineResult } from '../pipeline/pipeline-types.js';
import { acceptMode } from './accept-mode.js';
import { debateMode } from './debate-mode.js';
import { gateMode } from './gate-mode.js';
import { replyMode } from './reply-mode.js';
import type { ResolvedTrigger } from './resolve-trigger.js';
import { failureReply, runMode } from './run-mode.js';

/**
 * The dispatcher: the resolved trigger (`resolve-trigger.ts`) runs its one mode under the one contract
 * (`run-mode.ts`: its name, and the reply that says a failure), then the run's outputs are set, once.
 * Only the entry points call it (`src/main.ts`, the CLI); no mode calls it again.
 * @throws never
 */
export async function dispatch(clients: PipelineClients, resolved: ResolvedTrigger): Promise<PipelineResult> {
  return finish(clients, resolved.kind === 'ended' ? resolved.result : await runResolved(clients, resolved));
}

function runResolved(
  clients: PipelineClients,
  { settings, trigger, confirmed, go }: Extract<ResolvedTrigger, { kind: 'run' }>,
): Promise<PipelineResult> {
  const { command } = settings.run;
  switch (trigger.kind) {
    case 'gate':
      // The gate says a failure on its check run (`hold-check.ts`) and in the log: nobody asked in a comment.
      return runMode(clients, settings, { name: 'The merge gate' }, () => gateMode(clients, settings, trigger.target));
    case 'accept': {
      const reply = {
        pullNumber: trigger.pullNumber,
        body: (failure: string) => renderAcceptFailure(trigger.requestedBy, failure),
      };
      return runMode(clients, settings, { name: 'The accept', reply }, () => acceptMode(clients, settings, trigger));
    }
    case 'debate': {
      const reply = failureReply(settings, trigger.source, trigger.pullNumber, trigger.requestedBy);
      return runMode(clients, settings, { name: go ? `${command} go` : 'The debate', reply }, () =>
        debateMode(clients, settings, trigger, confirmed),
      );
    }
    case 'reply':
    case 'refuse':
      return runMode(
        clients,
        settings,
        {
          name: `The reply to ${command}`,
          reply: failureReply(settings, 'comment', trigger.pullNumber, trigger.requestedBy),
        },
        () => replyMode(clients, settings, trigger),
      );
  }
}

/**
 * Sets the final outputs of a run, once, for every mode, and its outcome line: a verdict's own, else the
 * no-decision line of its reason (`merge-meaning.ts`), none for a run that debated nothing by design.
 */
function finish(clients: PipelineClients, result: PipelineResult): PipelineResult {
  const {
    status,
    recommendation,
    confidence,
    commentUrl,
    decision,
    noDecisionReason,
    gateConclusion,
    decisionRecordFile,
  } = result;
  const optional = { noDecisionReason, gateConclusion, decisionRecordFile };
  clients.stepOutputs.setOutputs({
    status,
    recommendation,
    confidence,
    commentUrl,
    decision,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  });
  const reason = noDecisionReason && noDecisionReason !== 'not-run' ? noDecisionReason : undefined;
  const outcome =
    result.outcome ?? (reason && meaningLine({ kind: 'no-decision', reason, leaning: undefined }, (id) => id));
  return outcome === undefined ? result : { ...result, outcome };
}
