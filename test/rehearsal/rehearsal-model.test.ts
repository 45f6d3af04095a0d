import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderPart } from '../../src/evidence/render-part.js';
import { parseDiffEvidence, parseEvidence, type EvidenceFile } from '../../src/rehearsal/evidence-blocks.js';
import { startAnthropicServer, type AnthropicServer, type MessagesRequest } from '../support/anthropic-server.js';
import { overflowPack } from '../support/evidence-fixtures.js';
import { createRehearsalResponder, rehearseStructuredOutput } from '../../src/rehearsal/rehearsal-model.js';
import { descriptionConstraints } from '../../src/rehearsal/schema-keywords.js';

const citation = z.object({
  path: z.string(),
  line_start: z.number().int().min(1),
  line_end: z.number().int().min(1),
  quote: z.string(),
});

/** Nested citation arrays, an enum, a nullable field, minItems/maxItems, a reused ($ref) schema. */
const openingSchema = z.object({
  side: z.enum(['A', 'B']),
  thesis: z.string(),
  arguments: z
    .array(
      z.object({
        claim: z.string().min(10),
        citations: z.array(citation).min(1),
        rebuttal: z.object({ text: z.string(), citations: z.array(citation) }).nullable(),
      }),
    )
    .min(3)
    .max(5),
  key_citation: citation,
  confidence: z.enum(['low', 'medium', 'high']),
  tied_on_axis: z.string().nullable(),
  score: z.number().min(0).max(1),
  trade_offs: z.array(z.string()).min(2),
});

const TAG = 'EVIDENCE-3fa2c1d09b7e';

function fileBlock(path: string, label: string, lines: [number, string][]): string {
  return [
    `=== BEGIN ${TAG} FILE ${JSON.stringify(path)} (${label}) ===`,
    ...lines.map(([n, text]) => `${n} | ${text}`),
    `=== END ${TAG} FILE ${JSON.stringify(path)} ===`,
  ].join('\n');
}

const commandJs: [number, string][] = [
  [1, "'use strict';"],
  [2, "const EventEmitter = require('node:events').EventEmitter;"],
  [3, "const childProcess = require('node:child_process');"],
  [4, ''],
  [5, 'class Command extends EventEmitter {'],
  [6, '  constructor(name) {'],
  [7, '    super();'],
  [8, '    this.commands = [];'],
  [9, '    this.options = [];'],
  [10, '    this._allowUnknownOption = false;'],
  [11, '  }'],
];
const helpTs: [number, string][] = [
  [40, 'export function formatHelp(cmd: Command, helper: Help): string {'],
  [41, '  const termWidth = helper.padWidth(cmd, helper);'],
  [42, '  return helper.wrap(cmd.description(), termWidth, 2);'],
  [43, '}'],
];

const evidenceText = [
  'You are advocate A. Cite only the evidence below.',
  fileBlock('lib/command.js', 'head, modified', commandJs),
  `=== BEGIN ${TAG} DIFF "lib/command.js" ===\n@@ -1,3 +1,3 @@\n-12 | removed line that must not be cited\n=== END ${TAG} DIFF "lib/command.js" ===`,
  fileBlock('src/help.ts', 'head, added', helpTs),
].join('\n\n');

type Citation = z.infer<typeof citation>;

function collectCitations(value: unknown, out: Citation[] = []): Citation[] {
  if (Array.isArray(value)) for (const item of value) collectCitations(item, out);
  else if (value && typeof value === 'object') {
    const parsed = citation.safeParse(value);
    if (parsed.success) out.push(parsed.data);
    else for (const child of Object.values(value)) collectCitations(child, out);
  }
  return out;
}

function isVerifiable(c: Citation, evidence: EvidenceFile[]): boolean {
  const file = evidence.find((f) => f.path === c.path);
  if (!file || c.line_start !== c.line_end) return false;
  const line = file.lines.find((l) => l.line === c.line_start);
  return line !== undefined && c.quote.length > 0 && line.text.includes(c.quote);
}

function structuredRequest(text: string, schema: Record<string, unknown>): MessagesRequest {
  return {
    model: 'claude-sonnet-5-5',
    max_tokens: 4096,
    messages: [{ role: 'user', content: text }],
    output_config: { format: { type: 'json_schema', schema } },
  };
}

async function respond(responder: ReturnType<typeof createRehearsalResponder>, request: MessagesRequest, text: string) {
  const reply = await responder(request, { text, call: undefined });
  if (!('text' in reply)) throw new Error('expected a text reply');
  return reply.text;
}

describe('parseEvidence', () => {
  it('reads numbered lines of FILE blocks, ignoring other block kinds', () => {
    const evidence = parseEvidence(evidenceText);
    expect(evidence.map((f) => [f.path, f.label, f.lines.length])).toEqual([
      ['lib/command.js', 'head, modified', 11],
      ['src/help.ts', 'head, added', 4],
    ]);
    expect(evidence[0]?.lines[1]).toEqual({
      line: 2,
      text: "const EventEmitter = require('node:events').EventEmitter;",
    });
  });

  it('prefers the head block when a path appears twice, and handles escaped paths', () => {
    const text = [
      fileBlock('weird "name".js', 'base', [[1, 'base version of the line here']]),
      fileBlock('weird "name".js', 'head, modified', [[1, 'head version of the line here']]),
    ].join('\n');
    const [file] = parseEvidence(text);
    expect(file?.path).toBe('weird "name".js');
    expect(file?.lines[0]?.text).toBe('head version of the line here');
  });
});

describe('descriptionConstraints', () => {
  it('reads the constraints the SDK folded into a description', () => {
    expect(descriptionConstraints('Some field\n\n{minItems: 3, maxItems: 5}')).toEqual({ minItems: 3, maxItems: 5 });
    expect(descriptionConstraints('{pattern: "^a, b$", minLength: 2}')).toEqual({ pattern: '^a, b$', minLength: 2 });
    expect(descriptionConstraints('plain text')).toEqual({});
    expect(descriptionConstraints(undefined)).toEqual({});
  });
});

describe('createRehearsalResponder', () => {
  const format = zodOutputFormat(openingSchema);
  const evidence = parseEvidence(evidenceText);

  it('answers with a valid instance whose citations are real except exactly one', async () => {
    const text = await respond(
      createRehearsalResponder(),
      structuredRequest(evidenceText, format.schema),
      evidenceText,
    );
    const parsed = format.parse(text);
    expect(parsed.arguments.length).toBe(3);
    expect(parsed.trade_offs.length).toBe(2);
    expect(parsed.tied_on_axis).not.toBeNull();
    expect(parsed.thesis).toMatch(/^Rehearsal /);

    const citations = collectCitations(parsed);
    expect(citations.length).toBeGreaterThanOrEqual(7);
    const wrong = citations.filter((c) => !isVerifiable(c, evidence));
    expect(wrong).toHaveLength(1);
    // Real citations spread across both files and never quote the DIFF block or short lines.
    const right = citations.filter((c) => isVerifiable(c, evidence));
    expect(new Set(right.map((c) => c.path))).toEqual(new Set(['lib/command.js', 'src/help.ts']));
    for (const c of right) expect(c.quote.replace(/\s/g, '').length).toBeGreaterThanOrEqual(12);
    expect(text).not.toMatch(/wrong|deliberate|incorrect/i);
  });

  it('is deterministic per request text and seed', async () => {
    const request = structuredRequest(evidenceText, format.schema);
    const a = await respond(createRehearsalResponder({ seed: 1 }), request, evidenceText);
    const b = await respond(createRehearsalResponder({ seed: 1 }), request, evidenceText);
    const c = await respond(createRehearsalResponder({ seed: 2 }), request, evidenceText);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(() => format.parse(c)).not.toThrow();
  });

  it.each([0, 2, 3])('makes exactly %i citations wrong when asked', async (count) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const responder = createRehearsalResponder({ seed, wrongCitationsPerReply: count });
      const text = await respond(responder, structuredRequest(evidenceText, format.schema), evidenceText);
      const citations = collectCitations(format.parse(text));
      expect(citations.filter((c) => !isVerifiable(c, evidence))).toHaveLength(count);
    }
  });

  it('gets citations wrong both by shifted line numbers and by a path outside the evidence', async () => {
    const kinds = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const text = await respond(
        createRehearsalResponder({ seed }),
        structuredRequest(evidenceText, format.schema),
        evidenceText,
      );
      for (const c of collectCitations(format.parse(text)).filter((x) => !isVerifiable(x, evidence))) {
        const file = evidence.find((f) => f.path === c.path);
        if (!file) {
          kinds.add('path');
          // The quote is still real, only the path is wrong.
          expect(evidence.some((f) => f.lines.some((l) => l.text.includes(c.quote)))).toBe(true);
        } else {
          kinds.add('shift');
          const real = file.lines.find((l) => l.text.includes(c.quote));
          expect(c.line_start).toBeGreaterThanOrEqual((real?.line ?? 0) + 7);
        }
      }
    }
    expect(kinds).toEqual(new Set(['path', 'shift']));
  });

  it('gives sibling objects distinct enum values where the enum allows it', async () => {
    const schema = zodOutputFormat(
      z.object({ positions: z.array(z.object({ id: z.enum(['A', 'B']), note: z.string() })) }),
    );
    const text = await respond(createRehearsalResponder(), structuredRequest('x', schema.schema), 'x');
    expect(
      schema
        .parse(text)
        .positions.map((p) => p.id)
        .sort(),
    ).toEqual(['A', 'B']);
  });

  it('points citations at a made-up path when there is no evidence', async () => {
    const text = await respond(
      createRehearsalResponder(),
      structuredRequest('No evidence here.', format.schema),
      'No evidence here.',
    );
    const citations = collectCitations(format.parse(text));
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expect(c.path).not.toBe('');
    expect(new Set(citations.map((c) => c.path)).size).toBe(1);
  });

  it('answers plain text when there is no output format', async () => {
    const request: MessagesRequest = {
      model: 'claude-sonnet-5-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    };
    expect(await respond(createRehearsalResponder(), request, 'hi')).toMatch(/^Rehearsal reply: /);
  });

  it('handles recursive schemas, unions, literals and string formats', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const schema = z.object({
      tree: node,
      kind: z.literal('debate'),
      either: z.union([z.string(), z.number()]),
      when: z.iso.datetime(),
      flag: z.boolean(),
      count: z.number().int().min(3).max(9),
    });
    const tree = zodOutputFormat(schema);
    const value = rehearseStructuredOutput(tree.schema, 'no evidence');
    expect(() => tree.parse(JSON.stringify(value))).not.toThrow();
  });
});

describe('rehearsal through the server and the real SDK', () => {
  let server: AnthropicServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('streams a parsed_output that satisfies the zod schema', async () => {
    server = await startAnthropicServer({ apiKey: 'sk-rehearsal', responder: createRehearsalResponder({ seed: 7 }) });
    const anthropic = new Anthropic({ apiKey: 'sk-rehearsal', baseURL: server.url, maxRetries: 0 });
    const stream = anthropic.messages.stream({
      model: 'claude-sonnet-5-5',
      max_tokens: 8192,
      system: [{ type: 'text', text: 'You are advocate A.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: evidenceText }],
      output_config: { format: zodOutputFormat(openingSchema) },
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('end_turn');
    const opening = message.parsed_output;
    expect(opening).not.toBeNull();
    const citations = collectCitations(opening);
    expect(citations.filter((c) => !isVerifiable(c, parseEvidence(evidenceText)))).toHaveLength(1);

    const plain = await anthropic.messages.create({
      model: 'claude-sonnet-5-5',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say something.' }],
    });
    expect(plain.content[0]).toMatchObject({ type: 'text' });
  });
});

describe('the rehearsal reader (issue #40)', () => {
  it('reads the head lines of the DIFF blocks of a part, as the evidence stage renders them, and skips removed rows', () => {
    const pack = overflowPack(1_500);
    const part = renderPart(pack.coverage.parts[0]!, pack);
    const files = parseDiffEvidence(part);
    expect(files.map((f) => f.path)).toEqual(pack.coverage.parts[0]!.files.map((f) => f.path));
    const shown = pack.coverage.parts[0]!.files[0]!.pieces.flatMap((p) => p.shown.lines).filter(
      (l) => l.kind !== 'removed',
    );
    expect(files[0]!.lines).toEqual(shown.map((l) => ({ line: l.headLine, text: l.text })));
  });
});
