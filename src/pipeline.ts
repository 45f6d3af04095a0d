import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelClient } from './debate/model-client.js';
import { planDebate, plannedCalls, plannedPhases, type DebatePlan } from './debate/plan.js';
import { describeStop } from './debate/render-transcript.js';
import { runDebate } from './debate/run-debate.js';
import { gatherEvidence } from './evidence/gather-evidence.js';
import { canTrigger, createPublisher, type Publisher, type ReactionContent } from './github/comments.js';
import { describeGitHubError } from './github/describe-github-error.js';
import type { GitHubClient } from './github/create-octokit.js';
import { createPullRequestSource } from './github/pull-request-source.js';
import { buildDecisionRecord, debateId, recordToJson, type DecisionRecord } from './report/decision-record.js';
import { redactSecrets } from './report/redact.js';
import { renderProgressComment, type ProgressState } from './report/render-progress.js';
import { callsByModel, estimateRunCostUsd } from './usage/price-usage.js';
import { describeCapStop, type CappedModelClient } from './llm/spending-cap.js';
import { checkModels, type PreflightResult } from './llm/check-models.js';
import { loadPrompt } from './debate/prompts.js';
import { markerLine } from './report/comment-context.js';
import { renderDebateComment } from './report/render-comment.js';
import { renderCommandReply, renderFailureComment, renderNotContestedComment, renderRefusal } from './report/render-notices.js';
import type { Settings } from './settings.js';
import type { Trigger } from './trigger/detect-trigger.js';

/**
 * The pipeline after the trigger: permission, evidence, debate, verify (inside the debate), report,
 * publish. It talks to GitHub only through `src/github` and to models only through {@link ModelClient}.
 */

/** Where the pipeline reports progress; `main.ts` backs it with `@actions/core`. */
export interface Log {
  info(message: string): void;
  warning(message: string): void;
  notice(message: string): void;
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** The run's result: the action outputs (contract section 6) and the report for the job summary. */
export interface PipelineResult {
  status: 'success' | 'degraded-success' | 'aborted' | 'skipped';
  recommendation: string;
  confidence: string;
  commentUrl: string;
  /** The decision record as one line of JSON, or '' when there is none. */
  decision: string;
  /** The whole report (Markdown) for the job summary, or '' when nothing was debated. */
  report: string;
  /** Set when the step must fail: what went wrong, in one sentence. */
  failure: string | undefined;
}

/** The clients a run uses, built once in `main.ts`. */
export interface PipelineClients {
  octokit: GitHubClient;
  models: ModelClient;
  log: Log;
  now?: () => Date;
  /**
   * The signal that stops the run's model calls (the whole-run deadline, or the job's cancellation);
   * when its reason is a {@link RunStopped}, the comment says why the debate stopped early.
   */
  stop?: AbortSignal;
  /** The spending cap around `models` (input `max-cost-usd`), when there is one: the comment says when it stopped the run. */
  spending?: Pick<CappedModelClient, 'reached' | 'spentUsd'>;
}

/**
 * Why a run stopped its model calls early: the reason of the {@link PipelineClients.stop} signal.
 * `message` is what each stopped call reports; `summary` is one sentence for the head of the comment.
 */
export class RunStopped extends Error {
  override name = 'RunStopped';
  constructor(
    message: string,
    readonly summary: string,
  ) {
    super(message);
  }
}

const SKIPPED = { recommendation: 'none', confidence: '', commentUrl: '', decision: '', report: '', failure: undefined } as const;

/**
 * Runs a triggered debate, or posts the reply the trigger asks for.
 * Never throws for a failure after the trigger: it posts a comment that says what failed and returns
 * `failure`, so the step fails with the comment in place.
 */
export async function runPipeline(clients: PipelineClients, settings: Settings, trigger: Exclude<Trigger, { kind: 'skip' | 'misconfigured' }>): Promise<PipelineResult> {
  const { octokit, log } = clients;
  const started = Date.now();
  const repo = { owner: settings.owner, repo: settings.repo };
  const secrets = [settings.anthropicApiKey ?? '', settings.openaiApiKey ?? '', settings.githubToken];
  const publish = createPublisher(octokit, { ...repo, botLogin: settings.botLogin, secrets });
  const pr = trigger.pullNumber;

  if (trigger.kind === 'refuse') {
    log.notice(`${trigger.reason}; starting a debate needs admin, maintain or write permission. Nothing ran.`);
    await publish.reply(pr, renderRefusal(trigger.requestedBy));
    return { status: 'skipped', ...SKIPPED };
  }
  if (trigger.kind === 'reply') {
    if (!(await mayTrigger(clients, settings, publish, trigger))) return { status: 'skipped', ...SKIPPED };
    const reply = await publish.reply(pr, renderCommandReply(trigger.reply, settings.command));
    log.notice(`Replied to ${trigger.requestedBy}'s command without a debate: ${reply.url}`);
    return { status: 'skipped', ...SKIPPED, commentUrl: reply.url };
  }

  const id = debateId(`${settings.owner}/${settings.repo}`, trigger.pullNumber, trigger.positions);
  const marker = markerLine(id);
  // What the run produced so far: kept for the job summary and outputs even if posting fails.
  let report = '';
  let decision = '';
  let reaction: number | undefined;
  let progress: Progress | undefined;
  let record: DecisionRecord | undefined;
  // At the end the reaction on the command says how it went (issue #5).
  const settle = async (result: PipelineResult): Promise<PipelineResult> => {
    if (trigger.commentId !== undefined && reaction !== undefined) {
      const ok = result.status === 'success' || result.status === 'degraded-success' || result.status === 'skipped';
      await react(publish, log, trigger.commentId, ok ? 'rocket' : 'confused', reaction);
    }
    return result;
  };
  try {
    if (!(await mayTrigger(clients, settings, publish, trigger))) return { status: 'skipped', ...SKIPPED };
    reaction = trigger.commentId === undefined ? undefined : await react(publish, log, trigger.commentId, 'eyes', undefined);
    const plan = planDebate({ preset: settings.preset, maxRounds: settings.maxRounds, command: trigger.options });
    const needsFraming = trigger.positions.length === 0;
    progress = createProgress(publish, log, pr, marker, {
      id,
      topic: needsFraming ? undefined : trigger.positions.join(' vs '),
      positions: needsFraming ? undefined : trigger.positions,
      outOfScope: trigger.options.outOfScope,
      preset: describePlan(plan),
      models: { advocates: settings.advocateModels, judge: settings.judgeModel },
      evidence: undefined,
      estimate: undefined,
      phases: plannedPhases(plan, needsFraming),
      done: new Set(),
      evidenceDone: false,
      runUrl: settings.runUrl,
    });
    await progress.update(() => {});
    // Pre-flight: one short call per distinct model, before anything is spent on the debate (issue #12).
    const roles = await log.group('Pre-flight', () => step('checking that the models answer', () => preflight(clients, settings)));
    const source = createPullRequestSource(octokit, repo, (message) => log.warning(message));
    const evidence = await log.group('Evidence', async () => {
      const gathered = await step(`reading pull request #${pr} from GitHub`, () => gatherEvidence(source, {
        pullNumber: trigger.pullNumber,
        commandRfc: trigger.options.rfc,
        inputRfc: settings.rfcPath,
        maxTokens: settings.maxEvidenceTokens,
      }));
      const { pack } = gathered;
      log.info(`PR #${gathered.pull.number} at ${pack.headSha}: ${pack.fileCount.listed} of ${pack.fileCount.total} files listed, ${[...pack.files.values()].filter((f) => (f.head?.lines.size ?? 0) + (f.base?.lines.size ?? 0) > 0).length} files with lines in the pack, ${pack.omitted.length} items left out`);
      log.info(`${pack.rfcNote}`);
      const calls = source.requestCounts();
      log.info(`Evidence pack: about ${pack.tokens} tokens, ${pack.digest}; ${source.requests()} GitHub calls (PR ${calls.pull}, file list ${calls.fileList}, whole diff ${calls.wholeDiff}, GraphQL ${calls.graphql}, contents ${calls.contents})`);
      for (const note of pack.notes) log.info(note);
      if (pack.truncated) log.warning('Some changed hunks did not fit max-evidence-tokens: the debate runs on truncated evidence.');
      return gathered;
    });
    const calls = plannedCalls(plan, trigger.positions.length || 4, needsFraming);
    void progress?.update((state) => {
      state.evidenceDone = true;
      state.evidence = { files: evidence.pack.fileCount.total, tokens: evidence.pack.tokens, rfc: evidence.pack.rfcNote };
      state.estimate = { calls, costUsd: estimateRunCostUsd(callsByModel({ total: calls, framing: needsFraming, positions: trigger.positions.length || 4, ...roles.models }), evidence.pack.tokens) };
    });
    const outcome = await log.group('Debate', async () => {
      log.info(`Preset ${plan.preset}: up to ${plan.rounds} cross-examination round(s)${plan.steelman ? ', steelman swap' : ''}, evidence audit, judge run twice.${plan.note ? ` ${plan.note}` : ''}`);
      const result = await runDebate(clients.models, {
        pack: evidence.pack,
        positions: trigger.positions,
        outOfScope: trigger.options.outOfScope,
        command: settings.command,
        moderatorModel: settings.model,
        advocateModels: roles.models.advocateModels,
        judgeModel: roles.models.judgeModel,
        plan,
        language: {
          language: settings.language,
          commandText: trigger.positions.length > 0 ? trigger.positions.join(' vs ') : undefined,
          prText: `${evidence.pull.title}\n\n${evidence.pull.body}`,
        },
        onPhaseEnd: (event) =>
          void progress?.update((state) => {
            state.done.add(event.phase);
            if (event.positions) state.positions = event.positions;
            if (event.topic) state.topic = event.topic;
          }),
      });
      await progress?.settled();
      for (const call of result.calls) {
        log.info(`${call.ok ? 'ok  ' : 'FAIL'} ${call.role}${call.positionId ? ` ${call.positionId}` : ''}: ${call.purpose}${call.retry ? ' (retry)' : ''}; ${call.model}; ${call.usage.input_tokens} in, ${call.usage.cache_read_input_tokens} cache read, ${call.usage.cache_creation_input_tokens} cache written, ${call.usage.output_tokens} out; ${(call.durationMs / 1000).toFixed(1)} s`);
      }
      if (result.kind === 'debate') log.info(`Stop: ${describeStop(result.stop)}`);
      return result;
    });
    const context = { id, serverUrl: settings.serverUrl, ...repo, headSha: evidence.pack.headSha, baseSha: evidence.pack.baseSha, runUrl: settings.runUrl, durationMs: Date.now() - started, currentHeadSha: evidence.pack.headSha };

    if (outcome.kind === 'not-contested') {
      const posted = await step('posting the comment', () => publish.upsert(pr, marker, renderNotContestedComment(outcome.framing, context, settings.command)));
      warnOnAuthor(posted, settings, log);
      log.notice(redactSecrets(`The moderator found no contested decision in this PR: ${outcome.framing.reason}`, secrets));
      return settle({ status: 'skipped', ...SKIPPED, commentUrl: posted.url });
    }

    // A debate cut short by the deadline or a cancellation says so first; every problem is a sentence.
    const reached = clients.spending?.reached();
    const stopped = outcome.completion === 'success' ? undefined : (reached ? describeCapStop(reached, progress.estimateUsd()) : stopSummary(clients.stop));
    const debate = { ...outcome, enforcement: [...roles.notes, ...outcome.enforcement], problems: [...(stopped ? [stopped] : []), ...outcome.problems].map(sentence) };
    record = buildDecisionRecord(debate, {
      id,
      repo: `${settings.owner}/${settings.repo}`,
      pullNumber: trigger.pullNumber,
      headSha: evidence.pack.headSha,
      evidenceDigest: evidence.pack.digest,
      date: (clients.now ?? (() => new Date()))(),
      trigger: trigger.source,
      requestedBy: trigger.requestedBy,
      preset: debate.plan.preset,
    });
    const usage = debate.usage;
    log.info(`${debate.calls.length} model calls; tokens ${usage.input_tokens} in, ${usage.output_tokens} out, ${usage.cache_creation_input_tokens} cache written, ${usage.cache_read_input_tokens} cache read; cost $${usage.cost_usd.toFixed(4)}`);
    // The head SHA was read once, at the start; a push during the run makes this result stale.
    const currentHead = (await step(`reading pull request #${pr} again`, () => source.getPullRequest(pr))).headSha;
    if (currentHead !== evidence.pack.headSha) {
      log.warning(`The PR head moved from ${evidence.pack.headSha} to ${currentHead} during the run: the result is posted as stale.`);
    }
    const { body, full } = renderDebateComment(debate, record, evidence.pack, {
      ...context,
      durationMs: Date.now() - started,
      currentHeadSha: currentHead,
    });
    report = redactSecrets(full, secrets);
    decision = redactSecrets(recordToJson(record), secrets);
    await saveReport(settings, id, report, log);
    const posted = await step('posting the debate comment', () => publish.upsert(pr, marker, body, { ours: evidence.pack.headSha, current: currentHead }));
    warnOnAuthor(posted, settings, log);
    if (posted.skipped) log.notice(`A result for the PR's current head ${currentHead} is already posted; this stale result did not overwrite it (${posted.url}).`);
    else log.info(`${posted.created ? 'Posted' : 'Updated'} the debate comment: ${posted.url}`);
    return settle({
      status: debate.completion,
      recommendation: record.recommendation,
      confidence: record.confidence,
      commentUrl: posted.url,
      decision,
      report,
      failure: debate.completion === 'aborted' ? `The debate was aborted: ${debate.problems.join(' ')}` : undefined,
    });
  } catch (error) {
    const stopped = stopSummary(clients.stop);
    const problem = stopped ? `${stopped} ${sentence(describeFailure(error))}` : describeFailure(error);
    let commentUrl = '';
    await progress?.settled();
    try {
      commentUrl = (await publish.upsert(pr, marker, renderFailureComment(id, problem, settings.runUrl))).url;
    } catch (postError) {
      log.warning(`Could not post the failure comment either: ${describeFailure(postError)}`);
    }
    // A debate that finished but could not be posted keeps its record in the outputs (and the summary); they agree.
    const kept = decision ? record : undefined;
    return settle({ status: 'aborted', recommendation: kept?.recommendation ?? 'none', confidence: kept?.confidence ?? '', commentUrl, decision, report, failure: problem });
  }
}

/** Runs pre-flight on the run's role models; warnings (unpriced models, fallbacks) go to the log. */
async function preflight(clients: PipelineClients, settings: Settings): Promise<PreflightResult> {
  const checked = await checkModels(clients.models, { ...settings, sources: settings.modelSources }, { system: loadPrompt('system'), instructions: loadPrompt('preflight') });
  for (const warning of [...checked.warnings, ...checked.notes]) clients.log.warning(warning);
  clients.log.info(`Pre-flight: ${new Set([settings.model, ...checked.models.advocateModels, checked.models.judgeModel]).size} model(s) answered.`);
  return checked;
}

/**
 * Writes the whole report to `RUNNER_TEMP/pr-debate-<id>.md` and logs the path, so nothing is lost when
 * the comment had to be cut (a later step can upload it as an artifact). A failed write is a warning.
 */
async function saveReport(settings: Settings, id: string, report: string, log: Log): Promise<void> {
  if (!settings.runnerTemp) return;
  const file = path.join(settings.runnerTemp, `pr-debate-${id}.md`);
  try {
    await writeFile(file, report);
    log.info(`The whole report is in ${file}`);
  } catch (error) {
    log.warning(`Could not write the report to ${file}: ${describeFailure(error)}`);
  }
}

/** The first sentence of a debate stopped early by {@link PipelineClients.stop}, or undefined. */
function stopSummary(stop: AbortSignal | undefined): string | undefined {
  return stop?.aborted && stop.reason instanceof RunStopped ? stop.reason.summary : undefined;
}

/** Ends a problem with a full stop, so that problems joined into one paragraph read as sentences. */
function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The progress comment of a run: updates go out one at a time, in order; a failed update is only a warning. */
interface Progress {
  /** Applies a change to the state and queues one update of the comment; resolves when it is posted. */
  update(change: (state: ProgressState) => void): Promise<void>;
  /** Resolves when every queued update has been posted (or failed). */
  settled(): Promise<void>;
  /** The plan's cost estimate, once the evidence is in. */
  estimateUsd(): number | undefined;
}

function createProgress(publish: Publisher, log: Log, pr: number, marker: string, state: ProgressState): Progress {
  let queue: Promise<void> = Promise.resolve();
  return {
    update(change) {
      change(state);
      const body = renderProgressComment(state);
      queue = queue.then(
        () => publish.upsert(pr, marker, body).then(() => undefined),
      ).catch((error: unknown) => log.warning(`Could not update the progress comment: ${describeFailure(error)}`));
      return queue;
    },
    settled: () => queue,
    estimateUsd: () => state.estimate?.costUsd,
  };
}

/** Adds a reaction to the command, removing the previous one; failures are only warnings. */
async function react(publish: Publisher, log: Log, commentId: number, content: ReactionContent, previous: number | undefined): Promise<number | undefined> {
  try {
    if (previous !== undefined) await publish.unreact(commentId, previous);
    return await publish.react(commentId, content);
  } catch (error) {
    log.warning(`Could not react to the command: ${describeFailure(error)}`);
    return undefined;
  }
}

/** The preset and what it runs, for the plan. */
function describePlan(plan: DebatePlan): string {
  const rounds = plan.rounds === 0 ? 'openings and judge' : `${plan.rounds} cross-examination round${plan.rounds > 1 ? 's' : ''}${plan.steelman ? ', steelman swap' : ''}`;
  return `${plan.preset} (${rounds})`;
}

/**
 * Checks the collaborator permission of whoever triggered the run (contract section 4); a refusal gets
 * a short reply on the PR and a notice in the log.
 */
async function mayTrigger(clients: PipelineClients, settings: Settings, publish: Publisher, trigger: Extract<Trigger, { kind: 'debate' | 'reply' }>): Promise<boolean> {
  const repo = { owner: settings.owner, repo: settings.repo };
  const permission = await step(`checking ${trigger.requestedBy}'s permission on the repository`, () => canTrigger(clients.octokit, repo, trigger.requestedBy));
  if (permission.allowed) return true;
  clients.log.notice(`${trigger.requestedBy} has the "${permission.role}" role on ${settings.owner}/${settings.repo}; starting a debate needs admin, maintain or write. Nothing ran.`);
  await publish.reply(trigger.pullNumber, renderRefusal(trigger.requestedBy));
  return false;
}

/** A failure of one step of the run, named for the report. */
export class StepError extends Error {
  override name = 'StepError';
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`${step} failed: ${describeFailure(cause)}`);
  }
}

/** Runs one step; a failure is rethrown as a {@link StepError} that names the step. */
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw error instanceof StepError ? error : new StepError(name, error);
  }
}

/** Warns when comments are posted under another identity than `bot-login`: re-runs could not find them. */
function warnOnAuthor(posted: { created: boolean; author: string }, settings: Settings, log: Log): void {
  if (posted.created && posted.author !== settings.botLogin) {
    log.warning(`The comment was posted as "${posted.author}", but bot-login is "${settings.botLogin}": set \`bot-login: ${posted.author}\` so re-runs update this comment instead of adding new ones.`);
  }
}

/**
 * One sentence for a failure, with the fix where it is known: a failed step names itself; GitHub's
 * errors are read by {@link describeGitHubError}; anything else keeps its own message.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof StepError) return error.message;
  return describeGitHubError(error) ?? (error instanceof Error ? error.message : String(error));
}
