import { z } from 'zod';
import type { CallMeta, ModelCall } from '../../src/debate/model-client.js';
import type { MessagesRequest, Responder, ScriptedReply } from './anthropic-server.js';
import { debateScript } from './debate-script.js';
import { describeCall } from './scripted-models.js';

/** What the engine asked for, read back from a Messages API request (the evidence block, then the instructions). */
export function callOf(request: MessagesRequest, meta: CallMeta | undefined): ModelCall<unknown> {
  const blocks = request.messages[0]?.content;
  const texts = typeof blocks === 'string' ? [blocks] : (blocks ?? []).map((b) => b.text);
  // The client sends the evidence, then (from cross-examination on) the transcript, then the instructions last (claude-message-parts.ts).
  const transcript = texts.length > 2 ? texts[1] : undefined;
  return {
    role: 'advocate',
    model: request.model,
    system: '',
    evidence: texts[0] ?? '',
    ...(transcript === undefined ? {} : { transcript }),
    instructions: texts.at(-1) ?? '',
    format: z.unknown(),
    schema: z.unknown(),
    maxTokens: request.max_tokens,
    meta,
  };
}

/** What {@link describeCall} says about a call. */
export type CallInfo = ReturnType<typeof describeCall>;

/**
 * The default debate script served by the Messages API; `fault` may answer a call instead (an error,
 * a hang), given what the call is.
 */
export function scriptedModel(
  fault?: (info: CallInfo, request: MessagesRequest) => ScriptedReply | undefined,
): Responder {
  const script = debateScript();
  return (request, { callIndex, call: meta }) => {
    const call = callOf(request, meta);
    return fault?.(describeCall(call), request) ?? { text: JSON.stringify(script(call, callIndex)) };
  };
}
