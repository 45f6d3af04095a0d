import { describe, expect, it } from 'vitest';
import type { ModelCall } from '../../src/debate/model-client.js';
import { armName, parseArms, planOf } from '../../eval/arms.js';
import { runDebateArm } from '../../eval/run-debate-arm.js';
import { debateScript, judgeSays, positionsOf, ruling } from '../support/debate-script.js';
import { fixturePack, pull } from '../support/evidence-fixtures.js';
import { describeCall, scriptedModels } from '../support/scripted-models.js';

/**
 * Issue #39: the eval arm `judge-runs:4`, the standard debate with four judge runs (two under swapped ids
 * and order), whose notes say when the runs split, so the judge's flip rate is counted beside `debate`'s.
 */
const input = {
  pack: fixturePack(),
  labels: ['keep the cache', 'drop the cache'] as [string, string],
  topic: 'Cache or not?',
  models: { moderator: 'm', advocates: ['m'], judge: 'm' },
  language: { language: 'auto', commandText: undefined, prText: pull.title },
};

describe('the judge-runs:4 arm', () => {
  it('is named, parsed and planned as the standard debate with 4 judge runs', () => {
    const [arm] = parseArms('judge-runs:4');
    expect(arm).toEqual({ kind: 'debate', variant: 'standard', judgeRuns: 4 });
    expect(armName(arm!)).toBe('judge-runs:4');
    expect(planOf('standard', undefined, 4)).toMatchObject({ preset: 'standard', rounds: 1, judgeRuns: 4 });
  });

  it('runs four judge calls, two in each order, and notes a split', async () => {
    // A judge that recommends the first position listed in the first swapped run, and rules on the positions otherwise.
    let swapped = 0;
    const judge = (call: ModelCall<unknown>) => {
      if (call.meta?.order?.[0] !== 'B' || (swapped += 1) > 1) return judgeSays(call);
      return { ruling: ruling(positionsOf(call)) };
    };
    const models = scriptedModels(debateScript({ judge }));
    const answer = await runDebateArm(models, input, planOf('standard', undefined, 4));
    expect(models.calls.filter((c) => describeCall(c).phase === 'judge').map((c) => c.meta?.order)).toEqual([
      ['A', 'B'],
      ['B', 'A'],
      ['A', 'B'],
      ['B', 'A'],
    ]);
    expect(answer.choice).toBe('A');
    expect(answer.note).toBe('judge runs split: 3 of 4 recommended A');
    const steady = await runDebateArm(scriptedModels(debateScript()), input, planOf('standard', undefined, 4));
    expect(steady.note).toBeUndefined();
  });
});
