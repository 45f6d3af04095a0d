import { checkModels, type RoleModels } from '../llm/check-models.js';
import { loadPrompt } from '../debate/prompts.js';
import type { RunContext } from './run-context.js';
import { logModelCalls } from './log-model-calls.js';
import { step } from './step-error.js';

/**
 * Pre-flight (issue #12): one short call per distinct model before anything is spent on the debate.
 * Warnings (models without a known price) go to the log; the calls go on the run, for its usage and cost.
 * @throws StepError naming the step and, inside, the model that failed, its input, its provider and the answer
 */
export async function checkRoleModels(run: RunContext): Promise<void> {
  const { clients, settings } = run;
  const roles: RoleModels = { model: settings.model, advocateModels: settings.advocateModels, judgeModel: settings.judgeModel, sources: settings.modelSources };
  const checked = await clients.log.group('Pre-flight', () =>
    step('checking that the models answer', () => checkModels(logModelCalls(clients.models, clients.log), roles, { system: loadPrompt('system'), instructions: loadPrompt('preflight') })),
  );
  for (const warning of checked.warnings) clients.log.warning(warning);
  run.preflightCalls = checked.calls;
}
