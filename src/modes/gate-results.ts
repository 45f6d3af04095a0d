import type { PipelineResult } from '../pipeline/pipeline-types.js';
import type { AcceptOutcome } from './accept-mode.js';
import type { GateModeResult } from './gate-mode.js';

/**
 * The action outputs (contract section 6) of a gate run and of an accept. Neither debates, so
 * `status` is `skipped`; `gate-conclusion` says what the `pr-debate` check run concluded.
 */

/** Outputs of `mode: gate`. */
export function gateResult(run: GateModeResult): PipelineResult {
  return {
    status: 'skipped',
    recommendation: run.recommendation,
    confidence: run.confidence,
    commentUrl: '',
    decision: run.decision,
    report: '',
    failure: undefined,
    gateConclusion: run.gateConclusion,
    decisionRecordFile: run.recordFile,
  };
}

/** Outputs of `/debate accept`; `comment-url` is the reply. */
export function acceptResult(outcome: AcceptOutcome): PipelineResult {
  const record = outcome.record;
  return {
    status: 'skipped',
    recommendation: record?.accepted?.position ?? 'none',
    confidence: record?.confidence ?? '',
    commentUrl: outcome.replyUrl,
    decision: record ? JSON.stringify(record) : '',
    ...(record ? { noDecisionReason: record.no_decision_reason ?? '' } : {}),
    report: '',
    failure: outcome.failure,
    gateConclusion: outcome.gateConclusion,
    decisionRecordFile: outcome.recordFile,
  };
}
