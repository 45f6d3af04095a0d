// Issue #28's closing note: how many attack outcomes and position statuses the falsification rubric
// changes on the real cases, with the scripted models. The same scripted debates run on two checkouts of
// the engine: the old one (default /work/main) and this one. Each case's evidence pack is gathered once,
// through the local GitHub server and the pipeline's evidence stage, and given to both engines.
//
// Two scripted models: `rehearsal` (src/rehearsal/rehearsal-model.ts, the offline demo's model: replies
// generated from the call's schema, citations taken from the evidence pack with one spoiled per reply,
// shaped to keep the protocol by rehearsal-rules.ts), recorded on the old engine and replayed call by
// call on the new one so that both engines judge the same replies (the fields the old schema lacks are
// added: each opening argument's confidence 0.5, each attack's claim_id null); and `default`
// (test/support/debate-script.ts, whose replies do not depend on the prompt's wording).
//
// Run: node --import tsx --import ./bench/raw-text-hooks.mjs bench/rubric-figures.ts [--old /work/main]
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { ModelCall, ModelClient, ModelReply } from '../src/debate/model-client.js';
import type { DebateOutcome } from '../src/debate/debate-types.js';
import { ZERO_USAGE } from '../src/usage/price-usage.js';
import { debateScript } from '../test/support/debate-script.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { rehearseStructuredOutput, type JsonValue } from '../src/rehearsal/rehearsal-model.js';
import { followTheRules } from '../src/rehearsal/rehearsal-rules.js';

const args = process.argv.slice(2);
const at = args.indexOf('--old');
const oldRoot = path.resolve(at >= 0 && args[at + 1] ? args[at + 1]! : '/work/main');
const newRoot = path.resolve(import.meta.dirname, '..');
const CASES = ['commander-excess-arguments', 'express-v5', 'fastify-handler-timeout', 'fastify-v5', 'markdownlint-md060-visual-width', 'npm-v10', 'pino-redact-censor', 'undici-interceptor-order'];

interface Engine {
  runDebate: (client: ModelClient, request: unknown) => Promise<DebateOutcome>;
  planDebate: (input: unknown) => unknown;
  jsonSchemaOf: (schema: z.ZodType<unknown>) => Record<string, unknown>;
}

async function engine(root: string): Promise<Engine> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const sdkZod = createRequire(path.join(root, 'package.json')).resolve('@anthropic-ai/sdk/helpers/zod');
  const { zodOutputFormat } = (await import(pathToFileURL(sdkZod).href)) as { zodOutputFormat: (s: z.ZodType<unknown>) => { schema: Record<string, unknown> } };
  return { runDebate: (await load('src/debate/run-debate.ts')).runDebate, planDebate: (await load('src/debate/plan.ts')).planDebate, jsonSchemaOf: (s) => zodOutputFormat(s).schema };
}

const keyOf = (call: ModelCall<unknown>) => {
  const m = call.meta;
  return [m?.phase, m?.positionId, m?.phase === 'cross-examination' ? m.round : '', m?.retry ? 'retry' : '', m?.order?.join('') ?? '', m?.target ?? ''].join('|');
};

/** A ModelClient that answers each call with `answer` (validated with the call's own schema, as the real client does). */
function client(answer: (call: ModelCall<unknown>) => unknown): ModelClient {
  return {
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      call.onStart?.();
      const usage = { ...ZERO_USAGE, input_tokens: 100, output_tokens: 10 };
      if (call.meta?.warmUp) return { output: undefined as T, usage, model: call.model };
      return { output: call.schema.parse(answer(call as ModelCall<unknown>)), usage, model: call.model };
    },
  };
}

/** The old schema's reply, with the fields the new schema requires (confidence, claim_id) added. */
function upgrade(reply: unknown): unknown {
  const r = structuredClone(reply) as Record<string, Record<string, unknown[]> | null>;
  for (const a of (r['opening']?.['arguments'] ?? []) as Record<string, unknown>[]) a['confidence'] ??= 0.5;
  for (const a of (r['cross_examination']?.['attacks'] ?? []) as Record<string, unknown>[]) a['claim_id'] ??= null;
  return r;
}

const textOf = (call: ModelCall<unknown>) => [call.system, call.evidence, call.transcript ?? '', call.instructions].join('\n\n');
const rehearse = (eng: Engine, call: ModelCall<unknown>): JsonValue => followTheRules(rehearseStructuredOutput(eng.jsonSchemaOf(call.format), textOf(call)), call.meta, textOf(call));

interface Figures {
  attacks: number;
  outcomesChanged: number;
  statuses: number;
  statusesChanged: number;
  recommendationsChanged: number;
  changes: string[];
  unreplayed: number;
}

function compare(name: string, before: DebateOutcome, after: DebateOutcome, figures: Figures): void {
  if (before.kind !== 'debate' || after.kind !== 'debate') throw new Error(`${name}: not a debate`);
  const attacks = (o: typeof before) => new Map([...o.transcript.rounds.flatMap((r) => r.turns), ...o.transcript.closing].flatMap((t) => t.attacks).map((a) => [a.id, a.outcome.kind === 'unanswered' && !a.outcome.countsAsConceded ? 'unanswered (not counted)' : a.outcome.kind]));
  const [a, b] = [attacks(before), attacks(after)];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    figures.attacks += 1;
    if (a.get(id) !== b.get(id)) {
      figures.outcomesChanged += 1;
      figures.changes.push(`${name} attack ${id}: ${a.get(id) ?? '(none)'} -> ${b.get(id) ?? '(none)'}`);
    }
  }
  for (const p of after.positions) {
    const s0 = before.ruling?.positions.find((q) => q.id === p.id)?.status ?? '(no ruling)';
    const s1 = after.ruling?.positions.find((q) => q.id === p.id)?.status ?? '(no ruling)';
    figures.statuses += 1;
    if (s0 !== s1) {
      figures.statusesChanged += 1;
      figures.changes.push(`${name} position ${p.id}: ${s0} -> ${s1}`);
    }
  }
  if (before.ruling?.recommendation !== after.ruling?.recommendation) {
    figures.recommendationsChanged += 1;
    figures.changes.push(`${name} recommendation: ${before.ruling?.recommendation} -> ${after.ruling?.recommendation}`);
  }
}

const [oldEngine, newEngine] = [await engine(oldRoot), await engine(newRoot)];
const blank = (): Figures => ({ attacks: 0, outcomesChanged: 0, statuses: 0, statusesChanged: 0, recommendationsChanged: 0, changes: [], unreplayed: 0 });
const PRESETS = ['standard', 'deep'] as const;
const figures = Object.fromEntries(PRESETS.flatMap((preset) => [[`rehearsal, ${preset}`, blank()], [`default, ${preset}`, blank()]])) as Record<string, Figures>;
for (const id of CASES) {
  const { scenario, evidence } = await realCasePack(id);
  try {
    for (const preset of PRESETS) {
      // The pragmatist is off, so that both engines debate the same two positions.
      const request = (eng: Engine) => ({
        pack: evidence.pack,
        positions: ['Merge the change as written', 'Request changes before merging'],
        outOfScope: [],
        command: '/debate',
        moderatorModel: 'claude-sonnet-5-5',
        advocateModels: ['claude-sonnet-5-5'],
        judgeModel: 'claude-sonnet-5-5',
        plan: { ...(eng.planDebate({ preset, maxRounds: undefined, command: {} }) as object), pragmatist: false },
        language: { language: 'auto', commandText: 'Merge the change as written vs Request changes before merging', prText: evidence.pull.title },
      });
      const recorded = new Map<string, unknown>();
      const before = await oldEngine.runDebate(client((call) => {
        const reply = rehearse(oldEngine, call);
        recorded.set(keyOf(call), reply);
        return reply;
      }), request(oldEngine));
      const after = await newEngine.runDebate(client((call) => {
        const reply = recorded.get(keyOf(call));
        if (reply === undefined) figures[`rehearsal, ${preset}`]!.unreplayed += 1;
        return reply === undefined ? rehearse(newEngine, call) : upgrade(reply);
      }), request(newEngine));
      compare(`${id} (rehearsal, ${preset})`, before, after, figures[`rehearsal, ${preset}`]!);
      const script = debateScript();
      compare(`${id} (default, ${preset})`, await oldEngine.runDebate(client((c) => script(c, 0)), request(oldEngine)), await newEngine.runDebate(client((c) => script(c, 0)), request(newEngine)), figures[`default, ${preset}`]!);
    }
  } finally {
    await scenario.close();
  }
}
for (const [model, f] of Object.entries(figures)) {
  process.stdout.write(`\n## ${model}: scripted model and preset, ${CASES.length} real cases, old ${oldRoot} vs new ${newRoot}\n`);
  process.stdout.write(`attack outcomes changed: ${f.outcomesChanged} of ${f.attacks}\nposition statuses changed: ${f.statusesChanged} of ${f.statuses}\nrecommendations changed: ${f.recommendationsChanged} of ${CASES.length}\ncalls the new engine made that the old did not (answered by the rehearsal): ${f.unreplayed}\n`);
  for (const line of f.changes) process.stdout.write(`- ${line}\n`);
}
