import { recordToYaml, type DecisionRecord } from '../report/decision-record.js';
import { fencedBlock } from '../report/sanitise.js';

/**
 * The debate comment after an accept (contract section 9: the comment is a mirror for people): a note
 * under the marker line saying who accepted which position and why, and the fenced `yaml` record
 * replaced by the accepted one. Pure. The check run, not this text, is the decision of record.
 */

const NOTE = /^> \*\*Accepted by @[^\n]*\n(?:>[^\n]*\n)*\n?/m;
const RECORD_BLOCK = /(`{3,})yaml\nschema: pr-debate\/decision@1\n[\s\S]*?\n\1(?!`)/;

/**
 * @param body the comment as posted (its first line is the marker)
 * @param record the accepted record (`accepted` set)
 * @param check the head the check run was set on and its conclusion
 */
export function mirrorAccept(body: string, record: DecisionRecord, check: { headSha: string; conclusion: string }): string {
  const accepted = record.accepted;
  if (!accepted) return body;
  const label = record.positions.find((p) => p.id === accepted.position)?.label ?? accepted.position;
  const note = [
    `> **Accepted by @${accepted.by}:** position ${accepted.position} (${label}).`,
    `> Reason: ${accepted.reason}`,
    `> The \`pr-debate\` check on ${check.headSha} is now \`${check.conclusion}\`.`,
    '',
  ].join('\n');
  const [marker = '', ...rest] = body.split('\n');
  const withoutNote = rest.join('\n').replace(NOTE, '');
  const replaced = withoutNote.replace(RECORD_BLOCK, () => fencedBlock(recordToYaml(record).trimEnd(), 'yaml'));
  return `${marker}\n${note}\n${replaced}`;
}
