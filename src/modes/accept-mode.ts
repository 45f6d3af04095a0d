import { acceptDecision } from '../gate/apply-accept.js';
import { CHECK_TITLES } from '../gate/check-titles.js';
import type { GateVerdict } from '../gate/decide-gate.js';
import { holdCheck } from '../gate/hold-check.js';
import type { CheckOutput } from '../gate/gate-types.js';
import { checkOutput, evaluatePull, prAuthors } from '../gate/run-gate.js';
import { authorOf } from '../gate/evaluate-policy.js';
import { canTrigger } from '../github/check-permission.js';
import type { Publisher } from '../github/create-publisher.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { markerLine } from '../report/comment-context.js';
import { mirrorAccept, renderAcceptDenied, renderAcceptProblem, renderAcceptReply } from '../report/render-accept.js';
import { safeCheckOutput } from '../report/check-output-text.js';
import { renderInputProblem } from '../report/render-notices.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { Settings } from '../settings/settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { gateConfig, gateDeps, writeRecordFile } from '../pipeline/gate-context.js';
import type { PipelineClients, PipelineResult } from '../pipeline/pipeline-types.js';
import { openPublisher } from '../pipeline/run-context.js';
import { signDecision } from '../pipeline/write-decision-check.js';
import { describeFailure } from '../pipeline/step-error.js';

/**
 * `/debate accept <A|B|C|D> <reason>` (docs/how-a-debate-runs.md, docs/gate.md). Someone with write permission
 * records a human decision: the newest trusted record gets `accepted` (signed again when a key is
 * set), the `pr-debate` check run on the current head follows it, the debate comment says who
 * accepted what and why, and a reply confirms. Anyone else gets a refusal and nothing changes.
 */

/** What an accept came to, for the outputs. */
interface AcceptOutcome {
  accepted: boolean;
  replyUrl: string;
  gateConclusion: string;
  /** The accepted record, when the accept was recorded. */
  record: DecisionRecord | undefined;
  recordFile: string;
  /** What fails the step (a bad decision key or `decision` input), else undefined. */
  failure?: string;
}

type AcceptTrigger = Extract<Trigger, { kind: 'accept' }>;

/**
 * The accept mode. The PR is read once: its head is the head judged, and the check is written on it. When
 * the evaluation saw another head (a push during the accept), the check on the first head is not given
 * that head's verdict: it says the head moved, nothing is recorded, and the new head is left to its own
 * gate run (docs/gate.md, as for `mode: gate`). A check this mode started is always completed,
 * whatever fails after (`finally`).
 * @returns the outputs: `status` `skipped` (nothing debated), the accepted record and its position, the
 *   check's conclusion, the reply as `comment-url`, and `failure` for a setting the accept cannot use
 * @throws whatever GitHub answers (the contract replies with it); a refusal is not an error
 */
export async function acceptMode(
  clients: PipelineClients,
  settings: Settings,
  trigger: AcceptTrigger,
): Promise<PipelineResult> {
  return acceptResult(
    await accept(
      { octokit: clients.github.writes, log: clients.log },
      settings,
      openPublisher(clients, settings),
      trigger,
    ),
  );
}

async function accept(
  clients: {
    octokit: GitHubClient;
    log: { info(message: string): void; notice(message: string): void; warning(message: string): void };
  },
  settings: Settings,
  publish: Publisher,
  trigger: AcceptTrigger,
): Promise<AcceptOutcome> {
  const repo = { owner: settings.github.owner, repo: settings.github.repo };
  const pr = trigger.pullNumber;
  const none = { accepted: false, gateConclusion: '', record: undefined, recordFile: '' };
  const permission = await canTrigger(clients.octokit, repo, trigger.requestedBy);
  if (!permission.allowed) {
    clients.log.notice(
      `${trigger.requestedBy} has the "${permission.role}" role on ${repo.owner}/${repo.repo}; accepting a decision needs admin, maintain or write. Nothing was recorded.`,
    );
    const reply = await publish.reply(pr, renderAcceptDenied(trigger.requestedBy));
    return { ...none, replyUrl: reply.url };
  }
  // A bad key or `decision` input is said before any check is started (issue #19).
  const inputProblem = settings.problem;
  if (inputProblem) {
    const reply = await publish.reply(
      pr,
      renderInputProblem(trigger.requestedBy, inputProblem.input, inputProblem.message, inputProblem.file),
    );
    return { ...none, replyUrl: reply.url, failure: inputProblem.message };
  }

  const config = gateConfig(settings);
  const deps = gateDeps(clients.octokit, settings, (m) => clients.log.info(m));
  const pull = await deps.source.getPull(pr);
  const head = pull.headSha;
  // Like GitHub's required reviews, neither the author's own approval (issue 30) nor, with "require approval
  // of the most recent reviewable push", the pusher's counts (issue #38), unless the config file allows it.
  const author = config.authorMayDecide
    ? undefined
    : authorOf(trigger.requestedBy, await prAuthors(deps, pull, [head], false));
  if (author) {
    const problem = `you ${author.role}, and the gate does not count its author's own accept: someone else with write permission must accept it (or the config file on the default branch sets \`author-may-decide: true\`)`;
    clients.log.notice(`The accept was not recorded: ${problem}.`);
    const reply = await publish.reply(pr, renderAcceptProblem(trigger.requestedBy, problem));
    return { ...none, replyUrl: reply.url };
  }
  // The check is completed whatever fails once it is started: it then says the accept could not be recorded.
  return holdCheck(
    deps.source,
    head,
    'accept',
    { describe: describeFailure, warn: (m) => clients.log.warning(m) },
    async (check) => {
      /** Completes the check on `head` with the verdict of `judged`, or says the head moved when they differ. */
      const finish = async (judged: { headSha: string; verdict: GateVerdict }, detailsUrl: string | undefined) => {
        const output =
          judged.headSha === head ? checkOutput(judged.verdict, detailsUrl) : headMoved(head, judged.headSha);
        const written = await check.complete(output);
        // The reply quotes the summary: the record's texts in it are sanitised, as on the check run.
        return {
          ...written,
          conclusion: output.conclusion,
          summary: safeCheckOutput(output.summary, output.text).summary,
        };
      };
      const before = await evaluatePull(deps, config, pr, check.appId, undefined);
      const refuse = async (problem: string): Promise<AcceptOutcome> => {
        const written = await finish(before, before.found?.run?.detailsUrl ?? undefined);
        const reply = await publish.reply(pr, renderAcceptProblem(trigger.requestedBy, problem));
        clients.log.notice(`The accept was not recorded: ${problem}.`);
        return { ...none, gateConclusion: written.conclusion, replyUrl: reply.url };
      };
      if (before.headSha !== head) return refuse(movedProblem(head, before.headSha, settings.run.command));
      if (!before.found)
        return refuse(
          `there is no decision record for this PR to accept yet: start a debate first (\`${settings.run.command}\`)`,
        );
      if (before.verdict.basis === 'unverified')
        return refuse(`the newest decision record for this PR was rejected (${before.verdict.summary})`);
      const applied = acceptDecision(before.found.record, {
        by: trigger.requestedBy,
        position: trigger.position,
        reason: trigger.reason,
      });
      if (!applied.ok) return refuse(applied.problem);

      if (!settings.gate.keys.signing && settings.gate.keys.publicKey)
        clients.log.warning(
          'decision-public-key is set but decision-signing-key is not: the accepted record is unsigned, so the gate will reject it. Give this job decision-signing-key too.',
        );
      const record = await signDecision(settings, applied.record);
      const after = await evaluatePull(deps, { ...config, handedOver: record }, pr, check.appId, undefined);
      const written = await finish(after, before.found.run?.detailsUrl ?? undefined);
      if (after.headSha !== head) {
        const reply = await publish.reply(
          pr,
          renderAcceptProblem(trigger.requestedBy, movedProblem(head, after.headSha, settings.run.command)),
        );
        return { ...none, gateConclusion: written.conclusion, replyUrl: reply.url };
      }
      const conclusion = written.conclusion;

      const marker = markerLine(record.id);
      const comment = await publish.find(pr, marker);
      if (comment) await publish.edit(comment.id, mirrorAccept(comment.body, record, { headSha: head, conclusion }));
      else
        clients.log.warning(
          `The debate comment of this decision (${marker}) was not found, so only the check run shows the accept.`,
        );

      const reply = await publish.reply(
        pr,
        renderAcceptReply(record, { headSha: head, conclusion, summary: written.summary, url: written.htmlUrl }),
      );
      clients.log.info(
        `${trigger.requestedBy} accepted ${trigger.position}; the pr-debate check on ${head} is ${conclusion}.`,
      );
      const recordFile =
        (await writeRecordFile(settings, record, {
          conclusion,
          headSha: head,
          link: comment?.url ?? written.htmlUrl,
        })) ?? '';
      return { accepted: true, replyUrl: reply.url, gateConclusion: conclusion, record, recordFile };
    },
  );
}

/** Why nothing was accepted when the PR's head moved during the accept. */
function movedProblem(head: string, moved: string, command: string): string {
  return `the PR's head moved from ${head} to ${moved} while the accept was being recorded, so nothing was recorded on either head; write \`${command} accept\` again for the new head`;
}

/** The check on a head that was not the head judged: not passing, naming both heads. */
function headMoved(head: string, moved: string): CheckOutput {
  return {
    conclusion: 'action_required',
    title: CHECK_TITLES.headMoved,
    summary: `The PR's head moved from ${head} to ${moved} during this run, so this check does not judge ${head}; the run for ${moved} sets its own check.`,
    text: undefined,
    detailsUrl: undefined,
  };
}

/** The outputs of an accept; `comment-url` is the reply. */
function acceptResult(outcome: AcceptOutcome): PipelineResult {
  const record = outcome.record;
  return {
    status: 'skipped',
    recommendation: record?.accepted?.position ?? 'none',
    confidence: record?.confidence ?? '',
    commentUrl: outcome.replyUrl,
    decision: record ? JSON.stringify(record) : '',
    ...(record ? { noDecisionReason: record.no_decision_reason ?? '' } : {}),
    report: '',
    failure: outcome.failure,
    gateConclusion: outcome.gateConclusion,
    decisionRecordFile: outcome.recordFile,
  };
}
