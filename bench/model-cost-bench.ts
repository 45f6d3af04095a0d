/**
 * What a standard debate costs on each of today's models (issue #31): `npm run bench:models`.
 *
 * On every real case (`real-cases/cases.json`, materialised into `.cache/real-cases`), a labelled-PR
 * standard debate with every role on one model: the pre-flight call, then the debate with positions the
 * moderator infers, through the real SDK of the model's provider against its local server (Messages API,
 * Bedrock runtime, Vertex AI, Chat Completions), the servers thinking and reasoning as documented
 * (`thinking: true`, `reasoning: true`: tokens by effort, a stand-in, not a measured figure). The rehearsal
 * model answers, so the replies are the rehearsal's, not a real model's; the prompts and the evidence packs
 * are the real ones, each sized for its model's tokenizer (issue #31); a token is 4 UTF-8 bytes (times 1.3 on
 * the newer Claude tokenizer only in count_tokens, so the servers bill a Claude 4.7+ model's input below what the API would).
 * The cost is the record's (`summariseUsage` at the list prices of `src/models/prices.ts`, which cite their
 * pages). It prints the table of models, prices and limits, then the cost per model (median and range).
 */
import { OAuth2Client } from 'google-auth-library';
import type { ModelCall, ModelClient, ModelReply } from '../src/debate/model-client.js';
import { planDebate } from '../src/debate/plan.js';
import { loadPrompt } from '../src/debate/prompts.js';
import { runDebate } from '../src/debate/run-debate.js';
import { createAnthropicModelClient } from '../src/llm/anthropic-model-client.js';
import { createBedrockModelClient } from '../src/llm/bedrock-model-client.js';
import { checkModels } from '../src/llm/check-models.js';
import { claudeModelFacts } from '../src/llm/claude-models.js';
import { formatModelId, parseModelId } from '../src/models/model-id.js';
import { createOpenAiModelClient } from '../src/llm/openai-model-client.js';
import { openAiModelFacts } from '../src/llm/openai-models.js';
import { packCharsPerToken } from '../src/llm/pack-tokenizer.js';
import { createVertexModelClient } from '../src/llm/vertex-model-client.js';
import { summariseUsage } from '../src/models/price-usage.js';
import { findPrice } from '../src/models/prices.js';
import { loadRealCases } from '../scripts/materialise-case.js';
import type { MessagesRequest } from '../test/support/anthropic-server.js';
import { startAnthropicServer } from '../test/support/anthropic-server.js';
import { startBedrockServer } from '../test/support/bedrock-server.js';
import { startOpenAiServer, type ChatCompletionsRequest } from '../test/support/openai-server.js';
import { realCasePack } from '../test/support/real-case-pack.js';
import { createRehearsalResponder } from '../src/rehearsal/rehearsal-model.js';
import { startVertexServer, STRUCTURED_OUTPUTS_FEATURE } from '../test/support/vertex-server.js';

const MODELS = [
  'claude-haiku-5-5',
  'claude-sonnet-5-5',
  'claude-opus-4-8',
  'claude-opus-5-5',
  'claude-fable-5-2',
  'openai:gpt-6.1-sol',
  'openai:gpt-6-astra',
  'bedrock:us.anthropic.claude-haiku-5-5',
  'vertex:claude-fable-5-2',
];
const AWS = { accessKeyId: 'ASIABENCHMODELS00001', sessionToken: 'bench-session', region: 'us-west-2' };
Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: AWS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: 'bench-secret',
  AWS_SESSION_TOKEN: AWS.sessionToken,
  AWS_REGION: AWS.region,
});

/** A provider client behind full model ids, as the run's router gives them: calls get the bare name, replies the full id. */
function routed(client: ModelClient): ModelClient {
  return {
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const id = parseModelId(call.model);
      const reply = await client.complete({ ...call, model: id.model });
      return { ...reply, model: formatModelId({ provider: id.provider, model: reply.model }) };
    },
  };
}

/** The rehearsal model behind a Chat Completions server: the response format's schema stands for `output_config.format`. */
function chatRehearsal() {
  const messages = createRehearsalResponder({ seed: 1 });
  return (
    request: ChatCompletionsRequest,
    context: { callIndex: number; call: Parameters<typeof messages>[1]['call'] },
  ) => {
    const user = request.messages
      .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((c) => c.text).join('')))
      .join('\n');
    const schema =
      request.response_format?.type === 'json_schema' ? request.response_format.json_schema.schema : undefined;
    return messages(
      {
        model: request.model,
        max_tokens: 1,
        messages: [],
        ...(schema ? { output_config: { format: { type: 'json_schema', schema } } } : {}),
      } as MessagesRequest,
      { text: user, call: context.call },
    );
  };
}

async function clientFor(model: string): Promise<{ client: ModelClient; close: () => Promise<unknown> }> {
  const provider = parseModelId(model).provider;
  const responder = createRehearsalResponder({ seed: 1 });
  if (provider === 'openai') {
    const server = await startOpenAiServer({ apiKey: 'sk-bench', reasoning: true, responder: chatRehearsal() });
    return {
      client: routed(createOpenAiModelClient({ apiKey: 'sk-bench', baseUrl: server.url, maxRetries: 0 })),
      close: () => server.close(),
    };
  }
  if (provider === 'bedrock') {
    const server = await startBedrockServer({ credentials: AWS, responder, thinking: true });
    return {
      client: routed(createBedrockModelClient({ baseUrl: server.url, env: process.env, maxRetries: 0 })),
      close: () => server.close(),
    };
  }
  if (provider === 'vertex') {
    const server = await startVertexServer({
      accessToken: 'ya29.bench',
      projectId: 'bench',
      region: 'us-east5',
      allowedPartnerModelFeatures: [STRUCTURED_OUTPUTS_FEATURE],
      responder,
      thinking: true,
    });
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: 'ya29.bench', expiry_date: Date.now() + 3_600_000 });
    return {
      client: routed(
        createVertexModelClient({
          baseUrl: server.url,
          env: { GOOGLE_CLOUD_PROJECT: 'bench', CLOUD_ML_REGION: 'us-east5' },
          authClient: auth,
          maxRetries: 0,
        }),
      ),
      close: () => server.close(),
    };
  }
  const server = await startAnthropicServer({ apiKey: 'sk-ant-bench', thinking: true, responder });
  return {
    client: routed(createAnthropicModelClient({ apiKey: 'sk-ant-bench', baseUrl: server.url, maxRetries: 0 })),
    close: () => server.close(),
  };
}

const costs = new Map<string, number[]>(MODELS.map((m) => [m, []]));
const cases = await loadRealCases();
for (const realCase of cases) {
  // The pack as a run with every role on the model builds it: sized for its tokenizer (issue #31), one per rate.
  const packs = new Map<number, Awaited<ReturnType<typeof realCasePack>>>();
  const packFor = async (model: string) => {
    const readers = { advocates: [model], judge: model };
    const rate = packCharsPerToken(readers);
    if (!packs.has(rate)) packs.set(rate, await realCasePack(realCase.id, undefined, readers));
    return packs.get(rate)!;
  };
  try {
    for (const model of MODELS) {
      const { evidence } = await packFor(model);
      const { client, close } = await clientFor(model);
      try {
        const preflight = await checkModels(
          client,
          { model, advocateModels: [model], judgeModel: model, sources: { advocates: 'default', judge: 'default' } },
          { system: loadPrompt('system'), instructions: loadPrompt('preflight') },
        );
        const outcome = await runDebate(client, {
          pack: evidence.pack,
          positions: [],
          outOfScope: [],
          command: '/debate',
          moderatorModel: model,
          advocateModels: [model],
          judgeModel: model,
          plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
          language: {
            language: 'auto',
            commandText: undefined,
            prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
          },
        });
        if (outcome.kind !== 'debate')
          throw new Error(`${realCase.id} on ${model}: the moderator found nothing to debate`);
        costs.get(model)!.push(summariseUsage([...preflight.calls, ...outcome.calls]).cost_usd);
      } finally {
        await close();
      }
    }
  } finally {
    for (const { scenario } of packs.values()) await scenario.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const usd = (x: number) => `$${x.toFixed(3)}`;
const k = (n: number) => `${n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`}`;
console.log(
  `\nA standard debate per model on ${cases.length} real cases: every role on the model, replies from the local rehearsal model, the local servers thinking and reasoning as documented. Cost: the record's, at the list prices below.\n`,
);
console.log(
  '| model | input / 5m cache write / cache read / output per MTok | upper band | context / max output | source (read) | standard debate, median | range |',
);
console.log('|---|---|---|---|---|---:|---:|');
for (const model of MODELS) {
  const id = parseModelId(model);
  const found = findPrice(id.provider, id.model)!;
  const p = found.price;
  const rates = (r: { input: number; cacheWrite: number; cacheRead: number; output: number }) =>
    `$${+r.input.toFixed(4)} / $${+r.cacheWrite.toFixed(4)} / $${+r.cacheRead.toFixed(4)} / $${+r.output.toFixed(4)}`;
  const facts = id.provider === 'openai' ? openAiModelFacts(id.model) : claudeModelFacts(id.model);
  const xs = costs.get(model)!;
  console.log(
    `| ${model} | ${rates(p)} | ${p.above ? `over ${k(p.above.promptTokens)} prompt tokens: ${rates(p.above.rates)}` : '-'} | ${facts ? `${k(facts.contextWindow)} / ${k(facts.maxOutput)}` : '?'} | ${found.entry.source} (${found.entry.read}) | ${usd(median(xs))} | ${usd(Math.min(...xs))}-${usd(Math.max(...xs))} |`,
  );
}
