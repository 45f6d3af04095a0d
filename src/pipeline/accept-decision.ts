import { acceptDecision } from '../gate/accept-decision.js';
import { checkOutput, evaluatePull } from '../gate/run-gate.js';
import { signRecord } from '../gate/sign-record.js';
import { canTrigger } from '../github/check-permission.js';
import type { Publisher } from '../github/create-publisher.js';
import type { GitHubClient } from '../github/create-octokit.js';
import { markerLine } from '../report/comment-context.js';
import { mirrorAccept, renderAcceptDenied, renderAcceptProblem, renderAcceptReply } from '../report/render-accept.js';
import type { DecisionRecord } from '../report/decision-record.js';
import type { Settings } from '../settings.js';
import type { Trigger } from '../trigger/detect-trigger.js';
import { gateConfig, gateDeps, writeRecordFile } from './gate-context.js';

/**
 * `/debate accept <A|B|C|D> <reason>` (contract sections 3 and 9). Someone with write permission
 * records a human decision: the newest trusted record gets `accepted` (signed again when a key is
 * set), the `pr-debate` check run on the current head follows it, the debate comment says who
 * accepted what and why, and a reply confirms. Anyone else gets a refusal and nothing changes.
 */

/** What an accept came to, for the outputs. */
export interface AcceptOutcome {
  accepted: boolean;
  replyUrl: string;
  gateConclusion: string;
  /** The accepted record, when the accept was recorded. */
  record: DecisionRecord | undefined;
  recordFile: string;
}

type AcceptTrigger = Extract<Trigger, { kind: 'accept' }>;

/**
 * @throws whatever GitHub answers (the caller reports it); a refusal is not an error
 */
export async function acceptStage(
  clients: { octokit: GitHubClient; log: { info(message: string): void; notice(message: string): void; warning(message: string): void } },
  settings: Settings,
  publish: Publisher,
  trigger: AcceptTrigger,
): Promise<AcceptOutcome> {
  const repo = { owner: settings.owner, repo: settings.repo };
  const pr = trigger.pullNumber;
  const none = { accepted: false, gateConclusion: '', record: undefined, recordFile: '' };
  const permission = await canTrigger(clients.octokit, repo, trigger.requestedBy);
  if (!permission.allowed) {
    clients.log.notice(`${trigger.requestedBy} has the "${permission.role}" role on ${repo.owner}/${repo.repo}; accepting a decision needs admin, maintain or write. Nothing was recorded.`);
    const reply = await publish.reply(pr, renderAcceptDenied(trigger.requestedBy));
    return { ...none, replyUrl: reply.url };
  }

  const { config, keys } = await gateConfig(settings);
  const deps = gateDeps(clients.octokit, settings, (m) => clients.log.info(m));
  const head = (await deps.source.getPull(pr)).headSha;
  const check = await deps.source.startCheck(head);
  const before = await evaluatePull(deps, config, pr, check.appId, undefined);
  const refuse = async (problem: string): Promise<AcceptOutcome> => {
    await deps.source.finishCheck(check.id, checkOutput(before.verdict, before.found?.run?.detailsUrl ?? undefined));
    const reply = await publish.reply(pr, renderAcceptProblem(trigger.requestedBy, problem));
    clients.log.notice(`The accept was not recorded: ${problem}.`);
    return { ...none, gateConclusion: before.verdict.conclusion, replyUrl: reply.url };
  };
  if (!before.found) return refuse(`there is no decision record for this PR to accept yet: start a debate first (\`${settings.command}\`)`);
  if (before.verdict.basis === 'unverified') return refuse(`the newest decision record for this PR was rejected (${before.verdict.summary})`);
  const applied = acceptDecision(before.found.record, { by: trigger.requestedBy, position: trigger.position, reason: trigger.reason });
  if (!applied.ok) return refuse(applied.problem);

  if (!keys.signing && keys.verifying) clients.log.warning('decision-public-key is set but decision-signing-key is not: the accepted record is unsigned, so the gate will reject it. Give this job decision-signing-key too.');
  const record = keys.signing ? await signRecord(applied.record, keys.signing) : applied.record;
  const after = await evaluatePull(deps, { ...config, handedOver: record }, pr, check.appId, undefined);
  const detailsUrl = before.found.run?.detailsUrl ?? undefined;
  const written = await deps.source.finishCheck(check.id, checkOutput(after.verdict, detailsUrl));
  const conclusion = after.verdict.conclusion;

  const marker = markerLine(record.id);
  const comment = await publish.find(pr, marker);
  if (comment) await publish.edit(comment.id, mirrorAccept(comment.body, record, { headSha: after.headSha, conclusion }));
  else clients.log.warning(`The debate comment of this decision (${marker}) was not found, so only the check run shows the accept.`);

  const reply = await publish.reply(pr, renderAcceptReply(record, { headSha: after.headSha, conclusion, summary: after.verdict.summary, url: written.htmlUrl }));
  clients.log.info(`${trigger.requestedBy} accepted ${trigger.position}; the pr-debate check on ${after.headSha} is ${conclusion}.`);
  const recordFile = (await writeRecordFile(settings, record, { conclusion, headSha: after.headSha, link: comment?.url ?? written.htmlUrl })) ?? '';
  return { accepted: true, replyUrl: reply.url, gateConclusion: conclusion, record, recordFile };
}
