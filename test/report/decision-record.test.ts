import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { debateId, decisionRecordSchema, recordToJson, recordToYaml } from '../../src/report/decision-record.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';

describe('decision record', () => {
  const pack = fixturePack();

  it('carries the contract fields and round-trips through YAML and JSON', () => {
    const record = fixtureRecord(pack);
    expect(record).toMatchObject({
      schema: 'pr-debate/decision@1',
      head_sha: pack.headSha,
      evidence_digest: pack.digest,
      recommendation: 'A',
      preset: 'standard',
      rounds: 1,
      positions: [
        { id: 'A', status: 'survived', verified_citations: 2, unverified_citations: 0 },
        { id: 'B', status: 'unresolved', verified_citations: 0, unverified_citations: 1 },
      ],
      usage: {
        input_tokens: 2700,
        output_tokens: 400,
        cache_creation_input_tokens: 2000,
        cache_read_input_tokens: 2000,
      },
      accepted: null,
      signature: null,
    });
    // 2,700 in x $2 + 400 out x $10 + 2,000 written x $2.5 + 2,000 read x $0.1 (Sonnet 5.5 cache hits), per million.
    expect(record.usage.cost_usd).toBeCloseTo(0.0146, 4);
    expect(decisionRecordSchema.parse(parse(recordToYaml(record)))).toEqual(record);
    expect(recordToJson(record)).not.toContain('\n');
  });

  it('counts the changed files the debate saw, by where they were listed, and where every changed hunk was', () => {
    // With the budget the pack was sized at, which the gate rebuilds at (issue #31).
    const budget = { max_tokens: pack.budget.maxTokens, chars_per_token: pack.budget.charsPerToken };
    expect(fixtureRecord(pack).evidence).toEqual({
      changed_files: pack.fileCount.total,
      listed_by_file_list: pack.fileCount.listed,
      completed_from_trees: 0,
      shown: 3,
      read: 0,
      unread: 0,
      generated_skipped: 0,
      unseen: pack.unseen.count,
      budget,
    });
    const past = fixtureRecord({
      ...pack,
      fileCount: { listed: 3_100, total: 3_100, fromTrees: 100 },
      unseen: { paths: ['lib/a.node'], count: 3 },
    });
    expect(past.evidence).toEqual({
      changed_files: 3_100,
      listed_by_file_list: 3_000,
      completed_from_trees: 100,
      shown: 3,
      read: 0,
      unread: 0,
      generated_skipped: 0,
      unseen: 3,
      budget,
    });
    const yaml = recordToYaml(past);
    expect(yaml).toContain(
      `evidence:\n  changed_files: 3100\n  listed_by_file_list: 3000\n  completed_from_trees: 100\n  shown: 3\n  read: 0\n  unread: 0\n  generated_skipped: 0\n  unseen: 3\n  budget:\n    max_tokens: ${budget.max_tokens}\n    chars_per_token: ${budget.chars_per_token}\n`,
    );
    expect(decisionRecordSchema.parse(parse(yaml))).toEqual(past);
    // Records written before the entry existed still parse.
    const { evidence: _evidence, ...older } = past;
    expect(decisionRecordSchema.parse({ ...older, digest_version: 2 }).evidence).toBeUndefined();
  });

  it('a version 4 record counts hunks and has no truncated; an older one carries truncated (issue #40)', () => {
    const record = fixtureRecord(pack);
    expect(record.digest_version).toBe(4);
    expect(() =>
      decisionRecordSchema.parse({ ...record, evidence: { ...record.evidence!, truncated: false } }),
    ).toThrow(/has no truncated/);
    const { read: _r, ...uncounted } = record.evidence!;
    expect(() => decisionRecordSchema.parse({ ...record, evidence: uncounted })).toThrow(
      /counts shown, read, unread and generated_skipped/,
    );
    const { shown: _s, unread: _u, generated_skipped: _g, ...older } = uncounted;
    expect(
      decisionRecordSchema.parse({ ...record, digest_version: 3, evidence: { ...older, truncated: true } }).evidence
        ?.truncated,
    ).toBe(true);
    expect(() => decisionRecordSchema.parse({ ...record, digest_version: 3, evidence: older })).toThrow(
      /carries truncated/,
    );
    // A version 4 record without its counts would read as nothing unread: it is not a record.
    const { evidence: _none, ...bare } = record;
    expect(() => decisionRecordSchema.parse(bare)).toThrow(/counts its evidence/);
  });

  it('records an aborted debate as unresolved with no recommendation', () => {
    const record = fixtureRecord(pack, { ...fixtureOutcome(pack), ruling: undefined, completion: 'aborted' });
    expect(record).toMatchObject({ completion: 'aborted', recommendation: 'none', confidence: 'low' });
    expect(record.positions.every((p) => p.status === 'unresolved')).toBe(true);
    const afterSurrender = fixtureRecord(pack, {
      ...fixtureOutcome(pack),
      ruling: undefined,
      completion: 'aborted',
      surrendered: ['B'],
    });
    expect(afterSurrender.positions.map((p) => p.status)).toEqual(['unresolved', 'conceded']);
  });

  it('records a surrendered position as conceded and the rounds actually held', () => {
    const outcome = fixtureOutcome(pack);
    const ruling = {
      ...outcome.ruling!,
      positions: outcome.ruling!.positions.map((p) => (p.id === 'B' ? { ...p, status: 'conceded' as const } : p)),
    };
    const record = fixtureRecord(pack, {
      ...outcome,
      ruling,
      stop: { kind: 'surrender', round: 1, positionIds: ['B'] },
    });
    expect(record.positions.map((p) => p.status)).toEqual(['survived', 'conceded']);
    expect(record.rounds).toBe(1);
    expect(
      fixtureRecord(pack, { ...outcome, roundsHeld: 0, plan: { ...outcome.plan, preset: 'quick', rounds: 0 } }),
    ).toMatchObject({ preset: 'quick', rounds: 0 });
  });

  it('gives one id per PR and topic; inferred debates share one', () => {
    expect(debateId('o/r', 1, ['Keep  the cache', 'drop'])).toBe(debateId('O/R', 1, ['keep the cache', 'DROP']));
    expect(debateId('o/r', 1, ['a', 'b'])).not.toBe(debateId('o/r', 1, ['a', 'c']));
    expect(debateId('o/r', 1, [])).not.toBe(debateId('o/r', 2, []));
    expect(debateId('o/r', 1, [])).toMatch(/^[0-9a-f]{16}$/);
  });
});
