import { z } from 'zod';
import { JUDGE_RUNS, MAX_ROUNDS, PRESETS } from '../debate/plan.js';
import { GATE_POLICIES } from '../gate/gate-types.js';
import { REVIEW_THREAD_MODES, THREAD_RESOLUTIONS } from '../threads/thread-modes.js';

/**
 * The repository config file `.github/pr-debate.yml` (docs/config.md): its keys mirror the action's
 * inputs, so a team sets once what every workflow would otherwise repeat. Pure.
 *
 * Every input may be set here except those that must never sit in a committed file or that belong to
 * one workflow job ({@link isConfigurable}); keys typed below get a precise schema for editors, any
 * other input name is accepted as a scalar and validated by the input's own parser. Two keys are the
 * config file's own: `models` (the three model inputs in one place) and `rfc-paths` (a list, where the
 * input takes one path or glob); `out-of-scope` has no input (it is the command's `--out-of-scope`).
 */

/**
 * Inputs a config file must not set: credentials (a committed file is public to every reader), per-job
 * switches, `decision` (the record one job hands to the next), and the label and command, which the
 * workflow's own `if:` filter names: the event must be decided before any API call (an unrelated comment
 * costs nothing), so they stay with the workflow.
 */
const NOT_CONFIGURABLE = new Set(['config-file', 'mode', 'decision', 'trigger-label', 'command']);
const SECRET = /(^|-)(token|api-key|signing-key)$/;

/**
 * Whether an input may come from the config file.
 * @param input an input name of action.yml, e.g. `preset`
 */
export function isConfigurable(input: string): boolean {
  return !NOT_CONFIGURABLE.has(input) && !SECRET.test(input);
}

const text = z.string().trim().min(1);
const list = z.array(text).min(1);
const modelList = z
  .union([text, list])
  .describe('model ids, one per position (A, B, ...), cycled; a list or a comma-separated string');

/** Keys with a precise type; each is also an input name unless noted. */
const typedKeys = {
  preset: z.enum(PRESETS).describe('debate depth: quick, standard or deep'),
  models: z
    .strictObject({
      default: text.optional().describe('input `model`: the moderator, and every role not named below'),
      advocates: modelList.optional().describe('input `advocate-models`'),
      judge: text.optional().describe('input `judge-model`: the judge and the evidence auditor'),
    })
    .describe('the model inputs in one place; a model id is [provider:]model'),
  model: text.describe('model for every role unless overridden'),
  'advocate-models': modelList,
  'judge-model': text.describe('model of the judge and the evidence auditor'),
  'reader-model': text.describe(
    'model of the readers, who read the changes the evidence pack cannot hold (default: the first advocate model)',
  ),
  'max-reader-calls': z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('most reader calls of one run, one per part of the changes the evidence pack cannot hold; 0 for none'),
  'model-prices': z
    .union([text, list])
    .describe(
      'prices of models the price list lacks: <model id>=<input>/<output>[/<cache write>/<cache read>] in USD per million tokens, a list or a comma-separated string',
    ),
  'refusal-fallback-model': text.describe('model that answers a turn the role model refused, once'),
  language: text.describe('language of the comment: auto, or a language name or code such as German or pt-BR'),
  'max-cost-usd': z.number().positive().describe('spending cap of one run, in US dollars'),
  'max-rounds': z
    .number()
    .int()
    .min(0)
    .max(MAX_ROUNDS)
    .describe(`hard cap on cross-examination rounds (0 to ${MAX_ROUNDS})`),
  'judge-runs': z
    .union(JUDGE_RUNS.map((n) => z.literal(n)))
    .describe(
      'how many times the judge rules: 2 or 4, half of the runs with the positions under swapped ids and in swapped order',
    ),
  'max-evidence-tokens': z
    .number()
    .int()
    .positive()
    .describe(
      'budget of the evidence pack, in tokens on the models that read it (the advocates and the judge), sized for their tokenizer',
    ),
  'deadline-minutes': z.number().positive().max(360).describe('whole-run deadline in minutes'),
  'rfc-path': text.describe('path or glob of the RFC / design document at the PR head'),
  'rfc-paths': list.describe(
    'paths or globs of the RFC / design document at the PR head (the first that matches a changed file wins); sets input `rfc-path`',
  ),
  'out-of-scope': list.describe("topics no debate may drift into, added to a command's --out-of-scope"),
  'gate-policy': z.enum(GATE_POLICIES).describe('what the merge gate requires'),
  'review-threads': z
    .enum(REVIEW_THREAD_MODES)
    .describe(
      "inline review comments: off, decisive (each position's decisive verified line and the lines that defeated a position) or all",
    ),
  'resolve-review-threads': z
    .enum(THREAD_RESOLUTIONS)
    .describe(
      'outdated: a gate run resolves a pr-debate thread whose cited lines are gone, unless a person replied; humans-resolve: never',
    ),
  'required-label': text.describe('with it set, only PRs carrying this label need a decision'),
  'exempt-label': text.describe('PRs with this label pass the gate without a decision'),
  'allow-unseen': list.describe(
    'globs of changed files the models may leave unseen (binary assets) or unread (hunks no model read): a decision passes the gate though such files were not seen or read',
  ),
  'author-may-decide': z
    .boolean()
    .describe(
      "the PR author's own /debate accept and exempt label count (default false: someone else with write permission must)",
    ),
  'read-generated': z
    .boolean()
    .describe(
      'generated, vendored and lock files that do not fit the evidence pack go to readers too, and count as unread when no reader reads them (default false: read by no one, listed)',
    ),
  'decision-public-key': text.describe('Ed25519 public key (SPKI PEM) the gate verifies records with'),
  'confirm-plan': z.boolean().describe('post the plan of an inferred debate and wait for /debate go'),
  'bot-login': text.describe('the identity whose comments hold the debate results'),
  'base-url': z.url({ protocol: /^https?$/ }).describe('API base URL of the default provider'),
} as const;

/** Keys that are the config file's own, not input names. */
export const CONFIG_ONLY_KEYS = [
  'models',
  'rfc-paths',
  'out-of-scope',
  'allow-unseen',
  'author-may-decide',
  'read-generated',
] as const;

/** The typed keys, each optional; other keys pass through (the reader names the unknown ones). */
export const typedConfigSchema = z.looseObject(
  Object.fromEntries(Object.entries(typedKeys).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof typedKeys]: z.ZodOptional<(typeof typedKeys)[K]>;
  },
);

/**
 * The whole schema for these input names: the typed keys, plus a scalar for each other configurable
 * input (validated again, as text, by the input's own parser).
 * @param inputNames the inputs the action reads (`INPUT_NAMES` of `src/settings/settings.ts`)
 */
export function configSchema(inputNames: readonly string[]) {
  const generic = Object.fromEntries(
    inputNames
      .filter((name) => isConfigurable(name) && !(name in typedKeys))
      .map((name) => [
        name,
        z.union([z.string(), z.number(), z.boolean()]).describe(`the action input \`${name}\``).optional(),
      ]),
  );
  return typedConfigSchema.extend(generic);
}

/** The keys a config file may hold, for the unknown-key warning. */
export function knownConfigKeys(inputNames: readonly string[]): Set<string> {
  return new Set([...inputNames.filter(isConfigurable), ...Object.keys(typedKeys)]);
}

/**
 * The JSON Schema of the config file, for editors (`# yaml-language-server: $schema=...`); committed as
 * `schema/pr-debate.schema.json` and checked for freshness by a test.
 */
export function configJsonSchema(inputNames: readonly string[]): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema(inputNames).strict(), { target: 'draft-2020-12', io: 'input' });
  return {
    $id: 'https://raw.githubusercontent.com/pr-debate/pr-debate/v0/schema/pr-debate.schema.json',
    title: 'pr-debate repository config (.github/pr-debate.yml)',
    description:
      'Read from the default branch, never from the pull request. Workflow inputs that are set win over these keys; these win over the defaults.',
    ...schema,
  };
}
