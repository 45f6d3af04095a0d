import type { EvidenceSource } from '../evidence/evidence-source.js';
import { DIGEST_VERSION, type DigestVersion } from '../evidence/content-digest.js';
import { gatherEvidence } from '../evidence/gather-evidence.js';
import { CHARS_PER_TOKEN } from '../evidence/show-lines.js';
import { packCharsPerToken } from '../llm/pack-tokenizer.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { RebuiltEvidence } from './gate-types.js';

/**
 * How the gate sizes its rebuild of a record's evidence: as that record's debate sized its pack, from
 * what the gate and the debate share, the signed record, never the gate job's own model inputs (a gate
 * workflow need not set `advocate-models` or `model` as the debate's does). Version 3 records
 * (`DIGEST_VERSION`, issue #31) were sized for their `models` (`packCharsPerToken`); version 2 records,
 * written before, at {@link CHARS_PER_TOKEN} whatever their models, and their digest is computed as
 * version 2. The caller has checked the version (`isDigestVersion`). Pure.
 * @returns the characters per token and the `content_digest` version to rebuild with
 */
export function rebuildSizing(record: Pick<DecisionRecord, 'models' | 'digest_version'>): { charsPerToken: number; digestVersion: DigestVersion } {
  if ((record.digest_version ?? 1) < DIGEST_VERSION) return { charsPerToken: CHARS_PER_TOKEN, digestVersion: 2 };
  return { charsPerToken: packCharsPerToken(record.models), digestVersion: DIGEST_VERSION };
}

/**
 * The evidence pack of a PR's current head, built exactly as the record's debate built it (same source,
 * same `rfc-path` and `max-evidence-tokens`, the record's sizing: {@link rebuildSizing}), but with no
 * model call: the gate compares its `content_digest` with the record's, and the head it read with the
 * head it judges (contract section 9). Whether evidence was truncated is the record's own signed flag,
 * never this rebuild's; the unseen files it names (which no budget changes) are matched against `allow-unseen`.
 * A debate started with `--rfc=<path>` chose its RFC by command; the gate knows only `rfc-path`, so
 * such a decision is carried forward only when `rfc-path` names the same file.
 * @throws whatever the source throws
 */
export async function rebuildEvidence(
  source: EvidenceSource,
  request: { pullNumber: number; inputRfc: string | undefined; maxTokens: number; record: Pick<DecisionRecord, 'models' | 'digest_version'> },
): Promise<RebuiltEvidence> {
  const sizing = rebuildSizing(request.record);
  const { pack } = await gatherEvidence(source, { pullNumber: request.pullNumber, commandRfc: undefined, inputRfc: request.inputRfc, maxTokens: request.maxTokens, ...sizing });
  return { headSha: pack.headSha, contentDigest: pack.contentDigest, unseen: pack.unseen };
}
