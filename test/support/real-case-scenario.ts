import { materialiseCase, type MaterialisedCase } from '../../scripts/materialise-case.js';
import {
  startAnthropicServer,
  type AnthropicServer,
  type Responder,
  type StartAnthropicServerOptions,
} from './anthropic-server.js';
import {
  startGitHubServer,
  type FakePullRequest,
  type GitHubServer,
  type GitHubServerOptions,
} from './github-server.js';
import { pullFixtureFromCase } from './pull-fixture.js';

/** Tokens and logins of a scenario; nothing here is a real credential. */
export const SCENARIO = {
  owner: 'pr-debate-demo',
  githubToken: 'ghs_localScenarioToken000000000000000000',
  anthropicKey: 'sk-ant-local-rehearsal-key',
  maintainer: 'maintainer',
  botLogin: 'github-actions[bot]',
  pullNumber: 1,
} as const;

const PEOPLE = [SCENARIO.maintainer, 'outsider'];
const personToken = (login: string) => `ghp_person_${login}`;

/** A real case served as a pull request by a local GitHub server, and optionally a local model server. */
export interface RealCaseScenario {
  materialised: MaterialisedCase;
  pull: FakePullRequest;
  repository: string;
  github: GitHubServer;
  /** Undefined when the scenario calls the real Anthropic API. */
  anthropic: AnthropicServer | undefined;
  /** Posts a comment on the PR as a person (through the REST API), returning its id for an event payload. */
  comment(body: string, login: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Materialises a real case (cached in `.cache/real-cases`), serves it as PR #1 of
 * `pr-debate-demo/<package>` from a local GitHub REST server where `maintainer` has write access,
 * and, given a responder, starts a local Anthropic Messages server (with `serverOptions`, e.g. thinking on).
 * @param githubOptions more options of the GitHub server (the token's `botPermissions`)
 */
export async function startRealCaseScenario(
  caseId: string,
  responder: Responder | undefined,
  serverOptions: Partial<StartAnthropicServerOptions> = {},
  githubOptions: Pick<GitHubServerOptions, 'botPermissions'> = {},
): Promise<RealCaseScenario> {
  const materialised = await materialiseCase(caseId);
  const pull = pullFixtureFromCase(materialised, { number: SCENARIO.pullNumber, author: 'contributor' });
  const name = materialised.case.package.replace(/^@/, '').replace(/\//g, '-');
  const github = await startGitHubServer({
    repositories: [
      { owner: SCENARIO.owner, name, pulls: [pull], permissions: { [SCENARIO.maintainer]: 'write', outsider: 'read' } },
    ],
    token: SCENARIO.githubToken,
    botLogin: SCENARIO.botLogin,
    tokens: Object.fromEntries(PEOPLE.map((login) => [personToken(login), login])),
    ...githubOptions,
  });
  // The demo's stand-ins (src/rehearsal/stand-ins.ts) are no Claude model ids; the server serves them as a current one.
  const anthropic = responder
    ? await startAnthropicServer({
        apiKey: SCENARIO.anthropicKey,
        responder,
        acceptedModels: ['rehearsal', 'illustration'],
        ...serverOptions,
      })
    : undefined;
  return {
    materialised,
    pull,
    repository: `${SCENARIO.owner}/${name}`,
    github,
    anthropic,
    async comment(body, login) {
      const response = await fetch(
        `${github.url}/repos/${SCENARIO.owner}/${name}/issues/${SCENARIO.pullNumber}/comments`,
        {
          method: 'POST',
          headers: { authorization: `token ${personToken(login)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body }),
        },
      );
      if (response.status !== 201) throw new Error(`posting a comment as ${login}: HTTP ${response.status}`);
      return ((await response.json()) as { id: number }).id;
    },
    async close() {
      await Promise.all([github.close(), anthropic?.close()]);
    },
  };
}
