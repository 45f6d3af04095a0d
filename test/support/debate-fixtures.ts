import { makeClaim } from '../../src/debate/claims.js';
import { summariseUsage } from '../../src/models/price-usage.js';
import { planDebate } from '../../src/debate/plan.js';
import type { CallLogEntry, DebateResult, OpeningTurn } from '../../src/debate/debate-types.js';
import type { EvidencePack } from '../../src/evidence/evidence-types.js';
import { buildDecisionRecord } from '../../src/report/build-decision-record.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';

/**
 * A finished standard debate over the fixture pack: A cites a verified line, B an unverified one;
 * one cross-examination round in which B conceded A's attack, steelmans, and a judge that agreed
 * with itself in both orders.
 */
export function fixtureOutcome(
  pack: EvidencePack,
  text: { claim?: string; rationale?: string; label?: string; quote?: string } = {},
): DebateResult {
  const good = { path: 'src/cache.ts', line_start: 11, line_end: 12, quote: "const value12 = 'line 12 of cache';" };
  const bad = { path: 'src/cache.ts', line_start: 3, line_end: 3, quote: text.quote ?? 'nowhere to be found' };
  const model = 'claude-sonnet-5-5';
  const base = { model, status: 'complete' as const, error: undefined, repaired: false, truncated: undefined };
  const opening = (positionId: string, citation: typeof good): OpeningTurn => ({
    phase: 'opening',
    positionId,
    ...base,
    thesis: 'Thesis.',
    arguments: [
      makeClaim(
        {
          id: `O.${positionId}.1`,
          positionId,
          text: text.claim ?? 'The cache bounds memory.',
          reasoning: 'Because of the TTL.',
          citations: [citation],
        },
        pack,
      ),
    ],
    knownWeaknesses: ['Stale reads.'],
    predictedAttacks: ['Staleness.'],
  });
  const attack = {
    id: 'X1.A.1',
    by: 'A',
    target: 'B',
    claim: makeClaim({ id: 'X1.A.1', positionId: 'A', text: 'B ignores line 12.', citations: [good] }, pack),
    outcome: { kind: 'conceded' as const, answerId: 'C.B.a1', because: 'concede' as const },
  };
  const rulingText = {
    recommendation: 'A' as const,
    tied_on_axis: null,
    confidence: 'medium' as const,
    confidence_reason: 'One side has verified evidence.',
    key_reasons: ['A cites the code.', 'B conceded the staleness point.', 'The TTL bounds staleness.'],
    trade_offs: ['Memory for latency.', 'Freshness for speed.'],
    what_would_change: ['A benchmark showing no gain.'],
    dissent: 'Dropping the cache is simpler.',
    consensus: ['The config is small.'],
    open_questions: ['How often does the config change?'],
    scenarios: [
      { scenario: 'The config changes hourly', recommendation: 'A' as const, rationale: 'Staleness stays bounded.' },
    ],
    blind_spots: ['Multi-process deployments.'],
    summary: 'Keep the cache: its TTL bounds staleness.',
  };
  const ruling = {
    ...rulingText,
    positions: [
      {
        id: 'A',
        status: 'survived' as const,
        rationale: text.rationale ?? 'Its evidence holds.',
        defeating_citations: [],
      },
      { id: 'B', status: 'unresolved' as const, rationale: 'No verified evidence.', defeating_citations: [] },
    ],
  };
  const call = (
    role: CallLogEntry['role'],
    purpose: string,
    positionId: string | undefined,
    usage: CallLogEntry['usage'],
  ): CallLogEntry => ({ role, purpose, positionId, model, usage, durationMs: 10, ok: true, retry: false });
  const calls = [
    call('advocate', 'opening', 'A', {
      input_tokens: 100,
      output_tokens: 50,
      cache_creation_input_tokens: 2000,
      cache_read_input_tokens: 0,
    }),
    call('advocate', 'opening', 'B', {
      input_tokens: 100,
      output_tokens: 50,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 2000,
    }),
    call('judge', 'judge (order A, B)', undefined, {
      input_tokens: 2500,
      output_tokens: 300,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    }),
  ];
  return {
    kind: 'debate',
    topic: 'keep the cache vs drop the cache',
    positions: [
      { id: 'A', label: text.label ?? 'keep the cache', model },
      { id: 'B', label: 'drop the cache', model },
    ],
    prPosition: 'A',
    outOfScope: [],
    framing: undefined,
    plan: planDebate({ preset: 'standard', maxRounds: undefined, command: {} }),
    language:
      'Language: write every prose field of your reply in the language the maintainer wrote the debate command in.',
    transcript: {
      openings: [opening('A', good), opening('B', bad)],
      rounds: [
        {
          round: 1,
          turns: [
            {
              phase: 'cross-examination',
              round: 1,
              positionId: 'A',
              ...base,
              answers: [],
              weaknesses: [],
              attacks: [attack],
              notes: [],
            },
            {
              phase: 'cross-examination',
              round: 1,
              positionId: 'B',
              ...base,
              answers: [],
              weaknesses: ['Stale reads are real.'],
              attacks: [],
              notes: [],
            },
          ],
        },
      ],
      closing: [
        {
          phase: 'closing',
          round: 1,
          positionId: 'B',
          ...base,
          answers: [
            {
              attackId: 'X1.A.1',
              answer: 'concede',
              claim: makeClaim(
                { id: 'C.B.a1', positionId: 'B', text: 'Granted, but it is rare.', citations: [] },
                pack,
              ),
            },
          ],
          weaknesses: [],
          attacks: [],
          notes: [],
        },
      ],
      steelmans: [
        { phase: 'steelman', positionId: 'A', target: 'B', ...base, thesis: 'Simplicity wins.', arguments: [] },
        { phase: 'steelman', positionId: 'B', target: 'A', ...base, thesis: 'Latency wins.', arguments: [] },
      ],
    },
    stop: { kind: 'max-rounds', rounds: 1 },
    surrendered: [],
    roundsHeld: 1,
    audit: {
      status: 'checked',
      model,
      tally: { verified: 2, unverified: 1, 'no-citation': 1, exaggerated: 0, irrelevant: 0 },
      ignored: 0,
      notes: [],
    },
    judgeRuns: [
      {
        order: ['A', 'B'],
        swapped: false,
        ruling,
        violations: [],
        retried: false,
        fixes: [],
        warnings: [],
        error: undefined,
      },
      {
        order: ['B', 'A'],
        swapped: true,
        ruling,
        violations: [],
        retried: false,
        fixes: [],
        warnings: [],
        error: undefined,
      },
    ],
    counts: new Map([
      ['A', { verified: 2, unverified: 0 }],
      ['B', { verified: 0, unverified: 1 }],
    ]),
    ruling,
    judgeModel: model,
    enforcement: [],
    notes: [],
    completion: 'success',
    problems: [],
    calls,
    usage: summariseUsage(calls),
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
    contentDigest: pack.contentDigest,
    date: new Date('2026-11-30T10:00:00Z'),
    trigger: 'comment',
    // A maintainer other than the PR's author (alice): a debate its author asked for decides nothing alone.
    requestedBy: 'maria',
    preset: outcome.plan.preset,
    evidence: pack,
  });
}
