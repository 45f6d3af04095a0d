/**
 * The one place the CLI meets the action's pipeline, so that the pipeline can move without the CLI
 * noticing: the CLI hands it clients, settings and a trigger, as `main.ts` does, with a publisher of
 * its own (a dry run writes nothing).
 */
export { runPipeline } from '../modes/dispatch.js';
export { describeFailure } from '../pipeline/step-error.js';
export { runSecrets } from '../pipeline/run-context.js';
export { RunStopped } from '../llm/stop-signal.js';
export { startModels, type Cancellation } from '../llm/start-models.js';
export type { Log, PipelineClients, PipelineResult, StepOutputs } from '../pipeline/pipeline-types.js';
