/**
 * The rules of OpenAI's Chat Completions API (and of Azure OpenAI where it differs) that the local
 * server (`openai-server.ts`) enforces, each with the documentation line it implements. Pure.
 */

/** One model OpenAI has scheduled to shut down, and the day it stops answering (YYYY-MM-DD, UTC). */
export interface RetiredModel {
  model: string;
  shutdown: string;
}

/**
 * Deprecations page (https://developers.openai.com/api/docs/deprecations), read 2026-12-01:
 * "Dec 11, 2026 | gpt-5, gpt-5-2025-08-07 | Deprecated", the same for gpt-5-mini and gpt-5-nano (and
 * gpt-5-pro, o3, o3-pro); "2026-10-14: GPT-4 series model deprecations ... will be removed from the API on
 * January 14, 2027": GPT-4o (gpt-4o-2024-08-06, gpt-4o-2024-11-20), GPT-4o mini (gpt-4o-mini-2024-07-18),
 * GPT-4.1 (gpt-4.1-2025-04-14), GPT-4.1 mini (gpt-4.1-mini-2025-04-14). "Shutdown. The model no longer
 * accepts requests through the standard API."
 */
export const RETIRED_OPENAI_MODELS: readonly RetiredModel[] = [
  ...[
    'gpt-5',
    'gpt-5-2025-08-07',
    'gpt-5-mini',
    'gpt-5-mini-2025-08-07',
    'gpt-5-nano',
    'gpt-5-nano-2025-08-07',
    'gpt-5-pro',
    'gpt-5-pro-2025-10-06',
    'o3',
    'o3-2025-04-16',
    'o3-pro',
    'o3-pro-2025-06-10',
  ].map((model) => ({ model, shutdown: '2026-12-11' })),
  ...[
    'gpt-4o',
    'gpt-4o-2024-08-06',
    'gpt-4o-2024-11-20',
    'gpt-4o-mini',
    'gpt-4o-mini-2024-07-18',
    'gpt-4.1',
    'gpt-4.1-2025-04-14',
    'gpt-4.1-mini',
    'gpt-4.1-mini-2025-04-14',
  ].map((model) => ({ model, shutdown: '2027-01-14' })),
];

/** Today's date as the server's default "today" (UTC, YYYY-MM-DD). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The shutdown date of a model that has stopped answering on `today`, or undefined. */
export function shutDownOn(model: string, today: string): string | undefined {
  const retired = RETIRED_OPENAI_MODELS.find((r) => r.model === model);
  return retired && retired.shutdown <= today ? retired.shutdown : undefined;
}

/**
 * Reasoning models: the o-series and GPT-5 on (GPT-5.x and GPT-6.x list "Reasoning token support" on
 * their model pages). Chat Completions reference, `max_tokens`: "This value is now deprecated in favor
 * of max_completion_tokens, and is not compatible with o-series models"; the API answers such a request
 * with "Unsupported parameter: 'max_tokens' is not supported with this model. Use
 * 'max_completion_tokens' instead."
 */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|gpt-6)/.test(model);
}

/**
 * Azure AI's JSON-schema response format, `strict`: "If set to true, the service will error out if the
 * provided JSON schema contains keywords not supported by the AI model"; `default` is one that Azure
 * OpenAI refuses in a strict schema (issue #21). Returns the path of the first `default` keyword in a
 * schema (a property named "default" is not the keyword), or undefined.
 */
export function defaultKeywordAt(node: unknown, path: string[] = []): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const found = defaultKeywordAt(child, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'default') return [...path, key].join('.');
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      for (const [name, schema] of Object.entries(typeof child === 'object' && child !== null ? child : {})) {
        const found = defaultKeywordAt(schema, [...path, key, name]);
        if (found) return found;
      }
    } else {
      const found = defaultKeywordAt(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * OpenAI error codes guide and Help Center, "Troubleshooting API usage and spend limits": a billing or
 * quota error is a 429 whose `error.type` may be `insufficient_quota`, and whose `error.code` names the
 * cause: "organization_usage_limit_exceeded", "organization_spend_limit_exceeded",
 * "project_spend_limit_exceeded", "credit_balance_exhausted". "Retrying these errors won't restore
 * access without addressing the relevant credits or limits."
 */
export const OPENAI_BILLING_CODES = [
  'organization_usage_limit_exceeded',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'credit_balance_exhausted',
] as const;
export type OpenAiBillingCode = (typeof OPENAI_BILLING_CODES)[number];

/**
 * Structured Outputs guide, "Supported schemas": with `strict: true`, "all fields must be required"
 * and "additionalProperties: false must always be set in objects". Returns the first violation.
 */
export function strictProblem(node: unknown, path: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const record = node as Record<string, unknown>;
  const types = Array.isArray(record.type) ? record.type : [record.type];
  if (types.includes('object') && record.properties) {
    if (record.additionalProperties !== false)
      return `Invalid schema for response_format 'reply': In context=(${path}), 'additionalProperties' is required to be supplied and to be false.`;
    const required = new Set(Array.isArray(record.required) ? record.required : []);
    const missing = Object.keys(record.properties as object).find((key) => !required.has(key));
    if (missing)
      return `Invalid schema for response_format 'reply': In context=(${path}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [key, child] of Object.entries(record)) {
    const children =
      key === 'properties' || key === '$defs' || key === 'definitions'
        ? Object.entries(child as object)
        : Array.isArray(child)
          ? child.map((c, i) => [String(i), c] as const)
          : key === 'items'
            ? [['items', child] as const]
            : [];
    for (const [name, value] of children) {
      const problem = strictProblem(value, `${path}, '${name}'`);
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * Chat Completions, `max_completion_tokens` on OpenAI's models: a value below 16 is refused with a 400,
 * "Invalid 'max_completion_tokens': integer below minimum value. Expected a value >= 16, but got 1
 * instead." (param `max_completion_tokens`, code `integer_below_min_value`): the answer issue #31 recorded
 * from the API to a warm-up sent with 1; the docs corpus has no line that states it, so this is the
 * observed rule, modelled for OpenAI's own (reasoning) models only.
 */
export const MIN_COMPLETION_TOKENS = 16;

/**
 * Reasoning tokens a reply spends before its text at each `reasoning_effort` (default `medium`) when the
 * scripted reply does not say: not a documented figure (the model decides), this server's stand-in, large
 * enough that a `max_completion_tokens` without room for reasoning cuts the reply as on the real API.
 * Reasoning guide: reasoning tokens "are billed as output tokens" and "occupy space in the model's context
 * window"; they count toward `max_completion_tokens`, and a reply that reaches it ends with
 * `finish_reason: "length"`, possibly with no visible text.
 */
export const REASONING_TOKENS: Record<string, number> = {
  none: 0,
  minimal: 0,
  low: 1_000,
  medium: 4_000,
  high: 12_000,
  xhigh: 24_000,
};

/**
 * Models that bill prompt-cache writes: "Cache writes" on the model pages of GPT-5.6 and later (1.25x
 * input, read 2026-12-03); their usage reports the tokens written as `prompt_tokens_details.cache_write_tokens`
 * (issue #31). Older models cache for free and report no writes.
 */
export function billsCacheWrites(model: string): boolean {
  return /^gpt-(5\.[6-9]|6)/.test(model);
}
