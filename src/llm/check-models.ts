import { z } from 'zod';
import { ModelReplyError, type ModelClient, type TokenUsage } from '../debate/model-client.js';
import { MAX_TOKENS } from '../debate/phases/debate-context.js';
import type { CallLogEntry } from '../debate/debate-types.js';
import { ZERO_USAGE } from '../models/price-usage.js';
import { claudeModelFacts, outputBudget } from './claude-models.js';
import { ModelCallError } from './model-call-error.js';
import { openAiModelFacts } from './openai-models.js';
import { parseModelId, PROVIDER_NAMES } from '../models/model-id.js';

/**
 * Pre-flight (issue #12): before the debate, one short call per distinct model proves it answers, so a
 * wrong model id, a missing credential or an unreachable endpoint stops the run before anything is
 * spent on it, with a message that names the model and the provider's answer.
 *
 * The call is tiny (a few dozen tokens in, at most {@link PREFLIGHT_MAX_TOKENS} out) rather than a
 * prompt-cache warm-up with the evidence prefix: the cache key covers the output format, which the
 * debate keys by its position ids, so a pre-flight with the evidence would write an entry no debate
 * call reads, at 1.25x the pack's input price per model. The debate warms its own cache per fan-out.
 * Pure over {@link ModelClient}.
 */

/** Output cap of a pre-flight call: enough for `{"ready": true}`. */
export const PREFLIGHT_MAX_TOKENS = 16;

/** Any JSON object: a pre-flight reply only has to arrive. */
const readySchema = z.object({ ready: z.boolean() });

/** The role models of a run and where each came from (input or default). */
export interface RoleModels {
  model: string;
  advocateModels: string[];
  judgeModel: string;
  /** Input `reader-model`, when the run has reader calls (issue #40); else undefined. */
  readerModel?: string | undefined;
  /** Whether `advocate-models` and `judge-model` were set or defaulted to `model`, to name the inputs in a message. */
  sources: { advocates: 'input' | 'default'; judge: 'input' | 'default' };
}

/** A model whose context window cannot hold the evidence pack and a reply: the run stops before the debate. */
export class ContextWindowTooSmall extends Error {
  override name = 'ContextWindowTooSmall';
}

/** Input tokens a call adds to the evidence pack: the system text, a phase's transcript, the instructions and the schema. */
const CALL_OVERHEAD_TOKENS = 24_000;

/**
 * Checks that each Claude model's context window holds the evidence pack, a call's other input and
 * the largest output it may be asked for (thinking included); a reader's, its largest part. "If the input
 * alone already exceeds the model's context window, the API returns a 400 `invalid_request_error`
 * ("prompt is too long")", and on Claude 4.5 models and newer a reply that reaches the window "stops with
 * `stop_reason: "model_context_window_exceeded"`" (platform.claude.com, context windows): Claude Haiku 4.5 has 200k.
 * @param packTokens the evidence pack's tokens on each model (`countPackTokens`: counted, or estimated), or one
 *   figure for all
 * @param partTokens the largest reader part's tokens on `roles.readerModel`, when there are reader calls
 * @throws ContextWindowTooSmall naming the model, its window, the need and the fix
 */
export function checkContextWindows(
  roles: RoleModels,
  packTokens: number | ReadonlyMap<string, number>,
  partTokens = 0,
): void {
  const packOn = (model: string) => (typeof packTokens === 'number' ? packTokens : (packTokens.get(model) ?? 0));
  // Per model, its largest call: the evidence it reads (the pack, or a reader's part), the prompts around it and the reply.
  const needs = new Map<string, { tokens: number; input: number; what: string }>();
  const need = (
    model: string,
    role: 'moderator' | 'reader' | 'advocate' | 'judge',
    reply: number,
    input = packOn(model),
  ) => {
    const tokens = input + CALL_OVERHEAD_TOKENS + outputBudget(model, role, reply);
    if (tokens > (needs.get(model)?.tokens ?? 0))
      needs.set(model, { tokens, input, what: role === 'reader' ? "a reader's part" : 'the evidence pack' });
  };
  need(roles.model, 'moderator', MAX_TOKENS.moderator);
  if (roles.readerModel !== undefined) need(roles.readerModel, 'reader', MAX_TOKENS.reader, partTokens);
  for (const model of roles.advocateModels) need(model, 'advocate', MAX_TOKENS.advocate);
  need(roles.judgeModel, 'judge', MAX_TOKENS.judge);
  for (const [model, { tokens, input, what }] of needs) {
    const window = model.startsWith('openai:')
      ? openAiModelFacts(model.slice('openai:'.length))?.contextWindow
      : claudeModelFacts(model)?.contextWindow;
    if (window === undefined || tokens <= window) continue;
    const fit = window - (tokens - input);
    throw new ContextWindowTooSmall(
      `Model "${model}" has a ${window.toLocaleString('en-US')}-token context window, but its calls need about ${tokens.toLocaleString('en-US')}: ${what} (~${input.toLocaleString('en-US')} tokens), the prompts around it and the reply with room for thinking. ` +
        (fit > 0
          ? `Set max-evidence-tokens to at most ${fit.toLocaleString('en-US')}, or choose a model with a larger context window.`
          : 'Choose a model with a larger context window.'),
    );
  }
}

/** A role model did not answer: the run stops before the debate. */
export class ModelNotReachable extends Error {
  override name = 'ModelNotReachable';
}

/**
 * What pre-flight found. There is no fallback model: a role model that is not set defaults to `model`
 * itself (`settings.ts`), so every model called here is one the user named or `model` (issue #20).
 */
export interface PreflightResult {
  /** What a provider said about the rest of the run (structured outputs switched off), for the log and the comment's notes. */
  notes: string[];
  /** The pre-flight calls, one per distinct model, so the record's usage and cost count them as the cap does. */
  calls: CallLogEntry[];
}

/** The inputs that name each role's model, for messages. */
function inputsNaming(model: string, roles: RoleModels): string[] {
  const inputs: string[] = [];
  if (roles.model === model) inputs.push('model');
  if (roles.advocateModels.includes(model) && roles.sources.advocates === 'input') inputs.push('advocate-models');
  if (roles.judgeModel === model && roles.sources.judge === 'input') inputs.push('judge-model');
  if (roles.readerModel === model && inputs.length === 0) inputs.push('reader-model');
  return inputs;
}

/**
 * Calls each distinct model once, in parallel.
 * @param instructions the pre-flight prompt (`prompts/preflight.md`)
 * @returns the notes and the calls (a model without a price never gets here: `findProblem` refuses the run first)
 * @throws ModelNotReachable when a model fails (the message names it, its input, its provider and the
 *   provider's answer); the run's stop reason when the run was stopped
 */
export async function checkModels(
  client: ModelClient,
  roles: RoleModels,
  prompt: { system: string; instructions: string },
): Promise<PreflightResult> {
  const distinct = [
    ...new Set([
      roles.model,
      ...roles.advocateModels,
      roles.judgeModel,
      ...(roles.readerModel === undefined ? [] : [roles.readerModel]),
    ]),
  ];
  const calls: CallLogEntry[] = [];
  const notices = new Set<string>();
  const answers = await Promise.all(
    distinct.map(async (model) => {
      const started = Date.now();
      const logCall = (usage: TokenUsage, ok: boolean, answered = model) =>
        calls.push({
          role: 'moderator',
          purpose: 'pre-flight',
          positionId: undefined,
          model: answered,
          usage,
          durationMs: Date.now() - started,
          ok,
          retry: false,
        });
      try {
        const reply = await client.complete({
          role: 'moderator',
          model,
          system: prompt.system,
          evidence: 'pr-debate pre-flight',
          instructions: prompt.instructions,
          format: readySchema,
          schema: readySchema,
          maxTokens: PREFLIGHT_MAX_TOKENS,
          meta: { phase: 'preflight', retry: false },
        });
        logCall(reply.usage, true, reply.model);
        if (reply.notice) notices.add(reply.notice);
        return undefined;
      } catch (error) {
        // A reply that arrived but is not the JSON asked for (cut at the token cap, say) still proves the model answers.
        if (error instanceof ModelReplyError) {
          logCall(error.usage ?? ZERO_USAGE, false);
          return undefined;
        }
        // What the provider answered (or that it did not); anything else (the run stopped, the cap) is not about this model.
        if (
          error instanceof ModelCallError ||
          (error instanceof Error && error.message.startsWith('the model API stopped sending'))
        )
          return error.message;
        throw error;
      }
    }),
  );
  const failed = new Map(
    distinct.flatMap((model, i): [string, string][] => {
      const answer = answers[i];
      return answer === undefined ? [] : [[model, answer]];
    }),
  );
  if (failed.size > 0) {
    throw new ModelNotReachable(
      [...failed]
        .map(
          ([model, answer]) =>
            `Model "${model}" (input ${inputsNaming(model, roles).join(', ')}; ${PROVIDER_NAMES[parseModelId(model).provider]}) did not answer the pre-flight call: ${answer}.`,
        )
        .join(' ') + ' The debate did not start, and nothing was spent on it.',
    );
  }
  return { notes: [...notices], calls };
}
