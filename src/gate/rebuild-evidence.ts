import type { EvidenceSource } from '../evidence/evidence-source.js';
import { isDigestVersion, type DigestVersion } from '../evidence/content-digest.js';
import { gatherEvidence } from '../evidence/gather-evidence.js';
import { countCoverage, unreadCandidates } from '../evidence/split-overflow.js';
import { CHARS_PER_TOKEN, DEFAULT_EVIDENCE_TOKENS } from '../evidence/show-lines.js';
import { packCharsPerToken } from '../llm/pack-tokenizer.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { RebuiltEvidence } from './gate-types.js';

/**
 * How the gate sizes its rebuild of a record's evidence: as that record's debate sized its pack, from
 * what the gate and the debate share, the signed record, never the gate job's own model inputs (a gate
 * workflow need not set `advocate-models` or `model` as the debate's does). A version 3 or 4 record
 * (issue #31) keeps the budget and the characters per token it was sized at (`evidence.budget`), which
 * the rebuild uses as they are; one without them was sized for its `models` (`packCharsPerToken`) at the
 * gate's `max-evidence-tokens`. Version 2 records, written before, were sized at {@link CHARS_PER_TOKEN}
 * whatever their models, at the default of their time (80,000) unless the gate's input says otherwise.
 * The digest is computed at the record's own version. The caller has checked the version
 * (`isDigestVersion`). Pure.
 * @param gateMaxTokens the gate job's `max-evidence-tokens`
 * @returns the characters per token, the budget in tokens and the `content_digest` version to rebuild with
 */
export function rebuildSizing(
  record: Pick<DecisionRecord, 'models' | 'digest_version' | 'evidence'>,
  gateMaxTokens: number,
): { charsPerToken: number; maxTokens: number; digestVersion: DigestVersion } {
  const version = record.digest_version ?? 1;
  if (!isDigestVersion(version) || version === 2) {
    // Made at the default of its time, 80,000, when the gate's is today's default: as it was made.
    return {
      charsPerToken: CHARS_PER_TOKEN,
      maxTokens: gateMaxTokens === DEFAULT_EVIDENCE_TOKENS ? PRE_V3_DEFAULT_TOKENS : gateMaxTokens,
      digestVersion: 2,
    };
  }
  const budget = record.evidence?.budget;
  if (budget) return { charsPerToken: budget.chars_per_token, maxTokens: budget.max_tokens, digestVersion: version };
  return { charsPerToken: packCharsPerToken(record.models), maxTokens: gateMaxTokens, digestVersion: version };
}

/** `max-evidence-tokens`' default before records were `digest_version` 3 (issue #31). */
const PRE_V3_DEFAULT_TOKENS = 80_000;

/**
 * The evidence pack of a PR's current head, built exactly as the record's debate built it (same source,
 * same `rfc-path` and `max-evidence-tokens`, the record's sizing: {@link rebuildSizing}), but with no
 * model call: the gate compares its `content_digest` with the record's, and the head it read with the
 * head it judges (docs/gate.md). How many hunks no model read is the record's own signed count,
 * never this rebuild's (whether a reader read a part is not in the evidence); the rebuild names the unseen
 * files and the files that may hold unread hunks (the same parts at the same budget), which are matched
 * against `allow-unseen`. Generated files count among those only when the record's debate read them
 * (`generated_skipped` 0: either `read-generated` was set, or no generated file overflowed).
 * Whether an older record's evidence was truncated is its own signed flag.
 * A debate started with `--rfc=<path>` chose its RFC by command; the gate knows only `rfc-path`, so
 * such a decision is carried forward only when `rfc-path` names the same file.
 * @throws whatever the source throws
 */
export async function rebuildEvidence(
  source: EvidenceSource,
  request: {
    pullNumber: number;
    inputRfc: string | undefined;
    maxTokens: number;
    record: Pick<DecisionRecord, 'models' | 'digest_version' | 'evidence'>;
  },
): Promise<RebuiltEvidence> {
  const { charsPerToken, maxTokens, digestVersion } = rebuildSizing(request.record, request.maxTokens);
  const readGenerated = request.record.evidence?.generated_skipped === 0;
  const { pack } = await gatherEvidence(source, {
    pullNumber: request.pullNumber,
    commandRfc: undefined,
    inputRfc: request.inputRfc,
    maxTokens,
    charsPerToken,
    readGenerated,
    digestVersion,
  });
  const { unread } = countCoverage(pack.coverage, new Set());
  return {
    headSha: pack.headSha,
    contentDigest: pack.contentDigest,
    unseen: pack.unseen,
    unread: { paths: unreadCandidates(pack.coverage), hunks: unread },
  };
}
