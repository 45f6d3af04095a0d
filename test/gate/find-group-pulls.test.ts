import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findGroupPulls, pullFromQueueRef } from '../../src/gate/find-group-pulls.js';

const require = createRequire(import.meta.url);
const examples: {
  name: string;
  examples: { merge_group: { head_ref: string } }[];
}[] = require('@octokit/webhooks-examples/api.github.com/index.json');

describe('the PRs of a merge group', () => {
  it('reads the PR from the head ref of the real merge_group payload', () => {
    const group = examples.find((e) => e.name === 'merge_group')!.examples[0]!.merge_group;
    expect(pullFromQueueRef(group.head_ref)).toBe(104);
    expect(pullFromQueueRef('refs/heads/main')).toBeUndefined();
  });

  it('attributes commits only by the PRs GitHub associates with them, never by a (#N) subject', () => {
    const commits = [
      { sha: '1'.repeat(40), pulls: [] },
      { sha: '2'.repeat(40), pulls: [14] },
    ];
    expect(findGroupPulls(`refs/heads/gh-readonly-queue/main/pr-13-${'a'.repeat(40)}`, commits)).toEqual({
      pulls: [13, 14],
      unattributed: ['1'.repeat(40)],
    });
  });
});
