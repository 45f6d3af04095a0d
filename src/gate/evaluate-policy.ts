import type { DecisionRecord } from '../report/decision-record.js';

/**
 * The gate policies of contract sections 5 and 9, applied to one fresh, trusted record. Pure.
 * Whether a record is fresh (same head or same `content_digest`) and trusted (same app, signature)
 * is decided before, in `decide-gate.ts`.
 */

/**
 * Input `gate-policy` and config key `gate-policy` (contract sections 5 and 9): the one list of its values.
 * `input-schemas.ts` and `config-schema.ts` take it from here; action.yml's description names each
 * (test/gate/gate-policies.test.ts holds it).
 */
export const GATE_POLICIES = ['off', 'require-decision', 'require-confident', 'require-accepted'] as const;
export type GatePolicy = (typeof GATE_POLICIES)[number];

/**
 * The conclusions the gate writes. Only `success` passes; GitHub counts `neutral` and `skipped` as
 * passing too, so a check that must not pass is `action_required` (a person can fix it) or `failure`.
 */
export type GateConclusion = 'success' | 'action_required' | 'failure';

/** A conclusion and one sentence on why, for the check run's title and summary. */
export interface PolicyOutcome {
  conclusion: GateConclusion;
  /** One sentence, ending with a full stop. */
  reason: string;
}

/**
 * @param record a record the gate trusts and that is fresh for the head being checked
 * @param policy input `gate-policy`
 * @param truncated whether the debate's evidence pack left changed hunks out: the record's own signed
 *   `evidence.truncated` (the gate), or the pack's flag (the debate writing its check)
 * @returns `success` only when the policy is met; never for an aborted debate, truncated evidence or an
 *   accept of a falsified position
 */
export function evaluatePolicy(record: DecisionRecord, policy: GatePolicy, truncated: boolean): PolicyOutcome {
  if (record.completion === 'aborted') return { conclusion: 'failure', reason: 'The debate was aborted before the judge ruled, so there is no decision to merge on.' };
  if (truncated) {
    return {
      conclusion: 'action_required',
      reason: 'The debate ran on truncated evidence (changed hunks did not fit max-evidence-tokens), so its decision cannot pass the gate; raise max-evidence-tokens or split the PR, then debate again.',
    };
  }
  const accepted = record.accepted;
  if (accepted && record.positions.find((p) => p.id === accepted.position)?.status === 'falsified') {
    // Contract section 9: an accept of a falsified position never passes, under any policy.
    return { conclusion: 'failure', reason: `@${accepted.by} accepted position ${accepted.position}, which the debate falsified, so the decision cannot pass the gate; accept a position that was not falsified, or debate again.` };
  }
  if (accepted) {
    const label = record.positions.find((p) => p.id === accepted.position)?.label ?? accepted.position;
    return { conclusion: 'success', reason: `@${accepted.by} accepted position ${accepted.position} (${label}): ${sentence(accepted.reason)}` };
  }
  if (policy === 'off') return { conclusion: 'success', reason: 'gate-policy is off: no decision is required.' };
  if (policy === 'require-accepted') {
    return { conclusion: 'action_required', reason: 'gate-policy is require-accepted: a maintainer must record a decision with `/debate accept <A|B|C|D> <reason>`.' };
  }
  if (record.positions.every((p) => p.status === 'falsified')) {
    return { conclusion: 'failure', reason: 'Every position was falsified: the debate found no defensible option; revise the PR or debate other positions.' };
  }
  if (record.recommendation === 'none') {
    const tie = record.tied_on_axis ? ` (no clear winner on ${record.tied_on_axis})` : '';
    return { conclusion: 'action_required', reason: `The debate reached no recommendation${tie}; a maintainer can record one with \`/debate accept <A|B|C|D> <reason>\`.` };
  }
  const label = record.positions.find((p) => p.id === record.recommendation)?.label ?? record.recommendation;
  if (policy === 'require-confident' && record.confidence === 'low') {
    return {
      conclusion: 'action_required',
      reason: `The debate recommends ${record.recommendation} (${label}) with low confidence, and gate-policy require-confident needs medium or high; a maintainer can record a decision with \`/debate accept\`.`,
    };
  }
  return { conclusion: 'success', reason: `The debate recommends ${record.recommendation} (${label}) with ${record.confidence} confidence.` };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
