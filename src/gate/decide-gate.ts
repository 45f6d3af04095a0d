import type { DecisionRecord } from '../report/decision-record.js';
import { evaluatePolicy, type GateConclusion, type GatePolicy } from './evaluate-policy.js';
import type { FoundRecord } from './select-record.js';
import type { Verification } from './sign-record.js';

/**
 * The merge gate's rule for one PR head (contract section 9), from what was found. Pure.
 *
 * exempt-label → success; required-label set and absent → success; no record → not passing unless
 * gate-policy is off; a signature that does not verify → failure; a record for this head, or for an
 * earlier head with the same `content_digest` → by policy; a record for an earlier head whose evidence
 * changed → stale (action_required, naming both SHAs).
 */

/** What the gate writes on the head: the check run's conclusion, title and one-sentence summary. */
export interface GateVerdict {
  conclusion: GateConclusion;
  /** Short, for the check run's title. */
  title: string;
  /** One or two sentences (Markdown), the first saying why; a link to the debate comment when there is one. */
  summary: string;
  /** The record the verdict rests on, written into `output.text`; undefined when there is none. */
  record: DecisionRecord | undefined;
  /** How the record relates to this head, for logs and outputs. */
  basis: 'exempt' | 'not-required' | 'none' | 'unverified' | 'this-head' | 'carried-forward' | 'stale';
}

/** Everything the rule needs about one PR. */
export interface GateInput {
  headSha: string;
  policy: GatePolicy;
  labels: string[];
  /** Input `required-label`: when set, only PRs carrying it need a decision. */
  requiredLabel: string | undefined;
  exemptLabel: string;
  newest: FoundRecord | undefined;
  /** Set when `decision-public-key` is given: the newest record's signature check. */
  verification: Verification | undefined;
  /** The evidence pack rebuilt for this head (no model call); undefined when there is no record to compare. */
  current: { contentDigest: string; truncated: boolean } | undefined;
}

const TITLES: Record<GateConclusion, string> = {
  success: 'Decision recorded',
  action_required: 'Decision needed',
  failure: 'Decision blocks merging',
};

/** The verdict for one PR head; see the module comment for the rule. */
export function decideGate(input: GateInput): GateVerdict {
  const has = (label: string) => input.labels.some((l) => l.toLowerCase() === label.toLowerCase());
  if (has(input.exemptLabel)) {
    return verdict('success', `The PR carries the \`${input.exemptLabel}\` label (exempt-label), so it needs no debate decision.`, undefined, 'exempt', 'Exempt');
  }
  if (input.requiredLabel !== undefined && !has(input.requiredLabel)) {
    return verdict('success', `Only PRs labelled \`${input.requiredLabel}\` (required-label) need a debate decision, and this one is not.`, undefined, 'not-required', 'No decision required');
  }
  const found = input.newest;
  if (!found) {
    if (input.policy === 'off') return verdict('success', 'No debate decision was recorded, and gate-policy is off.', undefined, 'none', 'No decision required');
    return verdict('action_required', `No debate decision is recorded for this PR yet: start a debate (the trigger label or the \`/debate\` command), then this check follows its decision.`, undefined, 'none');
  }
  const { record } = found;
  const link = found.link ? ` [The debate](${found.link}).` : '';
  if (input.verification && !input.verification.ok) {
    return verdict('failure', `The newest decision record for this PR was rejected: ${input.verification.reason}, so it cannot pass the gate.${link}`, record, 'unverified', 'Decision record rejected');
  }
  const current = input.current;
  const sameHead = record.head_sha === input.headSha;
  const sameContent = current !== undefined && current.contentDigest === record.content_digest;
  if (!sameHead && !sameContent) {
    return verdict(
      'action_required',
      `Stale: the decision was made for ${record.head_sha}, and the evidence changed at ${input.headSha} (the diff, the files shown, the RFC or the PR text); debate again to decide on this head.${link}`,
      record,
      'stale',
      'Decision is stale',
    );
  }
  const outcome = evaluatePolicy(record, input.policy, current?.truncated ?? false);
  const carried = sameHead ? '' : ` Carried forward from ${record.head_sha}: the evidence is unchanged.`;
  return verdict(outcome.conclusion, `${outcome.reason}${carried}${link}`, record, sameHead ? 'this-head' : 'carried-forward');
}

function verdict(conclusion: GateConclusion, summary: string, record: DecisionRecord | undefined, basis: GateVerdict['basis'], title = TITLES[conclusion]): GateVerdict {
  return { conclusion, title, summary, record, basis };
}

/**
 * The verdict of a merge group: `success` only when every PR in it passes on its own head.
 * @param pulls each PR's number and verdict; `unattributed` lists group commits no PR could be found for
 */
export function decideMergeGroup(pulls: { number: number; verdict: GateVerdict }[], unattributed: string[]): GateVerdict {
  if (unattributed.length > 0) {
    return verdict('action_required', `The merge group holds commits no pull request could be found for (${unattributed.join(', ')}), so the gate cannot tell that every PR in it passed.`, undefined, 'none', 'Merge group not verified');
  }
  if (pulls.length === 0) return verdict('action_required', 'No pull request was found in the merge group, so the gate cannot tell that every PR in it passed.', undefined, 'none', 'Merge group not verified');
  const failing = pulls.filter((p) => p.verdict.conclusion !== 'success');
  if (failing.length === 0) return verdict('success', `Every PR in the merge group passes on its own head: ${pulls.map((p) => `#${p.number}`).join(', ')}.`, undefined, 'this-head', 'Every PR has a decision');
  const worst = failing.some((p) => p.verdict.conclusion === 'failure') ? 'failure' : 'action_required';
  const lines = failing.map((p) => `#${p.number}: ${p.verdict.summary}`).join(' ');
  return verdict(worst, `${failing.length} of ${pulls.length} PRs in the merge group do not pass on their own head. ${lines}`, undefined, 'none', 'A PR in the group lacks a decision');
}
