/**
 * Model ids of the form `[provider:]model` (contract section 12), in the inputs `model`,
 * `advocate-models` and `judge-model`. Pure: no SDK.
 */

/** The providers a role can run on; `anthropic` is the default when an id names none. */
export const PROVIDERS = ['anthropic', 'bedrock', 'vertex', 'openai'] as const;
/** One provider. */
export type Provider = (typeof PROVIDERS)[number];

/** What each provider is, for messages. */
export const PROVIDER_NAMES: Record<Provider, string> = {
  anthropic: 'the Anthropic API',
  bedrock: 'Claude on Amazon Bedrock',
  vertex: 'Claude on Google Vertex AI',
  openai: 'the OpenAI-compatible Chat Completions endpoint',
};

/** Other spellings accepted for a provider (contract section 5 says `openai-compatible`). */
const ALIASES: Record<string, Provider> = { 'openai-compatible': 'openai' };

/** A parsed model id. */
export interface ModelId {
  provider: Provider;
  /** The model as its provider names it, e.g. `gpt-5.5`, `llama3.1:8b`, `anthropic.claude-sonnet-5-5-v1:0`. */
  model: string;
}

/** A model id that cannot be used; the message says what was wrong and how to write it. */
export class ModelIdError extends Error {
  override name = 'ModelIdError';
}

/**
 * Parses `[provider:]model`. Only the first colon splits, so model names that hold colons keep them
 * (`openai:llama3.1:8b`, `bedrock:anthropic.claude-sonnet-5-5-v1:0`). A prefix that looks like a
 * provider name (lowercase letters and dashes) but is none is an error, so a typo such as
 * `gtp:gpt-5.5` does not reach the Anthropic API as a model named `gtp:gpt-5.5`; anything else
 * before a colon (`llama3.1:8b`) is part of an Anthropic model name.
 * @throws ModelIdError for an empty model or an unknown provider
 */
export function parseModelId(text: string): ModelId {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const prefix = colon < 0 ? '' : trimmed.slice(0, colon).toLowerCase();
  const provider = (PROVIDERS as readonly string[]).includes(prefix) ? (prefix as Provider) : ALIASES[prefix];
  if (provider) {
    const model = trimmed.slice(colon + 1).trim();
    if (!model) throw new ModelIdError(`model id "${trimmed}" names the provider ${provider} but no model; write ${provider}:<model>`);
    return { provider, model };
  }
  if (colon > 0 && /^[a-z][a-z-]*$/.test(prefix)) {
    throw new ModelIdError(
      `model id "${trimmed}": unknown provider "${prefix}"; expected ${PROVIDERS.join(', ')} (for example openai:${trimmed.slice(colon + 1)} for an OpenAI-compatible server such as Ollama)`,
    );
  }
  if (!trimmed) throw new ModelIdError('model id is empty');
  return { provider: 'anthropic', model: trimmed };
}

/**
 * The canonical text of a model id: Anthropic models without a prefix (as before providers existed,
 * so records and comments of Anthropic-only runs read as they did), every other with its provider.
 */
export function formatModelId(id: ModelId): string {
  return id.provider === 'anthropic' ? id.model : `${id.provider}:${id.model}`;
}
