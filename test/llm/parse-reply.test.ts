import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelReplyError } from '../../src/debate/model-client.js';
import { ZERO_USAGE } from '../../src/models/price-usage.js';
import { escapeRawControlCharacters, parseReply, readJson, stripCodeFence } from '../../src/llm/parse-reply.js';

describe('reading a reply as JSON', () => {
  it('strips a code fence around the whole reply, with or without an info string', () => {
    expect(readJson('```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(readJson('  ```\n{"a": 1}\n```\n')).toEqual({ a: 1 });
    expect(readJson('~~~JSON\n{"a": "```"}\n~~~')).toEqual({ a: '```' });
    // A fence inside the reply is content, not a wrapper.
    expect(stripCodeFence('{"a": "x"}\n```')).toBe('{"a": "x"}\n```');
  });

  it('tolerates raw line breaks and tabs inside strings, and leaves whitespace between tokens alone', () => {
    expect(readJson('{\n  "text": "line one\nline two\ttabbed",\n  "n": 1\n}')).toEqual({
      text: 'line one\nline two\ttabbed',
      n: 1,
    });
    expect(readJson('{"q": "say \\"hi\\"\nthen go"}')).toEqual({ q: 'say "hi"\nthen go' });
  });

  it('any JSON value written with raw control characters in its strings reads back as the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // JSON.stringify escapes control characters; un-escape \n, \r and \t as a sloppy model would write them.
        const sloppy = JSON.stringify(value, null, 1).replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\r/g, '\r');
        const hasEscapedBackslash = JSON.stringify(value).includes('\\\\');
        if (hasEscapedBackslash) return; // "\\n" is a backslash and an n, which the replace above would corrupt
        expect(readJson(sloppy)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(escapeRawControlCharacters('{"a": "\u0001"}')).toBe('{"a": "\\u0001"}');
  });

  it('validates with zod and says what is wrong, keeping the usage', () => {
    const schema = z.object({ n: z.number() });
    expect(parseReply('```json\n{"n": 2}\n```', schema, 'judge', ZERO_USAGE)).toEqual({ n: 2 });
    const usage = { ...ZERO_USAGE, output_tokens: 7 };
    const notJson = (() => {
      try {
        parseReply('Sure! Here is my answer.', schema, 'judge', usage);
      } catch (error) {
        return error;
      }
    })();
    expect(notJson).toBeInstanceOf(ModelReplyError);
    expect(notJson).toMatchObject({ problem: 'invalid', usage, issues: [expect.stringContaining('not valid JSON')] });
    expect(() => parseReply('{"n": "two"}', schema, 'judge', usage)).toThrow(
      /the judge reply did not match its schema: n: /,
    );
  });
});
