import type { ModelClient } from '../src/debate/model-client.js';
import type { DebatePlan } from '../src/debate/plan.js';
import { runDebate } from '../src/debate/run-debate.js';
import { argumentConfidences } from '../src/debate/calibration.js';
import { judgeAgreement, judgeRunsDisagree } from '../src/debate/combine-rulings.js';
import type { JudgeRun } from '../src/debate/debate-types.js';
import { emptyCitations, type ArmAnswer, type ArmInput } from './arm-types.js';

/**
 * The debate arms: the action's own engine with the case's two positions and question, at a plan.
 * Pure over {@link ModelClient}.
 * @returns the judge's recommendation and confidence (a recommendation of the pragmatist's middle position
 *   is `none`: neither position as written); an abstention when the judge runs did not reach the agreement a
 *   recommendation needs (the engine's "no clear winner" for want of agreement is no ruling that neither
 *   position is right); `none` with a note when the moderator found nothing contested; a failure when the
 *   judge gave no ruling. The note says when the judge runs split (`judge runs split: 3 of 4 recommended A`),
 *   from which the judge's flip rate is counted
 */
export async function runDebateArm(client: ModelClient, input: ArmInput, plan: DebatePlan): Promise<ArmAnswer> {
  const outcome = await runDebate(client, {
    pack: input.pack,
    positions: input.labels,
    // The eval scores the position the judge picks, not a merge: no position is asked to be the PR, so the
    // debate arms make no moderator call their cost would carry beside the single-judge arms'.
    prPosition: { kind: 'none' },
    outOfScope: [],
    ...(input.topic === undefined ? {} : { topic: input.topic }),
    command: '/debate',
    moderatorModel: input.models.moderator,
    advocateModels: input.models.advocates,
    judgeModel: input.models.judge,
    plan,
    language: input.language,
    ...(input.readers ? { readers: input.readers } : {}),
  });
  if (outcome.kind !== 'debate')
    return {
      choice: 'none',
      confidence: undefined,
      usage: outcome.usage,
      calls: outcome.calls.length,
      citations: emptyCitations(),
      note: 'the moderator found nothing contested',
      limit: 'debate-plan',
      failure: undefined,
    };
  const count = (id: 'A' | 'B') => {
    const counts = outcome.counts.get(id);
    return { total: (counts?.verified ?? 0) + (counts?.unverified ?? 0), unverified: counts?.unverified ?? 0 };
  };
  const choice = outcome.ruling?.recommendation;
  const split = judgeRunsDisagree(outcome.judgeRuns);
  return {
    choice: split ? 'abstain' : choice === 'A' || choice === 'B' ? choice : 'none',
    confidence: outcome.ruling?.confidence,
    usage: outcome.usage,
    calls: outcome.calls.length,
    citations: { A: count('A'), B: count('B') },
    note:
      [
        ...(outcome.completion === 'success' ? [] : [`debate ${outcome.completion}`]),
        ...judgeSplit(outcome.judgeRuns),
      ].join('; ') || undefined,
    limit: 'debate-plan',
    failure: outcome.ruling ? undefined : (outcome.problems[0] ?? 'the judge gave no ruling'),
    arguments: argumentConfidences(outcome).map((a) => ({
      confidence: a.confidence,
      tested: a.tested,
      holds: a.holds,
    })),
  };
}

/** A note when the judge runs, mapped back, did not all recommend the same position (the judge flipped with the order or the ids). */
function judgeSplit(runs: readonly JudgeRun[]): string[] {
  const agreement = judgeAgreement(runs);
  return agreement.ruled >= 2 && agreement.agreeing < agreement.ruled
    ? [`judge runs split: ${agreement.agreeing} of ${agreement.ruled} recommended ${agreement.recommendation}`]
    : [];
}
