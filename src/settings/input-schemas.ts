import { z } from 'zod';
import { DEFAULT_MAX_READER_CALLS, JUDGE_RUNS, MAX_ROUNDS, PRESETS, type JudgeRunCount } from '../debate/plan.js';
import { GATE_POLICIES } from '../gate/gate-types.js';
import { DEFAULT_EVIDENCE_TOKENS } from '../evidence/show-lines.js';
import { ModelIdError, parseModelId } from '../models/model-id.js';
import { parseModelPrices } from '../models/model-prices.js';
import { REVIEW_THREAD_MODES, THREAD_RESOLUTIONS } from '../threads/thread-modes.js';

/**
 * The zod schemas of the action's inputs (action.yml, docs/config.md) and of the runner
 * environment, where those strings enter; `settings.ts` turns what they parse into `Settings`.
 */

/** The default model: a current Sonnet-class Claude model (docs/config.md, input `model`). */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/** A zod issue message that names the input, what it expects and what it got (house style). */
const expected = (input: string, what: string) => (issue: { input?: unknown }) =>
  `Input '${input}': expected ${what}, got ${JSON.stringify(issue.input)}`;

const positiveInt = (input: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: expected(input, 'a whole number') })
    .transform(Number)
    .pipe(z.number().int().positive(`Input '${input}': expected a number above 0`));

/** One word of a fixed set, case-insensitive (`preset`, `mode`, `gate-policy`). */
const choice = <const T extends readonly [string, ...string[]]>(input: string, values: T, fallback: T[number]) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .default(fallback)
    .pipe(
      z.enum(values, {
        error: (issue) => `Input '${input}': expected one of ${values.join(', ')}, got ${JSON.stringify(issue.input)}`,
      }),
    );

/** A model id (`[provider:]model`, docs/providers.md), checked here so a typo fails before anything runs. */
const modelId = (input: string) =>
  z
    .string()
    .trim()
    .min(1)
    .superRefine((value, context) => {
      try {
        parseModelId(value);
      } catch (error) {
        if (error instanceof ModelIdError)
          context.addIssue({ code: 'custom', message: `Input '${input}': ${error.message}` });
        else throw error;
      }
    });

/** The action's inputs (action.yml), each parsed from its raw string with a message that names it. */
export const inputsSchema = z.object({
  'github-token': z.string({ error: "Input 'github-token' is required: pass `${{ github.token }}`" }).min(1),
  // Required only when a debate runs (see requireApiKey): events that do nothing must not fail on it.
  'anthropic-api-key': z.string().min(1).optional(),
  'base-url': z
    .url({ protocol: /^https?$/, error: "Input 'base-url': expected an http(s) URL such as https://api.anthropic.com" })
    .optional(),
  'openai-api-key': z.string().min(1).optional(),
  model: modelId('model').default(DEFAULT_MODEL),
  'trigger-label': z.string().trim().min(1).default('debate'),
  command: z
    .string()
    .trim()
    .regex(/^\S+$/, "Input 'command': expected one word without spaces, such as /debate")
    .default('/debate'),
  'rfc-path': z.string().trim().min(1).optional(),
  preset: choice('preset', PRESETS, 'standard'),
  'max-rounds': z
    .string()
    .trim()
    .regex(new RegExp(`^[0-${MAX_ROUNDS}]$`), {
      error: expected('max-rounds', `a whole number from 0 to ${MAX_ROUNDS}`),
    })
    .transform(Number)
    .optional(),
  'judge-runs': z
    .string()
    .trim()
    .regex(new RegExp(`^(${JUDGE_RUNS.join('|')})$`), { error: expected('judge-runs', JUDGE_RUNS.join(' or ')) })
    .transform((value) => Number(value) as JudgeRunCount)
    .default(2),
  'advocate-models': z
    .string()
    .transform((value) => value.split(',').map((m) => m.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .min(1, "Input 'advocate-models': expected a comma-separated list of model ids, with no empty entry")
            .pipe(modelId('advocate-models')),
        )
        .min(1),
    )
    .optional(),
  'judge-model': modelId('judge-model').optional(),
  // The readers' model (issue #40): a cheaper one may be named; default, the first advocate's.
  'reader-model': modelId('reader-model').optional(),
  'max-reader-calls': z
    .string()
    .trim()
    .regex(/^\d+$/, { error: expected('max-reader-calls', 'a whole number, 0 for no readers') })
    .transform(Number)
    .pipe(z.number().int().max(100, "Input 'max-reader-calls': at most 100"))
    .default(DEFAULT_MAX_READER_CALLS),
  // A model that answers a turn its role's model refused (stop_reason "refusal"); none: the refusal gets one repair on the same model.
  'refusal-fallback-model': modelId('refusal-fallback-model').optional(),
  'model-prices': z
    .string()
    .transform((value, context) => {
      try {
        return parseModelPrices(value);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `Input 'model-prices': ${error instanceof Error ? error.message : String(error)}`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  'max-cost-usd': z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: expected('max-cost-usd', 'an amount in US dollars, such as 5 or 0.50') })
    .transform(Number)
    .pipe(z.number().positive("Input 'max-cost-usd': expected more than 0 dollars"))
    .default(5),
  'confirm-plan': z
    .string()
    .trim()
    // A boolean as the runner's YAML 1.2 core schema writes it (`core.getBooleanInput` accepts the same set).
    .regex(/^(true|True|TRUE|false|False|FALSE)$/, { error: expected('confirm-plan', 'true or false') })
    .transform((value) => value.toLowerCase() === 'true')
    .default(false),
  language: z
    .string()
    .trim()
    .regex(
      /^[\p{L}\p{M}][\p{L}\p{M} ()_-]{0,39}$/u,
      "Input 'language': expected auto, or a language name or code such as German, de or pt-BR",
    )
    .default('auto'),
  'max-evidence-tokens': positiveInt('max-evidence-tokens').default(DEFAULT_EVIDENCE_TOKENS),
  'bot-login': z.string().trim().min(1).default('github-actions[bot]'),
  mode: choice('mode', ['debate', 'gate'], 'debate'),
  'gate-policy': choice('gate-policy', GATE_POLICIES, 'require-decision'),
  'review-threads': choice('review-threads', REVIEW_THREAD_MODES, 'decisive'),
  'resolve-review-threads': choice('resolve-review-threads', THREAD_RESOLUTIONS, 'outdated'),
  'decision-signing-key': z.string().trim().min(1).optional(),
  'decision-public-key': z.string().trim().min(1).optional(),
  'required-label': z.string().trim().min(1).optional(),
  'exempt-label': z.string().trim().min(1).default('debate-exempt'),
  'decision-record-path': z.string().trim().min(1).optional(),
  decision: z.string().trim().min(1).optional(),
  'deadline-minutes': z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: expected('deadline-minutes', 'a number of minutes, such as 20 or 0.5') })
    .transform(Number)
    .pipe(
      z
        .number()
        .positive("Input 'deadline-minutes': expected more than 0 minutes")
        .max(360, "Input 'deadline-minutes': at most 360 (GitHub stops a job after 6 hours)"),
    )
    .default(20),
  'config-file': z
    .string()
    .trim()
    .regex(
      /^[^/].*\.ya?ml$/,
      "Input 'config-file': expected a path in the repository ending in .yml or .yaml, such as .github/pr-debate.yml",
    )
    .default('.github/pr-debate.yml'),
});

/** Every input the action reads, by its action.yml name; the config file may set those it allows (`config-schema.ts`). */
export const INPUT_NAMES: readonly string[] = Object.keys(inputsSchema.shape);

/** The runner's environment variables the action reads. */
export const environmentSchema = z.object({
  GITHUB_EVENT_NAME: z.string({ error: 'GITHUB_EVENT_NAME is not set: run this inside GitHub Actions or via the CLI' }),
  GITHUB_EVENT_PATH: z.string({ error: 'GITHUB_EVENT_PATH is not set: run this inside GitHub Actions or via the CLI' }),
  GITHUB_REPOSITORY: z
    .string({ error: 'GITHUB_REPOSITORY is not set' })
    .regex(/^[^/\s]+\/[^/\s]+$/, 'GITHUB_REPOSITORY: expected owner/name'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  GITHUB_SERVER_URL: z.url().default('https://github.com'),
  GITHUB_RUN_ID: z.string().optional(),
  RUNNER_TEMP: z.string().min(1).optional(),
  GITHUB_WORKSPACE: z.string().min(1).optional(),
  // The workflow's name (or its file path when it has none); a fork PR's run names it as the bridge's `workflows:` entry.
  GITHUB_WORKFLOW: z.string().min(1).optional(),
});

/**
 * One sentence for the first issue of a parse of the inputs or the environment, naming what was wrong.
 * @param kind how the value is named: `Input 'model'`, `Environment 'GITHUB_REPOSITORY'`
 */
export function describeInputIssues(error: z.ZodError, kind: 'Input' | 'Environment'): string {
  const issue = error.issues[0];
  if (!issue) return `${kind}: invalid value`;
  const name = String(issue.path[0] ?? '');
  // Our own messages already name the input; zod's generic ones get the name prepended.
  if (issue.message.startsWith('Input ') || issue.message.startsWith(name)) return issue.message;
  return `${kind} '${name}': ${issue.message}`;
}
