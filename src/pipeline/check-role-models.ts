import { checkContextWindows, checkModels, type RoleModels } from '../llm/check-models.js';
import { loadPrompt } from '../debate/prompts.js';
import type { CallLogEntry } from '../debate/debate-types.js';
import type { RunContext } from './run-context.js';
import { logModelCalls } from './log-model-calls.js';
import { step } from './step-error.js';

/** What the pre-flight check found that the record keeps. */
export interface PreflightFindings {
  /** Sentences for the comment's engine notes (structured outputs switched off). */
  notes: string[];
  /** The calls, counted in the record's usage and cost as the spending cap counts them. */
  calls: CallLogEntry[];
}

/**
 * Pre-flight (issue #12): one short call per distinct model before anything is spent on the debate.
 * Warnings (models without a known price) and notes (structured outputs switched off) go to the log;
 * the notes and the calls are returned, for the run's comment, usage and cost (`saveResult`).
 * Before the calls, each model's context window is checked against the evidence pack (`checkContextWindows`).
 * @param packTokens the evidence pack's estimated tokens
 * @returns `notes`: sentences for the comment's engine notes; `calls`: the pre-flight calls, one per distinct model
 * @throws StepError naming the step and, inside, the model that failed, its input, its provider and the answer
 */
export async function checkRoleModels(run: RunContext, packTokens: number): Promise<PreflightFindings> {
  const { clients, settings } = run;
  const roles: RoleModels = { model: settings.model, advocateModels: settings.advocateModels, judgeModel: settings.judgeModel, sources: settings.modelSources };
  await step('checking that the evidence fits each model', () => Promise.resolve().then(() => checkContextWindows(roles, packTokens)));
  const checked = await clients.log.group('Pre-flight', () =>
    step('checking that the models answer', () => checkModels(logModelCalls(clients.models, clients.log), roles, { system: loadPrompt('system'), instructions: loadPrompt('preflight') })),
  );
  for (const warning of [...checked.warnings, ...checked.notes]) clients.log.warning(warning);
  return { notes: checked.notes, calls: checked.calls };
}
