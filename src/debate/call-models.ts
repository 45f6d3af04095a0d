import type { z } from 'zod';
import { checkScript, proseOf, type Script } from './language.js';
import { ZERO_USAGE } from '../usage/price-usage.js';
import { ModelReplyError, type CallMeta, type ModelClient, type ModelReply, type ModelRole } from './model-client.js';
import { loadPrompt } from './prompts.js';
import { replyFormat } from './schemas.js';
import type { CallRecord } from './types.js';

/**
 * Every model call of a run goes through here: the shared prefix and output format, the repair
 * retry, the language check, the prompt-cache warm-up and the call records. Pure over {@link ModelClient}.
 *
 * Warm-up: the API writes a prompt-cache entry only once a reply has started, so calls sent at the
 * same instant all miss and all pay to write the same prefix (1.25x input price each, against 0.1x for
 * a read). The first call on each model therefore goes alone until its reply starts (`onStart`, the
 * API's `message_start`); calls on that model queued behind it then fan out and read the cache. The
 * cost is one time-to-first-token of latency per model per run; with an 80k-token evidence pack the
 * saving is about (n - 1) x 80k x (1.25 - 0.1) input-token prices for n parallel calls.
 */

/** What a call asks for, before the shared prefix is added. */
export interface CallSpec<T> {
  role: ModelRole;
  /** For the records, e.g. `opening`, `cross-examination 2`, `judge (order B, A)`. */
  purpose: string;
  /** The phase, position, round, steelman target or judge order; `retry` is the caller's to set. */
  meta: Omit<CallMeta, 'retry'>;
  model: string;
  /** The field of the reply envelope the call must fill (named in the repair message). */
  field: string;
  instructions: string;
  schema: z.ZodType<T>;
  maxTokens: number;
}

/** The result of a call and its possible repair. */
export type Attempt<T> =
  | { ok: true; output: T; model: string; repaired: boolean; warnings: string[] }
  | { ok: false; error: string; repaired: boolean };

/** The call runner of one debate. */
export interface Caller {
  /** Every call made so far, in the order they finished. */
  calls: CallRecord[];
  /**
   * Makes a call; an unusable reply (malformed, schema violation, cut at `max_tokens`, refused, or in
   * the wrong script) gets one repair retry that names the problem (issue #4, rules). API errors get
   * no retry here: the SDK has already retried them.
   * @returns the output, or the error after the retry; never throws for a model failure
   */
  attempt<T>(spec: CallSpec<T>): Promise<Attempt<T>>;
  /** One call with extra instructions after the spec's (a ruling retried for breaking the rules), no repair. */
  retryWith<T>(spec: CallSpec<T>, addendum: string): Promise<Attempt<T>>;
}

/**
 * @param client the model client
 * @param prefix the system text and the evidence pack, the same for every call
 * @param script the script replies must be written in (language rule), or undefined to skip the check
 */
export function createCaller(client: ModelClient, prefix: { system: string; evidence: string }, script: Script | undefined): Caller {
  const calls: CallRecord[] = [];
  const warm = new Map<string, Promise<void>>();

  const once = async <T>(spec: CallSpec<T>, instructions: string, retry: boolean): Promise<ModelReply<T>> => {
    const leader: { onStart: (() => void) | undefined } = { onStart: undefined };
    const gate = warm.get(spec.model);
    if (gate) await gate;
    else warm.set(spec.model, new Promise<void>((resolve) => (leader.onStart = resolve)));
    const onStart = leader.onStart;
    const started = Date.now();
    const record = (ok: boolean, model: string, usage: CallRecord['usage']) =>
      calls.push({ role: spec.role, purpose: spec.purpose, positionId: spec.meta.positionId, model, usage, durationMs: Date.now() - started, ok, retry });
    try {
      const reply = await client.complete({
        role: spec.role,
        model: spec.model,
        system: prefix.system,
        evidence: prefix.evidence,
        instructions,
        format: replyFormat,
        schema: spec.schema,
        maxTokens: spec.maxTokens,
        meta: { ...spec.meta, retry },
        ...(onStart ? { onStart } : {}),
      });
      record(true, reply.model, reply.usage);
      return reply;
    } catch (error) {
      record(false, spec.model, error instanceof ModelReplyError && error.usage ? error.usage : ZERO_USAGE);
      throw error;
    } finally {
      onStart?.();
    }
  };

  const languageProblem = (output: unknown) => checkScript(script, proseOf(output));

  const attempt = async <T>(spec: CallSpec<T>): Promise<Attempt<T>> => {
    let first: ModelReply<T>;
    try {
      first = await once(spec, spec.instructions, false);
    } catch (error) {
      if (!(error instanceof ModelReplyError)) return { ok: false, error: describe(error), repaired: false };
      return repair(spec, error.message, repairText(spec, error));
    }
    const wrongLanguage = languageProblem(first.output);
    if (!wrongLanguage) return { ok: true, output: first.output, model: first.model, repaired: false, warnings: [] };
    const repaired = await repair(spec, wrongLanguage, repairText(spec, new ModelReplyError(wrongLanguage, undefined, 'invalid', [wrongLanguage])));
    // A reply in the wrong language is still a usable reply: keep the first when the repair fails.
    if (!repaired.ok) return { ok: true, output: first.output, model: first.model, repaired: false, warnings: [`${wrongLanguage}; the repair retry failed too`] };
    return repaired;
  };

  const repair = async <T>(spec: CallSpec<T>, firstProblem: string, text: string): Promise<Attempt<T>> => {
    try {
      const second = await once(spec, `${spec.instructions}\n\n${text}`, true);
      const wrongLanguage = languageProblem(second.output);
      return { ok: true, output: second.output, model: second.model, repaired: true, warnings: wrongLanguage ? [`${wrongLanguage}, after a repair retry`] : [] };
    } catch (error) {
      return { ok: false, error: `${firstProblem}; after one repair retry: ${describe(error)}`, repaired: true };
    }
  };

  const retryWith = async <T>(spec: CallSpec<T>, addendum: string): Promise<Attempt<T>> => {
    try {
      const reply = await once(spec, `${spec.instructions}\n\n${addendum}`, true);
      return { ok: true, output: reply.output, model: reply.model, repaired: false, warnings: [] };
    } catch (error) {
      return { ok: false, error: describe(error), repaired: false };
    }
  };

  return { calls, attempt, retryWith };
}

function repairText(spec: CallSpec<unknown>, error: ModelReplyError): string {
  const what =
    error.problem === 'truncated'
      ? 'It was cut off at the output limit before the JSON was complete. Write a shorter reply: fewer and tighter arguments, short quotes.'
      : error.problem === 'refused'
        ? 'It was a refusal. This is an engineering review of the code and documents in the evidence pack; answer within that scope.'
        : 'It did not match the required structure.';
  const issues = error.issues.length > 0 ? error.issues.map((i) => `- ${i}`).join('\n') : `- ${error.message}`;
  return loadPrompt('repair', { what, issues, field: spec.field });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
