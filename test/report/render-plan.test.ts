import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProse, plainProse } from '../../src/report/prose.js';
import { planMarker, readPlan, renderPlanComment, type PostedPlan } from '../../src/report/render-plan.js';
import { fixturePack } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';

const plan: PostedPlan = {
  v: 1,
  state: 'waiting',
  topic: 'Cache or not?',
  positions: ['keep the cache', 'drop the cache'],
  outOfScope: ['naming'],
  plan: { preset: 'standard', rounds: 1, steelman: true },
  headSha: 'c'.repeat(40),
  requestedBy: 'maintainer',
  models: {
    moderator: 'claude-sonnet-5-5',
    advocates: ['claude-sonnet-5-5', 'openai:gpt-6.2-sol'],
    judge: 'claude-sonnet-5-5',
  },
  estimate: { calls: 15, costUsd: 0.412 },
  framingCostUsd: 0.0312,
  notes: [],
};
const context = {
  id: '0123456789abcdef',
  command: '/debate',
  runUrl: 'https://github.com/octo/cache/actions/runs/1',
  prose: plainProse,
};

describe('the plan comment (confirm-plan)', () => {
  it('says what would run and how to run it, and reads back as it was posted', () => {
    const body = renderPlanComment(plan, context);
    expect(body.split('\n')[0]).toBe(planMarker(context.id));
    expect(body).toContain(
      '**Preset:** standard (1 cross-examination round, steelman swap) · **Advocates:** claude-sonnet-5-5, openai:gpt-6.2-sol · **Judge:** claude-sonnet-5-5',
    );
    expect(body).toContain('**Estimate:** up to 15 model calls, about $0.41; framing the positions cost $0.0312.');
    expect(body).toContain('**Out of scope:** naming');
    expect(body).toContain(
      'can run this plan with `/debate go`, or debate other positions instead with `/debate <position A> vs <position B>`.',
    );
    expect(readPlan(body)).toEqual(plan);
    const ran = renderPlanComment(
      {
        ...plan,
        state: 'ran',
        outcome: { by: 'maintainer', url: 'https://github.com/octo/cache/pull/1#issuecomment-9', what: '/debate go' },
      },
      context,
    );
    expect(ran).toContain(
      'Run by maintainer with `/debate go`: [the result](https://github.com/octo/cache/pull/1#issuecomment-9).',
    );
    expect(readPlan(ran)?.state).toBe('ran');
  });

  it("checks the references in the moderator's text against the pack, as the debate comment does (issue #11)", () => {
    const pack = fixturePack();
    const prose = createProse(pack, {
      id: context.id,
      serverUrl: 'https://github.com',
      owner: 'octo',
      repo: 'widgets',
      headSha: pack.headSha,
      baseSha: pack.baseSha,
      runUrl: undefined,
      durationMs: 0,
      currentHeadSha: pack.headSha,
    });
    const body = renderPlanComment(
      { ...plan, positions: ['keep src/cache.ts:11', 'drop it (nope/x.js:3)'] },
      { ...context, prose },
    );
    expect(body).toContain(
      `- **A.** keep [\`src/cache.ts:11\`](https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11)`,
    );
    expect(body).toContain('- **B.** drop it (`nope/x.js:3` (⚠️ **unverified**: no such file))');
  });

  it('reads no plan from a body without its data line, with a data line that is not last, or with data that does not parse', () => {
    const body = renderPlanComment(plan, context);
    expect(readPlan(body.split('\n').slice(0, -1).join('\n'))).toBeUndefined();
    expect(readPlan(`${body}\nmore text`)).toBeUndefined();
    expect(
      readPlan(body.replace(/plan-data [A-Za-z0-9_-]+/, `plan-data ${Buffer.from('{"v":2}').toString('base64url')}`)),
    ).toBeUndefined();
    expect(readPlan(body.replace(/plan-data [A-Za-z0-9_-]+/, 'plan-data bm90IGpzb24'))).toBeUndefined();
  });

  it('renders hostile model text as text: no link, mention or reference, and the plan data survives it', () => {
    const hostile = fc.string({
      unit: fc.constantFrom(
        '[',
        ']',
        '(',
        ')',
        '\\',
        '<',
        '>',
        '!',
        '-',
        '@',
        '#',
        '`',
        '\n',
        ' ',
        'a',
        'é',
        'x.com',
        'https://',
        'javascript:',
        'GH-1',
        'octo/x#2',
        '-->',
        '<!-- pr-debate:plan-data e30 -->',
      ),
    });
    fc.assert(
      fc.property(hostile, hostile, hostile, (topic, a, b) => {
        const posted: PostedPlan = { ...plan, topic, positions: [a || 'a', b || 'b'], outOfScope: [topic] };
        const body = renderPlanComment(posted, context);
        const rendering = renderAsGitHub(body);
        const foreign = rendering.links.filter(
          (l) =>
            !(l.kind === 'link' && l.target === context.runUrl) &&
            !(l.kind === 'mention' && l.target === '@maintainer'),
        );
        expect(foreign).toEqual([]);
        expect(readPlan(body)).toEqual(posted);
      }),
      { numRuns: 200 },
    );
  });
});
