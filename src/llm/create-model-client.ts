import type { ModelCall, ModelClient, ModelReply } from '../debate/model-client.js';
import type { TokenCounting } from './claude-model-client.js';
import { formatModelId, parseModelId, type Provider } from '../models/model-id.js';

/**
 * The model client of a run: one {@link ModelClient} whose calls go to the provider their model id
 * names (`[provider:]model`, docs/providers.md), so roles can mix providers. Each provider's client
 * is built on its first call, so a run never needs the credentials of a provider it does not use, and
 * its module (with its SDK: the AWS SDK, google-auth-library, openai) is imported only then, so a run
 * loads no SDK its model ids do not name (issue #23: a third of the bundle is cloud providers' code).
 */

/** What the provider clients are built from. */
export interface ModelClientSettings {
  /** Input `anthropic-api-key`. */
  anthropicApiKey: string | undefined;
  /** Input `openai-api-key`. */
  openaiApiKey: string | undefined;
  /** Input `base-url`: the API address of `defaultProvider`; the other providers take their SDK's environment variable or default. */
  baseUrl: string | undefined;
  /** The provider of input `model`, whose address `base-url` is. */
  defaultProvider: Provider;
  /** The environment (cloud credentials, `*_BASE_URL`). */
  env: Record<string, string | undefined>;
  /** Aborts calls in flight (the run's deadline or cancellation). */
  signal?: AbortSignal | undefined;
  maxRetries?: number;
  timeoutMs?: number;
}

type Factory = (
  settings: ModelClientSettings,
  baseUrl: string | undefined,
) => Promise<ModelClient & Partial<TokenCounting>>;

/**
 * One client factory per provider. `base-url` goes to the provider of `model`; every provider also
 * honours its SDK's own variable (`ANTHROPIC_BASE_URL`, `ANTHROPIC_BEDROCK_BASE_URL`,
 * `ANTHROPIC_VERTEX_BASE_URL`, `OPENAI_BASE_URL`, and `OPENAI_API_KEY`), read from `settings.env`.
 */
const FACTORIES: Record<Provider, Factory> = {
  anthropic: async (s, baseUrl) =>
    (await import('./anthropic-model-client.js')).createAnthropicModelClient({
      apiKey: s.anthropicApiKey ?? '',
      baseUrl: baseUrl ?? s.env.ANTHROPIC_BASE_URL,
      ...common(s),
    }),
  bedrock: async (s, baseUrl) =>
    (await import('./bedrock-model-client.js')).createBedrockModelClient({
      baseUrl: baseUrl ?? s.env.ANTHROPIC_BEDROCK_BASE_URL,
      env: s.env,
      ...common(s),
    }),
  vertex: async (s, baseUrl) =>
    (await import('./vertex-model-client.js')).createVertexModelClient({
      baseUrl: baseUrl ?? s.env.ANTHROPIC_VERTEX_BASE_URL,
      env: s.env,
      ...common(s),
    }),
  openai: async (s, baseUrl) =>
    (await import('./openai-model-client.js')).createOpenAiModelClient({
      apiKey: s.openaiApiKey ?? s.env.OPENAI_API_KEY,
      baseUrl: baseUrl ?? s.env.OPENAI_BASE_URL,
      ...common(s),
    }),
};

function common(s: ModelClientSettings): { signal?: AbortSignal; maxRetries?: number; timeoutMs?: number } {
  return {
    ...(s.signal ? { signal: s.signal } : {}),
    ...(s.maxRetries !== undefined ? { maxRetries: s.maxRetries } : {}),
    ...(s.timeoutMs !== undefined ? { timeoutMs: s.timeoutMs } : {}),
  };
}

/**
 * The routing client. A call's `model` is a full model id; the provider's client gets the bare model
 * name, and the reply's `model` comes back as a full id again (`openai:gpt-5.5-2026-01-01`), so that
 * records and prices know the provider.
 * @throws ModelIdError (from the call) for a model id that does not parse; settings have checked them before
 */
export function createModelClient(settings: ModelClientSettings): ModelClient & TokenCounting {
  // One promise per provider, so calls made in parallel share one import and one client.
  const clients = new Map<Provider, Promise<ModelClient & Partial<TokenCounting>>>();
  const clientOf = (provider: Provider): Promise<ModelClient & Partial<TokenCounting>> => {
    let client = clients.get(provider);
    if (!client) {
      client = FACTORIES[provider](settings, provider === settings.defaultProvider ? settings.baseUrl : undefined);
      clients.set(provider, client);
      // A client that could not be built is built again on the next call, as before it was cached.
      client.catch(() => clients.delete(provider));
    }
    return client;
  };
  return {
    /** The provider's count of a prompt's tokens, or undefined where it has no count endpoint (Bedrock, OpenAI). */
    async countTokens(model, prompt) {
      const id = parseModelId(model);
      const client = await clientOf(id.provider);
      return client.countTokens ? client.countTokens(id.model, prompt) : undefined;
    },
    async complete<T>(call: ModelCall<T>): Promise<ModelReply<T>> {
      const id = parseModelId(call.model);
      const reply = await (await clientOf(id.provider)).complete({ ...call, model: id.model });
      return { ...reply, model: formatModelId({ provider: id.provider, model: reply.model }) };
    },
  };
}
