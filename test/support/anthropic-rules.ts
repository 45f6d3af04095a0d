/**
 * The Messages API's per-model rules that the local server (`anthropic-server.ts`) enforces, each
 * with the documentation line it implements (platform.claude.com, read 2026-12). Kept apart from the
 * product's own table (`src/llm/claude-models.ts`) on purpose: this is the claim about the real API
 * the product is tested against.
 */

export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface ServerModel {
  contextWindow: number;
  maxOutput: number;
  /** "Adaptive thinking is on by default" (What's new in Claude Sonnet 5.5; adaptive thinking, Supported models). */
  thinksByDefault: boolean;
  /** The default of `output_config.effort`, or undefined when the model refuses the parameter. */
  defaultEffort: Effort | undefined;
  /**
   * Tokens per token of this server's estimate: 1.3 on "the same newer tokenizer as Claude 4.7 and later
   * models, so the same text counts as approximately 30% more tokens than on Claude Haiku 4.5" (Claude Haiku
   * 5.5 overview, read 2026-12-03), 1 before it.
   */
  tokenizerFactor: number;
}

const CURRENT: ServerModel = {
  contextWindow: 1_000_000,
  maxOutput: 128_000,
  thinksByDefault: true,
  defaultEffort: 'high',
  tokenizerFactor: 1.3,
};
const OLD = { tokenizerFactor: 1 };

/**
 * Model families by id prefix (an alias or a dated id). Models overview: Fable 5.x, Opus 5.x and Sonnet
 * 5.x "1M | 128K | Adaptive"; Opus 5.5 "Adaptive (always on) | `medium`"; Claude Haiku 4.5 "200K | 64K |
 * Extended | —" (no adaptive thinking, no effort: effort's Supported models are "Fable 5 - Mythos 5 and
 * Preview - Opus 4.5, 4.6, 4.7, 4.8, and 5 - Sonnet 4.6 and 5"). "On Claude Sonnet 4.6 and earlier models
 * and Claude Haiku 4.5, such a request [without a thinking field] does not think" (Sonnet 5.5 migration guide).
 */
const FAMILIES: readonly [string, ServerModel][] = [
  ['claude-fable-5', CURRENT],
  ['claude-mythos-5', CURRENT],
  ['claude-opus-5-5', { ...CURRENT, defaultEffort: 'medium' }],
  ['claude-opus-5', CURRENT],
  ['claude-sonnet-5', CURRENT],
  // Claude Haiku 5.5 overview (read 2026-12-03): "Context window: 1M tokens · Max output: 128K tokens"; "supports adaptive thinking with the effort parameter"; "Default effort medium".
  ['claude-haiku-5-5', { ...CURRENT, defaultEffort: 'medium' }],
  // Opus 4.6 to 4.8 and Sonnet 4.6 think only when asked: adaptive thinking "is the recommended way to use Extended thinking with Claude Opus 4.6" (AWS copy of adaptive thinking), and "On Claude Sonnet 4.6 and earlier models ... such a request [without a thinking field] does not think"; thinking on by default is new in Opus 5 (Opus 5 overview).
  ['claude-opus-4-8', { ...CURRENT, thinksByDefault: false }],
  ['claude-opus-4-7', { ...CURRENT, thinksByDefault: false }],
  ['claude-opus-4-6', { ...CURRENT, thinksByDefault: false, ...OLD }],
  [
    'claude-sonnet-4-6',
    { contextWindow: 1_000_000, maxOutput: 64_000, thinksByDefault: false, defaultEffort: 'high', ...OLD },
  ],
  [
    'claude-haiku-4-5',
    { contextWindow: 200_000, maxOutput: 64_000, thinksByDefault: false, defaultEffort: undefined, ...OLD },
  ],
  // Claude Opus 4.5 and Sonnet 4.5 (models overview, legacy models: "200K | 64K"); effort's supported models name Opus 4.5, not Sonnet 4.5.
  [
    'claude-opus-4-5',
    { contextWindow: 200_000, maxOutput: 64_000, thinksByDefault: false, defaultEffort: 'high', ...OLD },
  ],
  [
    'claude-sonnet-4-5',
    { contextWindow: 200_000, maxOutput: 64_000, thinksByDefault: false, defaultEffort: undefined, ...OLD },
  ],
];

/** The model of a request's `model`, or undefined: the API answers 404 `not_found_error` for an id it does not know. */
export function serverModel(id: string): ServerModel | undefined {
  // The Claude name inside a cloud's form too (`us.anthropic.claude-sonnet-5-5`, `claude-haiku-4-5@20251001`).
  const name = /claude-[a-z0-9.-]+/.exec(id)?.[0] ?? '';
  return FAMILIES.find(
    ([prefix]) => name === prefix || (name.startsWith(prefix) && /^-[\dv]/.test(name.slice(prefix.length))),
  )?.[1];
}

/**
 * Thinking tokens a reply spends at each effort when the scripted reply does not say. Not a documented
 * figure (the model decides: "At the default effort level (`high`), Claude almost always thinks. At
 * lower effort levels, Claude may skip thinking for simpler problems"): this server's stand-in, large
 * enough that a `max_tokens` without room for thinking cuts the reply, as it does on the real API.
 */
export const THINKING_TOKENS: Record<Effort, number> = {
  low: 0,
  medium: 3_000,
  high: 10_000,
  xhigh: 20_000,
  max: 30_000,
};

/**
 * The thinking tokens of a request, before the reply. "Thinking tokens are a subset of your
 * `max_tokens` parameter, are billed as output tokens" (context windows).
 */
export function thinkingTokensOf(
  model: ServerModel,
  thinking: { type: string } | undefined,
  effort: Effort | undefined,
): number {
  const on = thinking ? thinking.type !== 'disabled' : model.thinksByDefault;
  if (!on) return 0;
  return THINKING_TOKENS[effort ?? model.defaultEffort ?? 'high'];
}

/**
 * Structured outputs' explicit limits: "Optional parameters | 24 | Total optional parameters across
 * all strict tool schemas and JSON output schemas. Each parameter not listed in `required` counts";
 * "Parameters with union types | 16 | Total parameters that use `anyOf` or type arrays (for example,
 * `"type": ["string", "null"]`)" (structured outputs, Schema complexity limits).
 * @returns the 400 message, or null
 */
export function checkSchemaLimits(schema: unknown): string | null {
  let optional = 0;
  let unions = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const properties = record['properties'];
    if (typeof properties === 'object' && properties !== null) {
      const required = new Set(Array.isArray(record['required']) ? record['required'] : []);
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name)) optional += 1;
        if (
          typeof property === 'object' &&
          property !== null &&
          ('anyOf' in property || Array.isArray((property as Record<string, unknown>)['type']))
        )
          unions += 1;
      }
    }
    for (const value of Object.values(record)) walk(value);
  };
  walk(schema);
  if (optional > 24)
    return `output_config.format.schema: Schema has ${optional} optional parameters; at most 24 are allowed across all strict schemas`;
  if (unions > 16)
    return `output_config.format.schema: Schema has ${unions} parameters with union types; at most 16 are allowed across all strict schemas`;
  return null;
}

/**
 * `max_tokens: 0` (a pre-warm) is refused with what implies output: "A `max_tokens: 0` request is
 * rejected with an `invalid_request_error` if any of the following are set ... `stream: true`;
 * Extended thinking (`thinking.type: "enabled"`); Structured outputs (`output_config.format`)"
 * (prompt caching, Pre-warming the cache, Limitations).
 * @returns the 400 message, or null
 */
export function checkPrewarm(request: {
  max_tokens: number;
  stream?: boolean | undefined;
  thinking?: { type: string } | undefined;
  output_config?: { format?: unknown } | undefined;
}): string | null {
  if (request.max_tokens !== 0) return null;
  if (request.stream === true) return 'max_tokens: 0 is not supported with stream: true';
  if (request.thinking?.type === 'enabled') return 'max_tokens: 0 is not supported with thinking.type: "enabled"';
  if (request.output_config?.format) return 'max_tokens: 0 is not supported with output_config.format';
  return null;
}
