import { describe, expect, it } from 'vitest';
import { plannedCalls, plannedPhases, planDebate } from '../../src/debate/plan.js';
import { estimateRunCostUsd } from '../../src/models/price-usage.js';
import { createProse } from '../../src/report/prose.js';
import { renderProgressComment, type ProgressState } from '../../src/report/render-progress.js';
import { fixturePack } from '../support/evidence-fixtures.js';

const plan = planDebate({ preset: 'deep', maxRounds: undefined, command: {} });
const state = (over: Partial<ProgressState> = {}): ProgressState => ({
  id: '0123456789abcdef',
  topic: undefined,
  positions: undefined,
  outOfScope: ['naming'],
  preset: 'deep (2 cross-examination rounds, steelman swap)',
  models: { advocates: ['claude-sonnet-5-5'], judge: 'claude-sonnet-5-5' },
  evidence: undefined,
  estimate: undefined,
  phases: plannedPhases(plan, true),
  done: new Set(),
  evidenceDone: false,
  runUrl: 'https://github.com/o/r/actions/runs/9',
  ...over,
});

describe('the progress comment', () => {
  it('marks the position that is this PR and says how to correct it; with none marked, says so and how to mark one', () => {
    const marked = renderProgressComment(
      state({ positions: ['keep the cache', 'drop the cache'], prPosition: 'A', command: '/debate' }),
    );
    expect(marked).toContain('- **A.** keep the cache **(this PR)**\n- **B.** drop the cache\n');
    expect(marked).toContain('correct it with `/debate <position A> (this PR) vs <position B>`');
    const unmarked = renderProgressComment(
      state({ positions: ['keep the cache', 'drop the cache'], prPosition: null, command: '/review' }),
    );
    expect(unmarked).not.toContain('(this PR)**');
    expect(unmarked).toContain(
      '_No position is this PR as written (`--no-pr-position`), so the verdict is not read as for or against the change. If one is, say so with `/review <position A> (this PR) vs <position B>`._',
    );
  });

  it('shows the plan and the whole checklist from the start, the first phase running', () => {
    const body = renderProgressComment(state());
    expect(body.split('\n')[0]).toBe('<!-- pr-debate:v1 id=0123456789abcdef -->');
    expect(body).toContain('**Positions:** to be framed by a moderator');
    expect(body).toContain('**Out of scope:** naming');
    expect(body.match(/^- .*$/gm)).toEqual([
      '- ⏳ Evidence pack',
      '- ⬜ Framing the positions (moderator)',
      '- ⬜ Openings',
      '- ⬜ Cross-examination 1 of 2',
      '- ⬜ Cross-examination 2 of 2',
      '- ⬜ Closing answers',
      '- ⬜ Steelman swap',
      '- ⬜ Evidence audit',
      '- ⬜ Judge (2 runs, half with the positions under swapped ids and order)',
    ]);
    expect(body).toContain('[Follow the workflow run](https://github.com/o/r/actions/runs/9)');
  });

  it('marks finished phases, the running one, and rounds skipped by an early stop', () => {
    const body = renderProgressComment(
      state({
        evidenceDone: true,
        done: new Set(['framing', 'openings', 'round-1', 'closing']),
        positions: ['Keep', '@team drop'],
        estimate: { calls: 17, costUsd: 0.42 },
      }),
    );
    expect(body).toContain('- ✅ Cross-examination 1 of 2');
    expect(body).toContain('- ⏭️ Cross-examination 2 of 2 (skipped');
    expect(body).toContain('- ✅ Closing answers');
    expect(body).toContain('- ⏳ Steelman swap');
    expect(body).toContain('**B.** @\u200bteam drop');
    expect(body).toContain('**Estimate:** up to 17 model calls, about $0.42');
  });

  it("under confirm-plan: the plan comment's marker, framing only, and says that the plan, not a verdict, comes next", () => {
    const body = renderProgressComment(
      state({ stage: 'plan', phases: plannedPhases(plan, true).filter((p) => p.id === 'framing') }),
    );
    expect(body.split('\n')[0]).toBe('<!-- pr-debate:plan v1 id=0123456789abcdef -->');
    expect(body.split('\n')[1]).toBe('## ⏳ pr-debate is framing a debate on this pull request, for confirmation');
    expect(body).not.toContain('Openings');
    expect(body).toContain(
      'This comment is replaced by the plan; no advocate or judge is called before a maintainer confirms it.',
    );
  });

  it('checks references in framed positions once the evidence is read (issue #11)', () => {
    const pack = fixturePack();
    const prose = createProse(pack, {
      id: '0123456789abcdef',
      serverUrl: 'https://github.com',
      owner: 'octo',
      repo: 'widgets',
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    });
    const body = renderProgressComment(state({ positions: ['keep src/cache.ts:11', 'drop nope/x.js:3'], prose }));
    expect(body).toContain(
      `- **A.** keep [\`src/cache.ts:11\`](https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11)`,
    );
    expect(body).toContain('- **B.** drop `nope/x.js:3` (⚠️ **unverified**: no such file)');
  });

  it('plans calls and cost from the preset', () => {
    expect(plannedCalls(planDebate({ preset: 'quick', maxRounds: undefined, command: {} }), 2, false)).toBe(2 + 1 + 2);
    expect(plannedCalls(plan, 3, true)).toBe(1 + 3 + 6 + 3 + 3 + 1 + 2);
    expect(estimateRunCostUsd([{ model: 'claude-sonnet-5-5', calls: 5 }], () => 80_000)).toBeCloseTo(
      (5 * 6000 * 2 + 5 * 4000 * 10 + 80_000 * 2.5 + 4 * 80_000 * 0.1) / 1e6,
    );
  });
});
