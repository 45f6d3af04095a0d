import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packReadersFor } from '../src/debate/plan.js';
import { loadPrompt } from '../src/debate/prompts.js';
import type { ModelClient } from '../src/debate/model-client.js';
import { armName, DEFAULT_DEBATE, isDebating, mixedAdvocates, parseArms, type ModelFamily } from './arms.js';
import { buildResults, type EvalSettings } from './eval-results.js';
import { EvalCaseError, loadEvalCases } from './load-eval-cases.js';
import { renderPlot } from './render-plot.js';
import { renderReport } from './render-report.js';
import { runEval } from './run-eval.js';
import { prepareCases } from './prepare-cases.js';
import {
  checkContextWindows,
  checkModels,
  ContextWindowTooSmall,
  ModelNotReachable,
  type RoleModels,
} from '../src/llm/check-models.js';
import { createModelClient } from '../src/llm/create-model-client.js';
import { parseModelId } from '../src/models/model-id.js';
import { estimateTokensOn } from '../src/llm/pack-tokenizer.js';
import { capSpending } from '../src/llm/spending-cap.js';
import { priceOf, useModelPrices } from '../src/models/price-usage.js';
import { parseSettings } from '../src/settings/load-settings.js';
import { SettingsError } from '../src/settings/parse-settings.js';
import { MISSING_API_KEY, providersOf } from '../src/settings/settings.js';
import { createRehearsalModelClient } from '../src/rehearsal/rehearsal-model-client.js';
import { describeFailure, RunStopped } from '../src/cli/call-pipeline.js';
import type { EvalCommand } from './parse-eval-args.js';
import { REHEARSAL_NO_KEY, type CliIo } from '../src/cli/cli-io.js';
import { createProgress } from '../src/cli/print-progress.js';

/** The eval reads no repository; `parseSettings` still wants a token and a repository name, which nothing uses. */
const NO_GITHUB = { token: 'unused-by-pr-debate-eval', repository: 'eval/cases' };

/** The eval's own failures that are said as they are: a bad case folder, settings, models that cannot take the run. */
class EvalStop extends Error {
  override name = 'EvalStop';
}

/**
 * The rehearsal model for the eval. The progress line sees its replies as a model's without a price, so
 * it shows $0; the arms see them as the model each call asked for, so that the eval prices the
 * rehearsal's tokens as that model's and sizes the arms as a real run would. The runs record that
 * nothing was paid (`rehearsal` in results.json, $0 in the report).
 */
function rehearsalFor(track: (client: ModelClient) => ModelClient): ModelClient {
  const rehearsal = createRehearsalModelClient({ judge: 'by-case' });
  const tracked = track({ complete: async (call) => ({ ...(await rehearsal.complete(call)), model: 'rehearsal' }) });
  return { complete: async (call) => ({ ...(await tracked.complete(call)), model: call.model }) };
}

/** The model families whose provider the eval can call: a key or endpoint is set for it (every family in a rehearsal). */
function configuredFamilies(
  given: Record<string, string | undefined>,
  env: Record<string, string | undefined>,
  rehearsal: boolean,
): ModelFamily[] {
  if (rehearsal) return ['claude', 'openai'];
  return [
    ...(given['anthropic-api-key'] ? (['claude'] as const) : []),
    ...(given['openai-api-key'] || env.OPENAI_API_KEY || env.OPENAI_BASE_URL ? (['openai'] as const) : []),
  ];
}

/**
 * `pr-debate eval`: the cases' evidence packs, the pre-flight a debate runs (each pack fits each
 * model's context window; each model answers one short call), then every arm on every case in both
 * orders; writes results.json, report.md and accuracy-cost.svg to `--out` and prints the report (or
 * the JSON with `--json`). With `--rehearsal` the rehearsal model answers every call: no key, nothing paid.
 * @returns 0 done, 1 the eval failed or measured nothing (one message on stderr)
 */
export async function evaluateCases(command: Extract<EvalCommand, { kind: 'eval' }>, io: CliIo): Promise<number> {
  const arms = parseArms(command.arms);
  const progress = createProgress(io.stderr, { verbose: false, callPhases: false });
  const controller = new AbortController();
  const stopListening = io.onInterrupt(() =>
    controller.abort(new RunStopped('ctrl-c', 'stopped with Ctrl-C', 'The eval was stopped with Ctrl-C.')),
  );
  try {
    const keys = command.rehearsal
      ? { 'anthropic-api-key': REHEARSAL_NO_KEY }
      : { 'anthropic-api-key': io.env.ANTHROPIC_API_KEY, 'openai-api-key': io.env.OPENAI_API_KEY };
    const given: Record<string, string | undefined> = { 'github-token': NO_GITHUB.token, ...keys, ...command.inputs };
    const settings = await parseSettings((name) => given[name] || undefined, {
      GITHUB_EVENT_NAME: 'eval',
      GITHUB_EVENT_PATH: '(eval)',
      GITHUB_REPOSITORY: NO_GITHUB.repository,
    });
    const cases = await loadEvalCases(command.cases, {
      cacheDir: command.caseCache,
      log: (line) => io.stderr.write(`pr-debate: eval case ${line}\n`),
    });
    if (settings.models.retirements.retired) throw new EvalStop(settings.models.retirements.retired.message);
    if (!command.rehearsal && providersOf(settings.models).has('anthropic') && !settings.models.anthropicApiKey)
      throw new SettingsError(MISSING_API_KEY);
    const models = {
      moderator: settings.models.model,
      advocates: settings.models.advocateModels,
      judge: settings.models.judgeModel,
    };
    let mixed: [string, string] | undefined;
    try {
      mixed = arms.some((a) => a.kind === 'mixed')
        ? mixedAdvocates(models.advocates, configuredFamilies(given, io.env, command.rehearsal))
        : undefined;
    } catch (error) {
      throw new EvalStop(error instanceof Error ? error.message : String(error));
    }
    const readers = {
      ...settings.models,
      advocateModels: [...new Set([...settings.models.advocateModels, ...(mixed ?? [])])],
    };
    // The reader models: the default's (input `reader-model`) and each `reader-model:<model>` arm's; used only where a case's pack cannot hold every changed hunk.
    const readerModels = [
      ...new Set([
        settings.models.readerModel,
        ...arms.flatMap((a) => (a.kind === 'debate' && a.readerModel !== undefined ? [a.readerModel] : [])),
      ]),
    ];
    const distinct = [...new Set([models.moderator, ...readers.advocateModels, models.judge, ...readerModels])];
    // Every model at a price the user can check (issue #31): the eval compares arms in dollars, so a model
    // without one is refused before the first call, as a debate refuses it.
    useModelPrices(settings.models.prices ?? new Map());
    const unpriced = distinct.filter((m) => priceOf(m) === undefined);
    if (unpriced.length > 0) {
      throw new EvalStop(
        `No price is known for ${unpriced.map((m) => `"${m}"`).join(', ')}: the eval compares arms in dollars. Give one with --input model-prices="${unpriced[0]}=IN/OUT" (USD per million input/output tokens, e.g. 3/15).`,
      );
    }
    if (
      command.budgetUsd === undefined &&
      !arms.some((a) => armName(a) === armName(DEFAULT_DEBATE)) &&
      arms.some((a) => !isDebating(a) || a.kind === 'escalate')
    ) {
      throw new EvalStop(
        "--budget-usd is needed when --arms has no 'debate': the default debate's cost is what the other arms get otherwise.",
      );
    }
    progress.phase('evidence');
    // Sized as a debate with positions still to frame sizes its pack: for every advocate model and the judge.
    const prepared = await prepareCases(cases, settings.debate.maxEvidenceTokens, packReadersFor(readers, 0));
    // The eval is many runs: the per-run default of max-cost-usd would stop it early, so it caps only when asked (--input max-cost-usd=N caps the whole eval).
    const routed = () =>
      createModelClient({
        ...settings.models,
        defaultProvider: parseModelId(settings.models.model).provider,
        env: io.env,
        signal: controller.signal,
      });
    const client = command.rehearsal
      ? rehearsalFor((c) => progress.track(c))
      : progress.track(
          command.inputs['max-cost-usd'] === undefined ? routed() : capSpending(routed(), settings.models.maxCostUsd),
        );
    if (command.rehearsal)
      io.stderr.write(
        "pr-debate: rehearsal (--rehearsal): the rehearsal model writes every reply, no model is called and nothing is paid; no figure is a model's.\n",
      );
    // The pre-flight of a debate, once, before the first case: every pack fits every model, every model answers.
    const roles: RoleModels = {
      model: settings.models.model,
      advocateModels: readers.advocateModels,
      judgeModel: settings.models.judgeModel,
      sources: settings.models.sources,
    };
    checkContextWindows(
      roles,
      new Map(distinct.map((m) => [m, Math.max(...prepared.map((p) => estimateTokensOn(m, p.pack.text.length)))])),
    );
    progress.phase('pre-flight');
    const preflight = { system: loadPrompt('system'), instructions: loadPrompt('preflight') };
    const overflows = prepared.some((p) => p.pack.coverage.parts.length > 0);
    await checkModels(
      client,
      { ...roles, ...(overflows ? { readerModel: settings.models.readerModel } : {}) },
      preflight,
    );
    // A `reader-model:<model>` arm's model answers too before the first case (its price is checked above).
    const pinged = new Set([roles.model, ...roles.advocateModels, roles.judgeModel, settings.models.readerModel]);
    for (const model of overflows ? readerModels.filter((m) => !pinged.has(m)) : [])
      await checkModels(
        client,
        { model, advocateModels: [model], judgeModel: model, sources: settings.models.sources },
        preflight,
      );
    const started = Date.now();
    const ran = await runEval(client, prepared, {
      arms,
      budgetUsd: command.budgetUsd,
      repeats: command.repeats,
      framing: command.framing,
      maxRounds: settings.debate.maxRounds,
      models,
      mixedAdvocates: mixed,
      rehearsal: command.rehearsal,
      language: settings.debate.language,
      readers: { model: settings.models.readerModel, maxCalls: settings.models.maxReaderCalls },
      onArm: (label) => progress.phase(label),
    });
    progress.end();
    const evalSettings: EvalSettings = {
      casesDir: command.cases,
      cases: prepared.map(({ evalCase, pack }) => ({
        id: evalCase.id,
        right: evalCase.right,
        tags: evalCase.tags,
        packTokens: pack.tokens,
      })),
      arms: arms.map(armName),
      versus: armName(DEFAULT_DEBATE),
      budgetUsd: command.budgetUsd,
      rehearsal: command.rehearsal,
      repeats: command.repeats,
      seed: command.seed,
      models,
      mixedAdvocates: mixed,
      prices: Object.fromEntries(distinct.map((m) => [m, priceOf(m) ?? null])),
    };
    const results = buildResults(evalSettings, ran.runs, ran.framing, (Date.now() - started) / 1000);
    const report = renderReport(results);
    const json = `${JSON.stringify(results, null, 2)}\n`;
    await mkdir(command.out, { recursive: true });
    await writeFile(path.join(command.out, 'results.json'), json);
    await writeFile(path.join(command.out, 'report.md'), report);
    const title = `pr-debate eval${command.rehearsal ? ' (rehearsal)' : ''}: accuracy and cost per arm (${cases.length} cases, both orders)`;
    await writeFile(path.join(command.out, 'accuracy-cost.svg'), renderPlot(results.scores, title, command.rehearsal));
    io.stdout.write(command.json ? json : report);
    io.stderr.write(
      `pr-debate: ${command.rehearsal ? 'rehearsal, nothing paid: ' : ''}wrote results.json, report.md and accuracy-cost.svg to ${command.out}\n`,
    );
    // A report of nothing but failures is no result: say why, and fail.
    if (ran.runs.every((r) => r.failure !== undefined)) {
      io.stderr.write(
        `pr-debate: every run failed, so the eval measured nothing; the first problem: ${ran.runs[0]?.failure ?? 'none'}\n`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    progress.end();
    const known =
      error instanceof SettingsError ||
      error instanceof EvalCaseError ||
      error instanceof EvalStop ||
      error instanceof ModelNotReachable ||
      error instanceof ContextWindowTooSmall;
    io.stderr.write(`pr-debate: ${known ? error.message : describeFailure(error)}\n`);
    return 1;
  } finally {
    stopListening();
  }
}
