import { checkContextWindows, checkModels, type RoleModels } from '../llm/check-models.js';
import { loadPrompt } from '../debate/prompts.js';
import type { RunContext } from './run-context.js';
import { logModelCalls } from './log-model-calls.js';
import { step } from './step-error.js';

/**
 * Pre-flight (issue #12): one short call per distinct model before anything is spent on the debate.
 * Warnings (models without a known price) and notes (structured outputs switched off) go to the log;
 * the notes and the calls go on the run, for its comment, usage and cost.
 * Before the calls, each model's context window is checked against the evidence pack (`checkContextWindows`).
 * @param packTokens the evidence pack's estimated tokens
 * @throws StepError naming the step and, inside, the model that failed, its input, its provider and the answer
 */
export async function checkRoleModels(run: RunContext, packTokens: number): Promise<void> {
  const { clients, settings } = run;
  const roles: RoleModels = { model: settings.model, advocateModels: settings.advocateModels, judgeModel: settings.judgeModel, sources: settings.modelSources };
  await step('checking that the evidence fits each model', () => Promise.resolve().then(() => checkContextWindows(roles, packTokens)));
  const checked = await clients.log.group('Pre-flight', () =>
    step('checking that the models answer', () => checkModels(logModelCalls(clients.models, clients.log), roles, { system: loadPrompt('system'), instructions: loadPrompt('preflight') })),
  );
  for (const warning of [...checked.warnings, ...checked.notes]) clients.log.warning(warning);
  run.notes = [...(run.notes ?? []), ...checked.notes];
  run.preflightCalls = checked.calls;
}
