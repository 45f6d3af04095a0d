import { describe, expect, it } from 'vitest';
import type { Publisher } from '../../src/github/create-publisher.js';
import type { MutationBatch, MutationField } from '../../src/github/mutation-batch.js';
import type { ReactionContent } from '../../src/github/react.js';
import { reactToCommand } from '../../src/pipeline/answer-command.js';
import type { PipelineResult } from '../../src/pipeline/pipeline-types.js';

/**
 * The command's reaction says the run's outcome, once (issue #34): when the end's one request reacted 🚀
 * and a write after it failed, the run's 😕 replaces the 🚀 instead of standing beside it, and the 👀 the
 * request removed is not removed again.
 */
describe('the command reaction', () => {
  it('takes back the end request\'s 🚀 when the run then fails, and removes 👀 only once', async () => {
    const reactions = new Map<number, ReactionContent>();
    const calls: string[] = [];
    let next = 1;
    const publisher = {
      react: async (_comment: number, content: ReactionContent) => {
        calls.push(`react ${content}`);
        const existing = [...reactions].find(([, c]) => c === content)?.[0];
        if (existing !== undefined) return existing;
        reactions.set(next, content);
        return next++;
      },
      unreact: async (_comment: number, id: number) => {
        calls.push(`unreact ${reactions.get(id)}`);
        reactions.delete(id);
      },
    } as unknown as Publisher;
    const log = { info: () => undefined, warning: (m: string) => calls.push(`warning ${m}`), notice: () => undefined };
    // A batch that runs each field as GitHub would: the reactions land.
    const batch: MutationBatch = {
      add: <T>(field: MutationField<T>) => {
        const content = String(field.input.content).toLowerCase() as ReactionContent;
        if (field.mutation === 'addReaction') reactions.set(next++, content);
        else for (const [id, c] of reactions) if (c === content) reactions.delete(id);
        return Promise.resolve(undefined as T);
      },
      send: () => Promise.resolve(),
    };
    const reaction = reactToCommand(publisher, log as never, 7, 'IC_7');
    reaction.acknowledge();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...reactions.values()]).toEqual(['eyes']);
    const end = await reaction.prepare(batch, true);
    await end.finish();
    expect([...reactions.values()]).toEqual(['rocket']);
    // A write after the batch failed: the run ends aborted.
    await reaction.conclude({ status: 'aborted' } as PipelineResult);
    expect([...reactions.values()]).toEqual(['confused']);
    expect(calls.filter((c) => c.startsWith('unreact'))).toEqual(['unreact rocket']);
    expect(calls.filter((c) => c.startsWith('warning'))).toEqual([]);
  });
});
