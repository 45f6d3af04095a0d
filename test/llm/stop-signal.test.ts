import { describe, expect, it } from 'vitest';
import { DebateFailed, earlyStopOf } from '../../src/debate/model-client.js';
import { SpendingCapReached } from '../../src/llm/spending-cap.js';
import { StepError } from '../../src/pipeline/step-error.js';
import { describeEarlyStop, RunStopped } from '../../src/llm/stop-signal.js';

/** Issue #23: why a run stopped is read from what its failure carries, through the step that wrapped it. */
describe('earlyStopOf and describeEarlyStop', () => {
  const deadline = new RunStopped(
    'deadline',
    'the run deadline was reached (deadline-minutes: 3)',
    'The run deadline (deadline-minutes: 3) was reached before the debate finished.',
  );

  it('finds a stopped pre-flight call through the step that names it', () => {
    const failure = new StepError('checking that the models answer', deadline);
    expect(earlyStopOf(failure)).toEqual({ kind: 'deadline', summary: deadline.summary });
    expect(describeEarlyStop(earlyStopOf(failure), undefined)).toBe(deadline.summary);
  });

  it("takes the engine's own reason from a DebateFailed, even when none (a moderator that failed on its own)", () => {
    expect(
      earlyStopOf(
        new StepError(
          'debating',
          new DebateFailed('The moderator could not frame the debate: overloaded', undefined, { cause: deadline }),
        ),
      ),
    ).toBeUndefined();
    const cap = new SpendingCapReached(1, 0.9, 0.2);
    expect(earlyStopOf(new DebateFailed('The moderator could not frame the debate', cap.stop))).toEqual({
      kind: 'spending-cap',
      capUsd: 1,
      spentUsd: 0.9,
      callUsd: 0.2,
    });
  });

  it('says nothing for a failure no stop caused', () => {
    expect(earlyStopOf(new StepError('reading pull request #12 from GitHub', new Error('HTTP 500')))).toBeUndefined();
    expect(earlyStopOf('not an error')).toBeUndefined();
    expect(describeEarlyStop(undefined, 1)).toBeUndefined();
  });
});
