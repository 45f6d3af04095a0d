import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, type PolicyFacts } from '../../src/gate/evaluate-policy.js';
import { GATE_POLICIES, type GatePolicy } from '../../src/gate/gate-types.js';
import type { DecisionRecord } from '../../src/report/decision-record.js';
import { fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';

/**
 * The gate's policy against contract section 9 (issues 28 and 30), as a table written apart from the
 * code: every combination of policy, recommendation, `pr_position`, accept (by whom, of what),
 * an older record's truncated evidence, completion, unseen files and unread hunks gives `success` exactly
 * when the contract says it may.
 */

type Position = 'A' | 'B' | 'C';
const AUTHOR = 'alice';
/** Pushed the PR's head: an author too (issue #38). */
const PUSHER = 'bob';
const AUTHORS = [
  { login: AUTHOR, role: 'opened this PR' },
  { login: PUSHER, role: 'pushed its head commit 1234567' },
];
const base = fixtureRecord(fixturePack());

interface Case {
  policy: GatePolicy;
  recommendation: Position | 'none';
  confidence: DecisionRecord['confidence'];
  /** undefined: a record written before `pr_position` existed. */
  prPosition: Position | null | undefined;
  accepted: { by: string; position: Position } | null;
  /** Who asked for the debate (record `requested_by`). */
  requestedBy: string;
  falsified: Position[];
  /** Set: a record before digest_version 4, which says whether the budget left hunks out; undefined: a version 4 record, which counts the unread hunks. */
  truncated: boolean | undefined;
  /** Changed hunks no model read (version 4 records). */
  unread: number;
  unreadAllowed: boolean;
  completion: DecisionRecord['completion'];
  /** undefined: a record written before `evidence.unseen` existed. */
  unseen: number | undefined;
  unseenAllowed: boolean;
  authorMayDecide: boolean;
}

function recordOf(c: Case): DecisionRecord {
  const { pr_position: _drop, ...rest } = base;
  const { shown: _s, read: _r, unread: _n, generated_skipped: _g, ...counted } = base.evidence!;
  const evidence =
    c.truncated === undefined ? { ...base.evidence!, unread: c.unread } : { ...counted, truncated: c.truncated };
  const { unseen: _u, ...older } = evidence;
  return {
    ...rest,
    digest_version: c.truncated === undefined ? 4 : 3,
    ...(c.prPosition === undefined ? {} : { pr_position: c.prPosition }),
    positions: (['A', 'B', 'C'] as const).map((id) => ({
      id,
      label: `position ${id}`,
      status: c.falsified.includes(id) ? 'falsified' : 'survived',
      verified_citations: 1,
      unverified_citations: 0,
    })),
    recommendation: c.recommendation,
    confidence: c.confidence,
    completion: c.completion,
    evidence: c.unseen === undefined ? older : { ...evidence, unseen: c.unseen },
    accepted: c.accepted ? { ...c.accepted, reason: 'we decided' } : null,
    requested_by: c.requestedBy,
  };
}

/** Contract section 9, read as a table: may the check be `success`? */
function contractPasses(c: Case): boolean {
  if (c.completion === 'aborted' || c.truncated === true) return false;
  const isAuthor = (login: string) => (login === AUTHOR || login === PUSHER) && !c.authorMayDecide;
  const acceptCounts = c.accepted !== null && !isAuthor(c.accepted.by);
  if (acceptCounts) {
    if (c.falsified.includes(c.accepted!.position)) return false;
    // The decision must be the PR (issue 28); a record without pr_position: the maintainer's accept decides.
    return c.policy === 'off' || c.prPosition == null || c.accepted!.position === c.prPosition;
  }
  if (c.completion !== 'success') return false;
  if ((c.unseen === undefined || c.unseen > 0) && !c.unseenAllowed) return false;
  // Hunks no model read: only an accept (above) or allow-unseen clears them (issue #40).
  if (c.truncated === undefined && c.unread > 0 && !c.unreadAllowed) return false;
  if (c.policy === 'off') return true;
  if (c.policy === 'require-accepted') return false;
  if (c.falsified.length === 3 || c.recommendation === 'none') return false;
  if (c.prPosition === undefined || (c.prPosition !== null && c.recommendation !== c.prPosition)) return false;
  if (c.policy === 'require-confident' && c.confidence === 'low') return false;
  // A debate the PR's author (its opener, or the pusher of its head) asked for decides nothing alone (issue #38).
  return !isAuthor(c.requestedBy);
}

const position = fc.constantFrom<Position>('A', 'B', 'C');
const cases: fc.Arbitrary<Case> = fc.record({
  policy: fc.constantFrom(...GATE_POLICIES),
  recommendation: fc.oneof(position, fc.constant('none' as const)),
  confidence: fc.constantFrom('low', 'medium', 'high'),
  prPosition: fc.oneof(position, fc.constant(null), fc.constant(undefined)),
  accepted: fc.option(fc.record({ by: fc.constantFrom(AUTHOR, PUSHER, 'maria'), position }), { nil: null }),
  requestedBy: fc.constantFrom(AUTHOR, PUSHER, 'maria'),
  falsified: fc.subarray<Position>(['A', 'B', 'C']),
  truncated: fc.option(fc.boolean(), { nil: undefined }),
  unread: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
  unreadAllowed: fc.boolean(),
  completion: fc.constantFrom('success', 'degraded-success', 'aborted'),
  unseen: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.constant(undefined)),
  unseenAllowed: fc.boolean(),
  authorMayDecide: fc.boolean(),
});

const factsOf = (c: Case): PolicyFacts => ({
  truncated: c.truncated === true,
  unseenAllowed: c.unseenAllowed,
  unreadAllowed: c.unreadAllowed,
  authors: AUTHORS,
  authorMayDecide: c.authorMayDecide,
});

describe('the gate policy against contract section 9', () => {
  it('passes exactly when the contract allows, and never says neutral or skipped', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const outcome = evaluatePolicy(recordOf(c), c.policy, factsOf(c));
        expect(['success', 'action_required', 'failure']).toContain(outcome.conclusion);
        expect(outcome.conclusion === 'success', JSON.stringify(c)).toBe(contractPasses(c));
        expect(outcome.reason).toMatch(/\.$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('a recommendation that is not the PR’s position never passes, under any policy that requires a decision; the summary names it and the way out', () => {
    for (const policy of ['require-decision', 'require-confident'] as const) {
      const c: Case = {
        policy,
        recommendation: 'B',
        confidence: 'high',
        prPosition: 'A',
        accepted: null,
        requestedBy: 'maria',
        falsified: [],
        truncated: undefined,
        unread: 0,
        unreadAllowed: false,
        completion: 'success',
        unseen: 0,
        unseenAllowed: false,
        authorMayDecide: false,
      };
      const outcome = evaluatePolicy(recordOf(c), policy, factsOf(c));
      expect(outcome.conclusion).toBe('action_required');
      expect(outcome.reason).toMatch(/^The debate recommends B \(position B\), not the PR's position A \(position A\)/);
      expect(outcome.reason).toMatch(/change the PR to B and debate again/);
      expect(outcome.reason).toContain('`/debate accept A <reason>`');
      // The same record with the PR's position recommended passes.
      expect(evaluatePolicy(recordOf({ ...c, recommendation: 'A' }), policy, factsOf(c)).conclusion).toBe('success');
    }
  });

  it('an accept of a position that is not the PR’s does not pass either; the author’s own accept does not count', () => {
    const c: Case = {
      policy: 'require-accepted',
      recommendation: 'A',
      confidence: 'high',
      prPosition: 'A',
      accepted: { by: 'maria', position: 'B' },
      requestedBy: 'maria',
      falsified: [],
      truncated: undefined,
      unread: 0,
      unreadAllowed: false,
      completion: 'success',
      unseen: 0,
      unseenAllowed: false,
      authorMayDecide: false,
    };
    const other = evaluatePolicy(recordOf(c), c.policy, factsOf(c));
    expect(other).toMatchObject({ conclusion: 'action_required' });
    expect(other.reason).toMatch(/@maria accepted position B \(position B\).*not the PR's position, A/);
    const own = evaluatePolicy(recordOf({ ...c, accepted: { by: AUTHOR, position: 'A' } }), c.policy, factsOf(c));
    expect(own.conclusion).toBe('action_required');
    expect(own.reason).toMatch(
      /The accept by @alice does not count: they wrote this PR \(opened this PR\), and someone else with write permission must accept/,
    );
    const pushed = evaluatePolicy(recordOf({ ...c, accepted: { by: PUSHER, position: 'A' } }), c.policy, factsOf(c));
    expect(pushed.reason).toMatch(
      /The accept by @bob does not count: they wrote this PR \(pushed its head commit 1234567\)/,
    );
  });

  it('a debate the PR’s author or head pusher asked for passes only by another writer’s accept; a config key the gate does not know never passes (issue #38)', () => {
    const c: Case = {
      policy: 'require-decision',
      recommendation: 'A',
      confidence: 'high',
      prPosition: 'A',
      accepted: null,
      requestedBy: PUSHER,
      falsified: [],
      truncated: undefined,
      unread: 0,
      unreadAllowed: false,
      completion: 'success',
      unseen: 0,
      unseenAllowed: false,
      authorMayDecide: false,
    };
    const alone = evaluatePolicy(recordOf(c), c.policy, factsOf(c));
    expect(alone.conclusion).toBe('action_required');
    expect(alone.reason).toMatch(
      /@bob asked for it and wrote this PR \(pushed its head commit 1234567\), so it decides nothing alone/,
    );
    expect(
      evaluatePolicy(recordOf({ ...c, accepted: { by: 'maria', position: 'A' } }), c.policy, factsOf(c)).conclusion,
    ).toBe('success');
    expect(
      evaluatePolicy(recordOf({ ...c, authorMayDecide: true }), c.policy, factsOf({ ...c, authorMayDecide: true }))
        .conclusion,
    ).toBe('success');
    const unknownKey = evaluatePolicy(recordOf({ ...c, requestedBy: 'maria' }), c.policy, {
      ...factsOf(c),
      configProblem: ".github/pr-debate.yml on main: unknown key 'gate'",
    });
    expect(unknownKey).toMatchObject({
      conclusion: 'action_required',
      reason: expect.stringMatching(
        /^\.github\/pr-debate\.yml on main: unknown key 'gate'\. Until it is fixed, no decision passes this check\.$/,
      ),
    });
  });

  it('a degraded debate and unseen files say why and what to do', () => {
    const c: Case = {
      policy: 'require-decision',
      recommendation: 'A',
      confidence: 'high',
      prPosition: null,
      accepted: null,
      requestedBy: 'maria',
      falsified: [],
      truncated: undefined,
      unread: 0,
      unreadAllowed: false,
      completion: 'degraded-success',
      unseen: 0,
      unseenAllowed: false,
      authorMayDecide: false,
    };
    expect(evaluatePolicy(recordOf(c), c.policy, factsOf(c)).reason).toMatch(
      /^The debate was degraded .*; debate again, or a maintainer can record a decision with `\/debate accept/,
    );
    const unseen = evaluatePolicy(recordOf({ ...c, completion: 'success', unseen: 2 }), c.policy, factsOf(c));
    expect(unseen.reason).toMatch(
      /^2 changed files \(binary, or with no diff or text from GitHub\) were not seen by the models.*`allow-unseen`/,
    );
  });

  it('hunks no model read do not pass without an accept or allow-unseen; an accept by another maintainer clears them and says so (issue #40)', () => {
    const c: Case = {
      policy: 'require-decision',
      recommendation: 'A',
      confidence: 'high',
      prPosition: 'A',
      accepted: null,
      requestedBy: 'maria',
      falsified: [],
      truncated: undefined,
      unread: 7,
      unreadAllowed: false,
      completion: 'success',
      unseen: 0,
      unseenAllowed: false,
      authorMayDecide: false,
    };
    const blocked = evaluatePolicy(recordOf(c), c.policy, factsOf(c));
    expect(blocked.conclusion).toBe('action_required');
    expect(blocked.reason).toMatch(
      /^7 changed hunks were read by no model .*`\/debate accept <A\|B\|C\|D> <reason>`.*`allow-unseen`.*`max-reader-calls`/,
    );
    expect(evaluatePolicy(recordOf(c), c.policy, { ...factsOf(c), unreadAllowed: true }).conclusion).toBe('success');
    const accepted = evaluatePolicy(recordOf({ ...c, accepted: { by: 'maria', position: 'A' } }), c.policy, factsOf(c));
    expect(accepted).toEqual({
      conclusion: 'success',
      reason:
        '@maria accepted position A (position A): we decided. The accept covers the 7 changed hunks no model read.',
    });
    // The author's own accept clears nothing.
    expect(
      evaluatePolicy(recordOf({ ...c, accepted: { by: AUTHOR, position: 'A' } }), c.policy, factsOf(c)).conclusion,
    ).toBe('action_required');
    // An older record's truncated evidence stays what it was: no accept passes it.
    const older = evaluatePolicy(
      recordOf({ ...c, truncated: true, accepted: { by: 'maria', position: 'A' } }),
      c.policy,
      { ...factsOf(c), truncated: true },
    );
    expect(older).toMatchObject({ conclusion: 'action_required', reason: expect.stringMatching(/truncated evidence/) });
  });
});
