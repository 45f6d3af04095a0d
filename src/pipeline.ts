import type { ModelClient } from './debate/model-client.js';
import { runDebate } from './debate/run-debate.js';
import { gatherEvidence } from './evidence/gather-evidence.js';
import { addReaction, canTrigger, postReply, upsertComment } from './github/comments.js';
import type { GitHubClient } from './github/create-octokit.js';
import { createPullRequestSource } from './github/pull-request-source.js';
import { buildDecisionRecord, debateId, recordToJson, totalUsage } from './report/decision-record.js';
import { markerLine, renderDebateComment, renderFailureComment, renderNotContestedComment } from './report/render-comment.js';
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
}

const SKIPPED = { recommendation: 'none', confidence: '', commentUrl: '', decision: '', report: '', failure: undefined } as const;

/**
 * Runs a triggered debate, or posts the reply the trigger asks for.
 * Never throws for a failure after the trigger: it posts a comment that says what failed and returns
 * `failure`, so the step fails with the comment in place.
 */
export async function runPipeline(clients: PipelineClients, settings: Settings, trigger: Exclude<Trigger, { kind: 'skip' }>): Promise<PipelineResult> {
  const { octokit, log } = clients;
  const started = Date.now();
  const repo = { owner: settings.owner, repo: settings.repo };
  const target = { ...repo, issueNumber: trigger.pullNumber };

  if (trigger.kind === 'refuse') {
    log.notice(`${trigger.reason}; starting a debate needs admin, maintain or write permission. Nothing ran.`);
    await postReply(octokit, target, refusal(trigger.requestedBy));
    return { status: 'skipped', ...SKIPPED };
  }
  if (trigger.kind === 'reply') {
    if (!(await mayTrigger(clients, settings, trigger))) return { status: 'skipped', ...SKIPPED };
    const reply = await postReply(octokit, target, trigger.body);
    log.notice(`Replied to ${trigger.requestedBy}'s command without a debate: ${reply.url}`);
    return { status: 'skipped', ...SKIPPED, commentUrl: reply.url };
  }

  const id = debateId(`${settings.owner}/${settings.repo}`, trigger.pullNumber, trigger.positions);
  const marker = markerLine(id);
  try {
    if (!(await mayTrigger(clients, settings, trigger))) return { status: 'skipped', ...SKIPPED };
    if (trigger.commentId !== undefined) {
      await addReaction(octokit, { ...repo, commentId: trigger.commentId }, 'eyes').catch((error: unknown) => log.warning(`Could not react to the command: ${String(error)}`));
    }
    const source = createPullRequestSource(octokit, repo, (message) => log.warning(message));
    const evidence = await log.group('Evidence', async () => {
      const gathered = await gatherEvidence(source, {
        pullNumber: trigger.pullNumber,
        commandRfc: trigger.options.rfc,
        inputRfc: settings.rfcPath,
        maxTokens: settings.maxEvidenceTokens,
      });
      const { pack } = gathered;
      log.info(`PR #${gathered.pull.number} at ${pack.headSha}: ${pack.fileCount.listed} of ${pack.fileCount.total} files listed, ${[...pack.files.values()].filter((f) => (f.head?.lines.size ?? 0) + (f.base?.lines.size ?? 0) > 0).length} files with lines in the pack, ${pack.omitted.length} items left out`);
      log.info(`${pack.rfcNote}`);
      const calls = source.requestCounts();
      log.info(`Evidence pack: about ${pack.tokens} tokens, ${pack.digest}; ${source.requests()} GitHub calls (PR ${calls.pull}, file list ${calls.fileList}, whole diff ${calls.wholeDiff}, GraphQL ${calls.graphql}, contents ${calls.contents})`);
      for (const note of pack.notes) log.info(note);
      if (pack.truncated) log.warning('Some changed hunks did not fit max-evidence-tokens: the debate runs on truncated evidence.');
      return gathered;
    });

    const outcome = await log.group('Debate', () =>
      runDebate(clients.models, {
        pack: evidence.pack,
        positions: trigger.positions,
        outOfScope: trigger.options.outOfScope,
        command: settings.command,
        model: settings.model,
        judgeModel: settings.model,
      }),
    );
    const context = { id, serverUrl: settings.serverUrl, ...repo, headSha: evidence.pack.headSha, baseSha: evidence.pack.baseSha, runUrl: settings.runUrl, durationMs: Date.now() - started };

    if (outcome.kind === 'not-contested') {
      const posted = await upsertComment(octokit, target, marker, settings.botLogin, renderNotContestedComment(outcome.framing, context, settings.command));
      log.notice(`The moderator found no contested decision in this PR: ${outcome.framing.reason}`);
      return { status: 'skipped', ...SKIPPED, commentUrl: posted.url };
    }

    const record = buildDecisionRecord(outcome, {
      id,
      repo: `${settings.owner}/${settings.repo}`,
      pullNumber: trigger.pullNumber,
      headSha: evidence.pack.headSha,
      evidenceDigest: evidence.pack.digest,
      date: (clients.now ?? (() => new Date()))(),
      trigger: trigger.source,
      requestedBy: trigger.requestedBy,
      preset: settings.preset,
    });
    const usage = totalUsage(outcome.calls);
    log.info(`${outcome.calls.length} model calls; tokens ${usage.input_tokens} in, ${usage.output_tokens} out, ${usage.cache_creation_input_tokens} cache written, ${usage.cache_read_input_tokens} cache read; cost $${usage.cost_usd.toFixed(4)}`);
    const { body, full } = renderDebateComment(outcome, record, evidence.pack, { ...context, durationMs: Date.now() - started });
    const posted = await upsertComment(octokit, target, marker, settings.botLogin, body);
    log.info(`${posted.created ? 'Posted' : 'Updated'} the debate comment: ${posted.url}`);
    return {
      status: outcome.completion,
      recommendation: record.recommendation,
      confidence: record.confidence,
      commentUrl: posted.url,
      decision: recordToJson(record),
      report: full,
      failure: outcome.completion === 'aborted' ? `The debate was aborted: ${outcome.problems.join(' ')}` : undefined,
    };
  } catch (error) {
    const problem = describeFailure(error);
    let commentUrl = '';
    try {
      commentUrl = (await upsertComment(octokit, target, marker, settings.botLogin, renderFailureComment(id, problem, settings.runUrl))).url;
    } catch (postError) {
      log.warning(`Could not post the failure comment either: ${describeFailure(postError)}`);
    }
    return { status: 'aborted', recommendation: 'none', confidence: '', commentUrl, decision: '', report: '', failure: problem };
  }
}

/**
 * Checks the collaborator permission of whoever triggered the run (contract section 4); a refusal gets
 * a short reply on a comment trigger and a notice in the log.
 */
async function mayTrigger(clients: PipelineClients, settings: Settings, trigger: Extract<Trigger, { kind: 'debate' | 'reply' }>): Promise<boolean> {
  const repo = { owner: settings.owner, repo: settings.repo };
  const permission = await canTrigger(clients.octokit, repo, trigger.requestedBy);
  if (permission.allowed) return true;
  clients.log.notice(`${trigger.requestedBy} has the "${permission.role}" role on ${settings.owner}/${settings.repo}; starting a debate needs admin, maintain or write. Nothing ran.`);
  if (trigger.commentId !== undefined) {
    await postReply(clients.octokit, { ...repo, issueNumber: trigger.pullNumber }, refusal(trigger.requestedBy));
  }
  return false;
}

function refusal(login: string): string {
  return `@${login} only people with write access to this repository can start a debate.`;
}

/**
 * One sentence for a failure, with the fix where it is known.
 * Sources: GitHub answers 403 "Resource not accessible by integration" when the workflow's
 * `permissions:` lack a scope; the Anthropic API answers 401 for a bad key.
 */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 403 && /Resource not accessible by integration/i.test(message)) {
    return `GitHub refused the request (${message}): give the workflow \`permissions: { contents: read, pull-requests: write, issues: write }\`.`;
  }
  if (status === 401 && /x-api-key|authentication/i.test(message)) {
    return `The Anthropic API refused the key (${message}): check the anthropic-api-key input and its secret.`;
  }
  return message;
}
