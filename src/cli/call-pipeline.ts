/**
 * The one place the CLI meets the action's pipeline, so that the pipeline can move without the CLI
 * noticing: the CLI hands it clients, settings and a trigger, as `main.ts` does, and a publisher of
 * its own (a dry run writes nothing).
 */
export { describeFailure, RunStopped, runPipeline, type Log, type PipelineClients, type PipelineResult } from '../pipeline.js';
