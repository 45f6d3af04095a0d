import type { z } from 'zod';
import { formatIssues, ModelReplyError, type ModelRole, type TokenUsage } from '../debate/model-client.js';

/**
 * Every model reply, whatever its provider, goes through here: its text is read as JSON and validated
 * with the call's zod schema. Pure.
 *
 * Backends without a JSON-schema response format (Ollama's OpenAI-compatible endpoint, many vLLM and
 * LiteLLM set-ups) answer JSON in text, often inside a Markdown code fence, and some models write a
 * line break inside a string literally instead of as `\n`. Both are accepted: the fence around the
 * whole reply is stripped, and raw line breaks and tabs inside strings are escaped before parsing.
 * Anything else that is not JSON is a {@link ModelReplyError} with problem `invalid`, which the engine's
 * repair retry names to the model.
 */

/** A reply that is wholly one fenced block: three or more backticks (or tildes), an optional info string, the body, the same fence. */
const FENCE = /^\s*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1\s*$/;

/** The reply text without a code fence around the whole of it (CommonMark fenced code block, section 4.5). */
export function stripCodeFence(text: string): string {
  const match = FENCE.exec(text);
  return match ? match[2]! : text;
}

/**
 * Escapes raw control characters inside JSON string literals (JSON, RFC 8259 section 7: "All Unicode
 * characters may be placed within the quotation marks, except for ... the control characters (U+0000
 * through U+001F)"). Characters outside strings are left alone: there they are whitespace.
 */
export function escapeRawControlCharacters(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      else if (char < ' ') {
        out +=
          char === '\n'
            ? '\\n'
            : char === '\r'
              ? '\\r'
              : char === '\t'
                ? '\\t'
                : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
        continue;
      }
    } else if (char === '"') inString = true;
    out += char;
  }
  return out;
}

/**
 * Reads a reply's text as JSON, leniently as described above.
 * @throws SyntaxError when it is not JSON even after the fence and raw line breaks are dealt with
 */
export function readJson(text: string): unknown {
  const body = stripCodeFence(text).trim();
  try {
    return JSON.parse(body);
  } catch (error) {
    const repaired = escapeRawControlCharacters(body);
    if (repaired === body) throw error;
    return JSON.parse(repaired);
  }
}

/**
 * Parses and validates one reply.
 * @param usage the call's usage, kept on the error so the failed call's tokens are still counted
 * @throws ModelReplyError (`invalid`) naming the JSON error or the schema issues
 */
export function parseReply<T>(text: string, schema: z.ZodType<T>, role: ModelRole, usage: TokenUsage): T {
  let json: unknown;
  try {
    json = readJson(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ModelReplyError(`the ${role} reply is not JSON: ${detail}`, usage, 'invalid', [
      `the reply is not valid JSON (${detail})`,
    ]);
  }
  const output = schema.safeParse(json);
  if (!output.success) {
    const issues = formatIssues(output.error.issues);
    throw new ModelReplyError(
      `the ${role} reply did not match its schema: ${issues.slice(0, 3).join('; ')}`,
      usage,
      'invalid',
      issues,
    );
  }
  return output.data;
}
