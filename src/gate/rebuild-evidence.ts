import type { EvidenceSource } from '../evidence/evidence-source.js';
import { gatherEvidence } from '../evidence/gather-evidence.js';
import type { RebuiltEvidence } from './gate-types.js';

/**
 * The evidence pack of a PR's current head, built exactly as a debate builds it (same source, same
 * `rfc-path` and `max-evidence-tokens`), but with no model call: the gate compares its
 * `content_digest` with the record's, and the head it read with the head it judges (contract
 * section 9). Whether evidence was truncated is the record's own signed flag, never this rebuild's; the
 * unseen files it names (which no budget changes) are matched against `allow-unseen`.
 * A debate started with `--rfc=<path>` chose its RFC by command; the gate knows only `rfc-path`, so
 * such a decision is carried forward only when `rfc-path` names the same file.
 * @throws whatever the source throws
 */
export async function rebuildEvidence(
  source: EvidenceSource,
  request: { pullNumber: number; inputRfc: string | undefined; maxTokens: number },
): Promise<RebuiltEvidence> {
  const { pack } = await gatherEvidence(source, { pullNumber: request.pullNumber, commandRfc: undefined, inputRfc: request.inputRfc, maxTokens: request.maxTokens });
  return { headSha: pack.headSha, contentDigest: pack.contentDigest, unseen: pack.unseen };
}
