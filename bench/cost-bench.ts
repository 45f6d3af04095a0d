/**
 * `npm run bench`, second part (run by Node with tsx and `bench/raw-text-hooks.mjs`, which loads the
 * prompts' `?raw` imports as vitest and the bundle do): what a standard debate costs on each real case, through the real
 * Anthropic SDK against the local Messages server, under both readings of when a prompt-cache entry
 * becomes readable (once the response that wrote it begins, as the API documents; or only once it has
 * completed). The rehearsal model answers (schema-valid replies citing real lines); replies take
 * 20 ms to stream, so that a call sent once another's reply has begun arrives before it ends.
 *
 * Per case and reading it prints the calls (warm-ups among them), the cost, the cost over the run's own
 * caching lower bound and over the naive protocol (no caching), and the waves (rounds of parallel
 * calls). `test/support/cost-figures.ts` defines the bound: each prefix segment two or more calls share
 * written once and read by the others, single-use segments as plain input, outputs as they were.
 * Goal (issue #12): cost within 1.15x of the bound under both readings.
 */
import { planDebate } from '../src/debate/plan.js';
import { runDebate } from '../src/debate/run-debate.js';
import { createAnthropicModelClient } from '../src/llm/anthropic-model-client.js';
import { loadRealCases } from '../scripts/materialise-case.js';
import { startAnthropicServer } from '../test/support/anthropic-server.js';
import { costFigures } from '../test/support/cost-figures.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { createRehearsalResponder } from '../src/rehearsal/rehearsal-model.js';

const KEY = 'sk-ant-local-rehearsal-key';
const MODEL = 'claude-sonnet-5-5';
const READINGS = ['response-start', 'response-end'] as const;

interface Row {
  id: string;
  tokens: number;
  reading: (typeof READINGS)[number];
  calls: number;
  warmUps: number;
  costUsd: number;
  vsBound: number;
  vsNaive: number;
  waves: number;
}

const rows: Row[] = [];
for (const realCase of await loadRealCases()) {
  const { scenario, evidence } = await realCasePack(realCase.id);
  try {
    for (const reading of READINGS) {
      const server = await startAnthropicServer({
        apiKey: KEY,
        responder: createRehearsalResponder({ seed: 1 }),
        cacheReadable: reading,
        streamMs: 20,
      });
      try {
        const outcome = await runDebate(
          createAnthropicModelClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 }),
          {
            pack: evidence.pack,
            positions: [`Release it as it is: ${realCase.title}`, 'Change it before it is released'],
            outOfScope: [],
            command: '/debate',
            moderatorModel: MODEL,
            advocateModels: [MODEL],
            judgeModel: MODEL,
            plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
            language: {
              language: 'auto',
              commandText: undefined,
              prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
            },
          },
        );
        if (outcome.kind !== 'debate') throw new Error(`${realCase.id}: no debate`);
        const f = costFigures(server.requests, MODEL);
        rows.push({
          id: realCase.id,
          tokens: evidence.pack.tokens,
          reading,
          calls: f.calls,
          warmUps: f.warmUps,
          costUsd: f.costUsd,
          vsBound: f.costUsd / f.lowerBoundUsd,
          vsNaive: f.costUsd / f.naiveUsd,
          waves: f.waves,
        });
      } finally {
        await server.close();
      }
    }
  } finally {
    await scenario.close();
  }
}

console.log(
  `\nA standard debate per real case (${MODEL} prices; the local server counts UTF-8 bytes / 4 as a token)\n`,
);
console.log(
  '| case | pack tokens | cache readable at | calls (warm-ups) | cost | cost / lower bound | cost / naive | waves |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.id} | ${r.tokens.toLocaleString('en-US')} | ${r.reading} | ${r.calls} (${r.warmUps}) | $${r.costUsd.toFixed(4)} | ${r.vsBound.toFixed(3)} | ${r.vsNaive.toFixed(3)} | ${r.waves} |`,
  );
}
const worst = Math.max(...rows.map((r) => r.vsBound));
console.log(`\nWorst cost / lower bound: ${worst.toFixed(3)} (goal: at most 1.15 under both readings)`);
