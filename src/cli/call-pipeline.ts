/**
 * The one place the CLI meets the action's modes, so that they can move without the CLI noticing: the
 * CLI resolves its trigger and hands it to the dispatcher with clients and settings, as `main.ts` does,
 * with a publisher of its own (a dry run writes nothing).
 */
export { dispatch } from '../modes/dispatch.js';
export { resolveTrigger } from '../modes/resolve-trigger.js';
export { describeFailure } from '../pipeline/step-error.js';
export { RunStopped } from '../llm/stop-signal.js';
export { startModels, type Cancellation } from '../llm/start-models.js';
export type { Log } from '../pipeline/pipeline-types.js';
