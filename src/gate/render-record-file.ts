import { stringify } from 'yaml';
import type { DecisionRecord } from '../report/decision-record.js';
import { mention, sanitiseText } from '../report/sanitise.js';
import type { GateConclusion } from './evaluate-policy.js';

/**
 * The decision record as a Markdown file with YAML front matter (input `decision-record-path`, contract
 * section 6), so a team can commit a decision log. Pure; the file is written by the caller.
 * The front matter is exactly the record (the `yaml` library quotes any line ending inside a text, so
 * it parses back to the same object); the body is a few lines for people, its texts sanitised.
 */

/**
 * @returns `name`: `pr-<number>-<debate id>.md` (one file per PR and topic: a re-run or an accept
 *   overwrites it), and the file's text
 */
export function renderRecordFile(record: DecisionRecord, context: { conclusion: GateConclusion; headSha: string; link: string | undefined }): { name: string; text: string } {
  const chosen = record.accepted?.position ?? record.recommendation;
  const label = record.positions.find((p) => p.id === chosen)?.label;
  // The body is Markdown for people (a decision log rendered on GitHub): the record's texts are sanitised there.
  const text = (value: string) => sanitiseText(value, { inline: true });
  const decision = chosen === 'none' ? 'No recommendation.' : `${record.accepted ? 'Accepted' : 'Recommended'}: ${chosen} (${text(label ?? chosen)}).`;
  const lines = [
    '---',
    stringify(record, { lineWidth: 0 }).trimEnd(),
    '---',
    '',
    `# PR #${record.pull_request}: ${text(record.topic)}`,
    '',
    decision,
    record.accepted ? `Accepted by ${mention(record.accepted.by)}: ${text(record.accepted.reason)}` : `Confidence: ${record.confidence}.`,
    `Gate: ${context.conclusion} on ${context.headSha}.`,
    ...(context.link ? ['', `Debate: ${context.link}`] : []),
    '',
  ];
  return { name: `pr-${record.pull_request}-${record.id}.md`, text: lines.join('\n') };
}
