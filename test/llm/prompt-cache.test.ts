import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelClient } from '../../src/debate/model-client.js';
import { planDebate, type PresetName } from '../../src/debate/plan.js';
import { runDebate } from '../../src/debate/run-debate.js';
import { REPLY_SCHEMAS, type ReplyKind } from '../../src/debate/schemas.js';
import type { GatheredEvidence } from '../../src/evidence/gather-evidence.js';
import { createAnthropicModelClient } from '../../src/llm/anthropic-model-client.js';
import { costUsd } from '../../src/usage/price-usage.js';
import { startAnthropicServer, type AnthropicServer } from '../support/anthropic-server.js';
import { realCasePack } from '../support/real-case-pack.js';
import type { RealCaseScenario } from '../support/real-case-scenario.js';
import { createRehearsalResponder } from '../support/rehearsal-model.js';
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
  const cost = costUsd('claude-sonnet-5-5', { input_tokens: f.input, output_tokens: f.output, cache_creation_input_tokens: f.cacheWrite, cache_read_input_tokens: f.cacheRead })!;
  const inputCost = costUsd('claude-sonnet-5-5', { input_tokens: f.input, output_tokens: 0, cache_creation_input_tokens: f.cacheWrite, cache_read_input_tokens: f.cacheRead })!;
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

  const run = async (preset: PresetName, options: { inferred?: boolean; client?: (base: ModelClient) => ModelClient } = {}) => {
    const server = await startAnthropicServer({ apiKey: KEY, responder: createRehearsalResponder({ seed: 1 }) });
    try {
      const base = createAnthropicModelClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
      const outcome = await runDebate(options.client ? options.client(base) : base, {
        pack: evidence.pack,
        positions: options.inferred ? [] : ['Excess arguments are an error by default', 'Excess arguments stay allowed by default'],
        outOfScope: [],
        command: '/debate',
        moderatorModel: 'claude-sonnet-5-5',
        advocateModels: ['claude-sonnet-5-5'],
        judgeModel: 'claude-sonnet-5-5',
        plan: planDebate({ preset, maxRounds: undefined, command: {} }),
        language: { language: 'auto', commandText: undefined, prText: `${evidence.pull.title}\n\n${evidence.pull.body}` },
      });
      return { outcome, server, figures: figures(server) };
    } finally {
      await server.close();
    }
  };

  it.each([
    ['quick', false],
    ['standard', false],
    ['standard', true],
    ['deep', false],
  ] as const)('%s (moderator: %s): one cache write, every later call reads the whole prefix', async (preset, inferred) => {
    const { outcome, server, figures: f } = await run(preset, { inferred });
    expect(outcome.kind).toBe('debate');
    const [first, ...rest] = server.requests;
    const prefix = first!.usage!.cache_creation_input_tokens!;
    expect(prefix).toBeGreaterThan(70_000);
    expect(new Set(server.requests.map((r) => JSON.stringify(r.body.output_config))).size).toBe(1);
    for (const r of rest) expect(r.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: prefix });
    expect(f.cacheWrite).toBe(prefix);
    console.log(`prompt cache, preset ${preset}${inferred ? ' + moderator' : ''}: ${JSON.stringify(f)}`);
  });

  it('would write the prefix once per role and phase with a schema per kind of reply (the design not taken)', async () => {
    const kinds: Record<Exclude<ScriptedPhase, 'preflight'>, ReplyKind> = {
      moderator: 'framing',
      opening: 'opening',
      'cross-examination': 'cross_examination',
      closing: 'cross_examination',
      steelman: 'steelman',
      audit: 'audit',
      judge: 'ruling',
    };
    const perKind: (base: ModelClient) => ModelClient = (base) => ({
      complete: (call) => {
        const kind = kinds[describeCall(call as never).phase as Exclude<ScriptedPhase, 'preflight'>]; // runDebate makes no pre-flight call
        return base.complete({ ...call, format: z.object({ [kind]: REPLY_SCHEMAS[kind] }) });
      },
    });
    const shared = await run('standard');
    const split = await run('standard', { client: perKind });
    console.log(`prompt cache, preset standard, one schema per kind: ${JSON.stringify(split.figures)} (shared envelope: ${JSON.stringify(shared.figures)})`);
    // framing is not used here: opening, cross-examination, steelman, audit and ruling each write the prefix.
    expect(split.figures.cacheWrite).toBeGreaterThanOrEqual(5 * shared.figures.cacheWrite - 100);
    expect(split.figures.inputCostUsd).toBeGreaterThan(2 * shared.figures.inputCostUsd);
  });
});
