import { parseModelId, type Provider } from './model-id.js';

/**
 * Models the providers have retired or announced for retirement, as data: each row with the ids it
 * covers, the day requests to them start to fail, the provider's recommended replacement, and the line
 * it was read from. Read when the settings are (`src/settings/settings.ts`): a debate on a retired model stops
 * before any model call with its date and replacement named; one announced for retirement warns. Pure.
 *
 * The rows are the provider's own API: "The dates on this page apply to Anthropic-operated platforms
 * ... Partner-operated platforms (Amazon Bedrock and Google Cloud) set their own retirement schedules"
 * (platform.claude.com/docs/en/about-claude/model-deprecations), and OpenAI's deprecations page lists
 * OpenAI's API, not a server that speaks its protocol (Azure OpenAI, a proxy) under the same model name.
 * "Once a model is deprecated, migrate all usage to a suitable replacement before the retirement date.
 * Requests to models past the retirement date will fail." (Anthropic, same page.)
 */

/** One retirement: a model's ids on one provider, its date and replacement, and where that was read. */
export interface Retirement {
  provider: Provider;
  /** Every id the provider names the model by: its snapshot and its aliases. */
  ids: readonly string[];
  /** The first day requests fail (YYYY-MM-DD, UTC). */
  date: string;
  /** The provider's recommended replacement, as a model id is written in the inputs. */
  replacement: string;
  /** The page, and the line on it (or on a copy of it) that states the date and the replacement. */
  source: string;
}

const ANTHROPIC_DEPRECATIONS = 'https://platform.claude.com/docs/en/about-claude/model-deprecations';
const OPENAI_DEPRECATIONS = 'https://developers.openai.com/api/docs/deprecations';

/** The table, read 2026-12-07. */
export const RETIREMENTS: readonly Retirement[] = [
  {
    provider: 'anthropic',
    ids: ['claude-sonnet-4-20250514', 'claude-sonnet-4-0'],
    date: '2026-06-15',
    replacement: 'claude-sonnet-4-6',
    source: `${ANTHROPIC_DEPRECATIONS}, "2026-04-14: Claude Sonnet 4 and Claude Opus 4 models": "These models were retired June 15, 2026."; replacement claude-sonnet-4-6 (the page's deprecation history, "Recommended Replacement")`,
  },
  {
    provider: 'anthropic',
    ids: ['claude-opus-4-20250514', 'claude-opus-4-0'],
    date: '2026-06-15',
    replacement: 'claude-opus-4-8',
    source: `${ANTHROPIC_DEPRECATIONS}, "2026-04-14: Claude Sonnet 4 and Claude Opus 4 models": "These models were retired June 15, 2026."; replacement claude-opus-4-8`,
  },
  {
    provider: 'anthropic',
    ids: ['claude-opus-4-1-20250805', 'claude-opus-4-1'],
    date: '2026-08-05',
    replacement: 'claude-opus-4-8',
    source: `${ANTHROPIC_DEPRECATIONS}, "2026-06-05: Claude Opus 4.1 model": "This model was retired August 5, 2026."; replacement claude-opus-4-8`,
  },
  {
    provider: 'anthropic',
    ids: ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    date: '2026-11-30',
    replacement: 'claude-sonnet-5-5',
    // The page's status table does not load in the copy the search index holds; the line is a copy of Anthropic's notice.
    source: `${ANTHROPIC_DEPRECATIONS}; as Anthropic's notice is copied at https://docs.apiyi.com/live/2026-12/claude-sonnet-4-5-retired: "Anthropic 已于 2026 年 11 月 30 日正式下线 claude-sonnet-4-5-20250929 与 claude-sonnet-4-5，弃用公告发布于 9 月 30 日 ... 官方推荐替代型号为 claude-sonnet-5-5"`,
  },
  {
    provider: 'anthropic',
    ids: ['claude-opus-4-5-20251101', 'claude-opus-4-5'],
    date: '2027-01-22',
    replacement: 'claude-opus-5-5',
    source: `${ANTHROPIC_DEPRECATIONS}, as read on 2026-11-26 (github.com/samarthputhraya/Modelpin, release 0.5.7): "Anthropic deprecated claude-opus-4-5-20251101 on 23 November 2026, with 22 January 2027 as its tentative retirement date and claude-opus-5-5 as the recommended replacement. The retirement includes the undated claude-opus-4-5."`,
  },
  {
    provider: 'openai',
    ids: ['gpt-5', 'gpt-5-2025-08-07'],
    date: '2026-12-11',
    replacement: 'openai:gpt-6.1-sol',
    source: `${OPENAI_DEPRECATIONS}: "Dec 11, 2026 | gpt-5, gpt-5-2025-08-07 | Deprecated | gpt-6.1-sol | Jun 11, 2026"`,
  },
  {
    provider: 'openai',
    ids: ['gpt-5-mini', 'gpt-5-mini-2025-08-07'],
    date: '2026-12-11',
    replacement: 'openai:gpt-6.1-terra',
    source: `${OPENAI_DEPRECATIONS}: "Dec 11, 2026 | gpt-5-mini, gpt-5-mini-2025-08-07 | Deprecated | gpt-6.1-terra | Jun 11, 2026"`,
  },
  {
    provider: 'openai',
    ids: ['gpt-5-nano', 'gpt-5-nano-2025-08-07'],
    date: '2026-12-11',
    replacement: 'openai:gpt-6-luna',
    source: `${OPENAI_DEPRECATIONS}: "Dec 11, 2026 | gpt-5-nano, gpt-5-nano-2025-08-07 | Deprecated"; https://developers.openai.com/api/docs/models/gpt-5-nano: "For most new speed- and cost-sensitive workloads, we recommend starting with GPT-6 Luna."`,
  },
  {
    provider: 'openai',
    ids: [
      'gpt-4o',
      'gpt-4o-2024-08-06',
      'gpt-4o-2024-11-20',
      'gpt-4o-mini',
      'gpt-4o-mini-2024-07-18',
      'gpt-4.1',
      'gpt-4.1-2025-04-14',
      'gpt-4.1-mini',
      'gpt-4.1-mini-2025-04-14',
    ],
    date: '2027-01-14',
    replacement: 'openai:gpt-6-luna',
    source: `${OPENAI_DEPRECATIONS}, "2026-10-14: GPT-4 series model deprecations": removed from the API on January 14, 2027, GPT-4o (gpt-4o-2024-08-06, gpt-4o-2024-11-20), GPT-4o mini (gpt-4o-mini-2024-07-18), GPT-4.1 (gpt-4.1-2025-04-14) and GPT-4.1 mini (gpt-4.1-mini-2025-04-14), recommended replacement gpt-6-luna`,
  },
];

/** Where the run's `openai:` models are served: OpenAI's own API, or another server under the same names. */
export interface RetirementScope {
  /** False when `base-url` sends the `openai:` roles to a host other than api.openai.com: OpenAI's dates do not apply there. */
  openAiApi: boolean;
}

/** A role model's retirement as of a day: `retired` once the date has come, `announced` before it. */
export interface ModelRetirement {
  state: 'retired' | 'announced';
  retirement: Retirement;
}

/**
 * @param id a model id as written in the inputs (`[provider:]model`)
 * @param today the day to judge on (YYYY-MM-DD, UTC), from the caller's clock
 * @returns undefined for a model no row names
 */
export function retirementOf(id: string, today: string, scope: RetirementScope): ModelRetirement | undefined {
  const { provider, model } = parseModelId(id);
  if (provider === 'openai' && !scope.openAiApi) return undefined;
  const retirement = RETIREMENTS.find((r) => r.provider === provider && r.ids.includes(model));
  if (retirement === undefined) return undefined;
  return { state: today >= retirement.date ? 'retired' : 'announced', retirement };
}

/**
 * What a user reads about a role model's retirement.
 * @param where how the setting is named: `Input 'model'`, or `.github/pr-debate.yml on main: key 'model'`
 */
export function describeRetirement(where: string, id: string, found: ModelRetirement): string {
  const { date, replacement } = found.retirement;
  return found.state === 'retired'
    ? `${where}: model "${id}" was retired on ${date}, and requests to it fail; use ${replacement}, its recommended replacement`
    : `${where}: model "${id}" retires on ${date}; move to ${replacement}, its recommended replacement, before then`;
}

/** The role models' retirements as the settings hold them. */
export interface RoleRetirements {
  /** The first retired role model: its input, the message, and the config file when the value came from there. */
  retired: { input: string; message: string; file?: string } | undefined;
  /** One warning per role model announced for retirement. */
  warnings: string[];
}

/** The inputs that name the role models, as parsed (`src/settings/input-schemas.ts`), first named first. */
const ROLE_INPUTS = ['model', 'advocate-models', 'judge-model', 'refusal-fallback-model'] as const;

/**
 * Judges every role model once, as of `today`.
 * @param inputs the parsed role-model inputs, and `base-url` (the address of `model`'s provider: OpenAI's
 *   dates hold for `openai:` roles unless it sends them to another host)
 * @param today the caller's clock (the day is taken in UTC)
 * @param fileOf the config file a value came from (`.github/pr-debate.yml on main`), else undefined
 */
export function judgeRetirements(
  inputs: Partial<Record<(typeof ROLE_INPUTS)[number], string | string[]>> & {
    model: string;
    'base-url'?: string | undefined;
  },
  today: Date,
  fileOf?: (input: string) => string | undefined,
): RoleRetirements {
  const baseUrl = inputs['base-url'];
  const scope = {
    openAiApi:
      baseUrl === undefined ||
      parseModelId(inputs.model).provider !== 'openai' ||
      new URL(baseUrl).host === 'api.openai.com',
  };
  const day = today.toISOString().slice(0, 10);
  const judged: RoleRetirements = { retired: undefined, warnings: [] };
  const seen = new Set<string>();
  for (const input of ROLE_INPUTS) {
    for (const id of [inputs[input] ?? []].flat()) {
      const found = seen.has(id) ? undefined : retirementOf(id, day, scope);
      seen.add(id);
      if (found === undefined) continue;
      const file = fileOf?.(input);
      const message = describeRetirement(
        file === undefined ? `Input '${input}'` : `${file}: key '${input}'`,
        id,
        found,
      );
      if (found.state === 'announced') judged.warnings.push(message);
      else judged.retired ??= { input, message, ...(file === undefined ? {} : { file }) };
    }
  }
  return judged;
}
