import { afterEach, describe, expect, it } from 'vitest';
import { importDecisionKeys, signRecord } from '../../src/gate/sign-record.js';
import { describeGitHubError } from '../../src/github/describe-github-error.js';
import { recordToYaml } from '../../src/report/decision-record.js';
import {
  ed25519Pems,
  olderRecord,
  OTHER_APP,
  OWNER,
  pullAt,
  REPO,
  sha,
  startGateScenario,
  TOKENS,
  type GateScenario,
} from '../support/gate-scenario.js';

/**
 * The merge gate through the local GitHub server with the real Octokit (issue #15): one test per row
 * of the issue's table. Each asserts the `pr-debate` check run a maintainer would see on the head:
 * its name, head SHA, conclusion and summary.
 */
describe('the merge gate', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  const expectCheck = (
    check: { name: string; head_sha: string; conclusion: string | null; output: { summary: string | null } },
    head: string,
    conclusion: string,
    summary: RegExp,
  ) => {
    expect(check.name).toBe('pr-debate');
    expect(check.head_sha).toBe(head);
    expect(check.conclusion).toBe(conclusion);
    expect(check.output.summary).toMatch(summary);
  };

  it('no record: action_required, saying how to start a debate', async () => {
    scenario = await startGateScenario();
    expectCheck(
      await scenario.gate(),
      scenario.pull.head.sha,
      'action_required',
      /No debate decision is recorded for this PR yet/,
    );
  });

  it('a record for the head: success by policy, linking the debate, the record in output.text', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record();
    await scenario.postRecord(record);
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('success');
    const check = await scenario.gate();
    expectCheck(
      check,
      scenario.pull.head.sha,
      'success',
      /^The debate recommends A \(keep the cache\) with medium confidence\. A is the PR's position: the PR as written follows the decision\. \[The debate\]\(https:\/\/github\.com\/octo\/widgets\/pull\/12#issuecomment-1\)\.$/,
    );
    expect(JSON.parse(check.output.text!)).toEqual(record);
  });

  it('an earlier head with the same evidence (a rebase): carried forward', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record();
    await scenario.postRecord(record);
    const old = scenario.move('rebase');
    expect(scenario.pull.head.sha).not.toBe(old);
    expectCheck(
      await scenario.gate({}, { kind: 'pull', pullNumber: 12, before: old }),
      scenario.pull.head.sha,
      'success',
      new RegExp(`Carried forward from ${old}: the evidence is unchanged`),
    );
  });

  it('after a force-push the gate did not see (no `before`), the debate comment’s head trailer still leads to the record', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record();
    await scenario.postRecord(record);
    await scenario.octokit().rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `<!-- pr-debate:v1 id=${record.id} -->\nverdict\n<!-- pr-debate:head=${record.head_sha} -->`,
    });
    const old = scenario.move('rebase');
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'success', new RegExp(`Carried forward from ${old}`));
  });

  it('a trailer in someone else’s comment is not followed', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record();
    await scenario.postRecord(record);
    await scenario.octokit(TOKENS.writer).rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `<!-- pr-debate:v1 id=${record.id} -->\nverdict\n<!-- pr-debate:head=${record.head_sha} -->`,
    });
    scenario.move('rebase');
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'action_required', /No debate decision/);
  });

  it('an earlier head whose evidence changed (a push): stale, naming both SHAs', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record());
    const old = scenario.move('push');
    const head = scenario.pull.head.sha;
    expectCheck(
      await scenario.gate({}, { kind: 'pull', pullNumber: 12, before: old }),
      head,
      'action_required',
      new RegExp(`^Stale: the decision was made for ${old}, and the evidence changed at ${head}`),
    );
  });

  it('a stale record stays stale on the next push too (the gate carries the record, not the pass)', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record());
    const first = scenario.move('push');
    await scenario.gate({}, { kind: 'pull', pullNumber: 12, before: first });
    const second = scenario.move('rebase');
    expectCheck(
      await scenario.gate({}, { kind: 'pull', pullNumber: 12, before: second }),
      scenario.pull.head.sha,
      'action_required',
      /^Stale/,
    );
  });

  it('an aborted debate: failure', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record({ completion: 'aborted', recommendation: 'none' }));
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'failure', /The debate was aborted/);
  });

  it('an older record’s truncated evidence: action_required, even with a recommendation and policy off', async () => {
    scenario = await startGateScenario({ maxTokens: 150 });
    const record = olderRecord(await scenario.record(), 3, true);
    await scenario.postRecord(record, { truncated: true });
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    expectCheck(await scenario.gate(), record.head_sha, 'action_required', /truncated evidence/);
    expectCheck(await scenario.gate({ policy: 'off' }), record.head_sha, 'action_required', /truncated evidence/);
  });

  /** A record of a debate whose pack (150 tokens, signed in `evidence.budget`) could not hold src/cache.ts's hunk, which no reader read. */
  const unreadRecord = async () => {
    const fresh = await scenario.record();
    return scenario.record({
      evidence: { ...fresh.evidence!, shown: 0, read: 0, unread: 1, budget: { max_tokens: 150, chars_per_token: 3.5 } },
    });
  };

  it('changed hunks no model read: action_required under every policy, until allow-unseen names every file that may hold them (issue #40)', async () => {
    scenario = await startGateScenario();
    const record = await unreadRecord();
    await scenario.postRecord(record);
    expect(scenario.checkOn(record.head_sha)!.conclusion).toBe('action_required');
    for (const policy of ['off', 'require-decision'] as const)
      expectCheck(
        await scenario.gate({ policy }),
        record.head_sha,
        'action_required',
        /^1 changed hunk was read by no model \(neither in the evidence pack nor by a reader; the debate comment lists the files\)/,
      );
    // The record does not name the file, so the gate matches what its rebuild says may hold it.
    expectCheck(
      await scenario.gate({ allowUnseen: ['docs/**'] }),
      record.head_sha,
      'action_required',
      /read by no model/,
    );
    expectCheck(
      await scenario.gate({ allowUnseen: ['src/**'] }),
      record.head_sha,
      'success',
      /^The debate recommends A/,
    );
    // Carried forward over a rebase the same way.
    const old = scenario.move('rebase');
    expectCheck(
      await scenario.gate({ allowUnseen: ['src/**'] }, { kind: 'pull', pullNumber: 12, before: old }),
      scenario.pull.head.sha,
      'success',
      /Carried forward from/,
    );
  });

  it('changed hunks no model read: another maintainer’s accept clears them, and the check says who; the author’s own does not', async () => {
    scenario = await startGateScenario();
    const unread = await unreadRecord();
    await scenario.postRecord({
      ...unread,
      accepted: { by: 'maria', position: 'A', reason: 'I read the cache change myself.' },
    });
    expectCheck(
      await scenario.gate(),
      unread.head_sha,
      'success',
      /^@maria accepted position A \(keep the cache\): I read the cache change myself\. The accept covers the 1 changed hunk no model read\./,
    );
    await scenario.postRecord({ ...unread, accepted: { by: 'alice', position: 'A', reason: 'Mine is fine.' } });
    expectCheck(
      await scenario.gate(),
      unread.head_sha,
      'action_required',
      /read by no model.*The accept by @alice does not count: they wrote this PR/,
    );
  });

  it('policy off: success without any record', async () => {
    scenario = await startGateScenario();
    expectCheck(await scenario.gate({ policy: 'off' }), scenario.pull.head.sha, 'success', /gate-policy is off/);
  });

  it('policy require-decision: a debate without a recommendation needs action', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record({ recommendation: 'none', tied_on_axis: 'latency' }));
    expectCheck(
      await scenario.gate({ policy: 'require-decision' }),
      scenario.pull.head.sha,
      'action_required',
      /no recommendation \(no clear winner on latency\)/,
    );
  });

  it('policy require-confident: low confidence needs action, medium passes', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record({ confidence: 'low' }));
    expectCheck(
      await scenario.gate({ policy: 'require-confident' }),
      scenario.pull.head.sha,
      'action_required',
      /low confidence, and gate-policy require-confident needs medium or high/,
    );
    await scenario.postRecord(await scenario.record({ confidence: 'medium', date: '2026-11-30T11:00:00.000Z' }));
    expectCheck(
      await scenario.gate({ policy: 'require-confident' }),
      scenario.pull.head.sha,
      'success',
      /with medium confidence/,
    );
  });

  it('policy require-accepted: a recommendation alone needs action; an accepted record passes', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record());
    expectCheck(
      await scenario.gate({ policy: 'require-accepted' }),
      scenario.pull.head.sha,
      'action_required',
      /require-accepted: a maintainer must record a decision/,
    );
    await scenario.postRecord(
      await scenario.record({ pr_position: null, accepted: { by: 'maria', position: 'B', reason: 'Simpler to run' } }),
    );
    expectCheck(
      await scenario.gate({ policy: 'require-accepted' }),
      scenario.pull.head.sha,
      'success',
      /^@maria accepted position B \(drop the cache\): Simpler to run\./,
    );
  });

  it('exempt label added by a writer: success without a record', async () => {
    scenario = await startGateScenario();
    scenario.pull.labels = ['debate-exempt'];
    scenario.pull.timeline = [{ event: 'labeled', label: 'debate-exempt', actor: 'maria' }];
    expectCheck(
      await scenario.gate(),
      scenario.pull.head.sha,
      'success',
      /carries the `debate-exempt` label \(exempt-label\), added by @maria/,
    );
  });

  it('required label: a PR without it needs no decision; with it, it does', async () => {
    scenario = await startGateScenario();
    expectCheck(
      await scenario.gate({ requiredLabel: 'debate-required' }),
      scenario.pull.head.sha,
      'success',
      /Only PRs labelled `debate-required`/,
    );
    scenario.pull.labels = ['debate-required'];
    expectCheck(
      await scenario.gate({ requiredLabel: 'debate-required' }),
      scenario.pull.head.sha,
      'action_required',
      /No debate decision/,
    );
  });

  it('a forged record in a writer’s comment is not read', async () => {
    scenario = await startGateScenario();
    const forged = await scenario.record();
    await scenario.octokit(TOKENS.writer).rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `<!-- pr-debate:v1 id=${forged.id} -->\n\`\`\`yaml\n${recordToYaml(forged)}\`\`\``,
    });
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'action_required', /No debate decision/);
  });

  it('a bot comment edited to say success does not change the check', async () => {
    scenario = await startGateScenario();
    const record = await scenario.record({ recommendation: 'none' });
    await scenario.postRecord(record);
    const { data } = await scenario.octokit().rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 12,
      body: `<!-- pr-debate:v1 id=${record.id} -->\n\`\`\`yaml\n${recordToYaml(record)}\`\`\``,
    });
    const edited = `<!-- pr-debate:v1 id=${record.id} -->\n**Verdict: A** (success)\n\`\`\`yaml\n${recordToYaml({ ...record, recommendation: 'A', confidence: 'high' })}\`\`\``;
    await scenario
      .octokit(TOKENS.writer)
      .rest.issues.updateComment({ owner: OWNER, repo: REPO, comment_id: data.id, body: edited });
    expect(scenario.server.state.comments.find((c) => c.id === data.id)!.body).toBe(edited);
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'action_required', /reached no recommendation/);
  });

  it('a check run by another app is not read', async () => {
    scenario = await startGateScenario();
    await scenario.postRecord(await scenario.record(), { token: TOKENS.otherApp });
    const foreign = scenario.server.state.checkRuns.find((c) => c.app.id === OTHER_APP.id)!;
    expect(foreign).toMatchObject({ name: 'pr-debate', conclusion: 'success', head_sha: scenario.pull.head.sha });
    expectCheck(await scenario.gate(), scenario.pull.head.sha, 'action_required', /No debate decision/);
  });

  it('a bad signature: failure; a record edited after signing: failure; a good one passes', async () => {
    scenario = await startGateScenario();
    const ours = ed25519Pems();
    const keys = await importDecisionKeys(ours);
    const theirs = await importDecisionKeys(ed25519Pems());
    const publicKey = keys.publicKey;
    await scenario.postRecord(await signRecord(await scenario.record(), theirs.signing!));
    expectCheck(
      await scenario.gate({ publicKey }),
      scenario.pull.head.sha,
      'failure',
      /rejected: the signature does not verify with decision-public-key/,
    );
    const signed = await signRecord(
      await scenario.record({ date: '2026-11-30T11:00:00.000Z', recommendation: 'none' }),
      keys.signing!,
    );
    await scenario.postRecord({ ...signed, recommendation: 'A' });
    expectCheck(
      await scenario.gate({ publicKey }),
      scenario.pull.head.sha,
      'failure',
      /rejected: the record was changed after it was signed/,
    );
    await scenario.postRecord(
      await signRecord(await scenario.record({ date: '2026-11-30T12:00:00.000Z' }), keys.signing!),
    );
    expectCheck(await scenario.gate({ publicKey }), scenario.pull.head.sha, 'success', /recommends A/);
    // A newer unsigned record neither wins nor blocks: the newest record whose signature holds is the one of record.
    await scenario.postRecord(await scenario.record({ date: '2026-11-30T13:00:00.000Z', recommendation: 'none' }));
    expectCheck(await scenario.gate({ publicKey }), scenario.pull.head.sha, 'success', /recommends A/);
  });

  it('without checks: write, the gate fails saying which permissions entry to add', async () => {
    scenario = await startGateScenario();
    scenario.server.state.faults.push({
      method: 'POST',
      path: `/repos/${OWNER}/${REPO}/check-runs`,
      status: 403,
      body: {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
        status: '403',
      },
    });
    const error = await scenario.gate().catch((e: unknown) => e);
    expect(describeGitHubError(error)).toMatch(
      /^GitHub refused POST \/repos\/octo\/widgets\/check-runs \(Resource not accessible by integration\): add `checks: write`/,
    );
    expect(scenario.server.state.checkRuns).toEqual([]);
  });

  it('merge_group with one failing PR: not passing, naming it; when both pass: success', async () => {
    const second = pullAt(sha(0xbeef1), sha(0xbeef2), 'export const other = 1;', 13);
    const base = sha(0xba5e);
    const head = sha(0x6e02);
    scenario = await startGateScenario({
      pulls: [second],
      commits: [
        { sha: base, message: 'main', parents: [] },
        { sha: sha(0x6e01), message: 'Cache the parsed config (#12)', parents: [base], pulls: [12] },
        {
          sha: head,
          message: 'Merge pull request #13 from octo/feature-13\n\nOther',
          parents: [sha(0x6e01)],
          pulls: [13],
        },
      ],
    });
    await scenario.postRecord(await scenario.record());
    const target = {
      kind: 'merge-group',
      headSha: head,
      baseSha: base,
      headRef: `refs/heads/gh-readonly-queue/main/pr-13-${base}`,
    } as const;
    expectCheck(
      await scenario.gate({}, target),
      head,
      'action_required',
      /^1 of 2 PRs in the merge group do not pass on their own head\. #13: No debate decision/,
    );
    second.labels = ['debate-exempt'];
    second.timeline = [{ event: 'labeled', label: 'debate-exempt', actor: 'maria' }];
    expectCheck(
      await scenario.gate({}, target),
      head,
      'success',
      /Every PR in the merge group passes on its own head: #12, #13\./,
    );
  });
});
