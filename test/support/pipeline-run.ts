import { layerSettings } from '../../src/settings/load-settings.js';
import { readDefaultBranchFile } from '../../src/github/read-default-branch-file.js';
import { runTrigger } from './run-trigger.js';
import type { PipelineClients, PipelineResult } from '../../src/pipeline/pipeline-types.js';
import { startSettings } from '../../src/settings/parse-settings.js';
import { purposeOf } from '../../src/settings/settings.js';
import { detectTrigger } from '../../src/trigger/detect-trigger.js';
import { debateScript, type Override } from './debate-script.js';
import { commentEvent, labeledEvent } from './event-payloads.js';
import { OWNER, REPO, TOKENS, type GateScenario } from './gate-scenario.js';
import { scriptedModels, type ScriptedPhase } from './scripted-models.js';

/**
 * One run of the action's pipeline, in process, against a gate scenario's local GitHub server: the
 * settings read as the action reads them (inputs, then `.github/pr-debate.yml` on the default branch), the
 * trigger detected from a real webhook payload, the real Octokit, and scripted models
 * (`debate-script.ts`). What a person sees afterwards is on the server: the comments and check runs.
 */

/** What started the run: a comment by `user`, or the trigger label added by `sender`. */
export type RunEvent = { kind: 'comment'; body: string; user: string } | { kind: 'label'; sender: string };

/** What the run left besides the server's state. */
export interface PipelineRun {
  result: PipelineResult;
  /** Every model call, in order. */
  calls: ReturnType<typeof scriptedModels>['calls'];
  warnings: string[];
  notices: string[];
}

/**
 * @param options.inputs the step's `with:` (the GitHub token and a model key are set)
 * @param options.script model replies by phase over `debate-script.ts`'s defaults
 * @throws Error when the event starts nothing (a test bug)
 */
export async function runOnScenario(scenario: GateScenario, event: RunEvent, options: { inputs?: Record<string, string>; script?: Partial<Record<ScriptedPhase, Override>> } = {}): Promise<PipelineRun> {
  const inputs: Record<string, string> = { 'github-token': TOKENS.bot, 'anthropic-api-key': 'sk-ant-local-trust-suite', ...options.inputs };
  const eventName = event.kind === 'comment' ? 'issue_comment' : 'pull_request';
  const env = { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: '/dev/null', GITHUB_REPOSITORY: `${OWNER}/${REPO}`, GITHUB_API_URL: scenario.server.url };
  const warnings: string[] = [];
  const notices: string[] = [];
  const octokit = scenario.octokit();
  const started = startSettings((name) => inputs[name], env, { lenient: true });
  let payload: unknown;
  if (event.kind === 'comment') {
    const { data } = await scenario.octokit(TOKENS.writer).rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: scenario.pull.number, body: event.body });
    payload = commentEvent({ owner: OWNER, repo: REPO, number: scenario.pull.number, body: event.body, user: event.user, commentId: data.id, association: 'COLLABORATOR' });
  } else {
    payload = labeledEvent({ owner: OWNER, repo: REPO, number: scenario.pull.number, label: started.settings.run.triggerLabel, sender: event.sender, headSha: scenario.pull.head.sha });
  }
  const trigger = await detectTrigger(eventName, payload, started.settings.run);
  if (trigger.kind === 'skip' || trigger.kind === 'misconfigured') throw new Error(trigger.reason);
  const { settings } = await layerSettings(started, { readConfig: (path) => readDefaultBranchFile(octokit, { owner: OWNER, repo: REPO }, path), warn: (m) => warnings.push(m), purpose: purposeOf(trigger) });
  const script = debateScript(options.script);
  const models = scriptedModels((call, index) => onScenarioLines(script(call, index)));
  const clients: PipelineClients = {
    github: { writes: octokit, reads: octokit },
    models,
    log: { info: () => {}, warning: (m) => warnings.push(m), notice: (m) => notices.push(m), group: (_n, fn) => fn() },
    stepOutputs: { setOutputs: () => {}, writeSummary: async () => {} },
  };
  const result = await runTrigger(clients, settings, trigger);
  return { result, calls: models.calls, warnings, notices };
}

/**
 * A reply with its citations of the evidence fixture's `src/cache.ts` (`const valueN = 'line N of cache';`)
 * moved onto the scenario's (`export const valueN = N;`, lines 1-20), so that they verify.
 */
function onScenarioLines(reply: unknown): unknown {
  if (Array.isArray(reply)) return reply.map(onScenarioLines);
  if (typeof reply !== 'object' || reply === null || reply instanceof Error) return reply;
  const entry = reply as Record<string, unknown>;
  const fixture = typeof entry['quote'] === 'string' ? /^const value(\d+) = 'line \d+ of cache';$/.exec(entry['quote']) : null;
  if (entry['path'] === 'src/cache.ts' && fixture) {
    const n = ((Number(fixture[1]) - 1) % 20) + 1;
    return { ...entry, line_start: n, line_end: n, quote: `export const value${n} = ${n};` };
  }
  return Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, onScenarioLines(value)]));
}

/** The bot's newest comment on the PR that starts with a debate's marker (the verdict, the plan). */
export function debateComment(scenario: GateScenario): string {
  return scenario.server.state.comments.filter((c) => c.user.login === 'github-actions[bot]' && c.body.startsWith('<!-- pr-debate:')).at(-1)?.body ?? '';
}
