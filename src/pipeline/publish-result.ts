import type { Framing } from '../debate/schemas.js';
import type { CommentWrite } from '../github/upsert-comment.js';
import { redactSecrets } from '../report/redact.js';
import {
  renderFailureBesideVerdict,
  renderFailureComment,
  renderNotContestedComment,
  renderNothingToDebateComment,
  NOTHING_TO_DEBATE,
} from '../report/render-notices.js';
import type { RunEvidence } from './read-evidence.js';
import { writeDecisionCheck } from './write-decision-check.js';
import { planResultThreads, postResultThreads } from './post-threads.js';
import type { SavedResult } from './save-result.js';
import type { RunContext } from './run-context.js';
import { describeFailure, sentence, step } from './step-error.js';
import { describeEarlyStop } from '../llm/stop-signal.js';
import { earlyStopOf } from '../debate/model-client.js';
import { skipped, type PipelineResult } from './pipeline-types.js';
import { failureReasonOf } from '../report/no-decision-reason.js';
import { noDecisionOutput, outcomeLine, recordMeaning } from '../report/merge-meaning.js';

/**
 * Everything a run leaves on the PR at its end goes out here: the verdict, the "nothing to debate"
 * notice, or what failed. Only a verdict replaces a verdict; a notice or failure beside a kept verdict
 * is a short reply instead.
 */

/**
 * Posts the verdict. The PR head is read again first (best effort): a push during the run makes the
 * result stale, and a failed re-read posts it as for the head that was debated, with a warning.
 * The end's writes go out one after another through the REST client, in the order a reader needs
 * them: the verdict on its comment, the check run, the review (the run then concludes the command's
 * reaction); a write that creates something is sent once.
 * @throws StepError when the comment cannot be posted (the result is already saved, and the check run
 *   written: the decision of record does not hang on its mirror)
 */
export async function publishVerdict(
  run: RunContext,
  result: SavedResult,
  evidence: RunEvidence,
): Promise<PipelineResult> {
  const { log } = run.clients;
  const debated = evidence.pack.headSha;
  let current = debated;
  try {
    current = (await evidence.source.getPullRequest(run.trigger.pullNumber)).headSha;
  } catch (error) {
    log.warning(
      `Could not read pull request #${run.trigger.pullNumber} again to see whether its head moved (${describeFailure(error)}); the result is posted for ${debated}, the head that was debated.`,
    );
  }
  if (current !== debated)
    log.warning(`The PR head moved from ${debated} to ${current} during the run: the result is posted as stale.`);
  const { debate, record } = result;
  const meaning = recordMeaning(record, current !== debated);
  // Only a verdict replaces a verdict: an aborted debate is posted as an update, or beside a kept verdict.
  const aborted = debate.completion === 'aborted';
  const failure = aborted ? `The debate was aborted: ${debate.problems.join(' ')}` : undefined;
  const body = result.render(current);
  let unposted: Error | undefined;
  const posted = await step('posting the debate comment', () =>
    aborted ? run.comment.postUpdate(body) : run.comment.postVerdict(body, { ours: debated, current }),
  ).catch((error: unknown): CommentWrite => {
    unposted = error instanceof Error ? error : new Error(String(error));
    return { id: 0, url: '', author: '', created: false };
  });
  warnOnAuthor(run, posted);
  let commentUrl = posted.url;
  if (posted.kept === 'stale')
    log.notice(
      `A result for the PR's current head ${current} is already posted; this stale result did not overwrite it (${posted.url}).`,
    );
  else if (posted.kept === 'verdict')
    commentUrl = (await step('replying on the pull request', () => replyBesideVerdict(run, failure ?? ''))).url;
  // The decision of record for the merge gate: the check run (with notices on the decisive lines) and the
  // record file, then the review threads on those lines (issue #34); a failure of either is a warning.
  const threads = aborted ? { threads: [], positions: [], annotations: [] } : planResultThreads(run, result, evidence);
  if (!posted.kept && unposted === undefined)
    log.info(`${posted.created ? 'Posted' : 'Updated'} the debate comment: ${posted.url}`);
  const written = run.clients.dryRun
    ? { gateConclusion: '', recordFile: '' }
    : await writeDecisionCheck(
        { octokit: run.clients.github.writes, log },
        run.settings,
        record,
        evidence.pack,
        commentUrl,
        { narrative: result.narrative, annotations: threads.annotations, authors: evidence.authors },
      );
  if (posted.kept !== 'stale' && unposted === undefined) await postResultThreads(run, evidence, threads, commentUrl);
  if (unposted !== undefined) throw unposted;
  return {
    gateConclusion: written.gateConclusion,
    decisionRecordFile: written.recordFile,
    status: debate.completion,
    recommendation: record.recommendation,
    confidence: record.confidence,
    commentUrl,
    decision: result.decision,
    // The record is for the head it saw; a push since makes it no decision for the PR as it is now. The
    // output and the outcome line say what the comment's first line says (`merge-meaning.ts`).
    noDecisionReason: noDecisionOutput(meaning),
    outcome: outcomeLine(record, meaning),
    report: result.report,
    failure,
  };
}

/** Posts why there is nothing to debate, unless a verdict is there (then the log says it). */
export async function publishNotContested(
  run: RunContext,
  framing: Framing,
  evidence: RunEvidence,
): Promise<PipelineResult> {
  const { log } = run.clients;
  const { pack } = evidence;
  const context = {
    id: run.id,
    serverUrl: run.settings.github.serverUrl,
    ...run.repo,
    headSha: pack.headSha,
    baseSha: pack.baseSha,
    runUrl: run.settings.github.runUrl,
    durationMs: 0,
    currentHeadSha: pack.headSha,
  };
  const body = renderNotContestedComment(framing, { id: run.id }, run.settings.run.command, { pack, context });
  const posted = await step('posting the comment', () => run.comment.postUpdate(body));
  warnOnAuthor(run, posted);
  log.notice(redactSecrets(`The moderator found no contested decision in this PR: ${framing.reason}`, run.secrets));
  if (posted.kept) log.notice('A verdict is already posted on this PR; it stays in place.');
  return skipped({ commentUrl: posted.url, noDecisionReason: 'not-contested', outcome: NOTHING_TO_DEBATE });
}

/**
 * Says on the PR, in one sentence, that the change holds nothing to debate (issue #40), before any model
 * call: the comment replaces the progress comment, and the log says it too.
 */
export async function publishNothingToDebate(run: RunContext, sentence: string): Promise<PipelineResult> {
  run.clients.log.notice(sentence);
  const posted = await step('posting the comment', () =>
    run.comment.postUpdate(renderNothingToDebateComment(run.id, sentence)),
  );
  warnOnAuthor(run, posted);
  return skipped({ commentUrl: posted.url, noDecisionReason: 'not-run', outcome: NOTHING_TO_DEBATE });
}

/**
 * Says on the PR what failed, and fails the step. A verdict already on the PR stays: the failure is
 * then a short reply beside it. What the run saved before it failed stays in the outputs.
 */
export async function publishFailure(
  run: RunContext,
  error: unknown,
  saved: SavedResult | undefined,
): Promise<PipelineResult> {
  const { log } = run.clients;
  // A failure the run's stop caused (the deadline, a cancellation, the cap) says so first, from the stop reason the error carries.
  const stopped = describeEarlyStop(earlyStopOf(error), undefined);
  const problem = stopped ? `${stopped} ${sentence(describeFailure(error))}` : describeFailure(error);
  let commentUrl = '';
  try {
    const posted = await run.comment.postUpdate(renderFailureComment(run.id, problem, run.settings.github.runUrl));
    commentUrl = posted.url;
    if (posted.kept) commentUrl = (await replyBesideVerdict(run, problem)).url;
  } catch (postError) {
    log.warning(`Could not post the failure comment either: ${describeFailure(postError)}`);
  }
  return {
    status: 'aborted',
    recommendation: saved?.record.recommendation ?? 'none',
    confidence: saved?.record.confidence ?? '',
    commentUrl,
    decision: saved?.decision ?? '',
    noDecisionReason: saved?.record.no_decision_reason ?? failureReasonOf(earlyStopOf(error)?.kind, modelFailed(error)),
    report: saved?.report ?? '',
    failure: problem,
  };
}

/** True when a model's failure caused the error: the moderator's (`DebateFailed`) or a model call's, found through `cause`. */
function modelFailed(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (current.name === 'DebateFailed' || current.name === 'ModelCallError') return true;
  }
  return false;
}

/** The short reply of a run that failed while a verdict is on the PR: the verdict stays, and why this run has none. */
function replyBesideVerdict(run: RunContext, problem: string) {
  return run.publisher.reply(
    run.trigger.pullNumber,
    renderFailureBesideVerdict(run.trigger.requestedBy, sentence(problem), run.settings.github.runUrl),
  );
}

/** Warns when comments are posted under another identity than `bot-login`: re-runs could not find them. */
function warnOnAuthor(run: RunContext, posted: CommentWrite): void {
  const { botLogin } = run.settings.github;
  if (posted.created && posted.author !== botLogin) {
    run.clients.log.warning(
      `The comment was posted as "${posted.author}", but bot-login is "${botLogin}": set \`bot-login: ${posted.author}\` so re-runs update this comment instead of adding new ones.`,
    );
  }
}
