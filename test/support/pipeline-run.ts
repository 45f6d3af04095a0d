import type { ModelCall } from '../../src/debate/model-client.js';
import { decisionRecordSchema, type DecisionRecord } from '../../src/report/decision-record.js';
import { createRehearsalResponder } from '../../src/rehearsal/rehearsal-model.js';
import { callMetaOf, startAnthropicServer, type ReceivedMessagesRequest } from './anthropic-server.js';
import { costFigures } from './cost-figures.js';
import { debateScript, type Override } from './debate-script.js';
import { commentEvent, labeledEvent } from './event-payloads.js';
import { OWNER, REPO, TOKENS, type GateScenario } from './gate-scenario.js';
import { startGitHubServer, type CheckRun, type FakePullRequest } from './github-server.js';
import { commandsOf, runAction, type ActionRun } from './run-action.js';
import { callOf } from './scripted-messages.js';
import type { ScriptedPhase } from './scripted-models.js';

/**
 * One run of the action on a pull request, in process through its entry (`runAction`: `run()` of
 * `src/main.ts` with the production clients at write spacing and back-off 0), against the local GitHub
 * server and a local Messages API server (the real Anthropic SDK): the settings read as the action
 * reads them (inputs over action.yml's defaults, then `.github/pr-debate.yml` on the default branch), the
 * trigger from a real webhook payload. Two ways in: {@link runOnScenario} on a gate scenario's PR with the
 * scripted debate (`debate-script.ts`), {@link runPipelineOn} on any PR with the rehearsal model.
 */

const ANTHROPIC_KEY = 'sk-ant-local-pipeline-run';

/** What started the run: a comment by `user`, or the trigger label added by `sender`. */
export type RunEvent = { kind: 'comment'; body: string; user: string } | { kind: 'label'; sender: string };

/** What a run on a gate scenario left besides the server's state. */
export interface ScenarioRun {
  run: ActionRun;
  /** Every model call of the debate (pre-flight and prompt-cache warm-ups left out), in the order the server got them. */
  calls: ModelCall<unknown>[];
  warnings: string[];
  notices: string[];
}

/**
 * Posts the command (as its user, through the REST API) or labels the PR, and runs the action on the event.
 * @param options.inputs the step's `with:` (the GitHub token, a model key and its local server are set)
 * @param options.script model replies by phase over `debate-script.ts`'s defaults
 */
export async function runOnScenario(
  scenario: GateScenario,
  event: RunEvent,
  options: { inputs?: Record<string, string>; script?: Partial<Record<ScriptedPhase, Override>> } = {},
): Promise<ScenarioRun> {
  const script = debateScript(options.script);
  const anthropic = await startAnthropicServer({
    apiKey: ANTHROPIC_KEY,
    responder: (request, { call, callIndex }) => ({
      text: JSON.stringify(onScenarioLines(script(callOf(request, call), callIndex))),
    }),
  });
  try {
    const inputs: Record<string, string> = {
      'github-token': TOKENS.bot,
      'anthropic-api-key': ANTHROPIC_KEY,
      'base-url': anthropic.url,
      ...options.inputs,
    };
    const run = await runAction({
      ...(await eventOf(scenario, event, inputs['trigger-label'] ?? 'debate')),
      repository: `${OWNER}/${REPO}`,
      apiUrl: scenario.server.url,
      inputs,
    });
    const debate = anthropic.requests.filter(
      (r) => callMetaOf(r.headers)?.phase !== 'preflight' && callMetaOf(r.headers)?.warmUp !== true,
    );
    const calls = debate.map((r) => callOf(r.body, callMetaOf(r.headers)));
    return { run, calls, warnings: commandsOf(run, 'warning'), notices: commandsOf(run, 'notice') };
  } finally {
    await anthropic.close();
  }
}

/** The webhook event for a run, the command posted first as its user would. */
async function eventOf(
  scenario: GateScenario,
  event: RunEvent,
  label: string,
): Promise<{ eventName: string; payload: unknown }> {
  if (event.kind === 'label')
    return {
      eventName: 'pull_request',
      payload: onMain(
        labeledEvent({
          owner: OWNER,
          repo: REPO,
          number: scenario.pull.number,
          label,
          sender: event.sender,
          headSha: scenario.pull.head.sha,
        }),
      ),
    };
  const { data } = await scenario
    .octokit(TOKENS.writer)
    .rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: scenario.pull.number, body: event.body });
  return {
    eventName: 'issue_comment',
    payload: onMain(
      commentEvent({
        owner: OWNER,
        repo: REPO,
        number: scenario.pull.number,
        body: event.body,
        user: event.user,
        commentId: data.id,
        association: 'COLLABORATOR',
      }),
    ),
  };
}

/** The payload with the local server's default branch, `main` (the examples' repository says `master`), where the config file is read. */
function onMain<T extends Record<string, any>>(payload: T): T {
  payload.repository.default_branch = 'main';
  return payload;
}

/**
 * A reply with its citations of the evidence fixture's `src/cache.ts` (`const valueN = 'line N of cache';`)
 * moved onto the scenario's (`export const valueN = N;`, lines 1-20), so that they verify.
 */
function onScenarioLines(reply: unknown): unknown {
  if (Array.isArray(reply)) return reply.map(onScenarioLines);
  if (typeof reply !== 'object' || reply === null || reply instanceof Error) return reply;
  const entry = reply as Record<string, unknown>;
  const fixture =
    typeof entry['quote'] === 'string' ? /^const value(\d+) = 'line \d+ of cache';$/.exec(entry['quote']) : null;
  if (entry['path'] === 'src/cache.ts' && fixture) {
    const n = ((Number(fixture[1]) - 1) % 20) + 1;
    return { ...entry, line_start: n, line_end: n, quote: `export const value${n} = ${n};` };
  }
  return Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, onScenarioLines(value)]));
}

/** The bot's newest comment on the PR that starts with a debate's marker (the verdict, the plan). */
export function debateComment(scenario: GateScenario): string {
  return (
    scenario.server.state.comments
      .filter((c) => c.user.login === 'github-actions[bot]' && c.body.startsWith('<!-- pr-debate:'))
      .at(-1)?.body ?? ''
  );
}

/** What one {@link runPipelineOn} run left. */
export interface PipelineRun {
  /** The step's outputs. */
  outputs: Record<string, string>;
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
  /** Wall time of the run, for the readers benchmark (no test asserts on it). */
  durationMs: number;
  warnings: string[];
}

const PULL_OWNER = 'octo';
const PULL_REPO = 'widgets';
const BOT_TOKEN = 'ghs_pipelineRunBotToken00000000000000000000';
const PERSON_TOKEN = 'ghp_pipelineRunMaintainer0000000000000000';

/**
 * One debate as the action runs it on a maintainer's command, on `pull` served by its own local GitHub
 * server, the rehearsal model writing every reply on the default model (Claude Sonnet 5.5, so the pack is
 * sized for its tokenizer and the cost is its list price on the usage the server reports, prompt caching
 * included). Readers are counted where the SDK sends them: how many of their requests were in flight at once.
 * @param options.command the comment that starts the debate (a maintainer writes it)
 * @param options.inputs more inputs (e.g. `max-evidence-tokens`), over the defaults of action.yml
 * @param options.config the text of `.github/pr-debate.yml` on the default branch
 * @param options.streamMs how long each model reply streams (the server's stand-in for generation time)
 */
export async function runPipelineOn(
  pull: FakePullRequest,
  options: { command: string; inputs?: Record<string, string>; config?: string; streamMs?: number },
): Promise<PipelineRun> {
  const github = await startGitHubServer({
    repositories: [
      {
        owner: PULL_OWNER,
        name: PULL_REPO,
        pulls: [pull],
        permissions: { maintainer: 'write' },
        ...(options.config === undefined ? {} : { defaultBranchFiles: { '.github/pr-debate.yml': options.config } }),
      },
    ],
    token: BOT_TOKEN,
    tokens: { [PERSON_TOKEN]: 'maintainer' },
  });
  const anthropic = await startAnthropicServer({
    apiKey: ANTHROPIC_KEY,
    responder: createRehearsalResponder({ seed: 1 }),
    streamMs: options.streamMs ?? 0,
  });
  const readers = countReaders(anthropic.url);
  try {
    const posted = await fetch(`${github.url}/repos/${PULL_OWNER}/${PULL_REPO}/issues/${pull.number}/comments`, {
      method: 'POST',
      headers: { authorization: `token ${PERSON_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: options.command }),
    });
    const { id } = (await posted.json()) as { id: number };
    const payload = onMain(
      commentEvent({
        owner: PULL_OWNER,
        repo: PULL_REPO,
        number: pull.number,
        body: options.command,
        user: 'maintainer',
        commentId: id,
      }),
    );
    const inputs: Record<string, string> = {
      'github-token': BOT_TOKEN,
      'anthropic-api-key': ANTHROPIC_KEY,
      'base-url': anthropic.url,
      ...options.inputs,
    };
    const since = performance.now();
    const run = await runAction({
      eventName: 'issue_comment',
      payload,
      repository: `${PULL_OWNER}/${PULL_REPO}`,
      apiUrl: github.url,
      inputs,
    });
    const durationMs = performance.now() - since;
    const record = run.outputs.decision ? decisionRecordSchema.parse(JSON.parse(run.outputs.decision)) : undefined;
    const comment = github.state.comments.find((c) => c.html_url === run.outputs['comment-url'])?.body;
    const check = github.state.checkRuns.filter((c) => c.name === 'pr-debate').at(-1);
    const requests = [...anthropic.requests];
    const figures = costFigures(
      requests.filter((r) => callMetaOf(r.headers)?.phase !== 'preflight'),
      inputs['model'] ?? 'claude-sonnet-5-5',
    );
    return {
      outputs: run.outputs,
      record,
      comment,
      check,
      requests,
      readers: readers.counts,
      waves: figures.waves,
      costUsd: record?.usage.cost_usd ?? 0,
      durationMs,
      warnings: commandsOf(run, 'warning'),
    };
  } finally {
    readers.stop();
    await Promise.all([github.close(), anthropic.close()]);
  }
}

/**
 * Counts the reader calls (call metadata phase `reading`) the run sends to the Messages server at `url`,
 * and the most of them in flight at once, from `fetch` (what the Anthropic SDK sends with) until
 * `stop()`: a request is in flight from the SDK's send until its answer's headers arrive.
 */
function countReaders(url: string): { counts: { calls: number; atOnce: number }; stop(): void } {
  const original = globalThis.fetch;
  const counts = { calls: 0, atOnce: 0 };
  let inFlight = 0;
  globalThis.fetch = async (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    const reading =
      target.startsWith(url) &&
      callMetaOf(Object.fromEntries(new Headers(input instanceof Request ? input.headers : init?.headers)))?.phase ===
        'reading';
    if (!reading) return original(input, init);
    counts.calls += 1;
    counts.atOnce = Math.max(counts.atOnce, (inFlight += 1));
    try {
      return await original(input, init);
    } finally {
      inFlight -= 1;
    }
  };
  return { counts, stop: () => void (globalThis.fetch = original) };
}
