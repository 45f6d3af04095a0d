import { gatherEvidence, type GatheredEvidence } from '../../src/evidence/gather-evidence.js';
import { createGitHubClients } from '../../src/github/create-octokit.js';
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
export async function realCasePack(
  caseId: string,
  responder?: Responder,
  readers?: PackReaders,
): Promise<{ scenario: RealCaseScenario; evidence: GatheredEvidence }> {
  const scenario = await startRealCaseScenario(caseId, responder);
  return { scenario, evidence: await gatherRealCase(scenario, readers) };
}

/**
 * The evidence pack of a running real-case scenario at a budget of 80,000 tokens, sized for `readers`
 * (as {@link realCasePack}), read as the evidence stage reads: the run's read client (unspaced, serial).
 */
export async function gatherRealCase(scenario: RealCaseScenario, readers?: PackReaders): Promise<GatheredEvidence> {
  const [owner, repo] = scenario.repository.split('/') as [string, string];
  const source = createPullRequestSource(
    createGitHubClients(SCENARIO.githubToken, scenario.github.url, () => {}).reads,
    { owner, repo },
  );
  return gatherEvidence(source, {
    pullNumber: SCENARIO.pullNumber,
    commandRfc: scenario.materialised.case.rfc_path,
    inputRfc: undefined,
    maxTokens: 80_000,
    charsPerToken: readers ? packCharsPerToken(readers) : CHARS_PER_TOKEN,
  });
}
