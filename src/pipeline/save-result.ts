import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CallLogEntry, DebateResult } from '../debate/debate-types.js';
import { debateFacts } from '../gate/decision-check.js';
import { evaluatePolicy } from '../gate/evaluate-policy.js';
import { summariseUsage } from '../models/price-usage.js';
import { buildDecisionRecord } from '../report/build-decision-record.js';
import { recordToJson, type DecisionRecord } from '../report/decision-record.js';
import { noDecisionOutput, recordMeaning } from '../report/merge-meaning.js';
import { redactSecrets } from '../report/redact.js';
import { renderDebateComment } from '../report/render-comment.js';
import { renderDecisionNarrative } from '../report/render-decision-narrative.js';
import type { RunEvidence } from './read-evidence.js';
import type { RunContext } from './run-context.js';
import { signDecision } from './write-decision-check.js';
import { describeFailure, sentence, step } from './step-error.js';
import { describeEarlyStop } from '../llm/stop-signal.js';

/** A finished debate, saved: the record, the whole report and a renderer of the comment. */
export interface SavedResult {
  debate: DebateResult;
  record: DecisionRecord;
  /** The whole report (redacted), as written to the job summary and RUNNER_TEMP. */
  report: string;
  /** The decision record as one line of JSON (redacted). */
  decision: string;
  /** The decision document's reasoning (`renderDecisionNarrative`, redacted), for the record file. */
  narrative: string;
  /** The comment body for the PR whose head is now `currentHeadSha` (stale when it moved). */
  render(currentHeadSha: string): string;
}

/** What the run produced before the debate that its record keeps. */
export interface BeforeDebate {
  /** Sentences for the comment's engine notes, before the engine's own: the plan a confirmed run ran, what pre-flight found. */
  notes: string[];
  /** The pre-flight calls, counted in the record's usage and cost as the spending cap counts them. */
  calls: CallLogEntry[];
  /** The plan's cost estimate in USD (`ProgressTracker.evidenceRead`), for what finishing a capped run would take. */
  estimateUsd: number | undefined;
}

/**
 * Turns the outcome into the decision record and the report, and keeps them before any further GitHub
 * call: the whole report in `RUNNER_TEMP`, the outputs and the job summary through the step outputs. A run
 * that fails afterwards (the re-read of the head, the post) still leaves all of it.
 * @param before what the run produced before the debate: notes, the pre-flight calls, the plan's estimate
 * @throws StepError when the record cannot be signed (the report is saved first)
 */
export async function saveResult(
  run: RunContext,
  outcome: DebateResult,
  evidence: RunEvidence,
  before: BeforeDebate,
): Promise<SavedResult> {
  const { clients, settings, trigger } = run;
  const { log } = clients;
  // A debate cut short by the spending cap, the deadline or a cancellation says so first; every problem is a sentence.
  const stopped =
    outcome.completion === 'success' ? undefined : describeEarlyStop(outcome.stoppedBy, before.estimateUsd);
  const problems = [...(stopped ? [stopped] : []), ...outcome.problems].map(sentence);
  // A verdict with problems is still a verdict; the log says at once that it is degraded, and why.
  if (outcome.completion === 'degraded-success')
    log.warning(
      redactSecrets(`The debate finished degraded (status degraded-success): ${problems.join(' ')}`, run.secrets),
    );
  // A moderator that framed an empty topic still framed positions: name the debate after them.
  const topic = outcome.topic.trim() || outcome.positions.map((p) => p.label).join(' vs ');
  // The record counts every call the run made, the pre-flight check's too, as the spending cap does.
  const calls = [...before.calls, ...outcome.calls];
  const debate: DebateResult = {
    ...outcome,
    topic,
    problems,
    calls,
    usage: summariseUsage(calls),
    notes: [...before.notes, ...outcome.notes],
  };
  const { pack } = evidence;
  const built = buildDecisionRecord(debate, {
    id: run.id,
    repo: `${settings.github.owner}/${settings.github.repo}`,
    pullNumber: trigger.pullNumber,
    headSha: pack.headSha,
    evidenceDigest: pack.digest,
    contentDigest: pack.contentDigest,
    date: (clients.now ?? (() => new Date()))(),
    trigger: trigger.source,
    requestedBy: trigger.requestedBy,
    preset: debate.plan.preset,
    evidence: pack,
  });
  const usage = debate.usage;
  log.info(
    `${debate.calls.length} model calls; tokens ${usage.input_tokens} in, ${usage.output_tokens} out, ${usage.cache_creation_input_tokens} cache written, ${usage.cache_read_input_tokens} cache read; cost $${usage.cost_usd.toFixed(4)}`,
  );
  // What the check run written after the post will conclude (write-decision-check.ts, same record, policy and pack),
  // unless another open PR shares the head: the check then asks for action, which the comment cannot know yet.
  const facts = debateFacts(pack, { ...settings.gate, unknownConfigKey: settings.unknownConfigKey }, evidence.authors);
  const { unseenAllowed, unreadAllowed } = facts;
  const gate = { ...evaluatePolicy(built, settings.gate.policy, facts), unseenAllowed, unreadAllowed };
  const context = {
    id: run.id,
    serverUrl: settings.github.serverUrl,
    ...run.repo,
    headSha: pack.headSha,
    baseSha: pack.baseSha,
    runUrl: settings.github.runUrl,
    gate,
  };
  const renderWith = (record: DecisionRecord) => (currentHeadSha: string) =>
    renderDebateComment(debate, record, pack, { ...context, durationMs: Date.now() - run.started, currentHeadSha });
  // Redacted, then signed; every copy below is made from the signed record, and redaction keeps signatures whole.
  // A signing failure still saves the report (unsigned), so it loses nothing the debate produced.
  const record = await step('signing the decision record', () => signDecision(settings, built)).catch(
    async (error: unknown) => {
      await saveReport(run, redactSecrets(renderWith(built)(pack.headSha).full, run.secrets));
      throw error;
    },
  );
  const render = renderWith(record);
  const report = redactSecrets(render(pack.headSha).full, run.secrets);
  const decision = recordToJson(record);
  await saveReport(run, report);
  clients.stepOutputs.setOutputs({
    status: debate.completion,
    recommendation: record.recommendation,
    confidence: record.confidence,
    decision,
    noDecisionReason: noDecisionOutput(recordMeaning(record)),
  });
  await clients.stepOutputs.writeSummary(report);
  const narrative = redactSecrets(
    renderDecisionNarrative(debate, pack, { ...context, durationMs: 0, currentHeadSha: pack.headSha }),
    run.secrets,
  );
  return { debate, record, report, decision, narrative, render: (currentHeadSha) => render(currentHeadSha).body };
}

/**
 * Writes the whole report to `RUNNER_TEMP/pr-debate-<id>.md` and logs the path, so nothing is lost when
 * the comment had to be cut (a later step can upload it as an artifact). A failed write is a warning.
 */
async function saveReport(run: RunContext, report: string): Promise<void> {
  const { runnerTemp } = run.settings.github;
  if (!runnerTemp) return;
  const file = path.join(runnerTemp, `pr-debate-${run.id}.md`);
  try {
    await writeFile(file, report);
    run.clients.log.info(`The whole report is in ${file}`);
  } catch (error) {
    run.clients.log.warning(`Could not write the report to ${file}: ${describeFailure(error)}`);
  }
}
