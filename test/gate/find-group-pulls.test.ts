import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findGroupPulls, pullFromCommitMessage, pullFromQueueRef } from '../../src/gate/find-group-pulls.js';

const require = createRequire(import.meta.url);
const examples: { name: string; examples: { merge_group: { head_ref: string; head_commit: { message: string } } }[] }[] = require('@octokit/webhooks-examples/api.github.com/index.json');

describe('the PRs of a merge group', () => {
  it('reads the PR from the head ref and a merge commit of the real merge_group payload', () => {
    const group = examples.find((e) => e.name === 'merge_group')!.examples[0]!.merge_group;
    expect(pullFromQueueRef(group.head_ref)).toBe(104);
    expect(pullFromCommitMessage(group.head_commit.message)).toBe(2048);
    expect(pullFromQueueRef('refs/heads/main')).toBeUndefined();
  });

  it('reads squash subjects by their last (#N), not a number a title quotes', () => {
    expect(pullFromCommitMessage('Fix parsing (#7) (#8)\n\nbody (#9)')).toBe(8);
    expect(pullFromCommitMessage('Refactor\n\n(#5)')).toBeUndefined();
  });

  it('counts every source and returns commits nothing attributes', () => {
    const commits = [
      { sha: '1'.repeat(40), message: 'A (#12)', pulls: [] },
      { sha: '2'.repeat(40), message: 'plain commit', pulls: [14] },
      { sha: '3'.repeat(40), message: 'rebased commit', pulls: [] },
    ];
    expect(findGroupPulls(`refs/heads/gh-readonly-queue/main/pr-13-${'a'.repeat(40)}`, commits)).toEqual({ pulls: [12, 13, 14], unattributed: ['3'.repeat(40)] });
  });
});
