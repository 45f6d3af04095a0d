import { describe, expect, it } from 'vitest';
import { makeClaim } from '../../src/debate/claims.js';
import type { DebateResult } from '../../src/debate/debate-types.js';
import { withCitationCheck } from '../../src/citations/verify-citations.js';
import { planThreads, threadAnnotations } from '../../src/threads/plan-threads.js';
import { renderThread, readThreadMarker } from '../../src/threads/render-thread.js';
import { fixtureOutcome } from '../support/debate-fixtures.js';
import { files, fixturePack } from '../support/evidence-fixtures.js';
import { renderAsGitHub } from '../support/github-rendering.js';

/**
 * Which citation carries a position on the diff (issue #34): the decisive one by the rubric, never an
 * unverified one, never two comments on the same lines; and the body a reader sees is the file's line,
 * safe as the verdict comment.
 */
const pack = fixturePack();
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'o',
  repo: 'r',
  headSha: pack.headSha,
  baseSha: pack.baseSha,
  runUrl: undefined,
  durationMs: 0,
  currentHeadSha: pack.headSha,
};

describe('planThreads', () => {
  it('gives each position with verified support one comment on its decisive line, and nothing to one without', () => {
    const result = fixtureOutcome(pack);
    const threads = planThreads(result, files, 'decisive');
    expect(threads.map((t) => [t.key, t.role, t.status, t.placement.kind])).toEqual([
      ['A', 'decisive', 'survived', 'line'],
    ]);
    expect(threads[0]!.placement).toEqual({
      kind: 'line',
      path: 'src/cache.ts',
      side: 'RIGHT',
      line: 12,
      startLine: 11,
    });
    // The lines the reader sees are the pack's, not the model's quote.
    expect(threads[0]!.lines).toEqual(["const value11 = 'line 11 of cache';", "const value12 = 'line 12 of cache';"]);
    expect(planThreads(result, files, 'off')).toEqual([]);
    expect(planThreads({ ...result, ruling: undefined }, files, 'decisive')).toEqual([]);
  });

  it('prefers a citation that refuted an attack over an opening citation, and a defeating citation gets its own comment', () => {
    const base = fixtureOutcome(pack);
    const answerClaim = makeClaim(
      {
        id: 'X2.A.a1',
        positionId: 'A',
        text: 'Line 10 shows the bound.',
        citations: [
          { path: 'src/cache.ts', line_start: 10, line_end: 10, quote: "const value10 = 'line 10 of cache';" },
        ],
      },
      pack,
    );
    // B's attack on A, refuted by A's answer: that answer is part of A's support (an answer to no attack would not be).
    const attackClaim = makeClaim(
      {
        id: 'X1.B.1',
        positionId: 'B',
        text: 'Line 20 shows no bound.',
        citations: [
          { path: 'src/cache.ts', line_start: 20, line_end: 20, quote: "const value20 = 'line 20 of cache';" },
        ],
      },
      pack,
    );
    const [turnA, turnB] = base.transcript.rounds[0]!.turns;
    const attackByB = {
      id: 'X1.B.1',
      by: 'B',
      target: 'A',
      claim: attackClaim,
      outcome: { kind: 'refuted' as const, answerId: 'X2.A.a1' },
    };
    const result: DebateResult = {
      ...base,
      transcript: {
        ...base.transcript,
        rounds: [{ round: 1, turns: [turnA!, { ...turnB!, attacks: [attackByB] }] }],
        closing: [
          ...base.transcript.closing,
          {
            ...base.transcript.closing[0]!,
            positionId: 'A',
            answers: [{ attackId: 'X1.B.1', answer: 'refute', claim: answerClaim }],
          },
        ],
      },
      ruling: {
        ...base.ruling!,
        positions: [
          base.ruling!.positions[0]!,
          {
            id: 'B',
            status: 'falsified',
            rationale: 'Line 13 contradicts it.',
            defeating_citations: [
              withCitationCheck(
                {
                  path: 'src/cache.ts',
                  side: 'head',
                  line_start: 13,
                  line_end: 13,
                  quote: "const value13 = 'line 13 of cache';",
                },
                pack,
              ),
              withCitationCheck(
                { path: 'src/cache.ts', side: 'head', line_start: 3, line_end: 3, quote: 'not there' },
                pack,
              ),
            ],
          },
        ],
      },
    };
    const threads = planThreads(result, files, 'decisive');
    expect(threads.map((t) => [t.key, t.citation.line_start])).toEqual([
      ['A', 10],
      ['B.defeat.1', 13],
    ]);
    // `all`: A's other verified line too, never the same lines twice, never an unverified one.
    expect(planThreads(result, files, 'all').map((t) => t.key)).toEqual(['A', 'A.all.1', 'B.defeat.1']);
    expect(
      threadAnnotations(threads, result.positions).map((a) => [a.path, a.start_line, a.end_line, a.annotation_level]),
    ).toEqual([
      ['src/cache.ts', 10, 10, 'notice'],
      ['src/cache.ts', 13, 13, 'notice'],
    ]);
  });

  it('renders the file line, links it, and stays safe: no mention, autolink, HTML or marker from model text', () => {
    const result = fixtureOutcome(pack, {
      claim: '@octocat see #12 <img src=x> https://evil.example <!-- pr-debate:v1 id=ffff -->',
      label: '@team/owners <b>keep</b>',
    });
    const [thread] = planThreads(result, files, 'decisive');
    const body = renderThread(thread!, result.positions, context, 'https://github.com/o/r/pull/1#issuecomment-9');
    expect(readThreadMarker(body)).toEqual({ debateId: context.id, key: 'A' });
    expect(body).toContain(
      `[\`src/cache.ts:11-12\`](https://github.com/o/r/blob/${pack.headSha}/src/cache.ts#L11-L12)`,
    );
    expect(body).toContain("const value12 = 'line 12 of cache';");
    // As GitHub renders it: the only link is ours (blob and verdict), no mention or reference fires, no HTML but the hidden markers.
    const rendered = renderAsGitHub(body);
    expect(rendered.links.map((l) => l.kind)).toEqual(['link', 'link']);
    expect(rendered.html.every((h) => h.startsWith('<!-- pr-debate:'))).toBe(true);
    expect(rendered.html).toHaveLength(2);
    expect(rendered.prose.join(' ')).toContain('<img src=x>');
  });
});
