import type { ModelCall } from '../../src/debate/model-client.js';
import { createGitHubClients } from '../../src/github/create-octokit.js';
import type { PipelineClients, PipelineResult } from '../../src/pipeline/pipeline-types.js';
import { runPipeline } from '../../src/modes/dispatch.js';
import { startModels } from '../../src/llm/start-models.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { decisionRecordSchema, type DecisionRecord } from '../../src/report/decision-record.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { callMetaOf, startAnthropicServer, type ReceivedMessagesRequest } from './anthropic-server.js';
import { costFigures } from './cost-figures.js';
import { commentEvent } from './event-payloads.js';
import { startGitHubServer, type CheckRun, type FakePullRequest } from './github-server.js';
import { NO_WAITS } from './no-waits.js';

/**
 * One debate, in process, as the action runs it on a command: the pipeline with its production clients
 * (the real Octokit against the local GitHub server serving `pull`, the real Anthropic SDK against the
 * local Messages server, under the spending cap and the deadline), the rehearsal model writing every
 * reply on the default model (Claude Sonnet 5.5, so the pack is sized for its tokenizer and the cost is
 * its list price on the usage the server reports, prompt caching included). Readers are counted where the
 * engine calls the models: how many of their calls were in flight at once.
 */

const OWNER = 'octo';
const REPO = 'widgets';
const BOT_TOKEN = 'ghs_pipelineRunBotToken00000000000000000000';
const PERSON_TOKEN = 'ghp_pipelineRunMaintainer0000000000000000';
const ANTHROPIC_KEY = 'sk-ant-local-pipeline-run';

/** What one run left. */
export interface PipelineRun {
  result: PipelineResult;
  /** The decision record of the `decision` output, when the run made one. */
  record: DecisionRecord | undefined;
  /** The comment the run left on the PR (the debate's, or the one sentence of "nothing to debate"). */
  comment: string | undefined;
  /** The `pr-debate` check run the debate wrote on the head, if any. */
  check: CheckRun | undefined;
  /** The Messages requests the debate made, pre-flight included. */
  requests: ReceivedMessagesRequest[];
  /** Reader calls made, and the most of them in flight at once (all of them: one wave). */
  readers: { calls: number; atOnce: number };
  /** Waves of parallel requests, and the run's cost at the model's list price, by the local server's counts. */
  waves: number;
  costUsd: number;
  durationMs: number;
  warnings: string[];
}

/**
 * @param options.command the comment that starts the debate (a maintainer writes it)
 * @param options.inputs more inputs (e.g. `max-evidence-tokens`), over the defaults of action.yml
 * @param options.config the text of `.github/pr-debate.yml` on the default branch
 * @param options.streamMs how long each model reply streams (the server's stand-in for generation time)
 */
export async function runPipelineOn(pull: FakePullRequest, options: { command: string; inputs?: Record<string, string>; config?: string; streamMs?: number }): Promise<PipelineRun> {
  const github = await startGitHubServer({
    repositories: [{ owner: OWNER, name: REPO, pulls: [pull], permissions: { maintainer: 'write' }, ...(options.config === undefined ? {} : { defaultBranchFiles: { '.github/pr-debate.yml': options.config } }) }],
    token: BOT_TOKEN,
    tokens: { [PERSON_TOKEN]: 'maintainer' },
  });
  const anthropic = await startAnthropicServer({ apiKey: ANTHROPIC_KEY, responder: createRehearsalResponder({ seed: 1 }), streamMs: options.streamMs ?? 0 });
  try {
    const inputs: Record<string, string> = { 'github-token': BOT_TOKEN, 'anthropic-api-key': ANTHROPIC_KEY, 'base-url': anthropic.url, ...options.inputs };
    // The config file as the action reads it from the default branch, layered under the inputs.
    const { settings: withConfig } = await loadSettings({
      getInput: (name) => inputs[name],
      env: { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: `${OWNER}/${REPO}`, GITHUB_API_URL: github.url },
      readConfig: () => Promise.resolve({ branch: 'main', text: options.config }),
      warn: () => {},
    });
    const posted = await fetch(`${github.url}/repos/${OWNER}/${REPO}/issues/${pull.number}/comments`, { method: 'POST', headers: { authorization: `token ${PERSON_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ body: options.command }) });
    const { id } = (await posted.json()) as { id: number };
    const trigger = detectTrigger('issue_comment', commentEvent({ owner: OWNER, repo: REPO, number: pull.number, body: options.command, user: 'maintainer', commentId: id }), withConfig);
    if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
    const started = startModels(withConfig, { env: {}, cancellations: [] });
    const warnings: string[] = [];
    let inFlight = 0;
    const readers = { calls: 0, atOnce: 0 };
    const models = started.models;
    const clients: PipelineClients = {
      github: createGitHubClients(BOT_TOKEN, github.url, (m) => warnings.push(m), { ...NO_WAITS, id: `pipeline-run-${id}` }),
      models: {
        ...(models.countTokens ? { countTokens: models.countTokens.bind(models) } : {}),
        notices: () => models.notices(),
        async complete<T>(call: ModelCall<T>) {
          const reading = call.meta?.phase === 'reading';
          if (reading) {
            readers.calls += 1;
            readers.atOnce = Math.max(readers.atOnce, (inFlight += 1));
          }
          try {
            return await models.complete(call);
          } finally {
            if (reading) inFlight -= 1;
          }
        },
      },
      log: { info: () => {}, warning: (m) => warnings.push(m), notice: () => {}, group: (_n, fn) => fn() },
      stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
    };
    const since = performance.now();
    const result = await runPipeline(clients, withConfig, trigger).finally(() => started.dispose());
    const durationMs = performance.now() - since;
    const record = result.decision ? decisionRecordSchema.parse(JSON.parse(result.decision)) : undefined;
    const comment = github.state.comments.find((c) => c.html_url === result.commentUrl)?.body;
    const check = github.state.checkRuns.filter((c) => c.name === 'pr-debate').at(-1);
    const requests = [...anthropic.requests];
    const figures = costFigures(requests.filter((r) => callMetaOf(r.headers)?.phase !== 'preflight'), withConfig.model);
    return { result, record, comment, check, requests, readers, waves: figures.waves, costUsd: record?.usage.cost_usd ?? 0, durationMs, warnings };
  } finally {
    await Promise.all([github.close(), anthropic.close()]);
  }
}
