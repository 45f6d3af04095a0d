import { afterEach, describe, expect, it } from 'vitest';
import { judgeSays, positionsOf, type Override } from '../support/debate-script.js';
import { defaults } from '../support/debate-script.js';
import { OWNER, REPO, TOKENS, startGateScenario, type GateScenario } from '../support/gate-scenario.js';
import { debateComment, runOnScenario } from '../support/pipeline-run.js';
import { describeCall } from '../support/scripted-models.js';

/**
 * Issue #38: which position is the PR is never taken on trust. Each test attacks the gate as the issue
 * describes, through the real pipeline (in process, scripted models) and the real gate against the
 * local GitHub server, and reads the `pr-debate` check a branch rule would read: the debate's own, then
 * the gate's on the same head.
 */

/** The moderator's framing (and its answer to "which position is the PR"), with `pr_position` as given. */
const moderator =
  (prPosition: string | null): Override =>
  (call, info, index) => {
    const framing = (defaults.moderator(call, info, index) as { framing: object }).framing;
    return { framing: { ...framing, pr_position: prPosition } };
  };
/** A judge that recommends `id` (a debate id, in the ids each judge run shows) with medium confidence, every rule kept. */
const recommends =
  (id: string): Override =>
  (call) => {
    const ids = [...(call.meta?.order ?? positionsOf(call))].sort();
    return judgeSays(call, {
      recommendation: id,
      positions: ids.map((p) => ({
        id: p,
        status: p === id ? 'survived' : 'unresolved',
        rationale: `Rationale for ${p}.`,
        defeating_citations: [],
      })),
    });
  };

describe('the PR’s position, never taken on trust (issue #38)', () => {
  let scenario: GateScenario;
  afterEach(async () => scenario?.close());

  /** A scenario whose PR has a plan waiting, posted under confirm-plan after the label, naming A as the PR; returns the inputs. */
  const planNamingA = async () => {
    scenario = await startGateScenario();
    const inputs = { 'confirm-plan': 'true' };
    await runOnScenario(
      scenario,
      { kind: 'label', sender: 'maria' },
      { inputs, script: { moderator: moderator('A') } },
    );
    return inputs;
  };

  const checks = async () => ({
    debate: scenario.checkOn(scenario.pull.head.sha)!,
    gate: await scenario.gate({ policy: 'require-decision' }),
  });

  it('1. a framing that says no position is the PR passes nothing, on the label, a bare command, deep and `/debate go`, until another maintainer accepts', async () => {
    const ways = [
      { name: 'label', events: [{ kind: 'label', sender: 'maria' }], inputs: {}, decided: 'B' },
      {
        name: 'bare /debate --deep (the pragmatist wins)',
        events: [{ kind: 'comment', body: '/debate --deep', user: 'maria' }],
        inputs: {},
        decided: 'C',
      },
      {
        name: '/debate go',
        events: [
          { kind: 'label', sender: 'maria' },
          { kind: 'comment', body: '/debate go', user: 'maria' },
        ],
        inputs: { 'confirm-plan': 'true' },
        decided: 'B',
      },
    ] as const;
    for (const way of ways) {
      scenario = await startGateScenario();
      for (const event of way.events)
        await runOnScenario(scenario, event, {
          inputs: way.inputs,
          script: { moderator: moderator(null), judge: recommends(way.decided) },
        });
      const { debate, gate } = await checks();
      expect(debate.conclusion, way.name).toBe('action_required');
      expect(gate.conclusion, way.name).toBe('action_required');
      expect(JSON.parse(gate.output.text!), way.name).not.toHaveProperty('pr_position');
      expect(gate.output.summary, way.name).toMatch(
        /no moderator confirmed from the diff which position is the PR as written/,
      );
      expect(debateComment(scenario), way.name).toMatch(
        /found no position to be this PR as written, so the record leaves which one is unknown\. The merge gate passes this decision only when a maintainer other than the PR's author accepts one/,
      );
      await runOnScenario(scenario, {
        kind: 'comment',
        body: `/debate accept ${way.decided} the proposal is the plan we want`,
        user: 'carol',
      });
      expect((await scenario.gate()).conclusion, way.name).toBe('success');
      await scenario.close();
    }
  }, 120_000);

  it('2. the PR author’s own `(this PR)` mark on a position the diff does not make is not confirmed: no pass; a confirmed mark still needs another writer’s accept', async () => {
    scenario = await startGateScenario();
    const command = { kind: 'comment', body: '/debate use tabs (this PR) vs use spaces', user: 'alice' } as const;
    // The moderator reads the diff (a cache) and names the other position, or none.
    const denied = await runOnScenario(scenario, command, {
      inputs: { 'gate-policy': 'require-confident' },
      script: { moderator: moderator('B') },
    });
    expect(denied.calls.filter((c) => describeCall(c).phase === 'moderator')).toHaveLength(1);
    const { debate, gate } = await checks();
    expect([debate.conclusion, (await scenario.gate({ policy: 'require-confident' })).conclusion]).toEqual([
      'action_required',
      'action_required',
    ]);
    expect(JSON.parse(gate.output.text!)).toMatchObject({ pr_position_claimed: 'A', requested_by: 'alice' });
    expect(JSON.parse(gate.output.text!)).not.toHaveProperty('pr_position');
    expect(gate.output.summary).toMatch(
      /position A was marked `\(this PR\)`, but the moderator did not confirm it from the diff/,
    );
    expect(debateComment(scenario)).toMatch(
      /Position A was marked `\(this PR\)`, but the moderator found that position B is this PR as written, so the mark is not confirmed/,
    );
    await scenario.close();

    // Confirmed from the diff, the author's own debate still decides nothing alone; another writer's accept passes it.
    scenario = await startGateScenario();
    await runOnScenario(scenario, command, {
      inputs: { 'gate-policy': 'require-confident' },
      script: { moderator: moderator('A') },
    });
    const confirmed = await scenario.gate({ policy: 'require-confident' });
    expect([scenario.checkOn(scenario.pull.head.sha)!.conclusion, confirmed.conclusion]).toEqual([
      'action_required',
      'action_required',
    ]);
    expect(confirmed.output.summary).toMatch(
      /@alice asked for it and wrote this PR \(opened this PR\), so it decides nothing alone/,
    );
    await runOnScenario(scenario, {
      kind: 'comment',
      body: '/debate accept A the cache is the change we want',
      user: 'alice',
    });
    expect((await scenario.gate({ policy: 'require-confident' })).conclusion).toBe('action_required');
    await runOnScenario(
      scenario,
      { kind: 'comment', body: '/debate accept A the cache is the change we want', user: 'maria' },
      { inputs: { 'gate-policy': 'require-confident' } },
    );
    expect((await scenario.gate({ policy: 'require-confident' })).conclusion).toBe('success');
  }, 60_000);

  it('`--no-pr-position` records null and passes by policy, with no moderator call', async () => {
    scenario = await startGateScenario();
    const run = await runOnScenario(
      scenario,
      { kind: 'comment', body: '/debate option one vs option two --no-pr-position', user: 'maria' },
      { script: { judge: recommends('B') } },
    );
    expect(run.calls.some((c) => describeCall(c).phase === 'moderator')).toBe(false);
    const { debate, gate } = await checks();
    expect([debate.conclusion, gate.conclusion]).toEqual(['success', 'success']);
    expect(JSON.parse(gate.output.text!).pr_position).toBeNull();
  });

  it('6. a writer who pushed the head of another’s PR is its author too: their accept does not count, and their debate needs another writer’s accept', async () => {
    scenario = await startGateScenario();
    scenario.pull.pushes = [{ after: scenario.pull.head.sha, actor: 'maria' }];
    await runOnScenario(scenario, {
      kind: 'comment',
      body: '/debate keep the cache (this PR) vs drop the cache',
      user: 'maria',
    });
    const { debate, gate } = await checks();
    expect([debate.conclusion, gate.conclusion]).toEqual(['action_required', 'action_required']);
    expect(gate.output.summary).toMatch(
      /@maria asked for it and wrote this PR \(pushed its head commit [0-9a-f]{7}\), so it decides nothing alone/,
    );
    // Her own accept is refused; another writer's passes it.
    await runOnScenario(scenario, { kind: 'comment', body: '/debate accept A we reviewed it', user: 'maria' });
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /you pushed its head commit [0-9a-f]{7}, and the gate does not count its author's own accept/,
    );
    expect((await scenario.gate()).conclusion).toBe('action_required');
    await runOnScenario(scenario, { kind: 'comment', body: '/debate accept A we reviewed it', user: 'carol' });
    expect((await scenario.gate()).conclusion).toBe('success');
  }, 60_000);

  it('7. a plan’s PR position is named again at the head the debate runs on', async () => {
    // Framed at the first head, the moderator names A; the author then pushes a head that is B.
    const inputs = await planNamingA();
    scenario.move('push');
    const go = await runOnScenario(
      scenario,
      { kind: 'comment', body: '/debate go', user: 'maria' },
      { inputs, script: { moderator: moderator('B') } },
    );
    expect(go.calls.filter((c) => describeCall(c).phase === 'moderator')).toHaveLength(1);
    const { debate, gate } = await checks();
    expect(JSON.parse(gate.output.text!).pr_position).toBe('B');
    // The judge recommends A: against the PR as written at this head.
    expect([debate.conclusion, gate.conclusion]).toEqual(['action_required', 'action_required']);
    expect(debateComment(scenario)).toMatch(/which position is this PR was named again from its diff/);
  }, 60_000);

  it('8. a plan a writer edited is not run: its hidden data cannot say no position is the PR; a new plan is the way out', async () => {
    const inputs = await planNamingA();
    // A writer rewrites the plan's data line (an HTML comment, so the plan still reads "A is this PR").
    const plan = scenario.server.state.comments.find((c) => c.body.includes('pr-debate:plan-data'))!;
    const [line, data] = /<!-- pr-debate:plan-data ([\w-]+) -->/.exec(plan.body)!;
    const forged = { ...JSON.parse(Buffer.from(data!, 'base64url').toString('utf8')), noPrPosition: true };
    delete forged.prPosition;
    const body = plan.body.replace(
      line,
      line.replace(data!, Buffer.from(JSON.stringify(forged)).toString('base64url')),
    );
    await scenario
      .octokit(TOKENS.writer)
      .rest.issues.updateComment({ owner: OWNER, repo: REPO, comment_id: plan.id, body });
    const script = { moderator: moderator('A'), judge: recommends('B') };
    const go = await runOnScenario(
      scenario,
      { kind: 'comment', body: '/debate go', user: 'carol' },
      { inputs, script },
    );
    expect(go.calls).toHaveLength(0);
    expect(scenario.checkOn(scenario.pull.head.sha)).toBeUndefined();
    expect(scenario.server.state.comments.at(-1)!.body).toMatch(
      /the plan comment was last edited by `maria`, not by pr-debate, so it is not run: .* For a new plan, comment `\/debate`/,
    );
    // The way out it names: a new plan (pr-debate writes the comment again), then `go` runs it as framed.
    await runOnScenario(scenario, { kind: 'comment', body: '/debate', user: 'carol' }, { inputs, script });
    await runOnScenario(scenario, { kind: 'comment', body: '/debate go', user: 'carol' }, { inputs, script });
    const { debate, gate } = await checks();
    expect(JSON.parse(gate.output.text!).pr_position).toBe('A');
    expect([debate.conclusion, gate.conclusion]).toEqual(['action_required', 'action_required']);
  }, 60_000);
});
