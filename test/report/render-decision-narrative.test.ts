import { describe, expect, it } from 'vitest';
import { verifyCitation } from '../../src/citations/verify-citations.js';
import type { DebateResult } from '../../src/debate/debate-types.js';
import { keptNarrative, renderDecisionNarrative } from '../../src/report/render-decision-narrative.js';
import { fixtureOutcome } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';

const pack = fixturePack();
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'octo',
  repo: 'widgets',
  headSha: pack.headSha,
  runUrl: undefined,
  durationMs: 0,
  currentHeadSha: pack.headSha,
};

describe('the reasoning of the decision document', () => {
  it('names each falsified position with the verified evidence that defeated it, linked at the head commit', () => {
    const base = fixtureOutcome(pack);
    const cited = { path: 'src/cache.ts', line_start: 11, line_end: 12, quote: "const value12 = 'line 12 of cache';" };
    const defeating = { ...cited, check: verifyCitation(cited, pack) };
    const ruling = {
      ...base.ruling!,
      positions: base.ruling!.positions.map((p) =>
        p.id === 'B'
          ? {
              ...p,
              status: 'falsified' as const,
              rationale: 'Line 12 needs the cache.',
              defeating_citations: [defeating],
            }
          : p,
      ),
    };
    const text = renderDecisionNarrative({ ...base, ruling } satisfies DebateResult, pack, context);
    const falsified = text.split('## Falsified positions\n')[1]!;
    expect(falsified).toContain('- **B. drop the cache**: Line 12 needs the cache.');
    expect(falsified).toContain(`(https://github.com/octo/widgets/blob/${pack.headSha}/src/cache.ts#L11-L12)`);
    expect(text.split('## Key reasoning\n')[1]).toMatch(/^\n1\. A cites the code\.\n2\. /);
  });

  it("attributes each judge run's reasons when the runs split, and a rewrite finds the narrative of the same record only", () => {
    const base = fixtureOutcome(pack);
    const run2 = { ...base.ruling!, recommendation: 'B', key_reasons: ['Less code to keep.'] };
    const split = {
      ...base,
      judgeRuns: [base.judgeRuns[0]!, { ...base.judgeRuns[1]!, ruling: run2 }],
      ruling: { ...base.ruling!, recommendation: 'none' },
    };
    const text = renderDecisionNarrative(split, pack, context);
    expect(text).toContain('## Key reasoning (judge run 1, which recommended A)');
    expect(text).toContain('## Key reasoning (judge run 2, which recommended B)\n\n1. Less code to keep.');
    const file = `---\nid: 0123456789abcdef\n---\n${text}\n`;
    expect(keptNarrative(file, '0123456789abcdef')).toBe(text);
    expect(keptNarrative(file, 'ffffffffffffffff')).toBeUndefined();
  });
});
