import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { DebateResult } from '../../src/debate/debate-types.js';
import { debateFacts, decisionCheckOutput } from '../../src/gate/decision-check.js';
import { evaluatePolicy } from '../../src/gate/evaluate-policy.js';
import { acceptDecision } from '../../src/gate/apply-accept.js';
import { mergeMeaning, recordMeaning } from '../../src/report/merge-meaning.js';
import { NO_DECISION_REASONS, noDecisionReasonOf } from '../../src/report/no-decision-reason.js';
import { renderDebateComment } from '../../src/report/render-comment.js';
import { STATUS_MEANING } from '../../src/report/render-verdict.js';
import { fixtureOutcome, fixtureRecord } from '../support/debate-fixtures.js';
import { fixturePack, overflowPack } from '../support/evidence-fixtures.js';

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

/** The fixture debate (A "keep the cache" survived, B "drop the cache" unresolved) with these changes. */
function debate(
  change: Partial<DebateResult> & { recommendation?: 'A' | 'B' | 'none'; tied?: string } = {},
): DebateResult {
  const base = fixtureOutcome(pack);
  const { recommendation, tied, ...rest } = change;
  const ruling = base.ruling && {
    ...base.ruling,
    recommendation: recommendation ?? base.ruling.recommendation,
    tied_on_axis: tied ?? null,
  };
  return { ...base, ruling, judgeRuns: base.judgeRuns.map((r) => ({ ...r, ruling })), ...rest };
}

/** What a reviewer reads first: the line after the hidden marker. */
function firstLine(outcome: DebateResult, extra: Partial<typeof context> = {}): string {
  const record = fixtureRecord(pack, outcome);
  return renderDebateComment(outcome, record, pack, { ...context, ...extra }).body.split('\n')[1]!;
}

describe('what the verdict means for this PR, as the first line says it', () => {
  it('merge as written when the decided position is the PR', () => {
    expect(firstLine(debate())).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
  });

  it('changes requested, naming the winning position in a few words and the PR position, when another position won', () => {
    const line = firstLine(debate({ recommendation: 'B' }));
    expect(line).toBe(
      '## 🔁 pr-debate: changes requested. The verdict is B (drop the cache), not this PR as written (A)',
    );
    expect(line).not.toMatch(/merge as written\./);
  });

  it('a decision that approves nothing when no position is the PR as written (a design doc weighing options)', () => {
    const outcome = debate({ prPosition: null, recommendation: 'B' });
    expect(firstLine(outcome)).toBe('## 🧭 pr-debate: decided B (drop the cache); no position is this PR as written');
    expect(fixtureRecord(pack, outcome)).toMatchObject({
      pr_position: null,
      recommendation: 'B',
      no_decision_reason: null,
    });
  });

  it('no decision, with the reason in words, when the judge recommended nothing, tied on an axis, or the runs split', () => {
    expect(firstLine(debate({ recommendation: 'none' }))).toBe(
      '## ⚠️ pr-debate: no decision. The judge recommended no position',
    );
    expect(firstLine(debate({ recommendation: 'none', tied: 'latency versus freshness' }))).toMatch(
      /^## ⚠️ pr-debate: no decision\. No clear winner; the positions trade off on an axis/,
    );
    const base = fixtureOutcome(pack);
    const split = {
      ...base,
      judgeRuns: [
        base.judgeRuns[0]!,
        { ...base.judgeRuns[1]!, ruling: { ...base.ruling!, recommendation: 'B', summary: 'Drop it: simpler.' } },
      ],
      ruling: { ...base.ruling!, recommendation: 'none' },
    };
    expect(firstLine(split)).toBe(
      '## ⚠️ pr-debate: no decision. The judge runs, half of them with the positions under swapped ids and in swapped order, did not agree on a position',
    );
    expect(fixtureRecord(pack, split).no_decision_reason).toBe('judge-disagreed');
  });

  it('no decision for an aborted or degraded run, even when the judge recommended the PR', () => {
    const aborted = debate({
      ruling: undefined,
      judgeRuns: [],
      completion: 'aborted',
      problems: ['Judge run 1 failed.'],
    });
    expect(firstLine(aborted)).toBe(
      '## ⚠️ pr-debate: no decision. Model calls failed, so the debate could not reach a verdict',
    );
    expect(fixtureRecord(pack, aborted)).toMatchObject({
      recommendation: 'none',
      no_decision_reason: 'provider-error',
    });
    const degraded = debate({ completion: 'degraded-success', problems: ['Advocate B failed twice.'] });
    expect(firstLine(degraded)).toBe(
      '## ⚠️ pr-debate: no decision. The run finished degraded, so its verdict cannot be merged on',
    );
    const capped = debate({
      completion: 'degraded-success',
      stoppedBy: { kind: 'spending-cap', capUsd: 1, spentUsd: 0.9, callUsd: 0.2 },
    });
    expect(fixtureRecord(pack, capped).no_decision_reason).toBe('budget-exceeded');
  });

  it('no decision on a stale head, whatever the judge said', () => {
    expect(firstLine(debate(), { currentHeadSha: 'c'.repeat(40) })).toBe(
      '## ⚠️ pr-debate: no decision. The PR head moved after the commit this debate saw',
    );
  });

  it('hunks no model read leave the decision standing, with a warning that names them and a merge the gate blocks (issue #40)', () => {
    const overflow = overflowPack();
    const outcome = { ...fixtureOutcome(overflow), reading: undefined };
    const record = fixtureRecord(overflow, outcome);
    expect(record.no_decision_reason).toBeNull();
    expect(record.evidence).toMatchObject({ unread: 6, read: 0, generated_skipped: 20 });
    const gate = evaluatePolicy(
      record,
      'require-decision',
      debateFacts(overflow, { allowUnseen: [], authorMayDecide: false }),
    );
    const body = renderDebateComment(outcome, record, overflow, { ...context, gate }).body;
    expect(body.split('\n')[1]).toBe('## ✅ pr-debate: merge as written. Position A (this PR) won');
    expect(body).toContain(
      '> **Unread changes:** 6 changed hunks no model read (neither in the evidence pack nor by a reader): `src/c.ts` (2), `src/d.ts` (2), `src/e.ts` (2). No reader was planned',
    );
    expect(body).toMatch(/\*\*Merge blocked:\*\* .*6 changed hunks were read by no model/);
    // Where `allow-unseen` names the files, the notice says the gate follows its policy, and nothing blocks.
    const allowedFacts = debateFacts(overflow, { allowUnseen: ['src/**'], authorMayDecide: false });
    expect(allowedFacts.unreadAllowed).toBe(true);
    const allowed = {
      ...evaluatePolicy(record, 'require-decision', allowedFacts),
      unreadAllowed: allowedFacts.unreadAllowed,
    };
    const allowedBody = renderDebateComment(outcome, record, overflow, { ...context, gate: allowed }).body;
    expect(allowed.conclusion).toBe('success');
    expect(allowedBody).toContain(
      "No reader was planned for the parts that did not fit the pack. The config file's `allow-unseen` names these files, so the gate follows its policy for this decision.",
    );
    expect(allowedBody).not.toContain('Merge blocked');
  });

  it('an accept is the decision the judge did not give, read against the PR position like a recommendation', () => {
    const tie = fixtureRecord(pack, debate({ recommendation: 'none' }));
    const accepted = acceptDecision(tie, { by: 'maintainer', position: 'B', reason: 'We want less code.' });
    if (!accepted.ok) throw new Error(accepted.problem);
    expect(accepted.record.no_decision_reason).toBeNull();
    expect(recordMeaning(accepted.record)).toEqual({
      kind: 'changes-requested',
      position: 'B',
      prPosition: 'A',
      accepted: true,
    });
    const ofPr = acceptDecision(tie, { by: 'maintainer', position: 'A', reason: 'As written.' });
    expect(ofPr.ok && recordMeaning(ofPr.record)).toEqual({ kind: 'merge-as-written', position: 'A', accepted: true });
    // An accept does not make an older record's truncated evidence whole.
    const older = { ...fixtureRecord(pack, debate()), no_decision_reason: 'truncated-evidence' as const };
    const truncated = acceptDecision(older, { by: 'maintainer', position: 'A', reason: 'Fine.' });
    expect(truncated.ok && truncated.record.no_decision_reason).toBe('truncated-evidence');
  });

  it('the check run summary starts with the same meaning', () => {
    const summary = decisionCheckOutput(
      fixtureRecord(pack, debate({ recommendation: 'B' })),
      'require-decision',
      { truncated: false, unseenAllowed: false, unreadAllowed: false, authors: [], authorMayDecide: false },
      undefined,
    ).summary;
    expect(summary).toMatch(
      /^Changes requested: the debate decided for position B \(drop the cache\), not position A, this PR as written/,
    );
  });

  it('property: a decision exists exactly when no reason is recorded, and then it is for or against the PR as the ids say', () => {
    const id = fc.constantFrom('A', 'B', 'C');
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'B', 'C', 'none'),
        fc.option(id),
        fc.option(id),
        fc.constantFrom('success', 'degraded-success', 'aborted'),
        fc.option(fc.constantFrom(...NO_DECISION_REASONS)),
        (recommendation, accepted, prPosition, completion, reason) => {
          const m = mergeMeaning({
            recommendation,
            accepted: accepted ? { position: accepted } : null,
            pr_position: prPosition,
            completion: completion as 'success',
            no_decision_reason: reason,
          });
          const decided = accepted ?? (recommendation === 'none' ? null : recommendation);
          if (reason !== null || completion !== 'success' || decided === null) expect(m.kind).toBe('no-decision');
          else if (prPosition === null) expect(m).toMatchObject({ kind: 'decided', position: decided });
          else
            expect(m).toMatchObject({
              kind: decided === prPosition ? 'merge-as-written' : 'changes-requested',
              position: decided,
            });
        },
      ),
    );
  });

  it('a record reason is null exactly when a complete run recommended or accepted a position', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('success', 'degraded-success', 'aborted'),
        fc.constantFrom('A', 'none'),
        fc.boolean(),
        fc.boolean(),
        (completion, recommendation, accepted, split) => {
          const reason = noDecisionReasonOf({
            completion: completion as 'success',
            stoppedBy: undefined,
            recommendation,
            tiedOnAxis: null,
            judgeDisagreed: split,
            accepted,
          });
          expect(reason === null).toBe(completion === 'success' && (accepted || recommendation !== 'none'));
        },
      ),
    );
  });
});

describe('disagreeing judge runs, shown as they are', () => {
  const base = fixtureOutcome(pack);
  const run2 = {
    ...base.ruling!,
    recommendation: 'B',
    confidence: 'high' as const,
    summary: 'Drop the cache: simpler to run.',
    key_reasons: ['Run 2 reason: less code.'],
  };
  const split: DebateResult = {
    ...base,
    judgeRuns: [base.judgeRuns[0]!, { ...base.judgeRuns[1]!, ruling: run2 }],
    ruling: {
      ...base.ruling!,
      recommendation: 'none',
      confidence: 'low',
      summary: 'No clear winner: the runs disagreed.',
    },
  };
  const body = renderDebateComment(split, fixtureRecord(pack, split), pack, context).body;
  const firstScreen = body.slice(0, body.indexOf('<details>'));

  it('shows both picks and both summaries on the first screen', () => {
    expect(firstScreen).toContain('**No clear winner: the judge runs disagreed.**');
    expect(firstScreen).toContain(
      '- **Run 1** (order A, B): position A, confidence medium. Keep the cache: its TTL bounds staleness.',
    );
    expect(firstScreen).toContain(
      '- **Run 2** (order B, A, swapped ids): position B, confidence high. Drop the cache: simpler to run.',
    );
  });

  it('puts no reasons, trade-offs or dissent of one run under "no clear winner"; each run keeps its own, attributed', () => {
    for (const heading of ['### Why', '### Trade-offs', '### Dissent', '### What would change the decision'])
      expect(body).not.toContain(heading);
    expect(firstScreen).not.toContain('A cites the code.');
    expect(body).toContain("<details><summary>Judge run 1's reasons (it recommended position A)</summary>");
    expect(body).toContain("<details><summary>Judge run 2's reasons (it recommended position B)</summary>");
    expect(body.indexOf('Run 2 reason: less code.')).toBeGreaterThan(body.indexOf("Judge run 2's reasons"));
  });
});

describe('the first screen of the comment', () => {
  const outcome = { ...fixtureOutcome(pack), topic: 'Cache or not?' };
  const body = renderDebateComment(outcome, fixtureRecord(pack, outcome), pack, context).body;
  const firstScreen = body.slice(0, body.indexOf('<details>'));

  it('holds the positions with the PR marked, what each shown status means, and what would change the decision', () => {
    expect(firstScreen).toContain('| **A.** keep the cache **(this PR)** | ✅ survived |');
    expect(firstScreen).toContain(`- ✅ survived: ${STATUS_MEANING.survived}.`);
    expect(firstScreen).toContain('- ❔ unresolved: the debate neither established nor defeated it');
    expect(firstScreen).toContain('### What would change the decision\n- A benchmark showing no gain.');
    expect(firstScreen.indexOf('### What would change the decision')).toBeLessThan(firstScreen.indexOf('### Why'));
  });

  it('moves consensus, open questions, scenarios and blind spots into collapsed blocks, and names each label once outside the record', () => {
    for (const text of ['The config is small.', 'How often does the config change?', 'Multi-process deployments.']) {
      expect(firstScreen).not.toContain(text);
      expect(body).toContain(text);
    }
    const outsideRecord = body.slice(0, body.indexOf('<details><summary>Decision record'));
    expect(outsideRecord.match(/keep the cache/g)).toHaveLength(1);
  });
});

describe('the output no-decision-reason', () => {
  it('action.yml documents exactly the codes the record may carry', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as { outputs: Record<string, { description: string }> };
    const listed = /\(([^)]*)\)/.exec(action.outputs['no-decision-reason']!.description)![1]!.split(', ');
    expect(listed).toEqual([...NO_DECISION_REASONS]);
  });

  it('the docs list every code, in the same order, once', () => {
    const readme = readFileSync('docs/config.md', 'utf8');
    const table = readme.split('The codes of `no-decision-reason`')[1]!.split('\n\n')[1]!;
    expect([...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1])).toEqual([...NO_DECISION_REASONS]);
  });
});
