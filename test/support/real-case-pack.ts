import { gatherEvidence, type GatheredEvidence } from '../../src/evidence/gather-evidence.js';
import { createOctokit } from '../../src/github/create-octokit.js';
import { createPullRequestSource } from '../../src/github/pull-request-source.js';
import type { Responder } from './anthropic-server.js';
import { SCENARIO, startRealCaseScenario, type RealCaseScenario } from './real-case-scenario.js';
import { packCharsPerToken, type PackReaders } from '../../src/llm/pack-tokenizer.js';
import { CHARS_PER_TOKEN } from '../../src/evidence/show-lines.js';

/**
 * A real case served by the local GitHub server, and its evidence pack gathered through the real
 * Octokit and the pipeline's own evidence stage, for engine-level tests on real evidence.
 * @param responder a local Anthropic server's responder, when the test needs one
 * @param readers the models the pack is sized for (`packCharsPerToken`); when absent, 3.5 characters a token
 *   (a reader before Claude 4.7's tokenizer: the sizing the engine tests on these packs were written against)
 */
export async function realCasePack(caseId: string, responder?: Responder, readers?: PackReaders): Promise<{ scenario: RealCaseScenario; evidence: GatheredEvidence }> {
  const scenario = await startRealCaseScenario(caseId, responder);
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  const source = createPullRequestSource(createOctokit(SCENARIO.githubToken, scenario.github.url, () => {}), { owner, repo });
  const evidence = await gatherEvidence(source, { pullNumber: SCENARIO.pullNumber, commandRfc: scenario.materialised.case.rfc_path, inputRfc: undefined, maxTokens: 80_000, charsPerToken: readers ? packCharsPerToken(readers) : CHARS_PER_TOKEN });
  return { scenario, evidence };
}
