import { verifyCitation } from '../../src/citations/verify-citations.js';
import type { DebateOutcome } from '../../src/debate/types.js';
import type { EvidencePack } from '../../src/evidence/types.js';
import { buildDecisionRecord, type DecisionRecord } from '../../src/report/decision-record.js';

/** A finished quick debate over the fixture pack, with one verified and one unverified citation. */
export function fixtureOutcome(pack: EvidencePack, text: { claim?: string; rationale?: string; label?: string; quote?: string } = {}): Extract<DebateOutcome, { kind: 'debate' }> {
  const good = { path: 'src/cache.ts', line_start: 11, line_end: 12, quote: "const value12 = 'line 12 of cache';" };
  const bad = { path: 'src/cache.ts', line_start: 3, line_end: 3, quote: text.quote ?? 'nowhere to be found' };
  const audited = (c: typeof good) => ({ ...c, check: verifyCitation(c, pack) });
  const opening = (citation: typeof good) => ({
    thesis: 'Thesis.',
    arguments: [{ claim: text.claim ?? 'The cache bounds memory.', reasoning: 'Because of the TTL.', citations: [audited(citation)] }],
    known_weaknesses: ['Stale reads.'],
    predicted_attacks: ['Staleness.'],
  });
  return {
    kind: 'debate',
    topic: 'keep the cache vs drop the cache',
    positions: [
      { id: 'A', label: text.label ?? 'keep the cache', model: 'claude-sonnet-5-5' },
      { id: 'B', label: 'drop the cache', model: 'claude-sonnet-5-5' },
    ],
    outOfScope: [],
    framing: undefined,
    openings: [
      { positionId: 'A', model: 'claude-sonnet-5-5', phase: 'opening', status: 'complete', opening: opening(good), error: undefined },
      { positionId: 'B', model: 'claude-sonnet-5-5', phase: 'opening', status: 'complete', opening: opening(bad), error: undefined },
    ],
    counts: new Map([
      ['A', { verified: 1, unverified: 0 }],
      ['B', { verified: 0, unverified: 1 }],
    ]),
    ruling: {
      positions: [
        { id: 'A', status: 'survived', rationale: text.rationale ?? 'Its evidence holds.', defeating_citations: [] },
        { id: 'B', status: 'unresolved', rationale: 'No verified evidence.', defeating_citations: [] },
      ],
      recommendation: 'A',
      tied_on_axis: null,
      confidence: 'medium',
      confidence_reason: 'One side has verified evidence.',
      key_reasons: ['A cites the code.'],
      trade_offs: ['Memory for latency.', 'Freshness for speed.'],
      what_would_change: ['A benchmark showing no gain.'],
      dissent: 'Dropping the cache is simpler.',
      blind_spots: ['Multi-process deployments.'],
      summary: 'Keep the cache: its TTL bounds staleness.',
    },
    judgeModel: 'claude-sonnet-5-5',
    enforcement: [],
    completion: 'success',
    problems: [],
    calls: [
      { role: 'advocate', positionId: 'A', model: 'claude-sonnet-5-5', usage: { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 2000, cache_read_input_tokens: 0 }, durationMs: 10, ok: true },
      { role: 'advocate', positionId: 'B', model: 'claude-sonnet-5-5', usage: { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 2000 }, durationMs: 10, ok: true },
      { role: 'judge', positionId: undefined, model: 'claude-sonnet-5-5', usage: { input_tokens: 2500, output_tokens: 300, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }, durationMs: 10, ok: true },
    ],
  };
}

/** The decision record of {@link fixtureOutcome}. */
export function fixtureRecord(pack: EvidencePack, outcome = fixtureOutcome(pack)): DecisionRecord {
  return buildDecisionRecord(outcome, {
    id: '0123456789abcdef',
    repo: 'octo/widgets',
    pullNumber: 12,
    headSha: pack.headSha,
    evidenceDigest: pack.digest,
    date: new Date('2026-11-30T10:00:00Z'),
    trigger: 'comment',
    requestedBy: 'alice',
    preset: 'quick',
  });
}
