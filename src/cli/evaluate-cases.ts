import { writeFile } from 'node:fs/promises';
import { planDebate } from '../debate/plan.js';
import { EvalCaseError, loadEvalCases } from '../eval/load-eval-cases.js';
import { parseArms } from '../eval/run-arms.js';
import { runEval } from '../eval/run-eval.js';
import { renderEvalTable } from '../eval/score-arms.js';
import { createModelClient } from '../llm/create-model-client.js';
import { parseModelId } from '../llm/model-id.js';
import { capSpending } from '../llm/spending-cap.js';
import { parseSettings, requireCredentials, SettingsError } from '../settings.js';
import { describeFailure, RunStopped } from './call-pipeline.js';
import { USAGE, type CliCommand } from './parse-cli-args.js';
import type { CliIo } from './run-pull-request.js';
import { createProgress } from './print-progress.js';

/** The eval reads no repository; `parseSettings` still wants a token and a repository name, which nothing uses. */
const NO_GITHUB = { token: 'unused-by-pr-debate-eval', repository: 'eval/cases' };

/**
 * `pr-debate eval`: every arm on every labelled case in both orders, then the table (stdout, and
 * `--out`), or the runs and scores as JSON with `--json`.
 * @returns 0 done, 1 the eval failed, 2 bad usage (an unknown arm)
 */
export async function evaluateCases(command: Extract<CliCommand, { kind: 'eval' }>, io: CliIo): Promise<number> {
  let arms;
  try {
    arms = parseArms(command.arms);
  } catch (error) {
    io.stderr.write(`pr-debate: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE.eval}\n`);
    return 2;
  }
  const progress = createProgress(io.stderr, { verbose: false, callPhases: false });
  const controller = new AbortController();
  const stopListening = io.onInterrupt(() => controller.abort(new RunStopped('ctrl-c', 'stopped with Ctrl-C', 'The eval was stopped with Ctrl-C.')));
  try {
    const given: Record<string, string | undefined> = { 'github-token': NO_GITHUB.token, 'anthropic-api-key': io.env.ANTHROPIC_API_KEY, 'openai-api-key': io.env.OPENAI_API_KEY, ...command.inputs };
    const settings = parseSettings((name) => given[name] || undefined, { GITHUB_EVENT_NAME: 'eval', GITHUB_EVENT_PATH: '(eval)', GITHUB_REPOSITORY: NO_GITHUB.repository });
    const cases = await loadEvalCases(command.cases);
    requireCredentials(settings);
    // The eval is many runs: the per-run default of max-cost-usd would stop it early, so it caps only when asked (--input max-cost-usd=N caps the whole eval).
    const routed = createModelClient({ ...settings, defaultProvider: parseModelId(settings.model).provider, env: io.env, signal: controller.signal });
    const models = progress.track(command.inputs['max-cost-usd'] === undefined ? routed : capSpending(routed, settings.maxCostUsd));
    const plan = planDebate({ preset: settings.preset, maxRounds: settings.maxRounds, command: {} });
    const started = Date.now();
    const result = await runEval(models, cases, {
      arms,
      budgetTokens: command.budgetTokens,
      plan,
      models: { moderator: settings.model, advocates: settings.advocateModels, judge: settings.judgeModel },
      language: settings.language,
      maxEvidenceTokens: settings.maxEvidenceTokens,
      seed: command.seed,
      onArm: (label) => progress.phase(label),
    });
    progress.end();
    const header = [
      `pr-debate eval: ${cases.length} case${cases.length === 1 ? '' : 's'} from ${command.cases}, each in both position orders; ${Math.round((Date.now() - started) / 1000)} s`,
      `models: advocates ${settings.advocateModels.join(', ')}, judge ${settings.judgeModel}; debate preset ${plan.preset}; ${command.budgetTokens === undefined ? 'single and vote arms get the tokens the debate used on the same case and order' : `every single and vote arm gets ${command.budgetTokens.toLocaleString('en-US')} tokens per case and order`}`,
      `accuracy: share of runs that chose the labelled position; interval: 95% bootstrap over cases (seed ${command.seed}); unverified: share of the citations made for the right / the wrong position that did not check out`,
    ];
    const text = command.json ? JSON.stringify({ header, scores: result.scores, runs: result.runs }, null, 2) : renderEvalTable(result.scores, header);
    io.stdout.write(`${text}\n`);
    if (command.out !== undefined) await writeFile(command.out, `${text}\n`);
    // A table of nothing but failures is no result: say why, and fail.
    if (result.runs.every((r) => r.failure !== undefined)) {
      io.stderr.write(`pr-debate: every run failed, so the eval measured nothing; the first problem: ${result.runs[0]?.failure ?? 'none'}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    progress.end();
    io.stderr.write(`pr-debate: ${error instanceof SettingsError || error instanceof EvalCaseError ? error.message : describeFailure(error)}\n`);
    return 1;
  } finally {
    stopListening();
  }
}
