import { dispatch } from '../../src/modes/dispatch.js';
import { resolveTrigger } from '../../src/modes/resolve-trigger.js';
import type { PipelineClients, PipelineResult } from '../../src/pipeline/pipeline-types.js';
import type { Settings } from '../../src/settings/settings.js';
import type { Trigger } from '../../src/trigger/detect-trigger.js';

/** What the action does with a detected trigger (src/main.ts): resolve the look-ups, then dispatch it, once. */
export async function runTrigger(
  clients: PipelineClients,
  settings: Settings,
  trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>,
): Promise<PipelineResult> {
  return dispatch(clients, await resolveTrigger(clients, settings, trigger));
}
