// Issue #39's closing figures, with the scripted models (no key, no network but the npm registry for the
// real cases' first materialisation):
//
// 1. How many position statuses, attack outcomes, recommendations and confidences the new rules change on
//    the real cases: the same scripted debates run on two checkouts of the engine, the old one (--old, a
//    checkout of the commit before the change) and this one. Each case's evidence pack is gathered once
//    and given to both. Two scripted models: `rehearsal` (src/rehearsal, the offline demo's model),
//    recorded on the old engine and replayed call by call on the new one, so that both engines judge the
//    same replies (a judge reply of a run with swapped ids is given in the ids that run shows, so it says
//    the same about the same positions); and `default` (test/support/debate-script.ts).
// 2. The waves of a debate: sequential rounds of model calls. A call's wave is one more than the highest
//    wave among the calls that had finished when it started (calls that start together share a wave; a
//    prompt-cache warm-up is a call, so the fan-out behind it is one wave later). Counted for a standard
//    debate of 2 and of 3 named positions (no moderator call) on both engines, with a judge that keeps
//    every rule and with one whose rulings give 1 key reason and 1 trade-off. The action adds one wave
//    before the debate (pre-flight), and the moderator one when it frames or names the PR's position.
// 3. The judge's flip rate in the eval's rehearsal: the eval's `debate` (2 judge runs) and `judge-runs:4`
//    arms on every case of eval-cases/ in both orders with the rehearsal model; a debate "flips" when its
//    judge runs, mapped back, did not all recommend the same position.
//
// Run: node --import tsx --import ./bench/raw-text-hooks.mjs bench/rubric-figures.ts --old /tmp/old-checkout
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { ModelCall, ModelClient, ModelReply } from '../src/debate/model-client.js';
import type { DebateOutcome, DebateResult } from '../src/debate/debate-types.js';
import { POSITION_IDS } from '../src/debate/schemas.js';
import { loadEvalCases } from '../eval/load-eval-cases.js';
import { planOf } from '../eval/arms.js';
import { prepareCases } from '../eval/prepare-cases.js';
import { runDebateArm } from '../eval/run-debate-arm.js';
import { ZERO_USAGE } from '../src/models/price-usage.js';
import { countedAttacks } from '../src/debate/judge-facts.js';
import { createRehearsalModelClient } from '../src/rehearsal/rehearsal-model-client.js';
import { debateScript, judgeSays } from '../test/support/debate-script.js';
import { fixturePack } from '../test/support/evidence-fixtures.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { rehearseStructuredOutput } from '../src/rehearsal/rehearsal-model.js';
import type { JsonValue } from '../src/rehearsal/rehearsal-rules.js';
import { followTheRules } from '../src/rehearsal/rehearsal-rules.js';

const args = process.argv.slice(2);
const at = args.indexOf('--old');
const oldRoot = path.resolve(at >= 0 && args[at + 1] ? args[at + 1]! : '/work/main');
const newRoot = path.resolve(import.meta.dirname, '..');
const CASES = process.env.CASES
  ? process.env.CASES.split(',')
  : [
      'commander-excess-arguments',
      'express-v5',
      'fastify-handler-timeout',
      'fastify-v5',
      'markdownlint-md060-visual-width',
      'npm-v10',
      'pino-redact-censor',
      'undici-interceptor-order',
    ];

interface Engine {
  runDebate: (client: ModelClient, request: unknown) => Promise<DebateOutcome>;
  planDebate: (input: unknown) => unknown;
  jsonSchemaOf: (schema: z.ZodType<unknown>) => Record<string, unknown>;
}

async function engine(root: string): Promise<Engine> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const sdkZod = createRequire(path.join(root, 'package.json')).resolve('@anthropic-ai/sdk/helpers/zod');
  const { zodOutputFormat } = (await import(pathToFileURL(sdkZod).href)) as {
    zodOutputFormat: (s: z.ZodType<unknown>) => { schema: Record<string, unknown> };
  };
  return {
    runDebate: (await load('src/debate/run-debate.ts')).runDebate,
    planDebate: (await load('src/debate/plan.ts')).planDebate,
    jsonSchemaOf: (s) => zodOutputFormat(s).schema,
  };
}

const keyOf = (call: ModelCall<unknown>) => {
  const m = call.meta;
  return [
    m?.phase,
    m?.positionId,
    m?.phase === 'cross-examination' ? m.round : '',
    m?.retry ? 'retry' : '',
    m?.order?.join('') ?? '',
    m?.target ?? '',
  ].join('|');
};

/**
 * A ModelClient that answers each call with `answer` (validated with the call's own schema, as the real
 * client does), and counts waves: a call's wave is one more than the highest wave finished when it started.
 */
function client(answer: (call: ModelCall<unknown>) => unknown): ModelClient & { waves(): number } {
  let finished = 0;
  let highest = 0;
  return {
    waves: () => highest,
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const wave = finished + 1;
      highest = Math.max(highest, wave);
      call.onStart?.();
      // Every call takes a moment, so calls started together are in flight together.
      await new Promise((resolve) => setTimeout(resolve, 2));
      finished = Math.max(finished, wave);
      const usage = { ...ZERO_USAGE, input_tokens: 100, output_tokens: 10 };
      if (call.meta?.warmUp) return { output: undefined as T, usage, model: call.model };
      return { output: call.schema.parse(answer(call as ModelCall<unknown>)), usage, model: call.model };
    },
  };
}

/** The old schema's reply, with the fields the new one may require; a judge reply in the ids this call shows. */
function upgrade(reply: unknown, call: ModelCall<unknown>): unknown {
  const r = structuredClone(reply) as Record<string, Record<string, unknown> | null>;
  const ruling = r['ruling'];
  const order = call.meta?.order;
  if (!ruling || !order) return r;
  // The old engine's run listed the debate's own ids; this one may show them swapped.
  const shown = (id: string) => (id === 'none' ? id : (POSITION_IDS[order.indexOf(id)] ?? id));
  ruling['positions'] = Object.fromEntries(
    Object.entries(ruling['positions'] as Record<string, unknown>).map(([id, entry]) => [shown(id), entry]),
  );
  ruling['recommendation'] = shown(ruling['recommendation'] as string);
  ruling['scenarios'] = (ruling['scenarios'] as { recommendation: string }[]).map((s) => ({
    ...s,
    recommendation: shown(s.recommendation),
  }));
  return r;
}

const textOf = (call: ModelCall<unknown>) =>
  [call.system, call.evidence, call.transcript ?? '', call.instructions].join('\n\n');
const rehearse = (eng: Engine, call: ModelCall<unknown>): JsonValue =>
  followTheRules(rehearseStructuredOutput(eng.jsonSchemaOf(call.format), textOf(call)), call.meta, textOf(call));

interface Figures {
  debates: number;
  attacks: number;
  outcomesChanged: number;
  statuses: number;
  statusesChanged: number;
  recommendationsChanged: number;
  confidencesChanged: number;
  completionsChanged: number;
  changes: string[];
}

function compare(name: string, before: DebateOutcome, after: DebateOutcome, figures: Figures): void {
  if (before.kind !== 'debate' || after.kind !== 'debate') throw new Error(`${name}: not a debate`);
  figures.debates += 1;
  const describeOld = (o: DebateResult) =>
    new Map(
      attacksOf(o).map((a) => [
        a.id,
        a.outcome.kind === 'unanswered' && !a.outcome.countsAsConceded
          ? 'unanswered (not counted)'
          : a.outcome.kind === 'conceded'
            ? `conceded (${a.outcome.because})`
            : a.outcome.kind,
      ]),
    );
  const counts = countedAttacks(after.transcript);
  const describeNew = (o: DebateResult) =>
    new Map(
      [...describeOld(o)].map(([id, text]) => [
        id,
        counts(attacksOf(o).find((a) => a.id === id)!) ? text : `uncited, not counted (${text})`,
      ]),
    );
  const [a, b] = [describeOld(before), describeNew(after)];
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
      const why = after.enforcement.filter((e) => e.includes(`osition ${p.id} `)).join(' ');
      figures.changes.push(`${name} position ${p.id}: ${s0} -> ${s1}${why ? ` (${why})` : ''}`);
    }
  }
  const pick = (o: DebateResult) => `${o.ruling?.recommendation} (${o.ruling?.confidence})`;
  if (before.ruling?.recommendation !== after.ruling?.recommendation) figures.recommendationsChanged += 1;
  if (before.ruling?.confidence !== after.ruling?.confidence) figures.confidencesChanged += 1;
  if (pick(before) !== pick(after)) figures.changes.push(`${name} recommendation: ${pick(before)} -> ${pick(after)}`);
  if (before.completion !== after.completion) {
    figures.completionsChanged += 1;
    figures.changes.push(`${name} completion: ${before.completion} -> ${after.completion}`);
  }
}

function attacksOf(o: DebateResult) {
  return [...o.transcript.rounds.flatMap((r) => r.turns), ...o.transcript.closing].flatMap((t) => t.attacks);
}

const [oldEngine, newEngine] = [await engine(oldRoot), await engine(newRoot)];
const request = (
  eng: Engine,
  pack: unknown,
  title: string,
  preset: string,
  positions = ['Merge the change as written', 'Request changes before merging'],
) => ({
  pack,
  positions,
  prPosition: 'A',
  outOfScope: [],
  command: '/debate',
  moderatorModel: 'claude-sonnet-5-5',
  advocateModels: ['claude-sonnet-5-5'],
  judgeModel: 'claude-sonnet-5-5',
  // The pragmatist is off, so that both engines debate the same positions.
  plan: { ...(eng.planDebate({ preset, maxRounds: undefined, command: {} }) as object), pragmatist: false },
  language: { language: 'auto', commandText: positions.join(' vs '), prText: title },
});

// 1. Statuses and outcomes.
const blank = (): Figures => ({
  debates: 0,
  attacks: 0,
  outcomesChanged: 0,
  statuses: 0,
  statusesChanged: 0,
  recommendationsChanged: 0,
  confidencesChanged: 0,
  completionsChanged: 0,
  changes: [],
});
const PRESETS = ['quick', 'standard', 'deep'] as const;
const figures = Object.fromEntries(
  PRESETS.flatMap((preset) => [
    [`rehearsal, ${preset}`, blank()],
    [`default, ${preset}`, blank()],
  ]),
) as Record<string, Figures>;
for (const id of CASES) {
  const { scenario, evidence } = await realCasePack(id);
  try {
    for (const preset of PRESETS) {
      const recorded = new Map<string, unknown>();
      const before = await oldEngine.runDebate(
        client((call) => {
          const reply = rehearse(oldEngine, call);
          recorded.set(keyOf(call), reply);
          return reply;
        }),
        request(oldEngine, evidence.pack, evidence.pull.title, preset),
      );
      const after = await newEngine.runDebate(
        client((call) => {
          const reply = recorded.get(keyOf(call));
          return reply === undefined ? rehearse(newEngine, call) : upgrade(reply, call);
        }),
        request(newEngine, evidence.pack, evidence.pull.title, preset),
      );
      compare(`${id} (rehearsal, ${preset})`, before, after, figures[`rehearsal, ${preset}`]!);
      const script = debateScript();
      compare(
        `${id} (default, ${preset})`,
        await oldEngine.runDebate(
          client((c) => script(c, 0)),
          request(oldEngine, evidence.pack, evidence.pull.title, preset),
        ),
        await newEngine.runDebate(
          client((c) => script(c, 0)),
          request(newEngine, evidence.pack, evidence.pull.title, preset),
        ),
        figures[`default, ${preset}`]!,
      );
    }
  } finally {
    await scenario.close();
  }
}
for (const [model, f] of Object.entries(figures)) {
  process.stdout.write(`\n## ${model}: ${f.debates} debates on the real cases, old ${oldRoot} vs new ${newRoot}\n`);
  process.stdout.write(
    `position statuses changed: ${f.statusesChanged} of ${f.statuses}\nattack outcomes changed: ${f.outcomesChanged} of ${f.attacks}\nrecommendations changed: ${f.recommendationsChanged}, confidences changed: ${f.confidencesChanged}, completions changed: ${f.completionsChanged} (of ${f.debates})\n`,
  );
  for (const line of f.changes) process.stdout.write(`- ${line}\n`);
}

// 2. Waves.
process.stdout.write(
  '\n## Waves of a standard debate (named positions: no moderator call; the action adds the pre-flight wave)\n',
);
const pack = fixturePack();
for (const positions of [
  ['keep the cache', 'drop the cache'],
  ['keep the cache', 'drop the cache', 'shrink the cache'],
]) {
  for (const [judge, slip] of [
    ['keeps every rule', {}],
    ['gives 1 key reason and 1 trade-off', { key_reasons: ['Only one.'], trade_offs: ['Only one.'] }],
  ] as const) {
    const waves = async (eng: Engine) => {
      const script = debateScript({ judge: (call) => judgeSays(call, slip) });
      const c = client((call) => script(call, 0));
      await eng.runDebate(c, request(eng, pack, 'Cache', 'standard', [...positions]));
      return c.waves();
    };
    process.stdout.write(
      `- ${positions.length} positions, a judge that ${judge}: old ${await waves(oldEngine)}, new ${await waves(newEngine)}\n`,
    );
  }
}

// 3. The judge's flip rate in the eval's rehearsal.
process.stdout.write("\n## Judge flips in the eval's rehearsal (every case of eval-cases/, both orders)\n");
const cases = await prepareCases(await loadEvalCases(path.join(newRoot, 'eval-cases')), 104_000, {
  advocates: ['claude-sonnet-5-5'],
  judge: 'claude-sonnet-5-5',
});
for (const runs of [2, 4] as const) {
  let debates = 0;
  let split = 0;
  let undecided = 0;
  for (const { evalCase, pack: casePack } of cases) {
    for (const labels of [
      [evalCase.positions[0], evalCase.positions[1]],
      [evalCase.positions[1], evalCase.positions[0]],
    ] as [string, string][]) {
      const answer = await runDebateArm(
        createRehearsalModelClient(),
        {
          pack: casePack,
          labels,
          topic: evalCase.question,
          models: { moderator: 'claude-sonnet-5-5', advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' },
          language: { language: 'auto', commandText: undefined, prText: evalCase.title },
        },
        planOf('standard', undefined, runs),
      );
      debates += 1;
      if (answer.note?.includes('judge runs split')) split += 1;
      if (answer.choice === 'none') undecided += 1;
    }
  }
  process.stdout.write(
    `- ${runs} judge runs: ${split} of ${debates} debates had judge runs that split after mapping back (${((100 * split) / Math.max(debates, 1)).toFixed(1)}%); ${undecided} gave no recommendation\n`,
  );
}
