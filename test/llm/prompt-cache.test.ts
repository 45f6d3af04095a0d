import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelClient } from '../../src/debate/model-client.js';
import { planDebate, type PresetName } from '../../src/debate/plan.js';
import { runDebate } from '../../src/debate/run-debate.js';
import { replySchemasFor, type ReplyKind } from '../../src/debate/schemas.js';
import type { GatheredEvidence } from '../../src/evidence/gather-evidence.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { costUsd } from '../../src/models/price-usage.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { costFigures } from '../support/cost-figures.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { describeCall, type ScriptedPhase } from '../support/scripted-models.js';

/**
 * Prompt-cache figures of whole debates, measured through the real Anthropic SDK against the local
 * Messages server, which keys its cache on the model, the output format and the prefix blocks as the
 * API does. The rehearsal model answers (schema-valid replies citing real lines), on a real case's
 * evidence pack of about 80k tokens.
 */
const CASE = 'commander-excess-arguments';
const KEY = 'sk-ant-local-rehearsal-key';

interface Figures {
  calls: number;
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  costUsd: number;
  /**
   * The input side only: the rehearsal fills every field of the reply envelope, where a real model
   * writes one field and nulls, so its output tokens say nothing about the real cost of the envelope.
   */
  inputCostUsd: number;
}

function figures(server: AnthropicServer): Figures {
  const usage = server.requests.map((r) => r.usage!);
  const f = {
    calls: usage.length,
    input: usage.reduce((n, u) => n + u.input_tokens, 0),
    cacheWrite: usage.reduce((n, u) => n + (u.cache_creation_input_tokens ?? 0), 0),
    cacheRead: usage.reduce((n, u) => n + (u.cache_read_input_tokens ?? 0), 0),
    output: usage.reduce((n, u) => n + u.output_tokens, 0),
  };
  const cost = costUsd('claude-sonnet-5-5', {
    input_tokens: f.input,
    output_tokens: f.output,
    cache_creation_input_tokens: f.cacheWrite,
    cache_read_input_tokens: f.cacheRead,
  })!;
  const inputCost = costUsd('claude-sonnet-5-5', {
    input_tokens: f.input,
    output_tokens: 0,
    cache_creation_input_tokens: f.cacheWrite,
    cache_read_input_tokens: f.cacheRead,
  })!;
  const round = (usd: number) => Math.round(usd * 10_000) / 10_000;
  return { ...f, costUsd: round(cost), inputCostUsd: round(inputCost) };
}

describe('the prompt cache across a whole debate (local Messages server)', () => {
  let scenario: RealCaseScenario;
  let evidence: GatheredEvidence;
  beforeAll(async () => {
    ({ scenario, evidence } = await realCasePack(CASE));
  }, 120_000);
  afterAll(async () => scenario?.close());

  const run = async (
    preset: PresetName,
    options: {
      inferred?: boolean;
      client?: (base: ModelClient) => ModelClient;
      cacheReadable?: 'response-start' | 'response-end';
    } = {},
  ) => {
    // Replies take 20 ms to stream, so that a call sent once another's reply has begun arrives before it ends.
    const server = await startAnthropicServer({
      apiKey: KEY,
      responder: createRehearsalResponder({ seed: 1 }),
      cacheReadable: options.cacheReadable ?? 'response-start',
      streamMs: 20,
    });
    try {
      const base = createAnthropicModelClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
      const outcome = await runDebate(options.client ? options.client(base) : base, {
        pack: evidence.pack,
        positions: options.inferred
          ? []
          : ['Excess arguments are an error by default', 'Excess arguments stay allowed by default'],
        outOfScope: [],
        command: '/debate',
        moderatorModel: 'claude-sonnet-5-5',
        advocateModels: ['claude-sonnet-5-5'],
        judgeModel: 'claude-sonnet-5-5',
        plan: planDebate({ preset, maxRounds: undefined, command: {} }),
        language: {
          language: 'auto',
          commandText: undefined,
          prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
        },
      });
      return { outcome, server, figures: figures(server) };
    } finally {
      await server.close();
    }
  };

  it.each([
    ['quick', false, 'response-start'],
    ['standard', false, 'response-start'],
    ['standard', false, 'response-end'],
    ['standard', true, 'response-start'],
    ['standard', true, 'response-end'],
    ['deep', false, 'response-end'],
  ] as const)(
    '%s (moderator: %s), cache readable at the %s: the evidence is written once, and the cost is within 1.15x of its caching lower bound',
    async (preset, inferred, cacheReadable) => {
      const { outcome, server, figures: f } = await run(preset, { inferred, cacheReadable });
      expect(outcome.kind).toBe('debate');
      const cached = server.requests;
      // One output format for every call, the moderator's (sent before the positions exist, for two of them) included.
      expect(new Set(cached.map((r) => JSON.stringify(r.body.output_config))).size).toBe(1);
      const evidenceTokens = cached[0]!.usage!.cache_creation_input_tokens!;
      expect(evidenceTokens).toBeGreaterThan(70_000);
      // Every later call reads the evidence prefix (and writes at most its phase's transcript).
      for (const r of cached.slice(1)) expect(r.usage!.cache_read_input_tokens).toBeGreaterThanOrEqual(evidenceTokens);
      const bounds = costFigures(server.requests, 'claude-sonnet-5-5');
      expect(bounds.costUsd / bounds.lowerBoundUsd).toBeLessThanOrEqual(1.15);
      expect(bounds.costUsd / bounds.lowerBoundUsd).toBeGreaterThanOrEqual(1);
      console.log(
        `prompt cache, preset ${preset}${inferred ? ' + moderator' : ''}, readable at ${cacheReadable}: ${JSON.stringify(f)}; cost / lower bound ${(bounds.costUsd / bounds.lowerBoundUsd).toFixed(3)}, cost / naive ${(bounds.costUsd / bounds.naiveUsd).toFixed(3)}, waves ${bounds.waves}`,
      );
    },
  );

  it('would write the prefix once per role and phase with a schema per kind of reply (the design not taken)', async () => {
    // Readers (issue #40) have their own format and read their own part: the fixture pack holds every hunk, so none is called.
    const kinds: Record<Exclude<ScriptedPhase, 'preflight' | 'reading'>, ReplyKind> = {
      moderator: 'framing',
      opening: 'opening',
      'cross-examination': 'cross_examination',
      closing: 'cross_examination',
      steelman: 'steelman',
      audit: 'audit',
      judge: 'ruling',
    };
    const schemas = replySchemasFor(['A', 'B']);
    const perKindFormats = Object.fromEntries(
      Object.entries(schemas.kinds).map(([kind, schema]) => [kind, z.object({ [kind]: schema })]),
    ) as unknown as Record<ReplyKind, z.ZodType<unknown>>;
    const perKind: (base: ModelClient) => ModelClient = (base) => ({
      complete: (call) => {
        const kind = kinds[describeCall(call as never).phase as Exclude<ScriptedPhase, 'preflight' | 'reading'>]; // runDebate makes no pre-flight call
        return base.complete({ ...call, format: perKindFormats[kind] });
      },
    });
    const shared = await run('standard');
    const split = await run('standard', { client: perKind });
    console.log(
      `prompt cache, preset standard, one schema per kind: ${JSON.stringify(split.figures)} (shared envelope: ${JSON.stringify(shared.figures)})`,
    );
    // framing is not used here: opening, cross-examination, steelman, audit and ruling each write the prefix.
    const evidenceWrite = shared.server.requests[0]!.usage!.cache_creation_input_tokens!;
    expect(split.figures.cacheWrite).toBeGreaterThanOrEqual(5 * evidenceWrite);
    expect(split.figures.inputCostUsd).toBeGreaterThan(2 * shared.figures.inputCostUsd);
  });
});
