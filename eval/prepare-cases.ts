import { gatherEvidence } from '../src/evidence/gather-evidence.js';
import { packCharsPerToken, type PackReaders } from '../src/llm/pack-tokenizer.js';
import type { EvidencePack } from '../src/evidence/evidence-types.js';
import type { EvalCase } from './case-schema.js';
import { createSnapshotSource, SNAPSHOT_PULL_NUMBER } from './snapshot-source.js';

/** The eval's cases with their evidence packs, built from the case folders as the action builds a PR's. */

/** A case with the evidence pack the action would build for it. */
export interface PreparedCase {
  evalCase: EvalCase;
  pack: EvidencePack;
}

/**
 * Builds each case's evidence pack from its folder, as the action builds a PR's (no model call).
 * @param readers the models that read the packs (`packReadersFor`): the packs are sized for them (`packCharsPerToken`)
 * @throws whatever the evidence stage throws for a folder it cannot read
 */
export async function prepareCases(
  cases: readonly EvalCase[],
  maxEvidenceTokens: number,
  readers: PackReaders,
): Promise<PreparedCase[]> {
  const prepared: PreparedCase[] = [];
  const charsPerToken = packCharsPerToken(readers);
  for (const evalCase of cases) {
    const { pack } = await gatherEvidence(createSnapshotSource(evalCase), {
      pullNumber: SNAPSHOT_PULL_NUMBER,
      commandRfc: evalCase.rfc,
      inputRfc: undefined,
      maxTokens: maxEvidenceTokens,
      charsPerToken,
    });
    prepared.push({ evalCase, pack });
  }
  return prepared;
}
