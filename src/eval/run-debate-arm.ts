import type { ModelClient } from '../debate/model-client.js';
import type { DebatePlan } from '../debate/plan.js';
import { runDebate } from '../debate/run-debate.js';
import { argumentConfidences } from '../debate/calibration.js';
import { emptyCitations, type ArmAnswer, type ArmInput } from './arm-types.js';

/**
 * The debate arms: the action's own engine with the case's two positions and question, at a plan.
 * Pure over {@link ModelClient}.
 * @returns the judge's recommendation and confidence; `none` with a note when the moderator found
 *   nothing contested, a failure when the judge gave no ruling
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
  });
  if (outcome.kind !== 'debate') return { choice: 'none', confidence: undefined, usage: outcome.usage, citations: emptyCitations(), note: 'the moderator found nothing contested', failure: undefined };
  const count = (id: 'A' | 'B') => {
    const counts = outcome.counts.get(id);
    return { total: (counts?.verified ?? 0) + (counts?.unverified ?? 0), unverified: counts?.unverified ?? 0 };
  };
  const choice = outcome.ruling?.recommendation;
  return {
    choice: choice === 'A' || choice === 'B' ? choice : 'none',
    confidence: outcome.ruling?.confidence,
    usage: outcome.usage,
    citations: { A: count('A'), B: count('B') },
    note: outcome.completion === 'success' ? undefined : `debate ${outcome.completion}`,
    failure: outcome.ruling ? undefined : (outcome.problems[0] ?? 'the judge gave no ruling'),
    arguments: argumentConfidences(outcome).map((a) => ({ confidence: a.confidence, holds: a.holds })),
  };
}
