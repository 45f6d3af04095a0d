import { describe, expect, it } from 'vitest';
import { runDebate } from '../../src/debate/run-debate.js';
import { cacheContent, fixturePack } from '../support/evidence-fixtures.js';
import { scriptedModels } from '../support/scripted-models.js';

const pack = fixturePack();
const good = { path: 'src/cache.ts', line_start: 12, line_end: 12, quote: "const value12 = 'line 12 of cache';" };
const wrong = { path: 'src/cache.ts', line_start: 3, line_end: 3, quote: 'this text is nowhere' };
expect(cacheContent).toContain(good.quote);

const opening = (citations: object[]) => ({
  thesis: 'Thesis.',
  arguments: [{ claim: 'Claim.', reasoning: 'Because.', citations }],
  known_weaknesses: ['A weakness.'],
  predicted_attacks: ['An attack.'],
});
const ruling = (overrides: object = {}) => ({
  positions: [
    { id: 'A', status: 'survived', rationale: 'Cited.', defeating_citations: [] },
    { id: 'B', status: 'survived', rationale: 'Uncited.', defeating_citations: [] },
  ],
  recommendation: 'A',
  tied_on_axis: null,
  confidence: 'medium',
  confidence_reason: 'One side has evidence.',
  key_reasons: ['Evidence.'],
  trade_offs: ['Speed for safety.', 'Memory for latency.'],
  what_would_change: ['A benchmark.'],
  dissent: 'B has a point.',
  blind_spots: [],
  summary: 'A wins.',
  ...overrides,
});

const request = { pack, positions: ['keep the cache', 'drop the cache'], outOfScope: [], command: '/debate', model: 'm-adv', judgeModel: 'm-judge' };

describe('runDebate (quick)', () => {
  it('runs pinned openings without sight of each other, then a judge told which citations failed', async () => {
    const models = scriptedModels((call) => {
      if (call.role === 'advocate') return call.instructions.includes('position A') ? opening([good]) : opening([wrong]);
      return ruling();
    });
    const outcome = await runDebate(models, request);
    expect(outcome.kind).toBe('debate');
    if (outcome.kind !== 'debate') return;
    const advocates = models.calls.filter((c) => c.role === 'advocate');
    expect(advocates).toHaveLength(2);
    // Same prefix for every call; no advocate sees another's statement.
    expect(new Set(models.calls.map((c) => c.system + c.evidence)).size).toBe(1);
    expect(advocates[0]!.instructions).not.toContain('Claim.');
    const judge = models.calls.find((c) => c.role === 'judge')!;
    expect(judge.model).toBe('m-judge');
    expect(judge.instructions).toContain('[verified] src/cache.ts:12');
    expect(judge.instructions).toMatch(/\[UNVERIFIED: the quote does not occur in src\/cache.ts:3\] src\/cache.ts:3/);
    expect(outcome.counts.get('A')).toEqual({ verified: 1, unverified: 0, reasons: {} });
    expect(outcome.counts.get('B')).toEqual({ verified: 0, unverified: 1, reasons: { 'quote-mismatch': 1 } });
    // B rests only on an unverified citation: it cannot survive.
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['survived', 'unresolved']);
    expect(outcome.enforcement.join(' ')).toContain('Position B was ruled surviving, but none of its citations verified');
    expect(outcome.ruling?.recommendation).toBe('A');
    expect(outcome.completion).toBe('success');
  });

  it('withdraws a recommendation of a position that cannot survive, and a falsification without verified evidence', async () => {
    const models = scriptedModels((call) =>
      call.role === 'advocate'
        ? opening([call.instructions.includes('position A') ? wrong : good])
        : ruling({
            positions: [
              { id: 'A', status: 'survived', rationale: 'x', defeating_citations: [] },
              { id: 'B', status: 'falsified', rationale: 'x', defeating_citations: [wrong] },
            ],
          }),
    );
    const outcome = await runDebate(models, request);
    if (outcome.kind !== 'debate') throw new Error('expected a debate');
    expect(outcome.ruling?.positions.map((p) => p.status)).toEqual(['unresolved', 'unresolved']);
    expect(outcome.ruling?.recommendation).toBe('none');
    expect(outcome.ruling?.confidence).toBe('low');
  });

  it('asks the moderator for positions when none were given, and stops when nothing is contested', async () => {
    const framing = { contested: true, reason: 'r', topic: 'Cache or not?', positions: [{ label: 'Cache' }, { label: 'No cache' }, { label: 'Cache with TTL' }], out_of_scope: ['naming'], suggested_command: null };
    const models = scriptedModels((call) => (call.role === 'moderator' ? framing : call.role === 'advocate' ? opening([good]) : ruling({ positions: [] })));
    const outcome = await runDebate(models, { ...request, positions: [] });
    if (outcome.kind !== 'debate') throw new Error('expected a debate');
    expect(outcome.positions.map((p) => `${p.id}:${p.label}`)).toEqual(['A:Cache', 'B:No cache', 'C:Cache with TTL']);
    expect(outcome.topic).toBe('Cache or not?');
    expect(outcome.outOfScope).toEqual(['naming']);
    expect(models.calls.filter((c) => c.role === 'advocate').every((c) => c.instructions.includes('naming'))).toBe(true);
    // The judge ruled on nobody: every position is unresolved, and the engine says so.
    expect(outcome.ruling?.positions.every((p) => p.status === 'unresolved')).toBe(true);

    const quiet = scriptedModels(() => ({ ...framing, contested: false, positions: [], suggested_command: '/debate a vs b' }));
    expect((await runDebate(quiet, { ...request, positions: [] })).kind).toBe('not-contested');
  });

  it('goes on without a failing advocate (degraded) and keeps the openings when the judge fails (aborted)', async () => {
    const degraded = await runDebate(
      scriptedModels((call) => (call.role === 'advocate' ? (call.instructions.includes('position B') ? new Error('overloaded') : opening([good])) : ruling())),
      request,
    );
    if (degraded.kind !== 'debate') throw new Error('expected a debate');
    expect(degraded.completion).toBe('degraded-success');
    expect(degraded.openings.map((t) => t.status)).toEqual(['complete', 'incomplete']);
    expect(degraded.problems.join(' ')).toContain('position B failed its opening: overloaded');

    const aborted = await runDebate(scriptedModels((call) => (call.role === 'judge' ? new Error('judge down') : opening([good]))), request);
    if (aborted.kind !== 'debate') throw new Error('expected a debate');
    expect(aborted.completion).toBe('aborted');
    expect(aborted.ruling).toBeUndefined();
    expect(aborted.openings.every((t) => t.opening !== undefined)).toBe(true);
    expect(aborted.calls.map((c) => c.ok)).toEqual([true, true, false]);
  });
});
