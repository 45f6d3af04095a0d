import type { LanguageSetting } from '../debate/language.js';
import type { ModelClient } from '../debate/model-client.js';
import type { DebatePlan } from '../debate/plan.js';
import { gatherEvidence } from '../evidence/gather-evidence.js';
import { createSnapshotSource, SNAPSHOT_PULL_NUMBER, type EvalCase } from './load-eval-cases.js';
import { armName, runDebateArm, runVotingArm, type Arm, type ArmAnswer } from './run-arms.js';
import { scoreArms, type ArmScore, type EvalRun } from './score-arms.js';

/**
 * Runs every arm on every case, each case in both position orders, at equal compute: the single and
 * vote arms get, per case and order, the tokens the debate used there (or `--budget-tokens`).
 */

/** What an eval runs with. */
export interface EvalOptions {
  arms: Arm[];
  /** Tokens per case and order for the single and vote arms; undefined: what the debate used. */
  budgetTokens: number | undefined;
  plan: DebatePlan;
  models: { moderator: string; advocates: string[]; judge: string };
  /** Input `language`. */
  language: string;
  maxEvidenceTokens: number;
  seed: number;
  /** Told when each arm starts on a case, e.g. to name the phase in the progress line. */
  onArm?: (label: string) => void;
}

/** The eval's outcome. */
export interface EvalResult {
  runs: EvalRun[];
  scores: ArmScore[];
}

/**
 * @throws Error when no arm can set the budget (no debate arm and no `budgetTokens`), or when a case's
 *   evidence cannot be built (its folder names the problem)
 */
export async function runEval(client: ModelClient, cases: readonly EvalCase[], options: EvalOptions): Promise<EvalResult> {
  if (options.budgetTokens === undefined && !options.arms.some((a) => a.kind === 'debate')) {
    throw new Error('--budget-tokens is needed when --arms has no debate: the debate\'s own use is what the other arms get otherwise');
  }
  // The debate runs first in each order, so that its use can set the others' budget.
  const arms = [...options.arms].sort((a, b) => Number(b.kind === 'debate') - Number(a.kind === 'debate'));
  const runs: EvalRun[] = [];
  for (const evalCase of cases) {
    const { pack } = await gatherEvidence(createSnapshotSource(evalCase), { pullNumber: SNAPSHOT_PULL_NUMBER, commandRfc: evalCase.rfc, inputRfc: undefined, maxTokens: options.maxEvidenceTokens });
    const language: LanguageSetting = { language: options.language, commandText: undefined, prText: `${evalCase.title}\n\n${evalCase.body}` };
    const rightLabel = evalCase.positions[evalCase.right === 'A' ? 0 : 1];
    for (const order of ['AB', 'BA'] as const) {
      const labels: [string, string] = order === 'AB' ? [evalCase.positions[0], evalCase.positions[1]] : [evalCase.positions[1], evalCase.positions[0]];
      const input = { pack, labels, plan: options.plan, models: options.models, language };
      let budget = options.budgetTokens;
      for (const arm of arms) {
        options.onArm?.(`${evalCase.id} ${order} ${armName(arm)}`);
        const answer = await runArm(client, arm, input, budget ?? 0);
        if (arm.kind === 'debate' && budget === undefined) budget = tokensOf(answer);
        const chosen = answer.choice === 'none' ? undefined : labels[answer.choice === 'A' ? 0 : 1];
        const rightId = labels[0] === rightLabel ? 'A' : 'B';
        runs.push({
          caseId: evalCase.id,
          arm: armName(arm),
          order,
          chosen,
          correct: chosen === rightLabel,
          usage: answer.usage,
          right: answer.citations[rightId],
          wrong: answer.citations[rightId === 'A' ? 'B' : 'A'],
          note: answer.note,
          failure: answer.failure,
        });
      }
    }
  }
  return { runs, scores: scoreArms(runs, options.arms.map(armName), options.seed) };
}

function runArm(client: ModelClient, arm: Arm, input: Parameters<typeof runDebateArm>[1], budget: number): Promise<ArmAnswer> {
  if (arm.kind === 'debate') return runDebateArm(client, input);
  return runVotingArm(client, input, arm.kind === 'vote' ? arm.k : 1, budget);
}

function tokensOf(answer: ArmAnswer): number {
  const u = answer.usage;
  return u.input_tokens + u.output_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
}
