/**
 * Model ids of the form `[provider:]model` (docs/providers.md), in the inputs `model`,
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

/** Other spellings accepted for a provider (action.yml's `model` input says `openai-compatible`). */
const ALIASES: Record<string, Provider> = { 'openai-compatible': 'openai' };

/** A parsed model id. */
export interface ModelId {
  provider: Provider;
  /** The model as its provider names it, e.g. `gpt-5.5`, `llama3.1:8b`, `global.anthropic.claude-sonnet-5-5`. */
  model: string;
}

/** A model id that cannot be used; the message says what was wrong and how to write it. */
export class ModelIdError extends Error {
  override name = 'ModelIdError';
}

/**
 * Parses `[provider:]model`. Only the first colon splits, so model names that hold colons keep them
 * (`openai:llama3.1:8b`, `bedrock:anthropic.claude-haiku-4-5-20251001-v1:0`). A prefix that looks like a
 * provider name (lowercase letters and dashes) but is none is an error, so a typo such as
 * `gtp:gpt-5.5` does not reach the Anthropic API as a model named `gtp:gpt-5.5`; anything else
 * before a colon (`llama3.1:8b`) is part of an Anthropic model name. A Bedrock or Vertex id of a
 * Claude model must be in its cloud's form for that model's generation ({@link checkCloudModelId}).
 * @throws ModelIdError for an empty model, an unknown provider, or a Claude id in a form its cloud does not name
 */
export function parseModelId(text: string): ModelId {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const prefix = colon < 0 ? '' : trimmed.slice(0, colon).toLowerCase();
  const provider = (PROVIDERS as readonly string[]).includes(prefix) ? (prefix as Provider) : ALIASES[prefix];
  if (provider) {
    const model = trimmed.slice(colon + 1).trim();
    if (!model)
      throw new ModelIdError(
        `model id "${trimmed}" names the provider ${provider} but no model; write ${provider}:<model>`,
      );
    checkCloudModelId(provider, model);
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

/**
 * The generation of a Claude model read from its name, the part from `claude-` on: the current scheme
 * `claude-{name}-{major}[-{minor}][-{YYYYMMDD}]` (`claude-sonnet-5-5`, `claude-opus-4-20250514`) and the
 * Claude 3 one `claude-{major}[-{minor}]-{name}[-v2]-{YYYYMMDD}` (`claude-3-7-sonnet-20250219`); the date
 * may follow `-` (Claude API, Bedrock) or `@` (Vertex). Undefined for any other name (`claude-mythos-preview`).
 */
export function claudeGeneration(name: string): { major: number; minor: number; date: string | undefined } | undefined {
  const m = /^claude-(?:[a-z]+-(\d+)(?:-(\d{1,2}))?|(\d+)(?:-(\d{1,2}))?-[a-z]+(?:-v\d+)?)(?:[-@](\d{8}))?$/.exec(name);
  if (!m) return undefined;
  return { major: Number(m[1] ?? m[3]), minor: Number(m[2] ?? m[4] ?? 0), date: m[5] };
}

/** Whether a generation is `major.minor` or later. */
export const isAtLeast = (g: { major: number; minor: number }, major: number, minor: number): boolean =>
  g.major > major || (g.major === major && g.minor >= minor);

/**
 * Claude 4.6 and later have dateless ids. Source, platform.claude.com/docs/en/about-claude/models/model-ids-and-versions:
 * "Starting with the Claude 4.6 generation, model IDs use a dateless format: claude-{name}-{major}-{minor}";
 * "On Amazon Bedrock, the corresponding format is: anthropic.claude-{name}-{major}-{minor}";
 * "Claude Opus 4.6 is the last Bedrock model ID to include the -v1 suffix (anthropic.claude-opus-4-6-v1).
 * Anthropic dropped the suffix starting with Claude Sonnet 4.6."; "On Google Cloud Vertex AI, the format
 * matches the Claude API."; before 4.6, "On Amazon Bedrock, these use the format:
 * anthropic.claude-{name}-{major}-{minor}-{YYYYMMDD}-v1:0" and "On Google Cloud Vertex AI, the date is
 * separated with @: claude-{name}-{major}-{minor}@{YYYYMMDD}".
 */
const DATELESS_FROM = [4, 6] as const;
/** The Bedrock inference-profile prefixes ("Claude on Amazon Bedrock (Opus 4.6 and earlier)": global, us, eu, jp, apac; "au" for Australia). */
const BEDROCK_PROFILES = ['global', 'us', 'eu', 'jp', 'apac', 'au'];

/**
 * Refuses a Bedrock or Vertex id of a Claude model in a form its cloud does not name (the rules at
 * {@link DATELESS_FROM}), saying the form to write. Ids it cannot read are left to the cloud: a Bedrock
 * ARN (an application inference profile), a Claude name of another scheme.
 * @throws ModelIdError
 */
function checkCloudModelId(provider: Provider, model: string): void {
  if (provider === 'bedrock') checkBedrock(model);
  if (provider === 'vertex') checkVertex(model);
}

function checkBedrock(model: string): void {
  if (model.startsWith('arn:')) return;
  const m = /^(?:([a-z-]+)\.)?anthropic\.(claude-.+?)(-v\d+(?::\d+)?)?$/.exec(model);
  if (!m) {
    throw new ModelIdError(
      `Bedrock model "${model}": expected a Claude model id such as global.anthropic.claude-sonnet-5-5 ([global.|us.|eu.|jp.|apac.]anthropic.<model>) or an inference profile ARN`,
    );
  }
  const [, profile, name = '', suffix] = m;
  if (profile && !BEDROCK_PROFILES.includes(profile)) {
    throw new ModelIdError(
      `Bedrock model "${model}": unknown inference profile prefix "${profile}."; expected one of ${BEDROCK_PROFILES.map((p) => `${p}.`).join(', ')} or none`,
    );
  }
  const g = claudeGeneration(name);
  if (!g) return;
  const head = `${profile ? `${profile}.` : ''}anthropic.`;
  if (isAtLeast(g, ...DATELESS_FROM)) {
    const bare = name.replace(/-\d{8}$/, '');
    const want = `${head}${bare}${bare === 'claude-opus-4-6' ? '-v1' : ''}`;
    if (want !== model)
      throw new ModelIdError(
        `Bedrock model "${model}": from Claude 4.6 on, Bedrock ids have no snapshot date and no "-v1:0" suffix (only Opus 4.6 keeps "-v1"); write ${want}`,
      );
    return;
  }
  if (!g.date || !suffix || !/^-v\d+:\d+$/.test(suffix)) {
    throw new ModelIdError(
      `Bedrock model "${model}": Claude models before 4.6 are named on Bedrock with their snapshot date and "-v1:0", for example ${head}claude-haiku-4-5-20251001-v1:0`,
    );
  }
}

function checkVertex(model: string): void {
  const g = claudeGeneration(model);
  if (!g) return;
  if (isAtLeast(g, ...DATELESS_FROM)) {
    const want = model.replace(/[-@]\d{8}$/, '');
    if (want !== model)
      throw new ModelIdError(
        `Vertex model "${model}": from Claude 4.6 on, the Vertex AI id is the Claude API's, without a date; write ${want}`,
      );
    return;
  }
  if (!/@\d{8}$/.test(model)) {
    const want = g.date ? model.replace(/-(\d{8})$/, '@$1') : `${model}@<YYYYMMDD>`;
    throw new ModelIdError(
      `Vertex model "${model}": Claude models before 4.6 are named on Vertex AI with their snapshot date after "@"; write ${want} (for example claude-haiku-4-5@20251001)`,
    );
  }
}
