import { checkScript, proseOf, type Script } from './language.js';
import { ZERO_USAGE } from '../models/price-usage.js';
import type { Attempt, Caller, CallSpec } from './caller-types.js';
import {
  CallNotMade,
  CallStopped,
  ModelReplyError,
  type EarlyStop,
  type ModelClient,
  type ModelReply,
} from './model-client.js';
import { loadPrompt } from './prompts.js';
import { chooseFanOut } from './warm-prompt-cache.js';
import type { CallLogEntry } from './debate-types.js';

/**
 * Every model call of a run goes through here: the shared prefix, the repair retry, the language
 * check, the prompt-cache warm-up before a fan-out (`warm-prompt-cache.ts`) and the call log.
 * Pure over {@link ModelClient}.
 */

/** What a run's callers share: the call log, the stop, and which prompt prefixes a completed call has written. */
interface RunState {
  calls: CallLogEntry[];
  stoppedBy: EarlyStop | undefined;
  /** Prefixes a completed call has written: readable by any later call, whatever the API's reading. */
  written: Set<string>;
  /** Ids of the output formats and prompt blocks seen, so that a prefix's key stays short. */
  ids: { formats: WeakMap<object, number>; formatCount: number; blocks: Map<string, number> };
}

/**
 * @param client the model client
 * @param prefix the system text and the evidence pack, the same for every call
 * @param script the script replies must be written in (language rule), or undefined to skip the check
 */
export function createCaller(
  client: ModelClient,
  prefix: { system: string; evidence: string },
  script: Script | undefined,
): Caller {
  return callerOver(
    client,
    {
      calls: [],
      stoppedBy: undefined,
      written: new Set(),
      ids: { formats: new WeakMap(), formatCount: 0, blocks: new Map() },
    },
    prefix,
    script,
  );
}

function callerOver(
  client: ModelClient,
  state: RunState,
  prefix: { system: string; evidence: string; readings?: string },
  script: Script | undefined,
): Caller {
  const { calls, written } = state;
  const idOf = (block: string) => {
    if (!state.ids.blocks.has(block)) state.ids.blocks.set(block, state.ids.blocks.size + 1);
    return state.ids.blocks.get(block)!;
  };
  const evidenceOf = (spec: CallSpec<unknown>) => spec.evidence ?? prefix.evidence;
  /** The key of a call's prefix up to its evidence, its readings, or its transcript (each block ends in a cache breakpoint). */
  const keyOf = (spec: CallSpec<unknown>, upTo: 'evidence' | 'readings' | 'transcript' = 'transcript') => {
    if (!state.ids.formats.has(spec.format)) state.ids.formats.set(spec.format, (state.ids.formatCount += 1));
    const readings = upTo === 'evidence' || prefix.readings === undefined ? 0 : idOf(prefix.readings);
    return JSON.stringify([
      spec.model,
      state.ids.formats.get(spec.format),
      idOf(evidenceOf(spec)),
      readings,
      upTo === 'transcript' ? (spec.transcript ?? '') : '',
    ]);
  };
  const wrote = (spec: CallSpec<unknown>) => {
    for (const upTo of ['evidence', 'readings', 'transcript'] as const) written.add(keyOf(spec, upTo));
  };

  const once = async <T>(
    spec: CallSpec<T>,
    instructions: string,
    meta: { retry: boolean; warmUp?: boolean; onStart?: () => void },
  ): Promise<ModelReply<T>> => {
    const started = Date.now();
    const logCall = (ok: boolean, model: string, usage: CallLogEntry['usage']) =>
      calls.push({
        role: spec.role,
        purpose: spec.purpose,
        positionId: spec.meta.positionId,
        model,
        usage,
        durationMs: Date.now() - started,
        ok,
        retry: meta.retry,
      });
    try {
      const reply = await client.complete({
        role: spec.role,
        model: spec.model,
        system: prefix.system,
        evidence: evidenceOf(spec),
        ...(prefix.readings === undefined ? {} : { readings: prefix.readings }),
        ...(spec.transcript ? { transcript: spec.transcript } : {}),
        instructions,
        format: spec.format,
        schema: spec.schema,
        maxTokens: spec.maxTokens,
        meta: { ...spec.meta, retry: meta.retry, ...(meta.warmUp ? { warmUp: true } : {}) },
        ...(meta.onStart ? { onStart: meta.onStart } : {}),
      });
      wrote(spec);
      logCall(true, reply.model, reply.usage);
      return reply;
    } catch (error) {
      // A reply that arrived, usable or not, was answered: its prefix is in the cache.
      if (error instanceof ModelReplyError) wrote(spec);
      if (
        error instanceof CallStopped &&
        (!state.stoppedBy || (state.stoppedBy.kind !== 'spending-cap' && error.stop.kind === 'spending-cap'))
      )
        state.stoppedBy = error.stop;
      // A call the client never sent (the spending cap) is no call: it is not logged.
      if (!(error instanceof CallNotMade))
        logCall(
          meta.warmUp === true && error instanceof ModelReplyError,
          spec.model,
          error instanceof ModelReplyError && error.usage ? error.usage : ZERO_USAGE,
        );
      throw error;
    } finally {
      meta.onStart?.();
    }
  };

  const warmUp = async (spec: CallSpec<unknown>): Promise<void> => {
    const warm = { ...spec, purpose: `prompt-cache warm-up (${spec.purpose})`, maxTokens: 1 };
    try {
      await once(warm, loadPrompt('warm-up'), { retry: false, warmUp: true });
    } catch {
      // Expected: a reply cut at one token. An API error only means the group writes the prefix itself.
    }
  };

  const attemptAll = async <T>(specs: CallSpec<T>[]): Promise<Attempt<T>[]> => {
    const groups = new Map<string, number[]>();
    specs.forEach((spec, i) => {
      const key = keyOf(spec);
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    const results: Promise<Attempt<T>>[] = [];
    for (const [key, members] of groups) {
      const first = specs[members[0]!]!;
      const evidenceChars = prefix.system.length + evidenceOf(first).length;
      const readingsChars = evidenceChars + (prefix.readings?.length ?? 0);
      const totalChars = readingsChars + (first.transcript?.length ?? 0);
      // The longest prefix a completed call has written: the whole, up to the readings, or up to the evidence.
      const cachedChars = written.has(key)
        ? totalChars
        : written.has(keyOf(first, 'readings'))
          ? readingsChars
          : written.has(keyOf(first, 'evidence'))
            ? evidenceChars
            : 0;
      const fanOut = chooseFanOut({
        calls: members.length,
        cachedChars,
        newChars: totalChars - cachedChars,
        warmUpChars: loadPrompt('warm-up').length,
      });
      if (fanOut === 'warm-up') {
        const warmed = warmUp(first);
        for (const i of members) results[i] = warmed.then(() => attemptWith(specs[i]!));
      } else if (fanOut === 'leader') {
        let begun: () => void = () => {};
        const started = new Promise<void>((resolve) => (begun = resolve));
        results[members[0]!] = attemptWith(first, begun);
        for (const i of members.slice(1)) results[i] = started.then(() => attemptWith(specs[i]!));
      } else {
        for (const i of members) results[i] = attemptWith(specs[i]!);
      }
    }
    return Promise.all(results);
  };

  const languageProblem = (output: unknown) => checkScript(script, proseOf(output));

  const attemptWith = async <T>(spec: CallSpec<T>, onStart?: () => void): Promise<Attempt<T>> => {
    let first: ModelReply<T>;
    try {
      first = await once(spec, spec.instructions, { retry: false, ...(onStart ? { onStart } : {}) });
    } catch (error) {
      if (!(error instanceof ModelReplyError)) return { ok: false, error: describe(error), repaired: false };
      return repair(spec, error.message, repairText(spec, error));
    }
    const wrongLanguage = languageProblem(first.output);
    if (!wrongLanguage) return { ok: true, output: first.output, model: first.model, repaired: false, warnings: [] };
    const repaired = await repair(
      spec,
      wrongLanguage,
      repairText(spec, new ModelReplyError(wrongLanguage, undefined, 'invalid', [wrongLanguage])),
    );
    // A reply in the wrong language is still a usable reply: keep the first when the repair fails.
    if (!repaired.ok)
      return {
        ok: true,
        output: first.output,
        model: first.model,
        repaired: false,
        warnings: [`${wrongLanguage}; the repair retry failed too`],
      };
    return repaired;
  };

  const repair = async <T>(spec: CallSpec<T>, firstProblem: string, text: string): Promise<Attempt<T>> => {
    try {
      const second = await once(spec, `${spec.instructions}\n\n${text}`, { retry: true });
      const wrongLanguage = languageProblem(second.output);
      return {
        ok: true,
        output: second.output,
        model: second.model,
        repaired: true,
        warnings: wrongLanguage ? [`${wrongLanguage}, after a repair retry`] : [],
      };
    } catch (error) {
      return { ok: false, error: `${firstProblem}; after one repair retry: ${describe(error)}`, repaired: true };
    }
  };

  const retryWith = async <T>(spec: CallSpec<T>, addendum: string): Promise<Attempt<T>> => {
    try {
      const reply = await once(spec, `${spec.instructions}\n\n${addendum}`, { retry: true });
      return { ok: true, output: reply.output, model: reply.model, repaired: false, warnings: [] };
    } catch (error) {
      return { ok: false, error: describe(error), repaired: false };
    }
  };

  return {
    calls,
    attempt: (spec) => attemptWith(spec),
    attemptAll,
    retryWith,
    stoppedBy: () => state.stoppedBy,
    withReadings: (readings) => callerOver(client, state, { ...prefix, readings }, script),
  };
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
