import { describe, expect, it } from 'vitest';
import { decisionCheckOutput } from '../../src/gate/decision-check.js';
import { STAND_INS, standInOf } from '../../src/rehearsal/stand-ins.js';
import { outcomeLine, recordMeaning } from '../../src/report/merge-meaning.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack } from '../support/evidence-fixtures.js';

/**
 * A run no model wrote says so wherever it is read (issue #42): the comment's first lines and its footer,
 * the check's summary, the outcome line the CLI ends with; a run of models says nothing of the kind.
 */
const pack = fixturePack();
const context = {
  id: '0123456789abcdef',
  serverUrl: 'https://github.com',
  owner: 'octo',
  repo: 'widgets',
  headSha: pack.headSha,
  runUrl: undefined,
  durationMs: 1000,
  currentHeadSha: pack.headSha,
};
const FACTS = { truncated: false, unseenAllowed: false, unreadAllowed: false, authors: [], authorMayDecide: false };

function recordBy(model: string) {
  const record = fixtureRecord(pack);
  return { ...record, models: { advocates: record.models.advocates.map(() => model), judge: model } };
}

describe('a stand-in says what it is', () => {
  it.each(Object.keys(STAND_INS) as (keyof typeof STAND_INS)[])(
    '%s: the first lines, the footer, the check summary and the outcome line',
    (standIn) => {
      const record = recordBy(standIn);
      const lines = renderDebateComment(fixtureOutcome(pack), record, pack, context).body.split('\n');
      expect(lines[1]).toBe(`## ✅ pr-debate ${standIn}: merge as written. Position A (this PR) won`);
      expect(lines.slice(3, 5)).toEqual(['> [!IMPORTANT]', `> **This comment is ${STAND_INS[standIn]}.**`]);
      expect(lines.find((l) => l.startsWith('<sub>'))).toMatch(
        new RegExp(`^<sub>pr-debate · ${STAND_INS[standIn].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · preset `),
      );
      expect(decisionCheckOutput(record, 'require-decision', FACTS, undefined).summary).toMatch(
        new RegExp(
          `^${STAND_INS[standIn].charAt(0).toUpperCase()}.*no model (was called|wrote it)[^.]*\\. Merge as written: `,
        ),
      );
      expect(outcomeLine(record, recordMeaning(record))).toBe(
        `pr-debate ${standIn}: merge as written. Position A (this PR) won`,
      );
    },
  );

  it('a run of models, or of a model beside a stand-in, is no stand-in', () => {
    const record = fixtureRecord(pack);
    const lines = renderDebateComment(fixtureOutcome(pack), record, pack, context).body.split('\n');
    expect(lines[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    expect(lines.join('\n')).not.toMatch(/rehearsal|illustration/);
    expect(standInOf({ advocates: ['rehearsal', 'claude-sonnet-5-5'], judge: 'rehearsal' })).toBeUndefined();
    expect(standInOf({ advocates: ['illustration'], judge: 'rehearsal' })).toBeUndefined();
    expect(standInOf({ advocates: ['toString'], judge: 'toString' })).toBeUndefined();
  });
});
