import { recordToYaml, type DecisionRecord } from './decision-record.js';
import { fencedBlock, mention, sanitiseText } from './sanitise.js';

/**
 * The bodies `/debate accept` posts (docs/how-a-debate-runs.md, docs/gate.md): the note on the debate comment (a
 * mirror for people; the check run is the decision of record), the confirmation, and the refusals.
 * Whatever a person wrote goes through the sanitiser. Pure.
 */

const NOTE = /^> \*\*Accepted by [^\n]*\n(?:>[^\n]*\n)*\n?/m;
const RECORD_BLOCK = /(`{3,})yaml\nschema: pr-debate\/decision@1\n[\s\S]*?\n\1(?!`)/;

/**
 * The debate comment after an accept: a note under the marker line saying who accepted which position
 * and why (a previous note is replaced), and the fenced `yaml` record replaced by the accepted one.
 * @param body the comment as posted (its first line is the marker)
 * @param record the accepted record (`accepted` set); returned unchanged otherwise
 * @param check the head the check run was set on and its conclusion
 */
export function mirrorAccept(
  body: string,
  record: DecisionRecord,
  check: { headSha: string; conclusion: string },
): string {
  const accepted = record.accepted;
  if (!accepted) return body;
  const label = record.positions.find((p) => p.id === accepted.position)?.label ?? accepted.position;
  const note = [
    `> **Accepted by ${mention(accepted.by)}:** position ${accepted.position} (${sanitiseText(label, { inline: true })}).`,
    `> Reason: ${sanitiseText(accepted.reason, { inline: true })}`,
    `> The \`pr-debate\` check on ${check.headSha} is now \`${check.conclusion}\`.`,
    '',
  ].join('\n');
  const [marker = '', ...rest] = body.split('\n');
  const replaced = rest
    .join('\n')
    .replace(NOTE, '')
    .replace(RECORD_BLOCK, () => fencedBlock(recordToYaml(record).trimEnd(), 'yaml'));
  return `${marker}\n${note}\n${replaced}`;
}

/** The confirmation: who accepted what and why, and what the check on the head now says. */
export function renderAcceptReply(
  record: DecisionRecord,
  check: { headSha: string; conclusion: string; summary: string; url: string },
): string {
  const accepted = record.accepted;
  if (!accepted) return '';
  const label = record.positions.find((p) => p.id === accepted.position)?.label ?? accepted.position;
  const status = check.conclusion === 'success' ? 'now `success`' : `\`${check.conclusion}\`: ${check.summary}`;
  return [
    `${mention(accepted.by)} accepted position ${accepted.position} (${sanitiseText(label, { inline: true })}). Reason: ${sanitiseText(accepted.reason, { inline: true })}`,
    '',
    `The \`pr-debate\` check on ${check.headSha} is ${status} ([check run](${check.url})).`,
  ].join('\n');
}

/** The reply to an accept by someone without write access: nothing changes (docs/gate.md). */
export function renderAcceptDenied(login: string): string {
  return `${mention(login)} only people with write access to this repository can accept a decision. Nothing was recorded, and the \`pr-debate\` check is unchanged.`;
}

/** The reply when an accept cannot apply (no record, a rejected record, an unknown position). */
export function renderAcceptProblem(login: string, problem: string): string {
  return `${mention(login)} ${problem}. Nothing was accepted.`;
}

/** The reply when an accept failed midway (a GitHub error): what failed; the check says it was not recorded. */
export function renderAcceptFailure(login: string, problem: string): string {
  return `${mention(login)} ${sanitiseText(problem, { inline: true })}. The accept was not recorded; the \`pr-debate\` check says so. Write the command again once this is fixed.`;
}
