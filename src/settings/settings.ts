import path from 'node:path';
import type { CryptoKey } from 'jose';
import { parseRecordText } from '../gate/select-record.js';
import { DecisionKeyError, importDecisionKeys, type DecisionKeys } from '../gate/sign-record.js';
import { parseModelId, type Provider } from '../models/model-id.js';
import { describeUnpriced, unpricedModels } from '../models/model-prices.js';
import { judgeRetirements, type RoleRetirements } from '../models/model-retirements.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import type { ParsedSettings, SettingsProblem } from './parse-settings.js';

/**
 * The one check of the settings, before the first side effect of a run: what the parse of each input
 * cannot judge alone. The decision keys are imported and the handed-over record (input `decision`) parsed
 * here, once; the record folder is resolved in the workspace; the role models are judged for retirement
 * as of today, and for a debate their prices and their provider's key are checked (issues #12, #19, #31).
 * The first problem found is the run's one error for the user: the input (or config key) and the fix.
 */

/**
 * What the run does, which decides what must hold before it starts: a debate calls models and signs a
 * record; the gate and an accept read and sign records; a reply to a command needs only valid inputs.
 */
export type SettingsPurpose = 'debate' | 'gate' | 'answer';

/** The settings of a run, checked: what the check adds to the parsed settings, and the run's one problem. */
export type Settings = ParsedSettings & {
  models: {
    /** The role models retired or announced for retirement on the day the settings were checked (`src/models/model-retirements.ts`). */
    retirements: RoleRetirements;
  };
  gate: {
    /** The decision keys, imported once; a key that is no key is left out and named in `problem`. */
    keys: DecisionKeys;
    /** Input `decision`, parsed once: a `pr-debate/decision@1` record handed over by the debate job. */
    handedOver: DecisionRecord | undefined;
    /** The absolute folder of `decision-record-path` inside the workspace, or undefined when the input is not set. */
    recordFolder: string | undefined;
  };
  /**
   * The first input (or config key, or the config file) this run cannot use, or undefined. A run stops on it
   * where the user looks (a reply on the PR; the gate's check), never going on with a default in its place.
   */
  problem: SettingsProblem | undefined;
  /** The first config file key no setting reads, with the nearest known key and the fix: a debate's own check does not pass on it. */
  unknownConfigKey: string | undefined;
};

/** What a trigger needs of the settings (see {@link SettingsPurpose}). */
export function purposeOf(trigger: Trigger): SettingsPurpose {
  if (trigger.kind === 'debate' || trigger.kind === 'go') return 'debate';
  if (trigger.kind === 'bridge') return trigger.purpose;
  return trigger.kind === 'gate' || trigger.kind === 'accept' ? 'gate' : 'answer';
}

/**
 * Checks the parsed settings for a run of this purpose.
 * @param options.problem a problem the parse found (a bad input the lenient parse replaced, the config file): it stays the first
 * @param options.today the day the role models' retirements are judged on; default the clock's
 * @param options.fileOf the config file a value came from (`.github/pr-debate.yml on main`), else undefined
 * @returns the settings with the keys, the handed-over record and the record folder, and the run's first problem
 * @throws never for a value: every problem is returned, named
 */
export async function checkSettings(
  parsed: ParsedSettings,
  options: {
    purpose: SettingsPurpose;
    problem?: SettingsProblem | undefined;
    today?: Date;
    fileOf?: (input: string) => string | undefined;
    unknownConfigKey?: string | undefined;
  },
): Promise<Settings> {
  const { models, gate } = parsed;
  const retirements = judgeRetirements(rolesOf(models), options.today ?? new Date(), options.fileOf);
  const signing = await importKey(gate.signingPem, 'signing');
  const publicKey = await importKey(gate.publicPem, 'publicKey');
  const handedOver = gate.decisionText === undefined ? undefined : parseRecordText(gate.decisionText);
  const folder = recordFolderOf(gate.recordPath, parsed.github.workspace);
  const record: SettingsProblem | undefined =
    (typeof folder === 'object' ? folder : undefined) ??
    signing.problem ??
    publicKey.problem ??
    (gate.decisionText !== undefined && handedOver === undefined
      ? {
          input: 'decision',
          message:
            "Input 'decision': expected a pr-debate/decision@1 record as JSON, such as the debate job's `decision` output (`${{ needs.debate.outputs.decision }}`)",
        }
      : undefined);
  const debate = options.purpose === 'debate';
  const problem =
    options.problem ??
    (debate ? retirements.retired : undefined) ??
    (options.purpose === 'answer' ? undefined : record) ??
    (debate ? modelProblem(parsed) : undefined);
  return {
    ...parsed,
    models: { ...models, retirements },
    gate: {
      ...gate,
      keys: { signing: signing.key, publicKey: publicKey.key },
      handedOver,
      recordFolder: typeof folder === 'string' ? folder : undefined,
    },
    problem,
    unknownConfigKey: options.unknownConfigKey,
  };
}

/**
 * The settings with other role models (a confirmed plan runs on the models it named), judged again as the
 * check judges them: retirement as of `today`, prices, the provider's key. A problem found before stays first.
 */
export function withModels(
  settings: Settings,
  roles: Pick<ParsedSettings['models'], 'model' | 'advocateModels' | 'judgeModel'>,
  today: Date = new Date(),
): Settings {
  const models = { ...settings.models, ...roles };
  const retirements = judgeRetirements(rolesOf(models), today);
  const parsed = { ...settings, models };
  return {
    ...parsed,
    models: { ...models, retirements },
    problem: settings.problem ?? retirements.retired ?? modelProblem(parsed),
  };
}

/** The providers the run's roles use (from `model`, `advocate-models`, `judge-model`). */
export function providersOf(
  models: Pick<ParsedSettings['models'], 'model' | 'advocateModels' | 'judgeModel'>,
): Set<Provider> {
  return new Set([models.model, ...models.advocateModels, models.judgeModel].map((id) => parseModelId(id).provider));
}

/** The input `anthropic-api-key` names when a run needs it and it is not set; the CLI words it its own way. */
export const MISSING_API_KEY =
  "Input 'anthropic-api-key' is required to run a debate: add `anthropic-api-key: ${{ secrets.ANTHROPIC_API_KEY }}` to the step and store the key as a repository secret";

/**
 * What stops a debate's models before any call: a model without a price (neither listed nor given in
 * `model-prices`), or no `anthropic-api-key` for a role on the Anthropic API. The other providers read
 * their credentials from the environment (AWS and Google credentials, `OPENAI_API_KEY`, or none for a
 * local server), and pre-flight names what they answer.
 */
function modelProblem(parsed: ParsedSettings): SettingsProblem | undefined {
  const { models } = parsed;
  const unpriced = unpricedModels(
    [
      models.model,
      ...models.advocateModels,
      models.judgeModel,
      ...(models.refusalFallbackModel ? [models.refusalFallbackModel] : []),
    ],
    models.prices,
  );
  if (unpriced.length > 0) return { input: 'model-prices', message: describeUnpriced(unpriced) };
  if (providersOf(models).has('anthropic') && !models.anthropicApiKey)
    return { input: 'anthropic-api-key', message: MISSING_API_KEY };
  return undefined;
}

/** The role-model inputs as `judgeRetirements` reads them. */
function rolesOf(models: ParsedSettings['models']) {
  return {
    model: models.model,
    'advocate-models': models.advocateModels,
    'judge-model': models.judgeModel,
    'refusal-fallback-model': models.refusalFallbackModel,
    'base-url': models.baseUrl,
  };
}

/** Imports one decision key; a key that is no key is named, never quoted. */
async function importKey(
  pem: string | undefined,
  which: keyof DecisionKeys,
): Promise<{ key: CryptoKey | undefined; problem?: SettingsProblem }> {
  if (pem === undefined) return { key: undefined };
  try {
    const keys = await importDecisionKeys(
      which === 'signing' ? { signingKey: pem, publicKey: undefined } : { signingKey: undefined, publicKey: pem },
    );
    return { key: keys[which] };
  } catch (error) {
    if (!(error instanceof DecisionKeyError)) throw error;
    return { key: undefined, problem: { input: error.input, message: error.message } };
  }
}

/**
 * The folder of input `decision-record-path`, checked: inside the workspace (`GITHUB_WORKSPACE`, else the
 * working directory), so a bad path is said before anything is written, never after a written check.
 * @returns the absolute folder, undefined when the input is not set, or the problem
 */
function recordFolderOf(
  recordPath: string | undefined,
  workspaceDir: string | undefined,
): string | SettingsProblem | undefined {
  if (recordPath === undefined) return undefined;
  const workspace = path.resolve(workspaceDir ?? process.cwd());
  const folder = path.resolve(workspace, recordPath);
  if (folder === workspace || folder.startsWith(`${workspace}${path.sep}`)) return folder;
  return {
    input: 'decision-record-path',
    message: `Input 'decision-record-path': expected a folder inside the workspace (${workspace}), got ${JSON.stringify(recordPath)}; use a relative path such as docs/decisions`,
  };
}
