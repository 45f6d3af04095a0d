import { describe, expect, it } from 'vitest';
import type { ModelCall, ModelClient } from '../../src/debate/model-client.js';
import type { ArmInput } from '../../eval/arm-types.js';
import { planOf } from '../../eval/arms.js';
import { runDebateArm } from '../../eval/run-debate-arm.js';
import { createRehearsalModelClient } from '../../src/rehearsal/rehearsal-model-client.js';
import { overflowPack } from '../support/evidence-fixtures.js';

/**
 * Issue #43: the eval's debate arms read what a case's pack cannot hold, as the action does (issue #40),
 * and `reader-model:<model>` puts those reader calls on another model.
 */
const MODEL = 'claude-sonnet-5-5';
const pack = overflowPack(1_500);

/** The rehearsal model, with every call it was asked to make. */
function recorded(): { client: ModelClient; calls: ModelCall<unknown>[] } {
  const rehearsal = createRehearsalModelClient();
  const calls: ModelCall<unknown>[] = [];
  return { client: { complete: (call) => (calls.push(call), rehearsal.complete(call)) }, calls };
}

const input = (readers: ArmInput['readers']): ArmInput => ({
  pack,
  labels: ['keep the change', 'revert it'],
  topic: undefined,
  models: { moderator: MODEL, advocates: [MODEL], judge: MODEL },
  language: { language: 'auto', commandText: undefined, prText: 'A change too large for its pack' },
  ...(readers ? { readers } : {}),
});

describe('the eval’s debate arms and the readers', () => {
  it('read every part of an overflowing pack on the reader model, in the debate the arm holds', async () => {
    expect(pack.coverage.parts.length).toBeGreaterThan(1);
    const cheap = recorded();
    const answer = await runDebateArm(
      cheap.client,
      input({ model: 'claude-haiku-4-5', calls: 8, bound: 'max-reader-calls' }),
      planOf('standard', undefined),
    );
    const reading = cheap.calls.filter((c) => c.meta?.phase === 'reading');
    expect(reading).toHaveLength(pack.coverage.parts.length);
    expect(new Set(reading.map((c) => c.model))).toEqual(new Set(['claude-haiku-4-5']));
    expect(answer.failure).toBeUndefined();
    // Without readers (a pack that fits has none), no reader is called.
    const none = recorded();
    await runDebateArm(none.client, input(undefined), planOf('standard', undefined));
    expect(none.calls.some((c) => c.meta?.phase === 'reading')).toBe(false);
  });
});
