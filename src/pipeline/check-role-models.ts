import { checkContextWindows, checkModels, type RoleModels } from '../llm/check-models.js';
import { countPackTokens, type PackCount } from '../llm/count-pack-tokens.js';
import { estimateTokensOn } from '../llm/pack-tokenizer.js';
import type { ReaderPlan } from '../debate/reading-types.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import type { RunModelClient } from '../llm/refusal-fallback.js';
import { loadPrompt } from '../debate/prompts.js';
import type { CallLogEntry } from '../debate/debate-types.js';
import type { RunContext } from './run-context.js';
import { logModelCalls } from './log-model-calls.js';
import { step } from './step-error.js';

/** Characters a reader part's preamble takes at most (the pack's preamble and the part's heading), for its context check. */
const PART_PREAMBLE_ESTIMATE_CHARS = 5_000;

/** What the pre-flight check found that the record keeps. */
export interface PreflightFindings {
  /** Sentences for the comment's engine notes (structured outputs switched off). */
  notes: string[];
  /** The calls, counted in the record's usage and cost as the spending cap counts them. */
  calls: CallLogEntry[];
  /** The pack's tokens on each model: counted by its provider, or estimated for its tokenizer (`countPackTokens`), for the plan's estimate. */
  packCounts: Map<string, PackCount>;
}

/**
 * Pre-flight (issue #12): one short call per distinct model before anything is spent on the debate.
 * Notes (structured outputs switched off) go to the log;
 * the notes and the calls are returned, for the run's comment, usage and cost (`saveResult`).
 * Before the calls, the pack's tokens are counted on each model where the provider has a free count endpoint
 * (else estimated for its tokenizer, and the log says so: `countPackTokens`), and each model's context window
 * is checked against them (`checkContextWindows`).
 * @param pack the evidence pack: its text and estimated tokens, and the parts readers read
 * @param readers the plan's reader calls (issue #40): the reader model is checked with them, on the largest part it reads
 * @returns `notes`: sentences for the comment's engine notes; `calls`: the pre-flight calls, one per distinct model;
 *   `packCounts`: the pack's tokens per model
 * @throws StepError naming the step and, inside, the model that failed, its input, its provider and the answer
 */
export async function checkRoleModels(
  run: RunContext,
  pack: Pick<EvidencePack, 'text' | 'coverage'>,
  readers: ReaderPlan,
): Promise<PreflightFindings> {
  const { clients, settings } = run;
  const reading = readers.calls > 0 ? pack.coverage.parts.slice(0, readers.calls) : [];
  const roles: RoleModels = {
    model: settings.models.model,
    advocateModels: settings.models.advocateModels,
    judgeModel: settings.models.judgeModel,
    readerModel: reading.length > 0 ? readers.model : undefined,
    sources: settings.models.sources,
  };
  const packCounts = await step('checking that the evidence fits each model', async () => {
    const models: RunModelClient = clients.models;
    const { counts, lines } = await countPackTokens(
      [roles.model, ...roles.advocateModels, roles.judgeModel],
      { system: loadPrompt('system'), text: pack.text },
      models,
    );
    for (const line of lines) clients.log.info(line);
    // A reader reads its part, not the pack: the largest part, with the preamble parts carry (estimated for the reader's tokenizer).
    const largest = Math.max(0, ...reading.map((part) => part.chars));
    checkContextWindows(
      roles,
      new Map([...counts].map(([model, count]) => [model, count.tokens])),
      reading.length > 0 ? estimateTokensOn(readers.model, largest + PART_PREAMBLE_ESTIMATE_CHARS) : 0,
    );
    return counts;
  });
  const checked = await clients.log.group('Pre-flight', () =>
    step('checking that the models answer', () =>
      checkModels(logModelCalls(clients.models, clients.log), roles, {
        system: loadPrompt('system'),
        instructions: loadPrompt('preflight'),
      }),
    ),
  );
  for (const warning of checked.notes) clients.log.warning(warning);
  return { notes: checked.notes, calls: checked.calls, packCounts };
}
