/**
 * What a debate costs per preset, for the README (issue #22): `npm run bench:presets`.
 *
 * On every real case (`real-cases/cases.json`, materialised into `.cache/real-cases` by
 * `scripts/materialise-case.ts`), for `quick`, `standard` and `deep`, it runs what a labelled PR
 * runs: the pre-flight call per distinct model, then the debate with positions the moderator infers,
 * through the real Anthropic SDK against the local Messages API server. The rehearsal model
 * (`src/rehearsal/rehearsal-model.ts`) answers, so the replies, and their output tokens, are the
 * rehearsal's, not a real model's; the prompts and the evidence pack are the real ones. The server
 * counts a token as 4 UTF-8 bytes and caches prefixes as the API documents (readable once the
 * response that wrote it begins). Each reply takes 1 s to stream, long against the local overheads, so a
 * call sent while another answers is in its wave and calls sent one after the other are not. Costs are the list prices of `src/models/prices.ts` for the default model.
 *
 * It prints a Markdown table per preset over the cases (median and range); with `--per-case`, also one row
 * per case and preset.
 * Waves are rounds of parallel calls (`test/support/cost-figures.ts`): each wave waits for its
 * slowest reply, so the wall time is about the waves times a long reply of the provider's model,
 * which only the real API can measure.
 */
import { checkModels } from '../src/llm/check-models.js';
import { createAnthropicModelClient } from '../src/llm/anthropic-model-client.js';
import { planDebate, PRESETS, type PresetName } from '../src/debate/plan.js';
import { loadPrompt } from '../src/debate/prompts.js';
import { runDebate } from '../src/debate/run-debate.js';
import { PRICE_LIST } from '../src/models/prices.js';
import { loadRealCases } from '../scripts/materialise-case.js';
import { startAnthropicServer } from '../test/support/anthropic-server.js';
import { costFigures } from '../test/support/cost-figures.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { createRehearsalResponder } from '../src/rehearsal/rehearsal-model.js';

const KEY = 'sk-ant-local-rehearsal-key';
/** The action's default `model` (action.yml, README): every role runs on it. */
const MODEL = 'claude-sonnet-5-5';
/** How long each rehearsal reply streams: long enough that waves show the protocol, not the machine's load. */
const STREAM_MS = 1000;

interface Row {
  preset: PresetName;
  id: string;
  packTokens: number;
  calls: number;
  waves: number;
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  costUsd: number;
}

/** One labelled-PR run of a preset on a prepared evidence pack, priced. */
async function measure(
  preset: PresetName,
  id: string,
  pack: Awaited<ReturnType<typeof realCasePack>>['evidence'],
): Promise<Row> {
  const server = await startAnthropicServer({
    apiKey: KEY,
    responder: createRehearsalResponder({ seed: 1 }),
    streamMs: STREAM_MS,
  });
  try {
    const client = createAnthropicModelClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
    await checkModels(
      client,
      { model: MODEL, advocateModels: [MODEL], judgeModel: MODEL, sources: { advocates: 'default', judge: 'default' } },
      { system: loadPrompt('system'), instructions: loadPrompt('preflight') },
    );
    const outcome = await runDebate(client, {
      pack: pack.pack,
      positions: [],
      outOfScope: [],
      command: '/debate',
      moderatorModel: MODEL,
      advocateModels: [MODEL],
      judgeModel: MODEL,
      plan: planDebate({ preset, maxRounds: undefined, command: {} }),
      language: { language: 'auto', commandText: undefined, prText: `${pack.pull.title}\n\n${pack.pull.body}` },
    });
    if (outcome.kind !== 'debate') throw new Error(`${id} (${preset}): the moderator found nothing to debate`);
    const figures = costFigures(server.requests, MODEL);
    const sum = (pick: (u: NonNullable<(typeof server.requests)[number]['usage']>) => number | null | undefined) =>
      server.requests.reduce((total, r) => total + (r.usage ? (pick(r.usage) ?? 0) : 0), 0);
    return {
      preset,
      id,
      packTokens: pack.pack.tokens,
      calls: figures.calls,
      waves: figures.waves,
      input: sum((u) => u.input_tokens),
      cacheWrite: sum((u) => u.cache_creation_input_tokens),
      cacheRead: sum((u) => u.cache_read_input_tokens),
      output: sum((u) => u.output_tokens),
      costUsd: figures.costUsd,
    };
  } finally {
    await server.close();
  }
}

const rows: Row[] = [];
for (const realCase of await loadRealCases()) {
  const { scenario, evidence } = await realCasePack(realCase.id);
  try {
    for (const preset of PRESETS) rows.push(await measure(preset, realCase.id, evidence));
  } finally {
    await scenario.close();
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const usd = (x: number) => `$${x.toFixed(2)}`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const range = (xs: number[], show: (x: number) => string) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? show(lo) : `${show(lo)}-${show(hi)}`;
};
const price = PRICE_LIST.find((e) => e.provider === 'anthropic' && MODEL.startsWith(e.prefix))!;

console.log(
  `\nOne labelled-PR debate per preset on ${rows.length / PRESETS.length} real cases: every role on ${MODEL} at $${price.price.input} / $${price.price.output} per million input / output tokens (cache write $${price.price.cacheWrite}, read $${price.price.cacheRead}; read ${price.read}). Replies from the local rehearsal model; tokens as the local server counts them (4 bytes each).\n`,
);
console.log(
  '| preset | model calls | waves | input tokens (cache write + read + plain), median | output tokens, median | cost, median | cost, range |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const preset of PRESETS) {
  const of = rows.filter((r) => r.preset === preset);
  console.log(
    `| ${preset} | ${range(
      of.map((r) => r.calls),
      String,
    )} | ${range(
      of.map((r) => r.waves),
      String,
    )} | ${n(median(of.map((r) => r.cacheWrite + r.cacheRead + r.input)))} | ${n(median(of.map((r) => r.output)))} | ${usd(median(of.map((r) => r.costUsd)))} | ${range(
      of.map((r) => r.costUsd),
      usd,
    )} |`,
  );
}
if (process.argv.includes('--per-case')) {
  console.log(
    '\n| case | pack tokens | preset | calls | waves | cache write | cache read | plain input | output | cost |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.id} | ${n(r.packTokens)} | ${r.preset} | ${r.calls} | ${r.waves} | ${n(r.cacheWrite)} | ${n(r.cacheRead)} | ${n(r.input)} | ${n(r.output)} | $${r.costUsd.toFixed(3)} |`,
    );
  }
}
