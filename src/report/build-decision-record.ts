/** Builds the decision record of a debate from its outcome and the run's context. */
import type { DebateOutcome } from '../debate/debate-types.js';
import { judgeRunsDisagree } from '../debate/combine-rulings.js';
import { attackTallies } from '../debate/judge-facts.js';
import type { AttackTally } from '../debate/rubric.js';
import { DIGEST_VERSION } from '../evidence/content-digest.js';
import type { EvidencePack } from '../evidence/evidence-types.js';
import { countCoverage } from '../evidence/split-overflow.js';
import { decisionRecordSchema, neutraliseMarkers, type DecisionRecord } from './decision-record.js';
import { noDecisionReasonOf } from './no-decision-reason.js';

/** What the record says beyond the debate outcome. */
export interface RecordContext {
  id: string;
  repo: string;
  pullNumber: number;
  headSha: string;
  evidenceDigest: string;
  /** `content_digest`: the pack's `contentDigest` ({@link import('../evidence/content-digest.js').contentDigest}). */
  contentDigest: string;
  date: Date;
  trigger: 'label' | 'comment' | 'dispatch';
  requestedBy: string;
  preset: 'quick' | 'standard' | 'deep' | 'custom';
  /**
   * The pack's `fileCount`, `unseen`, `budget` and `coverage` (src/evidence/evidence-types.ts), for the
   * record's `evidence`, and its `baseRef` and `baseSha`, the base the debate compared against (record `base`).
   */
  evidence: Pick<EvidencePack, 'fileCount' | 'unseen' | 'budget' | 'coverage' | 'baseRef' | 'baseSha'>;
}

/**
 * Builds the decision record of a debate and validates it.
 * @throws z.ZodError when the record would not satisfy the schema (a bug: nothing invalid is ever posted)
 */
export function buildDecisionRecord(
  outcome: Extract<DebateOutcome, { kind: 'debate' }>,
  context: RecordContext,
): DecisionRecord {
  const { unpricedCalls: _unpriced, ...usage } = outcome.usage;
  const ruling = outcome.ruling;
  const attacks = attackTallies(outcome.transcript, outcome.positions);
  const hunks = countCoverage(context.evidence.coverage, new Set(outcome.reading?.result.read ?? []));
  return decisionRecordSchema.parse({
    schema: 'pr-debate/decision@1',
    id: context.id,
    topic: neutraliseMarkers(outcome.topic),
    repo: context.repo,
    pull_request: context.pullNumber,
    head_sha: context.headSha,
    evidence_digest: context.evidenceDigest,
    content_digest: context.contentDigest,
    digest_version: DIGEST_VERSION,
    base: { ref: context.evidence.baseRef, sha: context.evidence.baseSha },
    date: context.date.toISOString(),
    trigger: context.trigger,
    requested_by: context.requestedBy,
    preset: context.preset,
    rounds: outcome.roundsHeld,
    evidence: {
      changed_files: context.evidence.fileCount.total,
      listed_by_file_list: context.evidence.fileCount.listed - context.evidence.fileCount.fromTrees,
      completed_from_trees: context.evidence.fileCount.fromTrees,
      shown: hunks.shown,
      read: hunks.read,
      unread: hunks.unread,
      generated_skipped: hunks.generatedSkipped,
      unseen: context.evidence.unseen.count,
      budget: { max_tokens: context.evidence.budget.maxTokens, chars_per_token: context.evidence.budget.charsPerToken },
    },
    positions: outcome.positions.map((p) => ({
      id: p.id,
      label: neutraliseMarkers(p.label),
      status:
        ruling?.positions.find((r) => r.id === p.id)?.status ??
        (outcome.surrendered.includes(p.id) ? 'conceded' : 'unresolved'),
      verified_citations: outcome.counts.get(p.id)?.verified ?? 0,
      unverified_citations: outcome.counts.get(p.id)?.unverified ?? 0,
      attacks: recordAttacks(attacks.get(p.id)),
    })),
    // Absent when unknown (a model's "none is", a mark the moderator did not confirm): the gate then passes only an accept.
    ...(outcome.prPosition === undefined ? {} : { pr_position: outcome.prPosition }),
    ...(outcome.prPositionClaimed === undefined ? {} : { pr_position_claimed: outcome.prPositionClaimed }),
    recommendation: ruling?.recommendation ?? 'none',
    no_decision_reason: noDecisionReasonOf({
      completion: outcome.completion,
      stoppedBy: outcome.stoppedBy?.kind,
      recommendation: ruling?.recommendation ?? 'none',
      tiedOnAxis: ruling?.tied_on_axis ?? null,
      judgeDisagreed: judgeRunsDisagree(outcome.judgeRuns),
      accepted: false,
    }),
    tied_on_axis: ruling?.tied_on_axis ? neutraliseMarkers(ruling.tied_on_axis) : null,
    confidence: ruling?.confidence ?? 'low',
    completion: outcome.completion,
    out_of_scope: outcome.outOfScope.map(neutraliseMarkers),
    models: { advocates: outcome.positions.map((p) => p.model), judge: outcome.judgeModel },
    usage,
    accepted: null,
    signature: null,
  });
}

/** The record's `attacks` of a position: the tally without what only the engine weighs. */
function recordAttacks(
  tally: AttackTally | undefined,
): NonNullable<DecisionRecord['positions'][number]['attacks']> | undefined {
  return (
    tally && { refuted: tally.refuted, conceded: tally.conceded, unanswered: tally.unanswered, uncited: tally.uncited }
  );
}
